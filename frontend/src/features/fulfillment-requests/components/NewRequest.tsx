import { useState, type ReactNode } from 'react';
import { Button, Col, Form, ListGroup, Row, Table } from 'react-bootstrap';
import { useNavigate } from 'react-router';
import { flashState } from '../../../components/Alerts';
import { Panel } from '../../../components/Facts';
import { FieldLabel } from '../../../components/FieldLabel';
import { LoadingView } from '../../../components/LoadingView';
import { useMutation } from '../../../lib/use-mutation';
import { usePageTitle } from '../../../lib/use-page-title';
import type { ItemSummary } from '../../../lib/models';
import { useCarriers } from '../../../lib/reference-data/get-carriers';
import { useShipmentTypes } from '../../../lib/reference-data/get-shipment-types';
import { useShipProfiles } from '../../../lib/reference-data/get-ship-profiles';
import { createRequest } from '../api/create-request';
import { lookUpZip } from '../api/look-up-zip';
import { daysBefore } from '../request-filters';
import { ANY_SHIP_METHOD, NO_SHIP_PROFILE, shipProfileName } from '../ship-profiles';
import {
  BILLING_TYPES,
  billingFieldsShow,
  EDI_DETAILS,
  EDI_RETAILERS,
  FILL_TYPES,
  isAbroad,
  MAX_CUSTOMS_VALUE,
  MAX_QUANTITY,
  newRequestValues,
  requestPayload,
  saturdayAllowed,
  PACKING_OPTIONS,
  SET_TYPES,
  shipMethodsOf,
  WAREHOUSES,
  type NewRequestValues,
} from '../new-request';

type Address = NewRequestValues['address'];

/** Items of the catalogue matching a term: the products feature's search, handed over by the route. */
export type ItemSearchHook = (clientId: string, term: string) => { data?: ItemSummary[] };

interface NewRequestProps {
  clientId: string;
  useItemSearch: ItemSearchHook;
}

/** /fulfillment_requests/new: the five sections of the new-request form. */
export function NewRequest({ clientId, useItemSearch }: NewRequestProps) {
  usePageTitle('New Fulfillment Request');
  const { data: profiles } = useShipProfiles(clientId);
  const { data: carriers } = useCarriers();
  const { data: shipmentTypes } = useShipmentTypes();
  if (!profiles || !carriers || !shipmentTypes) return <LoadingView />;
  return (
    <RequestForm
      clientId={clientId}
      useItemSearch={useItemSearch}
      profiles={profiles}
      carriers={carriers}
      shipmentTypes={shipmentTypes.shipment_types.map((type) => type.name)}
      initial={newRequestValues(daysBefore(new Date(), 0), shipmentTypes.default_shipment_type)}
    />
  );
}

interface RequestFormProps {
  clientId: string;
  useItemSearch: ItemSearchHook;
  profiles: NonNullable<ReturnType<typeof useShipProfiles>['data']>;
  carriers: NonNullable<ReturnType<typeof useCarriers>['data']>;
  shipmentTypes: string[];
  initial: NewRequestValues;
}

