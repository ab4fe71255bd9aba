import { Card, Col, Row } from 'react-bootstrap';
import { LoadingView } from '../../../components/LoadingView';
import { formatDateTime } from '../../../lib/format-datetime';
import { useRequestLogEntry } from '../api/get-request-log-entry';
import { usePageTitle } from '../../../lib/use-page-title';

/** Bodies are logged as text; JSON ones are shown indented. */
export function prettyBody(body: string | null | undefined): string {
  if (!body) return '';
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** /requests/{id}: one logged call with its request and response bodies. */
export function RequestLogEntryPage({ clientId, requestId }: { clientId: string; requestId: string }) {
  usePageTitle(`Request ${requestId}`);
  const { data: entry, error } = useRequestLogEntry(clientId, requestId);

  if (error) return <h2>Request {requestId}</h2>;
  if (!entry) return <LoadingView />;

  const facts: [string, string | number | null | undefined][] = [
    ['Method', entry.http_method],
    ['URI', entry.uri],
    ['Status', entry.response_status],
    ['API Version', entry.api_version],
    ['User', entry.username],
    ['IP Address', entry.client_ip_address],
    ['Date', formatDateTime(entry.datetime)],
  ];

  return (
    <section>
      <h2>Request {entry.id}</h2>
      <dl className="row mb-4">
        {facts.map(([label, value]) => (
          <div key={label} className="col-md-6 d-flex">
            <dt className="me-2">{label}:</dt>
            <dd className="mb-1 text-break">{value ?? ''}</dd>
          </div>
        ))}
      </dl>
      <Row>
        {(
          [
            ['Request Body', entry.request_body],
            ['Response Body', entry.response_body],
          ] as const
        ).map(([title, body]) => (
          <Col lg={6} key={title} className="mb-3">
            <Card>
              <Card.Header as="h3" className="h6 mb-0">
                {title}
              </Card.Header>
              <Card.Body>
                {body ? (
                  <pre className="mb-0" style={{ maxHeight: 480, overflow: 'auto', whiteSpace: 'pre-wrap' }} tabIndex={0}>
                    {prettyBody(body)}
                  </pre>
                ) : (
                  <p className="text-muted mb-0">None</p>
                )}
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
}
