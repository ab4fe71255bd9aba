import { ITEM_FIELD_COLUMNS, ITEMS_UPLOAD } from '../upload-kinds';
import { UploadPage } from './UploadPage';

/** /{clientId}/item_types/new_bulk: creates and updates items from a CSV file. */
export function BulkItemsUpload({ clientId }: { clientId: string }) {
  return (
    <UploadPage
      clientId={clientId}
      title="Bulk Create / Update Items"
      kind={ITEMS_UPLOAD}
      instructions={
        <>
          <p className="mb-1">
            The first row names the columns, each an item field: <code>id</code>, {ITEM_FIELD_COLUMNS.map((column, index) => (
              <span key={column}>
                <code>{column}</code>
                {index < ITEM_FIELD_COLUMNS.length - 1 ? ', ' : '.'}
              </span>
            ))}
          </p>
          <p className="mb-0">
            A row with a blank <code>id</code> or <code>upc</code> creates an item; any other row updates the item it
            names. Empty cells clear the field.
          </p>
        </>
      }
    />
  );
}
