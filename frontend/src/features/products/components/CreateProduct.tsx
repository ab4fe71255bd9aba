import { useNavigate } from 'react-router';
import { flashState, useAlerts } from '../../../components/Alerts';
import { useCreateItem } from '../api/create-item';
import { EMPTY_PRODUCT_VALUES, fieldRules } from '../product-form-values';
import { productPath } from '../paths';
import { ProductForm } from './ProductForm';

/** /item_types/new: a new simple item. */
export function CreateProduct({ clientId, isAdmin }: { clientId: string; isAdmin: boolean }) {
  const createItem = useCreateItem(clientId);
  const navigate = useNavigate();
  const { showError } = useAlerts();

  return (
    <section>
      <h2>Add New Product</h2>
      <ProductForm
        clientId={clientId}
        initialValues={EMPTY_PRODUCT_VALUES}
        rules={fieldRules({ isAdmin, isNew: true })}
        onSubmit={async (fields) => {
          try {
            const item = await createItem(fields);
            navigate(productPath(clientId, item.upc), { state: flashState('success', 'Success!') });
          } catch (failure) {
            showError(failure);
          }
        }}
      />
    </section>
  );
}
