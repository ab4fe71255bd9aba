import { useState } from 'react';
import { Button, Card, Collapse, Form, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import { LoadingView } from '../LoadingView';
import { formatDateTime } from '../../lib/format-datetime';
import { useObjectRequests } from './get-object-requests';
import { ShowMore } from './ShowMore';

interface RequestLogPanelProps {
  clientId: string;
  objectType: string;
  objectId: string;
}

/** The collapsible 'Request Log' of an object: the calls made on it, each linking to its /requests/{id} page. */
export function RequestLogPanel({ clientId, objectType, objectId }: RequestLogPanelProps) {
  const [open, setOpen] = useState(false);
  const [includeReads, setIncludeReads] = useState(false);
  const pages = useObjectRequests({ clientId, objectType, objectId, includeReads }, open);
  const { data, isLoading } = pages;
  const requests = data?.flatMap((page) => page.requests) ?? [];
  const bodyId = `request-log-${objectType}-${objectId}`;

  return (
    <Card className="mb-3">
      <Card.Header className="p-0">
        <Button
          variant="link"
          className="w-100 text-start text-decoration-none fw-bold text-primary-emphasis"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((current) => !current)}
        >
          <span aria-hidden>{open ? '▾' : '▸'}</span> Request Log
        </Button>
      </Card.Header>
      <Collapse in={open}>
        <div id={bodyId}>
          <Card.Body>
            <Form.Switch
              id={`${bodyId}-include-reads`}
              className="mb-2"
              label="Show reads"
              checked={includeReads}
              onChange={(event) => setIncludeReads(event.target.checked)}
            />
            {isLoading && <LoadingView />}
            {data && requests.length === 0 && (
              <p className="text-muted mb-0">{includeReads ? 'No requests logged.' : 'No changes or failed requests logged.'}</p>
            )}
            {requests.length > 0 && (
              <Table size="sm" striped responsive className="mb-0">
                <thead>
                  <tr>
                    <th>Request</th>
                    <th>Date</th>
                    <th>Method</th>
                    <th>URI</th>
                    <th>Status</th>
                    <th>User</th>
                  </tr>
                </thead>
                <tbody>
                  {requests.map((entry) => (
                    <tr key={entry.id}>
                      <td>
                        <Link to={`/${clientId}/requests/${entry.id}`}>{entry.id}</Link>
                      </td>
                      <td className="text-nowrap">{formatDateTime(entry.datetime)}</td>
                      <td>{entry.http_method}</td>
                      <td className="text-break">{entry.uri}</td>
                      <td>{entry.response_status}</td>
                      <td>{entry.username}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
            <ShowMore pages={pages} />
          </Card.Body>
        </div>
      </Collapse>
    </Card>
  );
}
