import { Badge, Col, Row } from 'react-bootstrap';
import { Facts, Panel } from '../../../components/Facts';
import { Link } from 'react-router';
import { useCan } from '../../../lib/current-user';
import { LoadingView } from '../../../components/LoadingView';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { formatDate, formatDateTime } from '../../../lib/format-datetime';
import { codeLabel } from '../../../lib/labels';
import { RequestLogPanel } from '../../../components/request-log/RequestLogPanel';
import type { ItemType } from '../../../lib/models';
import { usePageTitle } from '../../../lib/use-page-title';
import { useItem } from '../api/get-item';
import { canConvertToCasePack, CASE_PACK_TYPE, isVirtual } from '../composite-types';
import { productPath } from '../paths';

/** /item_types/{upc}: everything about one product. */
export function ProductDetail({ clientId, upc }: { clientId: string; upc: string }) {
  const { data: item, error } = useItem(clientId, upc);
  const canUpdate = useCan('update:items');
  const canReserve = useCan('update:inventory');
  usePageTitle(item?.name ?? 'Product');

  if (error) return <h2>Product {upc}</h2>;
  if (!item) return <LoadingView />;

  const path = productPath(clientId, item.upc);
  const virtual = isVirtual(item);

  return (
    <section>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h2 className="mb-0 me-auto">
          {item.name} <Badge bg="secondary" className="fs-6 align-middle">{item.composite_type_name}</Badge>
        </h2>
        {!virtual && canReserve && (
          <Link to={`${path}/reserve_inventory`} className="btn btn-outline-primary btn-sm">
            Reserve Inventory
          </Link>
        )}
        {canUpdate && (
          <Link to={`${path}/edit`} className="btn btn-outline-primary btn-sm">
            Edit
          </Link>
        )}
        {canUpdate && canConvertToCasePack(item) && (
          <Link to={`${path}/convert_to_case_pack`} className="btn btn-outline-primary btn-sm">
            Convert to Case Pack
          </Link>
        )}
      </div>
      <Row>
        <Col lg={6}>
          <Facts
            title="Identity"
            facts={[
              ['Item ID', item.id],
              ['UPC', item.upc],
              ['SKU', item.sku],
              ['Has Serial Number', yesNo(item.requires_serial_number)],
            ]}
          />
        </Col>
        <Col lg={6}>
          <Facts
            title="Organization"
            facts={[
              ['Category', item.category],
              ['Subcategory', item.subcategory],
            ]}
          />
        </Col>
      </Row>
      {!virtual && <PhysicalSections item={item} />}
      <InventoryTable item={item} />
      <InboundInventory item={item} />
      {item.composite_type === CASE_PACK_TYPE && (
        <RelatedItemsTable title="Case Pack Contents" empty="No child items." items={item.children} clientId={clientId} />
      )}
      {virtual && <RelatedItemsTable title="Child Items" empty="No child items." items={item.children} clientId={clientId} />}
      <RelatedItemsTable
        title="Bundles and Case Packs"
        empty="This product is in no bundle or case pack."
        items={item.composite_parents}
        clientId={clientId}
        showType
      />
      <Facts
        title="Shopify"
        facts={[
          ['Variant ID', item.shopify_variant_id],
          ['Inventory Item ID', item.shopify_inventory_item_id],
          ['Sync Inventory', yesNo(item.shopify_inventory_sync)],
        ]}
      />
      <OpenShipments item={item} clientId={clientId} />
      <RequestLogPanel clientId={clientId} objectType="item_type" objectId={item.upc} />
    </section>
  );
}

const yesNo = (flag: boolean) => (flag ? 'Yes' : 'No');
const formatArrival = (isoDate: string | null) => (isoDate === null ? '' : formatDate(isoDate));
const money = (amount: number | null) => (amount === null ? null : amount.toFixed(2));

/** A figure of the physical description; a missing one is shown in danger style, since shipping needs it. */
function Measure({ value, unit }: { value: number | null; unit: string }) {
  if (value === null) return <span className="text-danger fw-bold">missing</span>;
  return (
    <span>
      {value} {unit}
    </span>
  );
}

function PhysicalSections({ item }: { item: ItemType }) {
  return (
    <Row>
      <Col lg={4}>
        <Facts
          title="Physical Description"
          facts={[
            [
              'Dimensions',
              <span data-testid="dimensions">
                <Measure value={item.length} unit="in" /> x <Measure value={item.width} unit="in" /> x{' '}
                <Measure value={item.height} unit="in" />
              </span>,
            ],
            ['Weight', <Measure value={item.weight} unit="lbs" />],
          ]}
        />
      </Col>
      <Col lg={4}>
        <Facts
          title="Shipping"
          facts={[
            ['Ships In Own Container', yesNo(item.ships_in_own_container)],
            ['Hazmat', yesNo(item.hazmat)],
            ['NMFC Code', item.nmfc_code],
          ]}
        />
      </Col>
      <Col lg={4}>
        <Facts
          title="Customs Information"
          facts={[
            ['Description', item.customs_description],
            ['Cost', money(item.cost)],
            ['Value', money(item.value)],
            ['Tariff Code', item.tariff_code],
            ['Country Of Origin', item.customs_origin],
          ]}
        />
      </Col>
    </Row>
  );
}