function RequestForm({ clientId, useItemSearch, profiles, carriers, shipmentTypes, initial }: RequestFormProps) {
  const [values, setValues] = useState(initial);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const { run, pending } = useMutation();
  const navigate = useNavigate();
  const profile = profiles.find((candidate) => String(candidate.id) === values.shipProfileId);
  const methods = shipMethodsOf(profile, carriers);
  const abroad = isAbroad(values.address.country);
  const set = <Field extends keyof NewRequestValues>(field: Field, value: NewRequestValues[Field]) =>
    setValues((current) => ({ ...current, [field]: value }));
  const setAddress = (field: keyof Address, value: string) =>
    setValues((current) => ({ ...current, address: { ...current.address, [field]: value } }));

  async function fillCityFromZip() {
    const zip = values.address.postalCode.trim();
    if (abroad || !/^\d{5}(-\d{4})?$/.test(zip) || (values.address.city && values.address.state)) return;
    const found = await run(() => lookUpZip(zip.slice(0, 5)));
    if (found) {
      setValues((current) => ({
        ...current,
        address: { ...current.address, city: current.address.city || found.default_city, state: current.address.state || found.default_state },
      }));
    }
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const created = await run(() => createRequest(clientId, requestPayload(values, carriers, profiles), idempotencyKey));
    if (created) navigate(`/${clientId}/fulfillment_requests/${created.id}`, { state: flashState('success', 'Created!') });
  }

  return (
    <Form onSubmit={submit} style={{ maxWidth: 1100 }}>
      <h2>New Fulfillment Request</h2>
      <Panel title="Request Details">
        <Row className="g-2">
          <Field label="Fulfillment Request ID" id="fr-id" sm={4} required>
            <Form.Control required maxLength={100} value={values.fulfillmentRequestId} onChange={(e) => set('fulfillmentRequestId', e.target.value)} />
          </Field>
          <Field label="Order ID" id="fr-order" sm={4}>
            <Form.Control maxLength={100} value={values.orderId} onChange={(e) => set('orderId', e.target.value)} />
          </Field>
          {(['reference1', 'reference2', 'reference3'] as const).map((field, index) => (
            <Field key={field} label={`Reference ${index + 1}`} id={`fr-${field}`} sm={index === 0 ? 4 : 6}>
              <Form.Control maxLength={100} value={values[field]} onChange={(e) => set(field, e.target.value)} />
            </Field>
          ))}
          <Field label="Warehouse" id="fr-warehouse" sm={3} required>
            <Form.Select required value={values.warehouseId} onChange={(e) => set('warehouseId', e.target.value as NewRequestValues['warehouseId'])}>
              {WAREHOUSES.map((code) => (
                <option key={code}>{code}</option>
              ))}
            </Form.Select>
          </Field>
          <Field label="Fill Type" id="fr-fill-type" sm={3}>
            <Form.Select value={values.fillType} onChange={(e) => set('fillType', e.target.value as NewRequestValues['fillType'])}>
              {FILL_TYPES.map((fillType) => (
                <option key={fillType}>{fillType}</option>
              ))}
            </Form.Select>
          </Field>
          <Field label="Shipment Type" id="fr-shipment-type" sm={3} required>
            <Form.Select required value={values.shipmentType} onChange={(e) => set('shipmentType', e.target.value)}>
              {shipmentTypes.map((name) => (
                <option key={name}>{name}</option>
              ))}
            </Form.Select>
          </Field>
          <Field label="Desired Ship Date" id="fr-date" sm={3}>
            <Form.Control type="date" min={initial.desiredShipDate} value={values.desiredShipDate} onChange={(e) => set('desiredShipDate', e.target.value)} />
          </Field>
        </Row>
        <Form.Check
          className="mt-2"
          id="fr-ship-together"
          label="Ship together (needs a warehouse other than optimal and fill type complete)"
          checked={values.shipTogether}
          disabled={values.warehouseId === 'optimal' || values.fillType !== 'complete'}
          onChange={(e) => set('shipTogether', e.target.checked)}
        />
      </Panel>

      <Panel title="Shipping Details">
        <Row className="g-2">
          <Field label="Ship Profile" id="fr-profile" sm={4}>
            <Form.Select value={values.shipProfileId} onChange={(e) => setValues((current) => ({ ...current, shipProfileId: e.target.value, shipMethod: '', saturdayDelivery: false }))}>
              <option value="">{NO_SHIP_PROFILE}</option>
              {profiles.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {shipProfileName(candidate)}
                </option>
              ))}
            </Form.Select>
          </Field>
          <Field label="Ship Method" id="fr-method" sm={4}>
            <Form.Select value={values.shipMethod} disabled={!profile} onChange={(e) => setValues((current) => ({ ...current, shipMethod: e.target.value, saturdayDelivery: false }))}>
              <option value="">{ANY_SHIP_METHOD}</option>
              {methods.map((method) => (
                <option key={method.code} value={method.code}>
                  {method.name}
                </option>
              ))}
            </Form.Select>
          </Field>
          <Field label="Billing" id="fr-billing" sm={4}>
            <Form.Select value={values.billingType} onChange={(e) => set('billingType', e.target.value as NewRequestValues['billingType'])}>
              {BILLING_TYPES.map((billingType) => (
                <option key={billingType}>{billingType}</option>
              ))}
            </Form.Select>
          </Field>
          {billingFieldsShow(values.billingType) && (
            <>
              <Field label="Billing Account" id="fr-billing-account" sm={4} required>
                <Form.Control required maxLength={60} value={values.billingAccount} onChange={(e) => set('billingAccount', e.target.value)} />
              </Field>
              <Field label="Billing Postal Code" id="fr-billing-postal" sm={4} required>
                <Form.Control required maxLength={20} value={values.billingPostalCode} onChange={(e) => set('billingPostalCode', e.target.value)} />
              </Field>
            </>
          )}
          <Field label="Incoterm" id="fr-incoterm" sm={4}>
            <Form.Select value={values.incoterm} onChange={(e) => set('incoterm', e.target.value as NewRequestValues['incoterm'])}>
              <option value=""></option>
              <option>DDU</option>
              <option>DDP</option>
            </Form.Select>
          </Field>
        </Row>
        <div className="d-flex gap-4 mt-2">
          <Form.Check
            id="fr-saturday"
            label="Saturday Delivery (UPS and FedEx express only)"
            checked={values.saturdayDelivery}
            disabled={!saturdayAllowed(profile, carriers, values.shipMethod)}
            onChange={(e) => set('saturdayDelivery', e.target.checked)}
          />
          <Form.Check id="fr-signature" label="Signature Required" checked={values.signatureRequired} onChange={(e) => set('signatureRequired', e.target.checked)} />
        </div>
        <div className="d-flex flex-wrap gap-4 mt-2">
          {PACKING_OPTIONS.map(([option, label]) => (
            <Form.Check
              key={option}
              id={`fr-${option}`}
              label={label}
              checked={values.options[option]}
              onChange={(e) => set('options', { ...values.options, [option]: e.target.checked })}
            />
          ))}
        </div>
      </Panel>

      <Panel title="Ship To Address">
        <Row className="g-2">
          <AddressField label="Name" field="name" values={values.address} onChange={setAddress} required sm={6} />
          <AddressField label="Company" field="company" values={values.address} onChange={setAddress} sm={6} />
          <AddressField label="Address 1" field="address1" values={values.address} onChange={setAddress} required sm={6} />
          <AddressField label="Address 2" field="address2" values={values.address} onChange={setAddress} sm={3} />
          <AddressField label="Address 3" field="address3" values={values.address} onChange={setAddress} sm={3} />
          <Field label="Postal Code" id="fr-address-postalCode" sm={3} required>
            <Form.Control required maxLength={20} value={values.address.postalCode} onChange={(e) => setAddress('postalCode', e.target.value)} onBlur={fillCityFromZip} />
          </Field>
          <AddressField label="City" field="city" values={values.address} onChange={setAddress} required sm={3} />
          <AddressField label="State" field="state" values={values.address} onChange={setAddress} required sm={3} />
          <AddressField label="Country" field="country" values={values.address} onChange={setAddress} required sm={3} />
          <AddressField label="Phone" field="phone" values={values.address} onChange={setAddress} required sm={6} />
          <AddressField label="E-mail" field="email" values={values.address} onChange={setAddress} sm={6} />
        </Row>
      </Panel>

      <Panel title="EDI Retail Shipments">
        <Form.Check
          id="fr-edi"
          label="This is a retail (EDI) shipment"
          checked={values.edi.enabled}
          onChange={(e) => set('edi', { ...values.edi, enabled: e.target.checked })}
        />
        {values.edi.enabled && (
          <Row className="g-2 mt-1">
            <Field label="Retailer" id="fr-edi-retailer" sm={4} required>
              <Form.Select required value={values.edi.retailer} onChange={(e) => set('edi', { ...values.edi, retailer: e.target.value })}>
                <option value="">Choose a retailer</option>
                {EDI_RETAILERS.map((retailer) => (
                  <option key={retailer}>{retailer}</option>
                ))}
              </Form.Select>
            </Field>
            <Field label="Cancel Date" id="fr-edi-cancel" sm={4} required>
              <Form.Control required type="date" min={initial.desiredShipDate} value={values.edi.cancelDate} onChange={(e) => set('edi', { ...values.edi, cancelDate: e.target.value })} />
            </Field>
            <Field label="PO Number" id="fr-edi-po" sm={4} required>
              <Form.Control required maxLength={60} value={values.edi.poNumber} onChange={(e) => set('edi', { ...values.edi, poNumber: e.target.value })} />
            </Field>
            {EDI_DETAILS.map(([detail, label]) => (
              <Field key={detail} label={label} id={`fr-edi-${detail}`} sm={3}>
                <Form.Control
                  maxLength={100}
                  value={values.edi.details[detail] ?? ''}
                  onChange={(e) => set('edi', { ...values.edi, details: { ...values.edi.details, [detail]: e.target.value } })}
                />
              </Field>
            ))}
          </Row>
        )}
      </Panel>

      <ItemsSection clientId={clientId} useItemSearch={useItemSearch} values={values} abroad={abroad} onChange={setValues} />

      <Button type="submit" disabled={pending || values.items.length === 0}>
        Create
      </Button>
    </Form>
  );
}

