import { useNavigate } from 'react-router';
import { flashState, useAlerts } from '../../../components/Alerts';
import { useCreateVirtualBundle } from '../api/create-virtual-bundle';
import { productPath } from '../paths';
import { EMPTY_PRODUCT_VALUES, fieldRules } from '../product-form-values';
import { ProductForm } from './ProductForm';

/** /item_types/virtualbundle_types_new: a new bundle built from simple items. */
export function CreateVirtualBundle({ clientId, isAdmin }: { clientId: string; isAdmin: boolean }) {
  const createVirtualBundle = useCreateVirtualBundle(clientId);
  const navigate = useNavigate();
  const { showError } = useAlerts();

  return (
    <section>
      <h2>Add New Virtual Bundle</h2>
      <ProductForm
        clientId={clientId}
        initialValues={EMPTY_PRODUCT_VALUES}
        rules={fieldRules({ isAdmin, isNew: true })}
        composite={{ kind: 'virtual_bundle', initialLines: [], removable: true }}
        onSubmit={async (fields, children) => {
          try {
            const item = await createVirtualBundle(fields, children);
            navigate(productPath(clientId, item.upc), { state: flashState('success', 'Success!') });
          } catch (failure) {
            showError(failure);
          }
        }}
      />
    </section>
  );
}
