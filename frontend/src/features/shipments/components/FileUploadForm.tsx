import { useState } from 'react';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { FormField } from '../../../components/FormField';
import { useForm } from '../../../lib/use-form';
import { base64Of } from '../../../lib/file-content';
import { acceptOf, fileFormat } from '../files';

/** A file as the API takes it in JSON: its content in base64, its name and format, and copies for a document. */
export interface FileUpload {
  content: string;
  name: string;
  format: string;
  copies: number;
}

interface FileUploadFormProps {
  /** Names the form and its button ('Upload Document'). */
  title: string;
  formats: readonly string[];
  withCopies?: boolean;
  upload: (file: FileUpload) => Promise<void>;
}

/** Choose a file (and how many copies), upload it; refusals in the form's words, on the field they name. The form clears after an upload. */
export function FileUploadForm(props: FileUploadFormProps) {
  const [uploads, setUploads] = useState(0);
  return <UploadForm key={uploads} {...props} onUploaded={() => setUploads((count) => count + 1)} />;
}

function UploadForm({ title, formats, withCopies = false, upload, onUploaded }: FileUploadFormProps & { onUploaded: () => void }) {
  const id = title.toLowerCase().replace(/\W+/g, '-');
  const form = useForm({ file: null as File | null, copies: '1' }, async ({ file, copies }) => {
    if (!file) throw new Error('Please select a file');
    const format = fileFormat(file.name, formats);
    if (!format) throw new Error(`Only ${formats.map((name) => `.${name}`).join(' and ')} files are accepted.`);
    await upload({ content: await base64Of(file), name: file.name, format, copies: Number(copies) });
    onUploaded();
  });
  const fileError = form.fieldErrors.content ?? form.fieldErrors.format ?? form.fieldErrors.name;

  return (
    <Form onSubmit={(event) => void form.submit(event)} noValidate aria-label={title}>
      <Row className="g-2 align-items-end">
        <FormField label="File" id={`${id}-file`} error={fileError} sm={withCopies ? 6 : 9}>
          <Form.Control
            type="file"
            size="sm"
            accept={acceptOf(formats)}
            onChange={(event) => form.change('file', (event.target as HTMLInputElement).files?.[0] ?? null)}
          />
        </FormField>
        {withCopies && (
          <FormField label="Copies" id={`${id}-copies`} error={form.fieldErrors.copies} sm={3}>
            <Form.Control
              type="number"
              size="sm"
              min={1}
              step={1}
              value={form.values.copies}
              onChange={(event) => form.change('copies', event.target.value)}
            />
          </FormField>
        )}
        <Col sm={3}>
          <Button type="submit" size="sm" disabled={form.submitting}>
            {title}
          </Button>
        </Col>
      </Row>
    </Form>
  );
}
