import { Button } from 'react-bootstrap';
import { useAlerts } from '../../../components/Alerts';
import { Panel } from '../../../components/Facts';
import { saveFile } from '../../../lib/save-file';
import { useMutation } from '../../../lib/use-mutation';
import { deleteCustomLabel } from '../api/delete-custom-label';
import { downloadCustomLabel } from '../api/download-custom-label';
import { uploadCustomLabel } from '../api/upload-custom-label';
import { LABEL_FORMATS } from '../files';
import type { Shipment } from '../types';
import { useRefreshShipment } from '../use-refresh-shipment';
import { FileUploadForm, type FileUpload } from './FileUploadForm';

/** Custom Ship Label: the client's own label (needed when the method is Custom), downloaded, replaced or deleted while allowed. */
export function CustomLabelCard({ clientId, shipment }: { clientId: string; shipment: Shipment }) {
  const { run, pending } = useMutation();
  const { show } = useAlerts();
  const refresh = useRefreshShipment(clientId, shipment.id);
  const name = shipment.custom_label_name ?? 'Custom label';

  const download = async () => {
    try {
      const { file, fileName } = await downloadCustomLabel(clientId, shipment.id);
      saveFile(file, fileName ?? name);
    } catch (failure) {
      console.warn(`Downloading the custom label of shipment ${shipment.id} failed`, failure);
    }
  };
  const remove = async () => {
    if ((await run(() => deleteCustomLabel(clientId, shipment.id))) === undefined) return;
    await refresh();
    show('success', 'Custom label deleted');
  };
  const upload = async ({ content, name: fileName, format }: FileUpload) => {
    await uploadCustomLabel(clientId, shipment.id, { content, name: fileName, format });
    await refresh();
    show('success', `${fileName} uploaded`);
  };

  return (
    <Panel title="Custom Ship Label">
      {shipment.has_custom_label ? (
        <p className="d-flex flex-wrap align-items-center gap-2">
          <Button variant="link" size="sm" className="p-0 text-break" onClick={() => void download()} aria-label={`Download ${name}`}>
            {name}
          </Button>
          {shipment.allowed_actions.includes('delete_custom_label') && (
            <Button size="sm" variant="outline-danger" disabled={pending} onClick={() => void remove()}>
              Delete Label
            </Button>
          )}
        </p>
      ) : (
        <p className="text-muted">No custom label.</p>
      )}
      {shipment.allowed_actions.includes('add_custom_label') && (
        <FileUploadForm title="Upload Label" formats={LABEL_FORMATS} upload={upload} />
      )}
    </Panel>
  );
}
