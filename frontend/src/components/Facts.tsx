import { Fragment, type ReactNode } from 'react';
import { Card } from 'react-bootstrap';

/** A titled card of a detail page. */
export function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="mb-3">
      <Card.Header as="h3" className="h6 mb-0">
        {title}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card>
  );
}

/** A card of labelled values. */
export function Facts({ title, facts }: { title: string; facts: [string, ReactNode][] }) {
  return (
    <Panel title={title}>
      <dl className="row mb-0">
        {facts.map(([label, value]) => (
          <Fragment key={label}>
            <dt className="col-6">{label}</dt>
            {/* An empty value keeps its line, so the labels below stay level with their values. */}
            <dd className="col-6 mb-1 text-break" style={{ minHeight: '1.5em' }}>
              {value ?? ''}
            </dd>
          </Fragment>
        ))}
      </dl>
    </Panel>
  );
}
