import { CASE_PACK_CHILD_COLUMNS, CASE_PACKS_UPLOAD } from '../upload-kinds';
import { UploadPage } from './UploadPage';

/** /{clientId}/item_types/case_pack_types_bulk: creates case packs, or converts items to case packs, from a CSV file. */
export function BulkCasePacksUpload({ clientId }: { clientId: string }) {
  return (
    <UploadPage
      clientId={clientId}
      title="Bulk Create Case Packs"
      kind={CASE_PACKS_UPLOAD}
      instructions={
        <p className="mb-0">
          The first row names the columns: item fields (<code>id</code>, <code>upc</code>, <code>sku</code>,{' '}
          <code>name</code>, ...) and the case pack's contents, {CASE_PACK_CHILD_COLUMNS.map((column, index) => (
            <span key={column}>
              {index > 0 && ' and '}
              <code>{column}</code>
            </span>
          ))}
          . A row with a blank <code>id</code> creates a case pack; a row with an id converts that item to a case pack.
        </p>
      }
    />
  );
}
