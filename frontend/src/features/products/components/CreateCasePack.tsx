import { useNavigate } from 'react-router';
import { flashState, useAlerts } from '../../../components/Alerts';
import { useCreateCasePack } from '../api/create-case-pack';
import { productPath } from '../paths';
import { EMPTY_PRODUCT_VALUES, fieldRules } from '../product-form-values';
import { ProductForm } from './ProductForm';

/** /item_types/casepack_types_new: a new case pack of one simple item. */
export function CreateCasePack({ clientId, isAdmin }: { clientId: string; isAdmin: boolean }) {
  const createCasePack = useCreateCasePack(clientId);
  const navigate = useNavigate();
  const { showError } = useAlerts();

  return (
    <section>
      <h2>Add New Case Pack</h2>
      <ProductForm
        clientId={clientId}
        initialValues={EMPTY_PRODUCT_VALUES}
        rules={fieldRules({ isAdmin, isNew: true })}
        composite={{ kind: 'case_pack', initialLines: [], removable: true }}
        onSubmit={async (fields, children) => {
          try {
            const item = await createCasePack(fields, children);
            navigate(productPath(clientId, item.upc), { state: flashState('success', 'Success!') });
          } catch (failure) {
            showError(failure);
          }
        }}
      />
    </section>
  );
}
