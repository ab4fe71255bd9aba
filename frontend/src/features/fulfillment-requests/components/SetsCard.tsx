import { Fragment, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useSWRConfig } from 'swr';
import { Panel } from '../../../components/Facts';
import { useAlerts } from '../../../components/Alerts';
import { fieldErrorsOf, fieldPath, type FieldErrors } from '../../../lib/field-errors';
import { codeLabel } from '../../../lib/labels';
import type { FulfillmentRequest, RequestSetItem } from '../../../lib/models';
import { useMutation } from '../../../lib/use-mutation';
import { requestKey } from '../api/get-request';
import { updateSet } from '../api/update-set';
import { canEditQuantities, canEditSets, itemChanges, itemEdits, type ItemEdit } from '../request-actions';
import { ResponsiveTable } from '../../../components/ResponsiveTable';

type RequestSet = FulfillmentRequest['sets'][number];

interface SetProps {
  clientId: string;
  request: FulfillmentRequest;
  requestSet: RequestSet;
  position: number;
  editable: boolean;
}

/** The sets, each item with its bundle or kit children behind a toggle; their items edited where allowed. */
export function SetsCard({ clientId, request, canChange }: { clientId: string; request: FulfillmentRequest; canChange: boolean }) {
  return (
    <Panel title="Sets">
      {request.sets.map((requestSet, index) => (
        <SetItems
          key={requestSet.id}
          clientId={clientId}
          request={request}
          requestSet={requestSet}
          position={index + 1}
          editable={canChange && canEditSets(request)}
        />
      ))}
    </Panel>
  );
}

function SetItems({ clientId, request, requestSet, position, editable }: SetProps) {
  const [open, setOpen] = useState<Record<number, boolean>>({});
  const [edits, setEdits] = useState<Record<number, ItemEdit> | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const { run, pending } = useMutation();
  const { show } = useAlerts();
  const { mutate } = useSWRConfig();
  const quantitiesEditable = canEditQuantities(request);

  const startEditing = () => {
    setFieldErrors({});
    setEdits(itemEdits(requestSet.items));
  };
  const edit = (item: RequestSetItem, name: keyof ItemEdit) => (event: { target: { value: string } }) =>
    setEdits((current) => current && { ...current, [item.id]: { ...current[item.id], [name]: event.target.value } });

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!edits) return;
    setFieldErrors({});
    const saved = await run(() => updateSet(clientId, request.id, requestSet.id, { items: itemChanges(requestSet.items, edits) }), {
      onError: (failure) => void setFieldErrors(fieldErrorsOf(failure)),
    });
    if (saved) {
      // Lowered quantities give units back, which may change every shipment: the answer holds them all.
      await mutate(requestKey(clientId, String(request.id)), saved, { revalidate: false });
      setEdits(null);
      show('success', 'Saved');
    }
  };

  const input = (item: RequestSetItem, index: number, name: keyof ItemEdit, label: string, bounds: object) => {
    const error = fieldErrors[fieldPath('items', index, name)];
    return (
      <>
        <Form.Control
          type="number"
          size="sm"
          style={{ minWidth: '6rem' }}
          aria-label={`${label} of ${item.upc}`}
          value={edits![item.id][name]}
          onChange={edit(item, name)}
          isInvalid={Boolean(error)}
          {...bounds}
        />
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      </>
    );
  };

  const row = (item: RequestSetItem, child: boolean, index: number) => (
    <tr key={item.id} className={child ? 'table-light' : undefined}>
      <td className={child ? 'ps-4 text-nowrap' : 'text-nowrap'}>
        {item.children.length > 0 && (
          <Button
            variant="link"
            size="sm"
            className="p-0 me-1"
            aria-expanded={Boolean(open[item.id])}
            aria-label={`${open[item.id] ? 'Hide' : 'Show'} the items of ${item.upc}`}
            onClick={() => setOpen((current) => ({ ...current, [item.id]: !current[item.id] }))}
          >
            {open[item.id] ? '▾' : '▸'}
          </Button>
        )}
        {item.upc}
      </td>
      <td>{item.name}</td>
      <td>
        {edits && !child
          ? input(item, index, 'quantity', 'Quantity', { min: 0, max: item.quantity, step: 1, disabled: !quantitiesEditable })
          : item.quantity}
      </td>
      <td>{item.quantity_allocated}</td>
      <td>{edits && !child ? input(item, index, 'customs_value', 'Customs value', { min: 0, max: 99999999, step: 0.01 }) : item.customs_value}</td>
    </tr>
  );

  return (
    <Form className="mb-3" onSubmit={save} aria-label={`Set ${position}`}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
        <span className="small text-muted me-auto">
          Set {position} · {codeLabel(requestSet.type)}
          {requestSet.gift_note && ` · Gift note: ${requestSet.gift_note}`}
        </span>
        {editable && !edits && (
          <Button size="sm" variant="outline-primary" onClick={startEditing} aria-label={`Edit Items of set ${position}`}>
            Edit Items
          </Button>
        )}
        {edits && (
          <>
            <Button type="submit" size="sm" disabled={pending}>
              Save Items
            </Button>
            <Button size="sm" variant="outline-secondary" onClick={() => setEdits(null)} disabled={pending}>
              Discard
            </Button>
          </>
        )}
      </div>
      {edits && !quantitiesEditable && (
        <p className="small text-muted mb-1">Quantities can no longer be lowered: the warehouse has begun a shipment.</p>
      )}
      <ResponsiveTable label={`Items of set ${position}`} size="sm" className="mb-0">
        <thead>
          <tr>
            <th>UPC</th>
            <th>Name</th>
            <th>Quantity</th>
            <th>Allocated</th>
            <th>Customs Value</th>
          </tr>
        </thead>
        <tbody>
          {requestSet.items.map((item, index) => (
            <Fragment key={item.id}>
              {row(item, false, index)}
              {open[item.id] && item.children.map((child) => row(child, true, index))}
            </Fragment>
          ))}
        </tbody>
      </ResponsiveTable>
    </Form>
  );
}
