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
            A row with an <code>id</code> updates that item (its <code>upc</code> cannot change and may be left blank). A
            row without an <code>id</code> updates the item with its <code>upc</code>, or creates an item when there is
            none. Every row needs a <code>upc</code> (unless it has an <code>id</code>), a <code>sku</code> and a{' '}
            <code>name</code>; other empty cells clear the field.
          </p>
        </>
      }
    />
  );
}
