import { RMA_COLUMNS } from '../csv/group-rma-rows';
import { RMAS_UPLOAD } from '../upload-kinds';
import { UploadPage } from './UploadPage';

/** /{clientId}/rmas/upload: creates RMAs (expected returns) from a CSV file. */
export function RmaUpload({ clientId }: { clientId: string }) {
  return (
    <UploadPage
      clientId={clientId}
      title="Upload RMAs"
      kind={RMAS_UPLOAD}
      instructions={
        <p className="mb-0">
          A header row and these columns: {RMA_COLUMNS.map((column, index) => (
            <span key={column}>
              {index > 0 && ', '}
              <code>{column}</code>
            </span>
          ))}
          . Rows with the same warehouse_id and rma_id make one RMA; within it, rows with the same tracking_id,
          expected_arrival_date and carrier_id make one expected shipment.
        </p>
      }
    />
  );
}
