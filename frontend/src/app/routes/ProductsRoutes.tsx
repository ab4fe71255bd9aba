import type { ReactNode } from 'react';
import { Route, Routes, useParams } from 'react-router';
import { NotFoundPage } from '../../components/NotFoundPage';
import { ConvertToCasePack } from '../../features/products/components/ConvertToCasePack';
import { CreateCasePack } from '../../features/products/components/CreateCasePack';
import { CreateProduct } from '../../features/products/components/CreateProduct';
import { CreateVirtualBundle } from '../../features/products/components/CreateVirtualBundle';
import { EditProduct } from '../../features/products/components/EditProduct';
import { ProductDetail } from '../../features/products/components/ProductDetail';
import { ProductList } from '../../features/products/components/ProductList';
import { ReserveInventory } from '../../features/products/components/ReserveInventory';
import { BulkCasePacksUpload } from '../../features/uploads/components/BulkCasePacksUpload';
import { BulkItemsUpload } from '../../features/uploads/components/BulkItemsUpload';
import { pageNeeding } from '../current-user';

/** Pages of one product get its UPC from the path and start afresh when it changes. */
function ProductPage({ page: Page, clientId, isAdmin }: { page: ProductPageComponent; clientId: string; isAdmin: boolean }) {
  const { upc = '' } = useParams();
  return <Page key={upc} clientId={clientId} upc={upc} isAdmin={isAdmin} />;
}

type ProductPageComponent = (props: { clientId: string; upc: string; isAdmin: boolean }) => ReactNode;

/** /{clientId}/item_types/*: the products area. */
export function ProductsRoutes({ clientId, isAdmin }: { clientId: string; isAdmin: boolean }) {
  const productPage = (page: ProductPageComponent) => <ProductPage page={page} clientId={clientId} isAdmin={isAdmin} />;
  return (
    <Routes>
      <Route index element={<ProductList clientId={clientId} />} />
      <Route path="new_bulk" element={pageNeeding('create:items', <BulkItemsUpload clientId={clientId} />)} />
      <Route path="case_pack_types_bulk" element={pageNeeding('create:items', <BulkCasePacksUpload clientId={clientId} />)} />
      <Route path="new" element={pageNeeding('create:items', <CreateProduct clientId={clientId} isAdmin={isAdmin} />)} />
      <Route path="casepack_types_new" element={pageNeeding('create:items', <CreateCasePack clientId={clientId} isAdmin={isAdmin} />)} />
      <Route
        path="virtualbundle_types_new"
        element={pageNeeding('create:items', <CreateVirtualBundle clientId={clientId} isAdmin={isAdmin} />)}
      />
      <Route path=":upc" element={productPage(ProductDetail)} />
      <Route path=":upc/edit" element={pageNeeding('update:items', productPage(EditProduct))} />
      <Route path=":upc/reserve_inventory" element={pageNeeding('update:inventory', productPage(ReserveInventory))} />
      <Route path=":upc/convert_to_case_pack" element={pageNeeding('update:items', productPage(ConvertToCasePack))} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
