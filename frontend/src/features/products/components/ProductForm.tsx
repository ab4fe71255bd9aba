import { useState, type ReactNode } from 'react';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { useAlerts } from '../../../components/Alerts';
import { FieldLabel } from '../../../components/FieldLabel';
import { MarkedControl } from '../../../components/FormField';
import type { ItemSummary } from '../../../lib/models';
import { useForm } from '../../../lib/use-form';
import {
  addChild,
  checkChildren,
  toProductFields,
  type ChildLine,
  type ChildQuantity,
  type CompositeKind,
  type FieldRules,
  type ProductFields,
  type ProductFormValues,
} from '../product-form-values';
import { ChildItemsEditor } from './ChildItemsEditor';

export interface CompositeOptions {
  kind: CompositeKind;
  initialLines: ChildLine[];
  /** Whether children may be removed (bundles: only while new). */
  removable: boolean;
}

interface ProductFormProps {
  clientId: string;
  initialValues: ProductFormValues;
  rules: FieldRules;
  /** Shown for case packs and bundles: the child items editor, checked before submitting. */
  composite?: CompositeOptions;
  onSubmit: (fields: ProductFields, children: ChildQuantity[]) => Promise<void>;
}

type TextName = { [K in keyof ProductFormValues]: ProductFormValues[K] extends string ? K : never }[keyof ProductFormValues];
type FlagName = { [K in keyof ProductFormValues]: ProductFormValues[K] extends boolean ? K : never }[keyof ProductFormValues];

/** Adds or edits a product, a case pack or a virtual bundle (spec part 1, §5). */
export function ProductForm({ clientId, initialValues, rules, composite, onSubmit }: ProductFormProps) {
  const [lines, setLines] = useState<ChildLine[]>(composite?.initialLines ?? []);
  const { clear, show } = useAlerts();
  const { values, change, submitting, submit, fieldErrors } = useForm(initialValues, async (submitted) => {
    clear();
    let children: ChildQuantity[] = [];
    if (composite) {
      const checked = checkChildren(composite.kind, lines, submitted.upc);
      if ('error' in checked) {
        show('danger', checked.error);
        return;
      }
      children = checked.children;
    }
    await onSubmit(toProductFields(submitted, rules), children);
  });

  function add(item: ItemSummary) {
    if (!composite) return;
    const result = addChild(composite.kind, lines, item, values.upc);
    clear();
    if (result.error) show('danger', result.error);
    setLines(result.children);
  }

  const text = (field: TextName, label: string, options: { required?: boolean; locked?: boolean; maxLength?: number } = {}) => (
    <Form.Group as={Col} md={6} className="mb-3" controlId={`product-${field}`}>
      <FieldLabel required={options.required && !options.locked}>{label}</FieldLabel>
      <MarkedControl error={fieldErrors[field]} id={`product-${field}`}>
        <Form.Control
          value={values[field]}
          required={options.required}
          readOnly={options.locked}
          plaintext={options.locked}
          maxLength={options.maxLength}
          onChange={(event) => change(field, event.target.value)}
        />
      </MarkedControl>
    </Form.Group>
  );
  const number = (field: TextName, label: string, step: string, min?: string) => (
    <Form.Group as={Col} md={3} className="mb-3" controlId={`product-${field}`}>
      <Form.Label>{label}</Form.Label>
      <MarkedControl error={fieldErrors[field]} id={`product-${field}`}>
        <Form.Control
          type="number"
          step={step}
          min={min}
          value={values[field]}
          onChange={(event) => change(field, event.target.value)}
        />
      </MarkedControl>
    </Form.Group>
  );
  const flag = (field: FlagName, label: string, disabled = false) => (
    <Form.Check
      className="mb-2"
      id={`product-${field}`}
      label={label}
      checked={values[field]}
      disabled={disabled}
      onChange={(event) => change(field, event.target.checked)}
    />
  );

  return (
    <Form onSubmit={submit}>
      <Section title="Identity">
        {text('upc', 'UPC', { required: true, locked: !rules.upcEditable, maxLength: 64 })}
        {text('sku', 'SKU', { required: true, locked: !rules.skuAndNameEditable, maxLength: 64 })}
        {text('name', 'Name', { required: true, locked: !rules.skuAndNameEditable, maxLength: 255 })}
        {rules.dimensionsShown && text('short_name', 'Short Name', { maxLength: 100 })}
        {text('product_code', 'Product Code', { maxLength: 64 })}
        <Col md={6} className="mb-3 pt-md-4">
          {flag('requires_serial_number', 'Has Serial Number')}
        </Col>
        {values.requires_serial_number && text('serial_number_validator', 'Serial Number Validator', { maxLength: 255 })}
      </Section>
      <Section title="Organization">
        {text('category', 'Category', { maxLength: 100 })}
        {text('subcategory', 'Subcategory', { maxLength: 100 })}
      </Section>
      {composite && (
        <ChildItemsEditor
          clientId={clientId}
          title={composite.kind === 'case_pack' ? 'Case Pack Contents' : 'Child Items'}
          lines={lines}
          onAdd={add}
          onQuantityChange={(upc, quantity) =>
            setLines((current) => current.map((line) => (line.upc === upc ? { ...line, quantity } : line)))
          }
          onRemove={
            composite.removable ? (upc) => setLines((current) => current.filter((line) => line.upc !== upc)) : undefined
          }
        />
      )}
      {rules.dimensionsShown && (
        <Section title="Physical Description">
          {number('length', 'Length (in)', 'any', '0')}
          {number('width', 'Width (in)', 'any', '0')}
          {number('height', 'Height (in)', 'any', '0')}
          {number('weight', 'Weight (lbs)', '0.01', '0')}
        </Section>
      )}
      <Section title="Shipping">
        <Col md={6} className="mb-3">
          {flag('ships_in_own_container', 'Ships In Own Container', !rules.adminFlagsEditable)}
          {flag('is_package', 'Is Package', !rules.adminFlagsEditable)}
          {flag('hazmat', 'Hazmat')}
          {flag('requires_expiration', 'Requires Expiration', !rules.requiresExpirationEditable)}
        </Col>
        {text('nmfc_code', 'NMFC Code', { maxLength: 20 })}
      </Section>
      <Section title="Customs Information">
        {text('customs_description', 'Description', { maxLength: 255 })}
        {number('cost', 'Cost', '0.01', '0.01')}
        {number('value', 'Value', '0.01', '0.01')}
        {text('tariff_code', 'Tariff Code', { maxLength: 20 })}
        {text('customs_origin', 'Country Of Origin', { maxLength: 2 })}
      </Section>
      <Section title="Shopify">
        {text('shopify_variant_id', 'Variant ID', { maxLength: 32 })}
        {text('shopify_inventory_item_id', 'Inventory Item ID', { maxLength: 32 })}
        <Col md={6} className="mb-3">
          {flag('shopify_inventory_sync', 'Sync Inventory')}
        </Col>
      </Section>
      <Button type="submit" disabled={submitting}>
        Save
      </Button>
    </Form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="mb-2">
      <legend className="fs-6 fw-bold border-bottom pb-1">{title}</legend>
      <Row>{children}</Row>
    </fieldset>
  );
}
