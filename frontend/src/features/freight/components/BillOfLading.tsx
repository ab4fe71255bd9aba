import { useState } from 'react';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { useAlerts } from '../../../components/Alerts';
import { Panel } from '../../../components/Facts';
import { FormField } from '../../../components/FormField';
import { formatDateTime } from '../../../lib/format-datetime';
import { saveFile } from '../../../lib/save-file';
import { useForm } from '../../../lib/use-form';
import { useMutation } from '../../../lib/use-mutation';
import { downloadBol } from '../api/download-bol';
import { generateBol } from '../api/generate-bol';
import { uploadBol } from '../api/upload-bol';
import { base64Of } from '../../../lib/file-content';
import { pdfToUpload } from '../bol-file';
import { allows } from '../group-rules';
import type { ShipmentGroup } from '../types';
import { useRefreshGroup } from '../use-refresh-group';

/** The Bill of Lading section: the BOL the group has (downloaded by name), and while the group allows it an upload (.pdf only) or one generated from the group. */
export function BillOfLading({ clientId, group }: { clientId: string; group: ShipmentGroup }) {
  const [uploads, setUploads] = useState(0);
  const { run, pending } = useMutation();
  const { show } = useAlerts();
  const refresh = useRefreshGroup(clientId);
  const bol = group.bol;

  const download = async () => {
    try {
      const { file, fileName } = await downloadBol(clientId, group.id);
      saveFile(file, fileName ?? bol?.name ?? 'bill-of-lading.pdf');
    } catch (failure) {
      // Spec part 3, §8: a failed BOL download is logged, nothing shown.
      console.warn(`Downloading the bill of lading of group ${group.id} failed`, failure);
    }
  };
  const generate = async () => {
    const generated = await run(() => generateBol(clientId, group.id));
    if (!generated) return;
    await refresh(group.id, generated);
    show('success', `${generated.bol?.name ?? 'Bill of lading'} generated`);
  };

  return (
    <Panel title="Bill of Lading">
      {bol ? (
        <p data-testid="bol-current">
          <Button variant="link" className="p-0 align-baseline text-break" onClick={() => void download()} aria-label={`Download ${bol.name}`}>
            {bol.name}
          </Button>{' '}
          <span className="small text-muted">
            {bol.generated ? 'generated' : 'uploaded'}
            {bol.bol_number ? ` · ${bol.bol_number}` : ''}
            {bol.external_id ? ` · ${bol.external_id}` : ''} · {formatDateTime(bol.created_at)}
          </span>
        </p>
      ) : (
        <p className="text-muted">No bill of lading yet.</p>
      )}
      {allows(group, 'upload_bol') && (
        <BolUploadForm key={uploads} clientId={clientId} group={group} onUploaded={() => setUploads((count) => count + 1)} />
      )}
      {allows(group, 'generate_bol') && (
        <Button size="sm" variant="outline-primary" className="mt-2" onClick={() => void generate()} disabled={pending}>
          Generate BOL
        </Button>
      )}
    </Panel>
  );
}

function BolUploadForm({ clientId, group, onUploaded }: { clientId: string; group: ShipmentGroup; onUploaded: () => void }) {
  const { show } = useAlerts();
  const refresh = useRefreshGroup(clientId);
  const form = useForm({ file: null as File | null, externalId: '' }, async ({ file, externalId }) => {
    const pdf = pdfToUpload(file);
    const content = await base64Of(pdf);
    const stored = await uploadBol(clientId, group.id, { content, name: pdf.name, format: 'pdf', external_id: externalId.trim() || null });
    await refresh(group.id, stored);
    onUploaded();
    show('success', `${pdf.name} uploaded`);
  });
  const fileError = form.fieldErrors.content ?? form.fieldErrors.name ?? form.fieldErrors.format;

  return (
    <Form onSubmit={(event) => void form.submit(event)} noValidate aria-label="Upload Bill of Lading">
      <Row className="g-2 align-items-end">
        <FormField label="BOL File" id="bol-file" error={fileError} sm={5}>
          <Form.Control
            type="file"
            size="sm"
            accept=".pdf,application/pdf"
            onChange={(event) => form.change('file', (event.target as HTMLInputElement).files?.[0] ?? null)}
          />
        </FormField>
        <FormField label="External ID" id="bol-external-id" error={form.fieldErrors.external_id} sm={4}>
          <Form.Control size="sm" maxLength={100} value={form.values.externalId} onChange={(event) => form.change('externalId', event.target.value)} />
        </FormField>
        <Col sm={3}>
          <Button type="submit" size="sm" disabled={form.submitting}>
            Upload
          </Button>
        </Col>
      </Row>
    </Form>
  );
}
