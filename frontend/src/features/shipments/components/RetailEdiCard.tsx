import { Fragment, useState } from 'react';
import { Button } from 'react-bootstrap';
import { Panel } from '../../../components/Facts';
import { LoadingView } from '../../../components/LoadingView';
import { formatDate } from '../../../lib/format-datetime';
import { codeLabel } from '../../../lib/labels';
import { useShipmentDetails } from '../api/get-shipment-details';
import { EDI_FIELDS } from '../edi';
import type { EdiDetails } from '../../../lib/models';
import type { Shipment } from '../types';
import { EdiModal } from './EdiModal';

interface RetailEdiCardProps {
  clientId: string;
  shipment: Shipment;
  /** The retailers the request form offers. */
  retailers: readonly string[];
}

/** Retail EDI: the retailer, cancel date, PO number and store details of a retail shipment, changed in the 'Change EDI Information' modal while allowed. */
export function RetailEdiCard({ clientId, shipment, retailers }: RetailEdiCardProps) {
  const [editing, setEditing] = useState(false);
  const { data: details, isLoading } = useShipmentDetails(clientId, shipment.id);

  return (
    <Panel title="Retail EDI">
      {isLoading ? <LoadingView /> : details ? <EdiFacts details={details} /> : <p>Not a retail shipment.</p>}
      {shipment.allowed_actions.includes('edit_details') && (
        <Button size="sm" variant="outline-primary" onClick={() => setEditing(true)}>
          Change EDI Information
        </Button>
      )}
      {editing && (
        <EdiModal clientId={clientId} shipmentId={shipment.id} details={details ?? undefined} retailers={retailers} onClose={() => setEditing(false)} />
      )}
    </Panel>
  );
}

function EdiFacts({ details }: { details: EdiDetails }) {
  const facts: [string, string | null][] = [
    ['Retailer', codeLabel(details.retailer)],
    ['Cancel Date', details.cancel_date ? formatDate(details.cancel_date) : ''],
    ['PO Number', details.po_number],
    ...EDI_FIELDS.filter(([name]) => details[name]).map(([name, label]): [string, string | null] => [label, details[name]]),
  ];
  return (
    <dl className="row">
      {facts.map(([label, value]) => (
        <Fragment key={label}>
          <dt className="col-sm-3">{label}</dt>
          <dd className="col-sm-9 mb-1 text-break">{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