interface FieldProps {
  label: string;
  id: string;
  sm: number;
  /** Marks the label; the control inside says required itself. */
  required?: boolean;
  children: ReactNode;
}

function Field({ label, id, sm, required = false, children }: FieldProps) {
  return (
    <Form.Group as={Col} sm={sm} controlId={id}>
      <FieldLabel required={required}>{label}</FieldLabel>
      {children}
    </Form.Group>
  );
}

interface AddressFieldProps {
  label: string;
  field: keyof Address;
  values: Address;
  onChange: (field: keyof Address, value: string) => void;
  required?: boolean;
  sm: number;
}

function AddressField({ label, field, values, onChange, required = false, sm }: AddressFieldProps) {
  return (
    <Field label={label} id={`fr-address-${field}`} sm={sm} required={required}>
      <Form.Control required={required} maxLength={200} value={values[field]} onChange={(e) => onChange(field, e.target.value)} />
    </Field>
  );
}

interface ItemsSectionProps {
  clientId: string;
  useItemSearch: ItemSearchHook;
  values: NewRequestValues;
  abroad: boolean;
  onChange: (update: (current: NewRequestValues) => NewRequestValues) => void;
}

/** The Items section: found by searching the catalogue, one line per UPC, starting at quantity 1. */
function ItemsSection({ clientId, useItemSearch, values, abroad, onChange }: ItemsSectionProps) {
  const [term, setTerm] = useState('');
  const { data: found } = useItemSearch(clientId, term);
  const chosen = new Set(values.items.map((line) => line.upc));
  const setLine = (upc: string, changes: Partial<NewRequestValues['items'][number]>) =>
    onChange((current) => ({ ...current, items: current.items.map((line) => (line.upc === upc ? { ...line, ...changes } : line)) }));

  return (
    <Panel title="Items">
      <Row className="g-2 mb-2">
        <Field label="Set Type" id="fr-set-type" sm={4}>
          <Form.Select value={values.setType} onChange={(e) => onChange((current) => ({ ...current, setType: e.target.value as NewRequestValues['setType'] }))}>
            {SET_TYPES.map((type) => (
              <option key={type}>{type}</option>
            ))}
          </Form.Select>
        </Field>
        <Field label="Gift Note" id="fr-gift-note" sm={8}>
          <Form.Control placeholder="Max. 500 characters" maxLength={500} value={values.giftNote} onChange={(e) => onChange((current) => ({ ...current, giftNote: e.target.value }))} />
        </Field>
      </Row>
      <Form.Group controlId="fr-item-search" className="mb-2">
        <Form.Label>Add an item</Form.Label>
        <Form.Control type="search" placeholder="Search the catalogue by name, SKU or UPC" value={term} onChange={(e) => setTerm(e.target.value)} />
      </Form.Group>
      {found && term.trim().length >= 2 && (
        <ListGroup className="mb-3" aria-label="Catalogue matches">
          {found.filter((item) => !chosen.has(item.upc)).map((item) => (
            <ListGroup.Item
              key={item.upc}
              action
              onClick={() => {
                onChange((current) => ({ ...current, items: [...current.items, { upc: item.upc, name: item.name, quantity: '1', customsValue: '' }] }));
                setTerm('');
              }}
            >
              {item.name} <span className="text-muted">({item.upc})</span>
            </ListGroup.Item>
          ))}
          {found.length === 0 && <ListGroup.Item disabled>No items found.</ListGroup.Item>}
        </ListGroup>
      )}
      <Table size="sm" aria-label="Request items">
        <thead>
          <tr>
            <th>UPC</th>
            <th>Name</th>
            <th style={{ width: 120 }}>Quantity</th>
            {abroad && <th style={{ width: 160 }}>Customs Value</th>}
            <th style={{ width: 90 }}></th>
          </tr>
        </thead>
        <tbody>
          {values.items.map((line) => (
            <tr key={line.upc}>
              <td>{line.upc}</td>
              <td>{line.name}</td>
              <td>
                <Form.Control type="number" size="sm" required min={1} max={MAX_QUANTITY} step={1} aria-label={`Quantity of ${line.upc}`} value={line.quantity} onChange={(e) => setLine(line.upc, { quantity: e.target.value })} />
              </td>
              {abroad && (
                <td>
                  <Form.Control type="number" size="sm" required min={0} max={MAX_CUSTOMS_VALUE} step="0.01" aria-label={`Customs value of ${line.upc}`} value={line.customsValue} onChange={(e) => setLine(line.upc, { customsValue: e.target.value })} />
                </td>
              )}
              <td>
                <Button variant="link" size="sm" onClick={() => onChange((current) => ({ ...current, items: current.items.filter((other) => other.upc !== line.upc) }))}>
                  Remove
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      {values.items.length === 0 && <p className="text-muted mb-0">Add at least one item.</p>}
    </Panel>
  );
}
