/**
 * Hands CSV text to the browser as a file download (for answers fetched with the token, which a
 * plain link cannot send). Reading the answer as text dropped the API's byte order mark, which
 * spreadsheets need to read the file as UTF-8, so it is put back.
 */
export function saveCsvFile(text: string, fileName: string) {
  saveFile(new Blob(['\ufeff', text], { type: 'text/csv;charset=utf-8' }), fileName);
}

/** Hands a file fetched with the token (a PDF label) to the browser as a download. */
export function saveFile(file: Blob, fileName: string) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
