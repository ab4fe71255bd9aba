import { useNavigate } from 'react-router';
import { flashState, useAlerts } from '../../../components/Alerts';
import { LoadingView } from '../../../components/LoadingView';
import { useItem } from '../api/get-item';
import { useUpdateCasePack } from '../api/update-case-pack';
import { useUpdateItem } from '../api/update-item';
import { productPath } from '../paths';
import { CASE_PACK_TYPE } from '../composite-types';
import { fieldRules, toChildLines, toProductFormValues } from '../product-form-values';
import { ProductForm } from './ProductForm';

/** /item_types/{upc}/edit: simple items and case packs are saved through different calls. */
export function EditProduct({ clientId, upc, isAdmin }: { clientId: string; upc: string; isAdmin: boolean }) {
  const { data: item, error } = useItem(clientId, upc);
  const updateItem = useUpdateItem(clientId);
  const updateCasePack = useUpdateCasePack(clientId);
  const navigate = useNavigate();
  const { showError } = useAlerts();

  if (error) return null;
  if (!item) return <LoadingView />;
  const isCasePack = item.composite_type === CASE_PACK_TYPE;

  return (
    <section>
      <h2>Edit {item.name}</h2>
      <ProductForm
        clientId={clientId}
        initialValues={toProductFormValues(item)}
        rules={fieldRules({ isAdmin, isNew: false })}
        composite={isCasePack ? { kind: 'case_pack', initialLines: toChildLines(item.children), removable: true } : undefined}
        onSubmit={async (fields, children) => {
          try {
            if (isCasePack) await updateCasePack(upc, fields, children);
            else await updateItem(upc, fields);
            navigate(productPath(clientId, upc), { state: flashState('success', 'Saved') });
          } catch (failure) {
            showError(failure);
          }
        }}
      />
    </section>
  );
}
