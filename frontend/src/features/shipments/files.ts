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
