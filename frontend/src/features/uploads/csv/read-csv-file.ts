import Papa from 'papaparse';
import { TextBody } from '../../../lib/api-client';

/** Larger files are refused before reading; the JSON rows of a file this size stay under the API's UPLOAD_MAX_BYTES. */
export const UPLOAD_MAX_BYTES = 32 * 1024 * 1024;

/**
 * The limit for a file sent to the API as CSV, which the API reads as it arrives (CSV_UPLOAD_MAX_BYTES
 * is larger): what the browser can read, preview and check in memory, about 800,000 catalogue rows.
 */
export const CSV_UPLOAD_MAX_BYTES = 128 * 1024 * 1024;

export const NO_DATA_MESSAGE = 'No data in file!';

export type CsvEncoding = 'UTF-8' | 'UTF-16' | 'Windows-1252 (Latin-1)';

/** A data row's cells by column name, as they are in the file. */
export type CsvRowValues = Record<string, string>;

/** One data row of the file; `line` counts the rows sent, the header being line 1. */
export interface CsvRow {
  line: number;
  values: CsvRowValues;
}

/** Something the browser found wrong with a row (or, without a line, with the file). */
export interface RowProblem {
  line?: number;
  message: string;
}

export interface CsvTable {
  encoding: CsvEncoding;
  headers: string[];
  rows: CsvRow[];
  /** Rows the parser could not read cleanly. */
  parseErrors: RowProblem[];
}

/** How a problem found in the browser is shown (spec part 1, section 5). */
export function formatRowProblem({ line, message }: RowProblem): string {
  return line === undefined ? message : `Row ${line}: ${message}`;
}

/** A file that cannot be used at all; its message is shown to the user. */
export class CsvFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CsvFileError';
  }
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

/**
 * Decodes the file's bytes. Spreadsheets save CSV as UTF-8 (often with a BOM), as UTF-16 with a BOM
 * ("Unicode text"), or in the Windows code page; bytes that are not valid UTF-8 are read as the
 * latter, which every byte sequence is.
 */
export function decodeCsvBytes(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  if (startsWith(bytes, [0xff, 0xfe])) return { text: new TextDecoder('utf-16le').decode(bytes), encoding: 'UTF-16' };
  if (startsWith(bytes, [0xfe, 0xff])) return { text: new TextDecoder('utf-16be').decode(bytes), encoding: 'UTF-16' };
  const body = startsWith(bytes, UTF8_BOM) ? bytes.subarray(UTF8_BOM.length) : bytes;
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body), encoding: 'UTF-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(body), encoding: 'Windows-1252 (Latin-1)' };
  }
}

function isBlank(cells: string[]): boolean {
  return cells.every((cell) => cell.trim() === '');
}

/**
 * Parses CSV text whose first row names the columns. Blank rows are left out; rows with too few
 * or too many cells, or broken quoting, are reported as parse errors.
 */
export function parseCsvText(text: string, encoding: CsvEncoding = 'UTF-8'): CsvTable {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimiter: ',', skipEmptyLines: false });
  const records = parsed.data;
  const headerIndex = records.findIndex((cells) => !isBlank(cells));
  if (headerIndex < 0) throw new CsvFileError(NO_DATA_MESSAGE);
  const headers = records[headerIndex].map((header) => header.trim());

  const lineOfRecord = new Map<number, number>([[headerIndex, 1]]);
  const rows: CsvRow[] = [];
  const parseErrors: RowProblem[] = [];
  records.forEach((cells, recordIndex) => {
    if (recordIndex <= headerIndex || isBlank(cells)) return;
    const line = rows.length + 2;
    lineOfRecord.set(recordIndex, line);
    if (cells.length !== headers.length) {
      const problem = cells.length < headers.length ? 'Too few fields' : 'Too many fields';
      parseErrors.push({ line, message: `${problem}: expected ${headers.length} fields but parsed ${cells.length}` });
    }
    rows.push({ line, values: Object.fromEntries(headers.map((header, index) => [header, cells[index] ?? ''])) });
  });
  for (const error of parsed.errors) {
    parseErrors.push({ line: error.row === undefined ? undefined : lineOfRecord.get(error.row), message: error.message });
  }
  if (rows.length === 0) throw new CsvFileError(NO_DATA_MESSAGE);
  parseErrors.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return { encoding, headers, rows, parseErrors };
}

/**
 * The rows as a CSV file in UTF-8, as the preview shows them (the header, then each row's cells in
 * the header's order): what the API reads is exactly what was checked here, whatever the chosen
 * file's encoding, line endings or quoting.
 */
export function csvFileOf(headers: string[], rows: CsvRow[]): TextBody {
  const text = Papa.unparse({ fields: headers, data: rows.map((row) => headers.map((header) => row.values[header] ?? '')) }, { newline: '\r\n' });
  return new TextBody(`${text}\r\n`, 'text/csv;charset=utf-8');
}

/** Rounded up, so that a file just over the limit is not said to be as large as the limit. */
function megabytes(bytes: number): string {
  return `${Math.ceil(bytes / (1024 * 1024))} MB`;
}

/** Reads a chosen file: refuses one over ``maxBytes`` before reading it, then decodes and parses it. */
export async function readCsvFile(file: Blob, maxBytes: number = UPLOAD_MAX_BYTES): Promise<CsvTable> {
  if (file.size > maxBytes) {
    throw new CsvFileError(`The file is ${megabytes(file.size)}; files of at most ${megabytes(maxBytes)} can be uploaded. Split it into smaller files.`);
  }
  if (file.size === 0) throw new CsvFileError(NO_DATA_MESSAGE);
  const { text, encoding } = decodeCsvBytes(new Uint8Array(await file.arrayBuffer()));
  return parseCsvText(text, encoding);
}
