import { useNavigate } from 'react-router';
import { flashState, useAlerts } from '../../../components/Alerts';
import { LoadingView } from '../../../components/LoadingView';
import { useConvertToCasePack } from '../api/convert-to-case-pack';
import { useItem } from '../api/get-item';
import { productPath } from '../paths';
import { fieldRules, toProductFormValues } from '../product-form-values';
import { ProductForm } from './ProductForm';

/** /item_types/{upc}/convert_to_case_pack: a simple item becomes a case pack; SKU and name stay. */
export function ConvertToCasePack({ clientId, upc, isAdmin }: { clientId: string; upc: string; isAdmin: boolean }) {
  const { data: item, error } = useItem(clientId, upc);
  const convert = useConvertToCasePack(clientId);
  const navigate = useNavigate();
  const { showError } = useAlerts();

  if (error) return null;
  if (!item) return <LoadingView />;

  return (
    <section>
      <h2>Convert {item.name} to Case Pack</h2>
      <ProductForm
        clientId={clientId}
        initialValues={toProductFormValues(item)}
        rules={fieldRules({ isAdmin, isNew: false, isConversion: true })}
        composite={{ kind: 'case_pack', initialLines: [], removable: true }}
        onSubmit={async (fields, children) => {
          try {
            await convert(upc, fields, children);
            navigate(productPath(clientId, upc), { state: flashState('success', 'Saved') });
          } catch (failure) {
            showError(failure);
          }
        }}
      />
    </section>
  );
}
