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

/** The lines of an address shown in a card of facts (a request's, a shipment's ship-to). */
export function addressFacts(address: {
  name: string | null;
  company?: string | null;
  address_1: string | null;
  address_2?: string | null;
  address_3?: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: string | null;
  phone: string | null;
  email?: string | null;
}): [string, ReactNode][] {
  return [
    ['Name', address.name],
    ['Company', address.company],
    ['Address', [address.address_1, address.address_2, address.address_3].filter(Boolean).join(', ')],
    ['City', address.city],
    ['State', address.state],
    ['Postal Code', address.postal_code],
    ['Country', address.country],
    ['Phone', address.phone],
    ['E-mail', address.email],
  ];
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
