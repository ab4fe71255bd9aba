/** The BOL form's rules (spec part 3, §5): a file must be chosen, and only a .pdf. */
export const NO_FILE_MESSAGE = 'Please select a file';
export const NOT_PDF_MESSAGE = 'Only .pdf files are accepted.';

/** The chosen file when it may be sent (the API checks its content); refused in the form's words when none is chosen or it is no .pdf. */
export function pdfToUpload<Chosen extends { name: string }>(file: Chosen | null): Chosen {
  if (!file) throw new Error(NO_FILE_MESSAGE);
  if (!/\.pdf$/i.test(file.name)) throw new Error(NOT_PDF_MESSAGE);
  return file;
}