function InventoryTable({ item }: { item: ItemType }) {
  if (isVirtual(item)) {
    return (
      <Panel title="Inventory">
        <p className="text-muted small">
          A {item.composite_type_name.toLowerCase()} holds no stock of its own: available is what its child items can build.
        </p>
        <ResponsiveTable size="sm" className="mb-0" label="Inventory">
          <thead>
            <tr>
              <th>Location</th>
              <th>Available</th>
              <th>Limited By</th>
            </tr>
          </thead>
          <tbody>
            {item.inventory.map((row) => (
              <tr key={row.location}>
                <td>{row.location}</td>
                <td>{row.available}</td>
                <td>{row.limiting_child && 'name' in row.limiting_child ? row.limiting_child.name : ''}</td>
              </tr>
            ))}
          </tbody>
        </ResponsiveTable>
      </Panel>
    );
  }
  return (
    <Panel title="Inventory">
      <ResponsiveTable size="sm" className="mb-0" label="Inventory">
        <thead>
          <tr>
            <th>Location</th>
            <th>Unbound</th>
            <th>Reserved</th>
            <th>Bound</th>
            <th>Available</th>
          </tr>
        </thead>
        <tbody>
          {item.inventory.map((row) => (
            <tr key={row.location}>
              <td>{row.location}</td>
              <td>{row.unbound}</td>
              <td>{row.reserved}</td>
              <td>{row.bound}</td>
              <td>{row.available}</td>
            </tr>
          ))}
        </tbody>
      </ResponsiveTable>
    </Panel>
  );
}

function InboundInventory({ item }: { item: ItemType }) {
  const lines = item.open_asns.flatMap((asn) =>
    asn.expected_inbound_shipments.flatMap((shipment) =>
      shipment.expected_inbound_shipment_items.map((line) => ({ asn, shipment, line })),
    ),
  );
  return (
    <Panel title="Inbound Inventory">
      {lines.length === 0 ? (
        <p className="text-muted mb-0">No open ASNs for this product.</p>
      ) : (
        <ResponsiveTable size="sm" className="mb-0" label="Inbound Inventory">
          <thead>
            <tr>
              <th>ASN ID</th>
              <th>Warehouse</th>
              <th>Tracking</th>
              <th>Expected Arrival</th>
              <th>Expected</th>
              <th>Received</th>
            </tr>
          </thead>
          <tbody>
            {lines.map(({ asn, shipment, line }) => (
              <tr key={line.id}>
                <td>{asn.external_id}</td>
                <td>{asn.warehouse_id}</td>
                <td>{shipment.tracking_id}</td>
                <td>{formatArrival(shipment.expected_arrival_date ?? asn.expected_arrival_date)}</td>
                <td>{line.quantity}</td>
                <td>{line.received_quantity}</td>
              </tr>
            ))}
          </tbody>
        </ResponsiveTable>
      )}
    </Panel>
  );
}

interface RelatedItem {
  id: number;
  upc: string;
  sku: string;
  name: string;
  quantity: number;
  composite_type_name?: string;
}

/** Items linked to this one (its children or its parents), each linking to its own page. */
function RelatedItemsTable({ title, empty, items, clientId, showType = false }: {
  title: string;
  empty: string;
  items: RelatedItem[];
  clientId: string;
  showType?: boolean;
}) {
  return (
    <Panel title={title}>
      {items.length === 0 ? (
        <p className="text-muted mb-0">{empty}</p>
      ) : (
        <ResponsiveTable size="sm" className="mb-0" label={title}>
          <thead>
            <tr>
              <th>Name</th>
              {showType && <th>Type</th>}
              <th>SKU</th>
              <th>UPC</th>
              <th>Quantity</th>
            </tr>
          </thead>
          <tbody>
            {items.map((related) => (
              <tr key={related.id}>
                <td>
                  <Link to={productPath(clientId, related.upc)}>{related.name}</Link>
                </td>
                {showType && <td>{related.composite_type_name}</td>}
                <td>{related.sku}</td>
                <td>{related.upc}</td>
                <td>{related.quantity}</td>
              </tr>
            ))}
          </tbody>
        </ResponsiveTable>
      )}
    </Panel>
  );
}

function OpenShipments({ item, clientId }: { item: ItemType; clientId: string }) {
  return (
    <Panel title="Open Shipments">
      {item.open_shipments.length === 0 ? (
        <p className="text-muted mb-0">No open shipments.</p>
      ) : (
        <ResponsiveTable size="sm" className="mb-0" label="Open Shipments">
          <thead>
            <tr>
              <th>Order ID</th>
              <th>Fulfillment Request</th>
              <th>Shipment</th>
              <th>Order Date</th>
              <th>Status</th>
              <th>Warehouse</th>
              <th>Allocated</th>
              <th>Needed</th>
            </tr>
          </thead>
          <tbody>
            {item.open_shipments.map((shipment) => (
              <tr key={shipment.shipment_id}>
                <td>{shipment.order_id}</td>
                <td>
                  <Link to={`/${clientId}/fulfillment_requests/${shipment.request_id}`}>{shipment.fulfillment_request_id}</Link>
                </td>
                <td>{shipment.shipment_id}</td>
                <td>{formatDateTime(shipment.order_date)}</td>
                <td>{codeLabel(shipment.status)}</td>
                <td>{codeLabel(shipment.warehouse_id)}</td>
                <td>{shipment.quantity_allocated}</td>
                <td>{shipment.quantity_needed}</td>
              </tr>
            ))}
          </tbody>
        </ResponsiveTable>
      )}
    </Panel>
  );
}
