import type { TextBody } from '../../lib/api-client';
import type { BulkColumn, ImportReport, Job } from '../../lib/models';
import { checkCasePacksUpload, uploadCasePacks } from './api/upload-case-packs';
import { checkFulfillmentRequestsUpload, uploadFulfillmentRequests } from './api/upload-fulfillment-requests';
import { checkInboundUpload, uploadInbound } from './api/upload-inbound';
import { checkItemsUpload, uploadItems } from './api/upload-items';
import type { UploadOptions } from './api/upload-request';
import { checkRmasUpload, uploadRmas } from './api/upload-rmas';
import { exactHeaders, type HeaderRule } from './csv/check-headers';
import { groupRmaRows, RMA_COLUMNS } from './csv/group-rma-rows';
import { CSV_UPLOAD_MAX_BYTES, csvFileOf, UPLOAD_MAX_BYTES, type CsvRowValues, type CsvTable, type RowProblem } from './csv/read-csv-file';
import { count } from '../../lib/pluralize';

/** How one upload page turns a file's rows into its call, and what the file must look like. */
export interface UploadKind<Body> {
  headerRule: HeaderRule;
  /** The largest file taken (the API's limit for the body this kind sends). */
  maxBytes: number;
  /** The request body, and the problems with rows the browser can tell before asking the API. */
  prepare: (table: CsvTable) => { body: Body; problems: RowProblem[] };
  check: (clientId: string, body: Body) => Promise<ImportReport>;
  upload: (body: Body, options: UploadOptions) => Promise<Job>;
  /** What a clean validate-only report says would happen. */
  describeCheck: (report: ImportReport) => string;
}

/** The writable item fields (spec part 1, section 3), the column names of the items file. */
export const ITEM_FIELD_COLUMNS = [
  'upc',
  'sku',
  'name',
  'short_name',
  'category',
  'subcategory',
  'cost',
  'value',
  'customs_origin',
  'customs_description',
  'tariff_code',
  'product_code',
  'nmfc_code',
  'requires_serial_number',
  'serial_number_validator',
  'hazmat',
  'requires_expiration',
  'length',
  'width',
  'height',
  'weight',
  'ships_in_own_container',
  'is_package',
  'shopify_variant_id',
  'shopify_inventory_item_id',
  'shopify_inventory_sync',
] as const;

export const INBOUND_COLUMNS = ['Warehouse ID', 'ASN ID', 'UPC', 'Quantity'] as const;

export const CASE_PACK_CHILD_COLUMNS = ['child_upc', 'child_quantity'] as const;

function rowValues({ rows }: CsvTable) {
  return { body: rows.map((row) => row.values), problems: [] };
}

/** The file as CSV, which the API reads as it arrives: files far larger than JSON rows allow. */
function csvFile({ headers, rows }: CsvTable) {
  return { body: csvFileOf(headers, rows), problems: [] };
}

export const ITEMS_UPLOAD: UploadKind<TextBody> = {
  headerRule: { allowed: ['id', ...ITEM_FIELD_COLUMNS], required: [] },
  maxBytes: CSV_UPLOAD_MAX_BYTES,
  prepare: csvFile,
  check: checkItemsUpload,
  upload: uploadItems,
  describeCheck: ({ rows, would_create, would_update }) =>
    `${count(rows, 'row')}: ${count(would_create, 'item')} would be created and ${would_update} updated.`,
};

export const CASE_PACKS_UPLOAD: UploadKind<CsvRowValues[]> = {
  headerRule: { allowed: ['id', ...ITEM_FIELD_COLUMNS, ...CASE_PACK_CHILD_COLUMNS], required: CASE_PACK_CHILD_COLUMNS },
  maxBytes: UPLOAD_MAX_BYTES,
  prepare: rowValues,
  check: checkCasePacksUpload,
  upload: uploadCasePacks,
  describeCheck: ({ rows, would_create, would_update }) =>
    `${count(rows, 'row')}: ${count(would_create, 'case pack')} would be created and ${count(would_update, 'item')} converted to case packs.`,
};

export const INBOUND_UPLOAD: UploadKind<CsvRowValues[]> = {
  headerRule: exactHeaders(INBOUND_COLUMNS),
  maxBytes: UPLOAD_MAX_BYTES,
  prepare: rowValues,
  check: checkInboundUpload,
  upload: uploadInbound,
  describeCheck: ({ rows, would_create }) => `${count(rows, 'line')}: ${count(would_create, 'ASN')} would be created.`,
};

export const RMAS_UPLOAD: UploadKind<ReturnType<typeof groupRmaRows>['rmas']> = {
  headerRule: exactHeaders(RMA_COLUMNS),
  maxBytes: UPLOAD_MAX_BYTES,
  prepare: ({ rows }) => {
    const { rmas, problems } = groupRmaRows(rows);
    return { body: rmas, problems };
  },
  check: checkRmasUpload,
  upload: uploadRmas,
  describeCheck: ({ rows, would_create }) => `${count(rows, 'line')}: ${count(would_create, 'RMA')} would be created.`,
};

/**
 * Bulk fulfilment requests: one row per item line; the columns are the API's (names match exactly). Sent as
 * CSV like the items file: the API checks it a batch at a time, holding a request's rows until it ends.
 */
export function fulfillmentRequestsUpload(columns: BulkColumn[]): UploadKind<TextBody> {
  return {
    headerRule: {
      allowed: columns.map((column) => column.name),
      required: columns.filter((column) => column.required).map((column) => column.name),
    },
    maxBytes: CSV_UPLOAD_MAX_BYTES,
    prepare: csvFile,
    check: checkFulfillmentRequestsUpload,
    upload: uploadFulfillmentRequests,
    describeCheck: ({ rows, would_create }) =>
      `${count(rows, 'row')}: ${count(would_create, 'fulfillment request')} would be created.`,
  };
}
