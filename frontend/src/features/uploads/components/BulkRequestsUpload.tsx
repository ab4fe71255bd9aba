import { useMemo, useState } from 'react';
import { Badge, Button, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import { LoadingView } from '../../../components/LoadingView';
import { useBulkColumns } from '../api/upload-fulfillment-requests';
import { UploadPage } from './UploadPage';
import { fulfillmentRequestsUpload } from '../upload-kinds';
import type { BulkColumn } from '../../../lib/models';
import { saveCsvFile } from '../../../lib/save-file';

/** Spec part 2, §9. */
export const COLUMNS_PAGE_SIZE = 50;

/** /fulfillment_requests/new_bulk: requests from a CSV file, its columns documented below. */
export function BulkRequestsUpload({ clientId }: { clientId: string }) {
  const { data: columns } = useBulkColumns();
  const kind = useMemo(() => (columns ? fulfillmentRequestsUpload(columns) : null), [columns]);
  if (!columns || !kind) return <LoadingView />;

  return (
    <>
      <UploadPage
        clientId={clientId}
        title="Bulk Fulfillment Requests"
        kind={kind}
        acceptedMessage="Bulk fulfillment request upload success"
        jobDone={(job) => (
          <Link className="alert-link" to={`/${clientId}/fulfillment_requests?jobId=${encodeURIComponent(job.id)}`}>
            See the requests this upload created
          </Link>
        )}
        instructions={
          <p className="mb-0">
            One row per item line, the first row naming the columns exactly as below (names are case sensitive; an
            empty cell is no value). The rows of one request come together under its <code>fulfillment_request_id</code>{' '}
            and carry the request's columns, on every row or on its first. Every request is checked by the rules of a
            new request before any is created.{' '}
            <Button variant="link" className="p-0 align-baseline" onClick={() => downloadTemplate(columns)}>
              Download a CSV template
            </Button>
          </p>
        }
      />
      <ColumnsTable columns={columns} />
    </>
  );
}

/** A file holding only the header row: every column, in the order documented. */
function downloadTemplate(columns: BulkColumn[]) {
  saveCsvFile(`${columns.map((column) => column.name).join(',')}\r\n`, 'fulfillment-requests-template.csv');
}

function ColumnsTable({ columns }: { columns: BulkColumn[] }) {
  const [page, setPage] = useState(0);
  const pages = Math.ceil(columns.length / COLUMNS_PAGE_SIZE);
  const shown = columns.slice(page * COLUMNS_PAGE_SIZE, (page + 1) * COLUMNS_PAGE_SIZE);
  return (
    <section className="mt-4">
      <h3 className="h5">Columns</h3>
      <Table size="sm" striped aria-label="Columns">
        <thead>
          <tr>
            <th style={{ width: '30%' }}>Column</th>
            <th>Required</th>
            <th>Value</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((column) => (
            <tr key={column.name}>
              <td>
                <code className="text-break">{column.name}</code>
              </td>
              <td>{column.required && <Badge bg="secondary">Required</Badge>}</td>
              <td>{column.description}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      {pages > 1 && (
        <div className="d-flex gap-2 align-items-center">
          <Button size="sm" variant="outline-secondary" disabled={page === 0} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span className="small">
            Page {page + 1} of {pages}
          </span>
          <Button size="sm" variant="outline-secondary" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </div>
      )}
    </section>
  );
}
