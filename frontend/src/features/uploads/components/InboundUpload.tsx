import { INBOUND_COLUMNS, INBOUND_UPLOAD } from '../upload-kinds';
import { UploadPage } from './UploadPage';

/** /{clientId}/asns/upload: creates ASNs (expected inbound shipments) from a CSV file. */
export function InboundUpload({ clientId }: { clientId: string }) {
  return (
    <UploadPage
      clientId={clientId}
      title="Upload Inbound Inventory"
      kind={INBOUND_UPLOAD}
      instructions={
        <p className="mb-0">
          A header row and four columns: {INBOUND_COLUMNS.map((column, index) => (
            <span key={column}>
              {index > 0 && ', '}
              <code>{column}</code>
            </span>
          ))}
          . Rows with the same Warehouse ID and ASN ID make one ASN. Long numbers may start with a single quote (
          <code>'</code>) so that spreadsheets keep their digits.
        </p>
      }
    />
  );
}
