import { Badge } from 'react-bootstrap';
import { Link } from 'react-router';
import { codeLabel } from '../lib/labels';
import { addressFacts, Facts } from './Facts';

type CheckedAddress = Parameters<typeof addressFacts>[0] & {
  validation_status: string;
  validation_error: string | null;
};

/** The Ship To card of a shipment or a group: the address, how it validated, and a link to change it when `changePath` is given. */
export function ShipToCard({ address, changePath }: { address: CheckedAddress; changePath?: string }) {
  const status = address.validation_status;
  return (
    <Facts
      title="Ship To"
      facts={[
        ...addressFacts(address),
        [
          'Validation',
          <span key="validation">
            <Badge bg={status === 'invalid' ? 'danger' : status === 'skipped' ? 'secondary' : 'success'}>
              {status === 'skipped' ? 'Not Validated' : codeLabel(status)}
            </Badge>{' '}
            {address.validation_error} {changePath && <Link to={changePath}>Change Address</Link>}
          </span>,
        ],
      ]}
    />
  );
}
