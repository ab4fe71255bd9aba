import { Badge, Col, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { Facts } from '../../../components/Facts';
import { LoadingView } from '../../../components/LoadingView';
import { RequestLogPanel } from '../../../components/request-log/RequestLogPanel';
import { useCan } from '../../../lib/current-user';
import { usePageTitle } from '../../../lib/use-page-title';
import { useItem } from '../api/get-item';
import { canConvertToCasePack, CASE_PACK_TYPE, isVirtual } from '../composite-types';
import { productPath } from '../paths';
import { InboundInventory } from './InboundInventory';
import { InventoryTable } from './InventoryTable';
import { OpenShipments } from './OpenShipments';
import { PhysicalSections, yesNo } from './PhysicalSections';
import { RelatedItemsTable } from './RelatedItemsTable';

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
