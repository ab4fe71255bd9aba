import { useMemo, useState } from 'react';
import { Button, Table } from 'react-bootstrap';
import { LoadingView } from '../../../components/LoadingView';
import { useBulkColumns } from '../api/upload-fulfillment-requests';
import { UploadPage } from './UploadPage';
import { fulfillmentRequestsUpload } from '../upload-kinds';
import type { BulkColumn } from '../../../lib/models';

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
        instructions={
          <p className="mb-0">
            One row per item line, the first row naming the columns exactly as below (names are case sensitive; an
            empty cell is no value). The rows of one request come together under its <code>fulfillment_request_id</code>{' '}
            and carry the request's columns, on every row or on its first. Every request is checked by the rules of a
            new request before any is created.
          </p>
        }
      />
      <ColumnsTable columns={columns} />
    </>
  );
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
            <th>Column</th>
            <th>Required</th>
            <th>Value</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((column) => (
            <tr key={column.name}>
              <td>
                <code>{column.name}</code>
              </td>
              <td>{column.required ? 'Yes' : ''}</td>
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
