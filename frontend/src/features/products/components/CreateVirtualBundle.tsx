import { usePageTitle } from '../../../lib/use-page-title';
import { useCreateVirtualBundle } from '../api/create-virtual-bundle';
import { EMPTY_PRODUCT_VALUES, fieldRules } from '../product-form-values';
import { useSaveProduct } from '../use-save-product';
import { ProductForm } from './ProductForm';

/** /item_types/virtualbundle_types_new: a new bundle built from simple items; its children can only be chosen here. */
export function CreateVirtualBundle({ clientId, isAdmin }: { clientId: string; isAdmin: boolean }) {
  usePageTitle('Add New Virtual Bundle');
  const createVirtualBundle = useCreateVirtualBundle(clientId);
  const saveProduct = useSaveProduct(clientId, 'Success!');

  return (
    <section>
      <h2>Add New Virtual Bundle</h2>
      <ProductForm
        clientId={clientId}
        initialValues={EMPTY_PRODUCT_VALUES}
        rules={fieldRules({ isAdmin, isNew: true })}
        composite={{ kind: 'virtual_bundle', initialLines: [], removable: true }}
        onSubmit={(fields, children) => saveProduct(() => createVirtualBundle(fields, children))}
      />
    </section>
  );
}
