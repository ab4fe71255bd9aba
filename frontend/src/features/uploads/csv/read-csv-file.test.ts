import { describe, expect, it } from 'vitest';
import { checkHeaders, exactHeaders } from './check-headers';
import { CsvFileError, formatRowProblem, NO_DATA_MESSAGE, readCsvFile, UPLOAD_MAX_BYTES } from './read-csv-file';

function fileOf(...parts: (string | Uint8Array)[]): File {
  return new File(parts as BlobPart[], 'upload.csv', { type: 'text/csv' });
}

async function readError(file: Blob): Promise<string> {
  const failure = await readCsvFile(file).then(
    () => null,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(CsvFileError);
  return (failure as CsvFileError).message;
}

const INBOUND = exactHeaders(['Warehouse ID', 'ASN ID', 'UPC', 'Quantity']);

describe('readCsvFile', () => {
  it('reads the header row and numbers data rows from line 2', async () => {
    const table = await readCsvFile(fileOf('Warehouse ID,ASN ID,UPC,Quantity\nCA01,A-1,012345678905,4\nNJ01,A-2,012345678912,6\n'));

    expect(table.encoding).toBe('UTF-8');
    expect(table.headers).toEqual(['Warehouse ID', 'ASN ID', 'UPC', 'Quantity']);
    expect(table.rows).toEqual([
      { line: 2, values: { 'Warehouse ID': 'CA01', 'ASN ID': 'A-1', UPC: '012345678905', Quantity: '4' } },
      { line: 3, values: { 'Warehouse ID': 'NJ01', 'ASN ID': 'A-2', UPC: '012345678912', Quantity: '6' } },
    ]);
    expect(table.parseErrors).toEqual([]);
  });

  it('strips a byte order mark and reads CRLF line ends', async () => {
    const table = await readCsvFile(fileOf(new Uint8Array([0xef, 0xbb, 0xbf]), 'upc,name\r\n111,Tent\r\n222,Stove\r\n'));

    expect(table.headers).toEqual(['upc', 'name']);
    expect(table.rows.map((row) => row.values)).toEqual([
      { upc: '111', name: 'Tent' },
      { upc: '222', name: 'Stove' },
    ]);
    expect(checkHeaders(table.headers, { allowed: ['upc', 'name'], required: [] })).toEqual([]);
  });

  it('keeps commas and line breaks inside quoted cells, and doubled quotes', async () => {
    const table = await readCsvFile(fileOf('upc,name,category\n111,"Tent, 2 person","Camping\nShelter"\n222,"The ""Big"" Stove",Cooking\n'));

    expect(table.rows).toEqual([
      { line: 2, values: { upc: '111', name: 'Tent, 2 person', category: 'Camping\nShelter' } },
      { line: 3, values: { upc: '222', name: 'The "Big" Stove', category: 'Cooking' } },
    ]);
    expect(table.parseErrors).toEqual([]);
  });

  it('reads a file that is not UTF-8 as Windows-1252 and says so', async () => {
    // "Café Crème" in Latin-1: é is 0xE9, è is 0xE8, which are not valid UTF-8.
    const latin1 = new Uint8Array([...new TextEncoder().encode('upc,name\n111,Caf'), 0xe9, 0x20, 0x43, 0x72, 0xe8, ...new TextEncoder().encode('me\n')]);
    const table = await readCsvFile(fileOf(latin1));

    expect(table.encoding).toBe('Windows-1252 (Latin-1)');
    expect(table.rows[0].values.name).toBe('Café Crème');
  });

  it('reads UTF-8 accents as UTF-8', async () => {
    const table = await readCsvFile(fileOf('upc,name\n111,Café Crème\n'));
    expect(table.encoding).toBe('UTF-8');
    expect(table.rows[0].values.name).toBe('Café Crème');
  });

  it("says 'No data in file!' for an empty file, blank lines only, or a header without rows", async () => {
    expect(await readError(fileOf(''))).toBe(NO_DATA_MESSAGE);
    expect(await readError(fileOf('\r\n\r\n'))).toBe(NO_DATA_MESSAGE);
    expect(await readError(fileOf('Warehouse ID,ASN ID,UPC,Quantity\r\n'))).toBe(NO_DATA_MESSAGE);
    expect(await readError(fileOf('Warehouse ID,ASN ID,UPC,Quantity\n,,,\n'))).toBe(NO_DATA_MESSAGE);
  });

  it('refuses a file over the upload limit without reading it', async () => {
    const huge = { size: UPLOAD_MAX_BYTES + 1, arrayBuffer: () => Promise.reject(new Error('read')) } as unknown as Blob;
    expect(await readError(huge)).toBe('The file is 33 MB; files of at most 32 MB can be uploaded. Split it into smaller files.');
  });

  it("reports rows with too few or too many cells, and broken quotes, as 'Row {n}: {message}'", async () => {
    const table = await readCsvFile(fileOf('upc,name\n111,Tent\n222\n333,Stove,extra\n\n444,"Lamp\n'));

    expect(table.rows.map((row) => row.line)).toEqual([2, 3, 4, 5]);
    expect(table.parseErrors.map(formatRowProblem)).toEqual([
      'Row 3: Too few fields: expected 2 fields but parsed 1',
      'Row 4: Too many fields: expected 2 fields but parsed 3',
      'Row 5: Quoted field unterminated',
    ]);
  });

  it('leaves blank rows out and numbers the rows that are sent', async () => {
    const table = await readCsvFile(fileOf('upc,name\n\n111,Tent\n,\n222,Stove\n'));
    expect(table.rows).toEqual([
      { line: 2, values: { upc: '111', name: 'Tent' } },
      { line: 3, values: { upc: '222', name: 'Stove' } },
    ]);
  });
});

describe('checkHeaders', () => {
  it('accepts the exact inbound columns in any order', () => {
    expect(checkHeaders(['UPC', 'Quantity', 'Warehouse ID', 'ASN ID'], INBOUND)).toEqual([]);
  });

  it('names misspelt, unknown, missing, repeated and unnamed columns', () => {
    expect(checkHeaders(['Warehouse ID', 'ASN Id', 'UPC', 'Quantiy', 'Notes', 'UPC', ''], INBOUND)).toEqual([
      "Unknown column 'ASN Id' (did you mean 'ASN ID'?).",
      "Unknown column 'Quantiy' (did you mean 'Quantity'?).",
      "Unknown column 'Notes'.",
      "Column 'UPC' appears more than once.",
      'Column 7 has no name.',
      "Missing column 'ASN ID'.",
      "Missing column 'Quantity'.",
    ]);
  });

  it('lets an items file hold any subset of the item fields', () => {
    const items = { allowed: ['id', 'upc', 'sku', 'name', 'short_name'], required: [] };
    expect(checkHeaders(['upc', 'name'], items)).toEqual([]);
    expect(checkHeaders(['upc', 'shortname', 'nmae'], items)).toEqual([
      "Unknown column 'shortname' (did you mean 'short_name'?).",
      "Unknown column 'nmae' (did you mean 'name'?).",
    ]);
  });
});
