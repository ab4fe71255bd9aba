import { ListGroup } from 'react-bootstrap';
import { Link } from 'react-router';
import { Panel } from './Facts';

/** One check of a checklist as the API answers it (a shipment's, a group's). */
export interface ChecklistEntry {
  check: string;
  ok: boolean;
  message: string | null;
  /** Items lacking customs information (the customs check). */
  items: { upc: string; name: string; missing: string[] }[];
}

const CUSTOMS_FIELDS: Record<string, string> = {
  tariff_code: 'tariff code',
  customs_description: 'customs description',
  customs_origin: 'country of origin',
};

interface ChecklistPanelProps {
  clientId: string;
  checklist: ChecklistEntry[];
  /** Each check's title by its name. */
  titles: Record<string, string>;
}

/** The Validation panel: what a thing still needs before the warehouse takes it (spec part 3, §5), each item lacking customs information linked to its edit page. */
export function ChecklistPanel({ clientId, checklist, titles }: ChecklistPanelProps) {
  return (
    <Panel title="Validation">
      <ListGroup as="ul" variant="flush" aria-label="Validation checklist">
        {checklist.map((entry) => (
          <ListGroup.Item as="li" key={entry.check} className="px-0" data-testid={`check-${entry.check}`}>
            <span aria-hidden="true" className={entry.ok ? 'text-success' : 'text-danger'}>
              {entry.ok ? '✓' : '✗'}
            </span>{' '}
            {titles[entry.check] ?? entry.check}: <span className="fw-semibold">{entry.ok ? 'OK' : 'Missing'}</span>
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
