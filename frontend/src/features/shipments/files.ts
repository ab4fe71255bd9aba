/** What a file upload of a shipment accepts: extensions (for the file picker) and the format the API is told. */
export const DOCUMENT_FORMATS = ['png', 'pdf'] as const;
export const LABEL_FORMATS = ['png', 'zpl'] as const;

/** The format a file's name says (its extension, lower case), or null when it is not one of `formats`. */
export function fileFormat(fileName: string, formats: readonly string[]): string | null {
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  return formats.includes(extension) ? extension : null;
}

/** The file picker's accept attribute for the formats: `.png,.pdf`. */
export function acceptOf(formats: readonly string[]): string {
  return formats.map((format) => `.${format}`).join(',');
}

/** A file's content as base64, as the API takes uploads in JSON. */
export async function base64Of(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  const chunk = 0x8000;
  for (let start = 0; start < bytes.length; start += chunk) {
    binary += String.fromCharCode(...bytes.subarray(start, start + chunk));
  }
  return btoa(binary);
}
