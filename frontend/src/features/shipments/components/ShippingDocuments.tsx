import { Button } from 'react-bootstrap';
import { useAlerts } from '../../../components/Alerts';
import { Panel } from '../../../components/Facts';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { useMutation } from '../../../lib/use-mutation';
import { saveFile } from '../../../lib/save-file';
import { deleteDocument } from '../api/delete-document';
import { downloadDocument } from '../api/download-document';
import { uploadDocument } from '../api/upload-document';
import { DOCUMENT_FORMATS } from '../files';
import type { Shipment, ShipmentDocument } from '../types';
import { useRefreshShipment } from '../use-refresh-shipment';
import { FileUploadForm } from './FileUploadForm';

/** Shipping Documents: the files that travel with the parcel (all of them, no pages), downloaded by name, added and deleted while allowed. */
export function ShippingDocuments({ clientId, shipment }: { clientId: string; shipment: Shipment }) {
  const { run, pending } = useMutation();
  const { show } = useAlerts();
  const refresh = useRefreshShipment(clientId, shipment.id);
  const canDelete = shipment.allowed_actions.includes('delete_documents');

  const download = async (document: ShipmentDocument) => {
    try {
      const { file, fileName } = await downloadDocument(clientId, shipment.id, document.id);
      saveFile(file, fileName ?? document.name);
    } catch (failure) {
      // Spec part 3, §8: a failed download is logged, nothing shown.
      console.warn(`Downloading document ${document.id} failed`, failure);
    }
  };
  const remove = async (document: ShipmentDocument) => {
    if ((await run(() => deleteDocument(clientId, shipment.id, document.id))) === undefined) return;
    await refresh();
    show('success', `${document.name} deleted`);
  };
  const upload = async (file: Parameters<typeof uploadDocument>[2]) => {
    await uploadDocument(clientId, shipment.id, file);
    await refresh();
    show('success', `${file.name} uploaded`);
  };

  return (
    <Panel title="Shipping Documents">
      {shipment.documents.length === 0 ? (
        <p className="text-muted">No documents.</p>
      ) : (
        <ResponsiveTable label="Shipping Documents" size="sm">
          <thead>
            <tr>
              <th>Name</th>
              <th>Copies</th>
              {canDelete && <th aria-label="Actions" />}
            </tr>
          </thead>
          <tbody>
            {shipment.documents.map((document) => (
              <tr key={document.id}>
                <td className="text-break">
                  <Button variant="link" size="sm" className="p-0 text-start" onClick={() => void download(document)}>
                    {document.name}
                  </Button>
                </td>
                <td>{document.copies}</td>
                {canDelete && (
                  <td className="text-end">
                    <Button
                      size="sm"
                      variant="outline-danger"
                      disabled={pending}
                      onClick={() => void remove(document)}
                      aria-label={`Delete Document ${document.name}`}
                    >
                      Delete Document
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </ResponsiveTable>
      )}
      {shipment.allowed_actions.includes('add_documents') && (
        <FileUploadForm title="Upload Document" formats={DOCUMENT_FORMATS} withCopies upload={upload} />
      )}
    </Panel>
  );
}
