import { Badge } from 'react-bootstrap';
import { Link } from 'react-router';
import { addressFacts, Facts } from '../../../components/Facts';
import { formatDateTime } from '../../../lib/format-datetime';
import { codeLabel, shipMethodLabel } from '../../../lib/labels';
import type { Carrier, FulfillmentRequest, ShipProfile } from '../../../lib/models';
import { ANY_SHIP_METHOD, requestShipProfile } from '../ship-profiles';

export const yesNo = (flag: boolean) => (flag ? 'Yes' : 'No');

interface FactsProps {
  clientId: string;
  request: FulfillmentRequest;
  isAdmin: boolean;
  canChange: boolean;
}

/** The Fulfillment Request card: who asked for what, when (admins also see the internal ID). */
export function RequestCard({ request, isAdmin }: Pick<FactsProps, 'request' | 'isAdmin'>) {
  return (
    <Facts
      title="Fulfillment Request"
      facts={[
        ...(isAdmin ? ([['Internal ID', request.id]] as [string, number][]) : []),
        ['Fulfillment Request ID', request.fulfillment_request_id],
        ['Order ID', request.order_id],
        ['Warehouse', codeLabel(request.warehouse_id)],
        ['Order Date', formatDateTime(request.created_at)],
        ['Created By', request.created_by_username],
      ]}
    />
  );
}

/** The Shipping Address card, with a link to fix an invalid address. */
export function AddressCard({ clientId, request, canChange }: Omit<FactsProps, 'isAdmin'>) {
  const address = request.to_address;
  return (
    <Facts
      title="Shipping Address"
      facts={[
        ...addressFacts(address),
        [
          'Validation',
          address.validation_status === 'validated' ? (
            <Badge bg="success">Validated</Badge>
          ) : (
            <span>
              <Badge bg="danger">Invalid</Badge> {address.validation_error}{' '}
              {canChange && (
                // A request travelling in an LTL group shares the group's address: it is fixed there.
                <Link
                  to={
                    request.shipment_group_id === null
                      ? `/${clientId}/fulfillment_requests/fix_address?request=${request.id}`
                      : `/${clientId}/ltl/${request.shipment_group_id}/to_address`
                  }
                >
                  Fix Address
                </Link>
              )}
            </span>
          ),
        ],
      ]}
    />
  );
}

/** The Shipping Carrier and Method card, each code by its label. */
export function CarrierCard({ request, profiles, carriers }: { request: FulfillmentRequest; profiles?: ShipProfile[]; carriers?: Carrier[] }) {
  return (
    <Facts
      title="Shipping Carrier and Method"
      facts={[
        ['Ship Profile ID', requestShipProfile(request.ship_profile_id, profiles)],
        ['Ship Method', request.ship_method ? shipMethodLabel(request.ship_method, carriers) : ANY_SHIP_METHOD],
        ['Shipment Type', codeLabel(request.shipment_type)],
        ['Billing', codeLabel(request.billing_type)],
        ['Saturday Delivery', yesNo(request.saturday_delivery)],
        ['Signature Required', yesNo(request.signature_required)],
      ]}
    />
  );
}
