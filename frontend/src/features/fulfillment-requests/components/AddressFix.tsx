import { useMemo, useState, type ReactNode } from 'react';
import { Badge, Button, Col, Form, ListGroup, Row } from 'react-bootstrap';
import { Link, useSearchParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { useAlerts } from '../../../components/Alerts';
import { Panel } from '../../../components/Facts';
import { FieldLabel } from '../../../components/FieldLabel';
import { LoadingView } from '../../../components/LoadingView';
import { pagedRows } from '../../../components/ScrollingTable';
import type { Address, AddressValidation, FulfillmentRequest, ShipToAddress } from '../../../lib/models';
import { useMutation } from '../../../lib/use-mutation';
import { usePageTitle } from '../../../lib/use-page-title';
import {
  addressText,
  editable,
  indexAfterDrop,
  scoreLabel,
  stepped,
  toShipToAddress,
  webSearchUrl,
  zipForLookup,
  type AddressLine,
  type EditableAddress,
} from '../address-fix';
import { changeAddress } from '../api/change-address';
import { useAddressCheck } from '../api/check-address';
import { requestKey, useRequest } from '../api/get-request';
import { useRequestPages } from '../api/get-requests';
import { useZipPlace } from '../api/look-up-zip';
import { isAbroad } from '../new-request';
import { AddressMap } from './AddressMap';

const INVALID_ADDRESSES = { invalidToAddress: 'true' };

/** /fulfillment_requests/fix_address: the requests whose ship-to address did not validate, one at a
 * time with Back and Next; a fixed one drops out and the page moves on. `?request={id}` starts there. */
export function AddressFix({ clientId }: { clientId: string }) {
  usePageTitle('Fix Addresses');
  const [searchParams] = useSearchParams();
  const startId = Number(searchParams.get('request')) || null;
  const pages = pagedRows(useRequestPages(clientId, INVALID_ADDRESSES), (page) => page.fulfillment_requests);
  const { data: asked } = useRequest(clientId, startId ? String(startId) : null);
  const [fixedIds, setFixedIds] = useState<number[]>([]);
  const [position, setPosition] = useState<number | null>(null);

  const queue = useMemo(() => {
    const listed = pages.rows.filter((request) => !fixedIds.includes(request.id));
    const askedToo = asked && asked.id === startId && asked.to_address.validation_status !== 'validated';
    return askedToo && !listed.some((request) => request.id === asked.id) && !fixedIds.includes(asked.id) ? [asked, ...listed] : listed;
  }, [pages.rows, fixedIds, asked, startId]);

  if (pages.loading && queue.length === 0) return <LoadingView />;
  const index = Math.min(position ?? Math.max(0, queue.findIndex((request) => request.id === startId)), Math.max(0, queue.length - 1));
  const current = queue[index];
  const step = (direction: -1 | 1) => {
    if (direction === 1 && index === queue.length - 1 && pages.hasMore) {
      pages.loadMore(); // Next past the loaded requests waits for the next page, then shows its first
      setPosition(index + 1);
    } else {
      setPosition(stepped(index, direction, queue.length));
    }
  };
  const dropFixed = (request: FulfillmentRequest) => {
    setFixedIds((ids) => [...ids, request.id]);
    setPosition(indexAfterDrop(index, queue.length - 1));
  };

  return (
    <section>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h2 className="mb-0 me-auto">Fix Addresses</h2>
        {current && (
          <div className="d-flex align-items-center gap-2" role="group" aria-label="Requests with an invalid address">
            <Button variant="outline-secondary" size="sm" onClick={() => step(-1)} disabled={queue.length < 2}>
              Back
            </Button>
            <span data-testid="fix-position">
              {index + 1} of {queue.length}
              {pages.hasMore ? '+' : ''}
            </span>
            <Button variant="outline-secondary" size="sm" onClick={() => step(1)} disabled={queue.length < 2 && !pages.hasMore}>
              Next
            </Button>
          </div>
        )}
      </div>
      {current ? (
        <RequestAddressFixer key={current.id} clientId={clientId} request={current} onFixed={dropFixed} />
      ) : (
        <p>
          Every ship-to address is valid. <Link to={`/${clientId}/fulfillment_requests`}>Back to the requests</Link>
        </p>
      )}
    </section>
  );
}

const FIELDS: { line: AddressLine; label: string; required?: boolean; sm: number }[] = [
  { line: 'name', label: 'Name', required: true, sm: 6 },
  { line: 'company', label: 'Company', sm: 6 },
  { line: 'address_1', label: 'Address 1', required: true, sm: 12 },
  { line: 'address_2', label: 'Address 2', sm: 6 },
  { line: 'address_3', label: 'Address 3', sm: 6 },
  { line: 'city', label: 'City', required: true, sm: 5 },
  { line: 'state', label: 'State', required: true, sm: 3 },
  { line: 'postal_code', label: 'Postal Code', required: true, sm: 4 },
  { line: 'country', label: 'Country', required: true, sm: 4 },
  { line: 'phone', label: 'Phone', required: true, sm: 8 },
  { line: 'email', label: 'E-mail', sm: 12 },
];

/** What saving an address came to: stored, or refused as invalid with what the check says of it. */
export type AddressSave = { stored: true } | { stored: false; check: AddressValidation };

export interface AddressFixerProps {
  /** The address as it is now, with how it validated. */
  original: Partial<Record<AddressLine, string | null>> & { validation_status?: string; validation_error?: string | null };
  /** What the address belongs to, with a link to it. */
  heading: ReactNode;
  /** Stores the address (an invalid one only with `skipValidation`); a failure is shown as the page's alert. */
  save: (address: ShipToAddress, skipValidation: boolean) => Promise<AddressSave>;
  onFixed: () => void;
}

/** A request in the queue, fixed through the request's address call. */
function RequestAddressFixer({ clientId, request, onFixed }: { clientId: string; request: FulfillmentRequest; onFixed: (request: FulfillmentRequest) => void }) {
  const { mutate } = useSWRConfig();
  const save = async (address: ShipToAddress, skipValidation: boolean): Promise<AddressSave> => {
    const answer = await changeAddress(clientId, request.id, address, skipValidation);
    if (!answer.fulfillment_request) return { stored: false, check: answer };
    await mutate(requestKey(clientId, String(request.id)), answer.fulfillment_request, { revalidate: false });
    return { stored: true };
  };
  const heading = (
    <>
      Fulfillment request <Link to={`/${clientId}/fulfillment_requests/${request.id}`}>{request.fulfillment_request_id}</Link>
      {request.order_id ? ` (order ${request.order_id})` : ''}
    </>
  );
  return <AddressFixer original={request.to_address} heading={heading} save={save} onFixed={() => onFixed(request)} />;
}

/** One address: as received, as being fixed, how it scores, the candidates, a web search and the map
 * of its postal code. The shipment's address page uses it too (handed over by app/). */
export function AddressFixer({ original, heading, save: saveAddress, onFixed }: AddressFixerProps) {
  const [address, setAddress] = useState<EditableAddress>(() => editable(original));
  const { data: firstCheck } = useAddressCheck(useMemo(() => toShipToAddress(editable(original)), [original]));
  const [lastSave, setLastSave] = useState<AddressValidation | null>(null);
  const { run, pending } = useMutation();
  const { show } = useAlerts();
  const zip = isAbroad(address.country) ? null : zipForLookup(address.postal_code);
  const { data: zipPlace } = useZipPlace(zip);
  const place = useMemo(
    () => (zip && zipPlace ? { latitude: zipPlace.latitude, longitude: zipPlace.longitude, label: zip } : null),
    [zip, zipPlace],
  );

  const check = lastSave ?? firstCheck;
  const candidates = check?.candidates ?? [];
  const validationError = check ? check.validation_error : (original.validation_error ?? null);
  const score = scoreLabel(check?.validation_status ?? original.validation_status, candidates);

  const save = async (skipValidation: boolean) => {
    const answer = await run(() => saveAddress(toShipToAddress(address), skipValidation));
    if (!answer) return;
    if (answer.stored) {
      show('success', 'Saved');
      onFixed();
    } else {
      setLastSave(answer.check);
      show('danger', answer.check.validation_error ?? 'The address is not valid.');
    }
  };
  const takeCandidate = (candidate: Address) => setAddress((current) => ({ ...current, ...editable({ ...current, ...candidate }) }));

  return (
    <>
      <p>{heading}</p>
      <Row>
        <Col lg={3}>
          <Panel title="Original Address">
            <address className="mb-0" data-testid="original-address">
              {[
                original.name,
                original.company,
                original.address_1,
                original.address_2,
                original.address_3,
                [original.city, [original.state, original.postal_code].filter(Boolean).join(' ')].filter(Boolean).join(', '),
                original.country,
                original.phone,
                original.email,
              ]
                .filter(Boolean)
                .map((line, number) => (
                  <div key={number}>{line}</div>
                ))}
            </address>
          </Panel>
        </Col>
        <Col lg={5}>
          <Panel title="Address">
            <Form
              onSubmit={(event) => {
                event.preventDefault();
                void save(false);
              }}
            >
              <Row className="g-2 mb-3">
                {FIELDS.map(({ line, label, required, sm }) => (
                  <Form.Group as={Col} sm={sm} key={line} controlId={`fix-${line}`}>
                    <FieldLabel required={required}>{label}</FieldLabel>
                    <Form.Control
                      size="sm"
                      required={required}
                      value={address[line]}
                      onChange={(event) => setAddress((current) => ({ ...current, [line]: event.target.value }))}
                    />
                  </Form.Group>
                ))}
              </Row>
              <div className="d-flex flex-wrap gap-2">
                <Button type="submit" disabled={pending}>
                  Save
                </Button>
                <Button variant="outline-secondary" disabled={pending} onClick={() => void save(true)}>
                  Save Without Validation
                </Button>
              </div>
            </Form>
          </Panel>
        </Col>
        <Col lg={4}>
          <Panel title="Validation">
            <p className="mb-2">
              Score:{' '}
              <Badge bg={score === 'Highly Confident' ? 'success' : score === 'Changes Recommended' ? 'warning' : 'danger'} data-testid="fix-score">
                {score}
              </Badge>
            </p>
            {validationError && <p className="text-danger small">{validationError}</p>}
            <h4 className="h6">Suggested Addresses</h4>
            {candidates.length === 0 ? (
              <p className="small text-body-secondary">No suggestions.</p>
            ) : (
              <ListGroup as="ul" className="mb-2" aria-label="Suggested addresses">
                {candidates.map((candidate) => (
                  <ListGroup.Item as="li" key={addressText(candidate)} className="d-flex align-items-center gap-2 small">
                    <span className="me-auto">{addressText(candidate)}</span>
                    <Button size="sm" variant="outline-primary" onClick={() => takeCandidate(candidate)}>
                      Use
                    </Button>
                  </ListGroup.Item>
                ))}
              </ListGroup>
            )}
            <a href={webSearchUrl(address)} target="_blank" rel="noopener noreferrer" className="small">
              Search the web for this address
            </a>
          </Panel>
          <Panel title="Map">
            <AddressMap place={place} />
          </Panel>
        </Col>
      </Row>
    </>
  );
}
