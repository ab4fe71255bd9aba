import { usePageTitle } from '../../../lib/use-page-title';
import { useCreateItem } from '../api/create-item';
import { EMPTY_PRODUCT_VALUES, fieldRules } from '../product-form-values';
import { useSaveProduct } from '../use-save-product';
import { ProductForm } from './ProductForm';

/** /item_types/new: a new simple item. */
export function CreateProduct({ clientId, isAdmin }: { clientId: string; isAdmin: boolean }) {
  usePageTitle('Add New Product');
  const createItem = useCreateItem(clientId);
  const saveProduct = useSaveProduct(clientId, 'Success!');

  return (
    <section>
      <h2>Add New Product</h2>
      <ProductForm
        clientId={clientId}
        initialValues={EMPTY_PRODUCT_VALUES}
        rules={fieldRules({ isAdmin, isNew: true })}
        onSubmit={(fields) => saveProduct(() => createItem(fields))}
      />
    </section>
  );
}
