import { ListGroup } from 'react-bootstrap';
import { Link } from 'react-router';
import { Panel } from '../../../components/Facts';
import type { GroupCheck, GroupCheckName } from '../types';

const CHECK_TITLES: Record<GroupCheckName, string> = {
  address: 'Address validated',
  inventory: 'Inventory allocated for all shipments',
  customs: 'Customs information',
  bol: 'Bill of lading',
};

const CUSTOMS_FIELDS: Record<string, string> = {
  tariff_code: 'tariff code',
  customs_description: 'customs description',
  customs_origin: 'country of origin',
};

/** The validation panel (spec part 3, §5): what the load needs before the warehouse takes it, each item lacking customs information linked to its edit page. */
export function GroupChecklist({ clientId, checklist }: { clientId: string; checklist: GroupCheck[] }) {
  return (
    <Panel title="Validation">
      <ListGroup as="ul" variant="flush" aria-label="Validation checklist">
        {checklist.map((entry) => (
          <ListGroup.Item as="li" key={entry.check} className="px-0" data-testid={`check-${entry.check}`}>
            <span aria-hidden="true" className={entry.ok ? 'text-success' : 'text-danger'}>
              {entry.ok ? '✓' : '✗'}
            </span>{' '}
            {CHECK_TITLES[entry.check] ?? entry.check}: <span className="fw-semibold">{entry.ok ? 'OK' : 'Missing'}</span>
            {entry.message && <div className={entry.ok ? 'small' : 'small text-danger'}>{entry.message}</div>}
            {entry.items.length > 0 && (
              <ul className="small mb-0">
                {entry.items.map((item) => (
                  <li key={item.upc}>
                    <Link to={`/${clientId}/item_types/${encodeURIComponent(item.upc)}/edit`}>
                      {item.upc} {item.name}
                    </Link>{' '}
                    lacks {item.missing.map((field) => CUSTOMS_FIELDS[field] ?? field).join(', ')}
                  </li>
                ))}
              </ul>
            )}
          </ListGroup.Item>
        ))}
      </ListGroup>
    </Panel>
  );
}
