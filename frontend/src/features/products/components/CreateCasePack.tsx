import { usePageTitle } from '../../../lib/use-page-title';
import { useCreateCasePack } from '../api/create-case-pack';
import { EMPTY_PRODUCT_VALUES, fieldRules } from '../product-form-values';
import { useSaveProduct } from '../use-save-product';
import { ProductForm } from './ProductForm';

/** /item_types/casepack_types_new: a new case pack of one simple item. */
export function CreateCasePack({ clientId, isAdmin }: { clientId: string; isAdmin: boolean }) {
  usePageTitle('Add New Case Pack');
  const createCasePack = useCreateCasePack(clientId);
  const saveProduct = useSaveProduct(clientId, 'Success!');

  return (
    <section>
      <h2>Add New Case Pack</h2>
      <ProductForm
        clientId={clientId}
        initialValues={EMPTY_PRODUCT_VALUES}
        rules={fieldRules({ isAdmin, isNew: true })}
        composite={{ kind: 'case_pack', initialLines: [], removable: true }}
        onSubmit={(fields, children) => saveProduct(() => createCasePack(fields, children))}
      />
    </section>
  );
}
