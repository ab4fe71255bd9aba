import { LoadingView } from '../../../components/LoadingView';
import { usePageTitle } from '../../../lib/use-page-title';
import { useConvertToCasePack } from '../api/convert-to-case-pack';
import { useItem } from '../api/get-item';
import { canConvertToCasePack } from '../composite-types';
import { fieldRules, toProductFormValues } from '../product-form-values';
import { useSaveProduct } from '../use-save-product';
import { NotForThisProduct } from './NotForThisProduct';
import { ProductForm } from './ProductForm';

const PAGE_TITLE = 'Convert to Case Pack';

/** /item_types/{upc}/convert_to_case_pack: a simple item becomes a case pack; SKU and name stay. */
export function ConvertToCasePack({ clientId, upc, isAdmin }: { clientId: string; upc: string; isAdmin: boolean }) {
  usePageTitle(PAGE_TITLE);
  const { data: item, error } = useItem(clientId, upc);
  const convert = useConvertToCasePack(clientId);
  const saveProduct = useSaveProduct(clientId, 'Saved');

  if (error) return null;
  if (!item) return <LoadingView />;
  if (!canConvertToCasePack(item)) {
    return (
      <NotForThisProduct
        clientId={clientId}
        item={item}
        page={PAGE_TITLE}
        reason={`Only a simple item that is part of no bundle or case pack can be converted to a case pack; ${item.name} is ${
          item.composite_parents.length > 0 ? 'part of one' : `a ${item.composite_type_name.toLowerCase()}`
        }.`}
      />
    );
  }

  return (
    <section>
      <h2>Convert {item.name} to Case Pack</h2>
      <ProductForm
        clientId={clientId}
        initialValues={toProductFormValues(item)}
        rules={fieldRules({ isAdmin, isNew: false, isConversion: true })}
        composite={{ kind: 'case_pack', initialLines: [], removable: true }}
        onSubmit={(fields, children) => saveProduct(() => convert(upc, fields, children))}
      />
    </section>
  );
}
