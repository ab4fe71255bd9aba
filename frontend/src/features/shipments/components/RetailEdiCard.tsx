import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { Facts } from '../../../components/Facts';
import { LoadingView } from '../../../components/LoadingView';
import { formatDate } from '../../../lib/format-datetime';
import { codeLabel } from '../../../lib/labels';
import { useShipmentDetails } from '../api/get-shipment-details';
import { EDI_FIELDS } from '../edi';
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
  const hasDetails = shipment.shipment_details_id !== null;
  const { data: details, isLoading } = useShipmentDetails(clientId, shipment.id, hasDetails);
  const canChange = shipment.allowed_actions.includes('edit_details');

  return (
    <>
      {isLoading ? (
        <LoadingView />
      ) : (
        <Facts
          title="Retail EDI"
          facts={
            details
              ? [
                  ['Retailer', codeLabel(details.retailer)],
                  ['Cancel Date', details.cancel_date ? formatDate(details.cancel_date) : ''],
                  ['PO Number', details.po_number],
                  ...EDI_FIELDS.filter(([name]) => details[name]).map(([name, label]): [string, string | null] => [label, details[name]]),
                ]
              : [['EDI', 'Not a retail shipment']]
          }
        />
      )}
      {canChange && (
        <div className="mb-3">
          <Button size="sm" variant="outline-primary" onClick={() => setEditing(true)}>
            Change EDI Information
          </Button>
        </div>
      )}
      {editing && (
        <EdiModal clientId={clientId} shipmentId={shipment.id} details={details} retailers={retailers} onClose={() => setEditing(false)} />
      )}
    </>
  );
}
