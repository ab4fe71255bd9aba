import { Button, Form } from 'react-bootstrap';
import { FieldLabel } from '../../../components/FieldLabel';
import { LoadingView } from '../../../components/LoadingView';
import type { ItemType } from '../../../lib/models';
import { useForm } from '../../../lib/use-form';
import { usePageTitle } from '../../../lib/use-page-title';
import { useItem } from '../api/get-item';
import { useUpdateCasePack } from '../api/update-case-pack';
import { useUpdateItem } from '../api/update-item';
import { CASE_PACK_TYPE, isVirtual } from '../composite-types';
import { fieldRules, toChildLines, toProductFormValues } from '../product-form-values';
import { useSaveProduct } from '../use-save-product';
import { ProductForm } from './ProductForm';

interface EditProps {
  clientId: string;
  upc: string;
  isAdmin: boolean;
}

/** /item_types/{upc}/edit: simple items and case packs are saved through different calls; bundles and kits have their own form. */
export function EditProduct({ clientId, upc, isAdmin }: EditProps) {
  usePageTitle('Edit Product');
  const { data: item, error } = useItem(clientId, upc);

  if (error) return null;
  if (!item) return <LoadingView />;

  return (
    <section>
      <h2>Edit {item.name}</h2>
      {isVirtual(item) ? (
        <EditBundleForm clientId={clientId} item={item} />
      ) : (
        <EditStockedProductForm clientId={clientId} item={item} isAdmin={isAdmin} />
      )}
    </section>
  );
}

function EditStockedProductForm({ clientId, item, isAdmin }: { clientId: string; item: ItemType; isAdmin: boolean }) {
  const updateItem = useUpdateItem(clientId);
  const updateCasePack = useUpdateCasePack(clientId);
  const saveProduct = useSaveProduct(clientId, 'Saved');
  const isCasePack = item.composite_type === CASE_PACK_TYPE;

  return (
    <ProductForm
      clientId={clientId}
      initialValues={toProductFormValues(item)}
      rules={fieldRules({ isAdmin, isNew: false })}
      composite={isCasePack ? { kind: 'case_pack', initialLines: toChildLines(item.children), removable: true } : undefined}
      onSubmit={(fields, children) =>
        saveProduct(() => (isCasePack ? updateCasePack(item.upc, fields, children) : updateItem(item.upc, fields)))
      }
    />
  );
}

/**
 * A bundle or kit keeps its children once created (they are chosen on the create form only) and
 * has no physical description of its own: its name and category are all there is to change.
 */
function EditBundleForm({ clientId, item }: { clientId: string; item: ItemType }) {
  const updateItem = useUpdateItem(clientId);
  const saveProduct = useSaveProduct(clientId, 'Saved');
  const { values, change, submitting, submit } = useForm({ name: item.name, category: item.category ?? '' }, (submitted) =>
    saveProduct(() => updateItem(item.upc, { name: submitted.name.trim(), category: submitted.category.trim() || null })),
  );

  return (
    <Form onSubmit={submit} style={{ maxWidth: 640 }}>
      <Form.Group className="mb-3" controlId="bundle-name">
        <FieldLabel required>Name</FieldLabel>
        <Form.Control value={values.name} maxLength={255} required onChange={(event) => change('name', event.target.value)} />
      </Form.Group>
      <Form.Group className="mb-3" controlId="bundle-category">
        <FieldLabel>Category</FieldLabel>
        <Form.Control value={values.category} maxLength={100} onChange={(event) => change('category', event.target.value)} />
      </Form.Group>
      <p className="text-muted small">
        The child items of a {item.composite_type_name.toLowerCase()} are fixed once it is created.
      </p>
      <Button type="submit" disabled={submitting}>
        Save
      </Button>
    </Form>
  );
}
