import { Nav } from 'react-bootstrap';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ListCell, pagedRows, ScrollingTable } from '../../../components/ScrollingTable';
import { formatDate } from '../../../lib/format-datetime';
import { codeLabel } from '../../../lib/labels';
import { usePageTitle } from '../../../lib/use-page-title';
import { useGroupPages } from '../api/get-groups';
import { GROUP_TABS, shipToLine, tabOf, tabSearch } from '../group-rules';
import type { ShipmentGroupRow } from '../types';

const yesNo = (flag: boolean) => (flag ? 'Yes' : 'No');

// Below this width (px) the list scrolls sideways rather than squeeze its nine columns.
const LIST_MIN_WIDTH = 900;

/** /{clientId}/ltl: the client's LTL shipment groups by tab (spec part 2, §2), newest first, scrolling through every page. */
export function GroupList({ clientId }: { clientId: string }) {
  usePageTitle('LTL');
  const [searchParams] = useSearchParams();
  const tab = tabOf(searchParams);
  const pages = pagedRows(useGroupPages(clientId, tab.query), (page) => page.shipment_groups);
  const navigate = useNavigate();
  const base = `/${clientId}/ltl`;

  return (
    <section>
      <h2 className="mb-3">LTL</h2>
      <Nav as="nav" variant="tabs" className="mb-3" activeKey={tab.label} aria-label="Shipment group filters">
        {GROUP_TABS.map((each) => (
          <Nav.Item key={each.label}>
            <Nav.Link as={Link} eventKey={each.label} to={tabSearch(each) || '?'} replace>
              {each.label}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      <ScrollingTable<ShipmentGroupRow>
        pages={pages}
        header={
          <>
            <th style={{ width: '6%' }}>ID</th>
            <th>Ship To</th>
            <th style={{ width: '10%' }}>Warehouse</th>
            <th style={{ width: '9%' }}>Inventory Allocated</th>
            <th style={{ width: '12%' }}>BOL</th>
            <th style={{ width: '9%' }}>Approved</th>
            <th style={{ width: '10%' }}>Desired Ship Date</th>
            <th style={{ width: '14%' }}>Status</th>
            <th style={{ width: '10%' }}>Shipments</th>
          </>
        }
        columnCount={9}
        rowKey={(group) => group.id}
        cells={(group) => (
          <>
            <ListCell text={group.id}>
              <Link to={`${base}/${group.id}`} onClick={(event) => event.stopPropagation()}>
                {group.id}
              </Link>
            </ListCell>
            <ListCell text={shipToLine(group.to_address)} />
            <ListCell text={group.warehouse_id} />
            <ListCell text={yesNo(group.inventory_allocated)} />
            <ListCell text={group.bol ? group.bol.name : 'None'} />
            <ListCell text={yesNo(group.approved)} />
            <ListCell text={formatDate(group.desired_ship_date)} />
            <ListCell text={codeLabel(group.status)} />
            <ListCell text={group.shipments_count} />
          </>
        )}
        onOpen={(group) => navigate(`${base}/${group.id}`)}
        resetKey={tab.label}
        emptyText="No shipment groups found."
        testId="groups-scroller"
        minWidth={LIST_MIN_WIDTH}
      />
    </section>
  );
}
