import { Button, Form, Row, Table } from 'react-bootstrap';
import { Panel } from '../../../components/Facts';
import { CodeOptions, MarkedControl } from '../../../components/FormField';
import { MAX_CUSTOMS_VALUE, MAX_QUANTITY, SET_TYPES, type ItemLine, type NewRequestValues } from '../new-request';
import { itemFieldPath } from '../request-fields';
import { ItemPicker, type ItemSearchHook } from './ItemPicker';
import { RequestField, type RequestFormState } from './RequestField';

interface RequestItemsSectionProps {
  form: RequestFormState;
  clientId: string;
  useItemSearch: ItemSearchHook;
  abroad: boolean;
}

/** The Items section: found by searching the catalogue, one line per UPC, starting at quantity 1. */
export function RequestItemsSection({ form, clientId, useItemSearch, abroad }: RequestItemsSectionProps) {
  const { values, change, setValues, fieldErrors } = form;
  const setLines = (update: (lines: ItemLine[]) => ItemLine[]) => setValues((current) => ({ ...current, items: update(current.items) }));
  const setLine = (upc: string, changes: Partial<ItemLine>) =>
    setLines((lines) => lines.map((line) => (line.upc === upc ? { ...line, ...changes } : line)));
  const invalid = (index: number, name: Parameters<typeof itemFieldPath>[1]) => fieldErrors[itemFieldPath(index, name)];

  return (
    <Panel title="Items">
      <Row className="g-2 mb-2">
        <RequestField form={form} path="sets[0].type" sm={4}>
          <Form.Select value={values.setType} onChange={(e) => change('setType', e.target.value as NewRequestValues['setType'])}>
            <CodeOptions codes={SET_TYPES} />
          </Form.Select>
        </RequestField>
        <RequestField form={form} path="sets[0].gift_note" sm={8}>
          <Form.Control placeholder="Max. 500 characters" maxLength={500} value={values.giftNote} onChange={(e) => change('giftNote', e.target.value)} />
        </RequestField>
      </Row>
      <ItemPicker
        clientId={clientId}
        useItemSearch={useItemSearch}
        chosen={new Set(values.items.map((line) => line.upc))}
        onPick={(item) => setLines((lines) => [...lines, { upc: item.upc, name: item.name, quantity: '1', customsValue: '' }])}
      />
      <Table size="sm" responsive aria-label="Request items">
        <thead>
          <tr>
            <th>UPC</th>
            <th>Name</th>
            <th style={{ width: 140 }}>Quantity</th>
            {abroad && <th style={{ width: 160 }}>Customs Value</th>}
            <th style={{ width: 90 }}></th>
          </tr>
        </thead>
        <tbody>
          {values.items.map((line, index) => (
            <tr key={line.upc}>
              <td>
                {line.upc}
                {invalid(index, 'upc') && <div className="invalid-feedback d-block">{invalid(index, 'upc')}</div>}
              </td>
              <td>{line.name}</td>
              <td>
                <MarkedControl error={invalid(index, 'quantity')} id={`fr-quantity-${index}`}>
                  <Form.Control type="number" size="sm" required min={1} max={MAX_QUANTITY} step={1} aria-label={`Quantity of ${line.upc}`} value={line.quantity} onChange={(e) => setLine(line.upc, { quantity: e.target.value })} />
                </MarkedControl>
              </td>
              {abroad && (
                <td>
                  <MarkedControl error={invalid(index, 'customs_value')} id={`fr-customs-value-${index}`}>
                    <Form.Control type="number" size="sm" required min={0} max={MAX_CUSTOMS_VALUE} step="0.01" aria-label={`Customs value of ${line.upc}`} value={line.customsValue} onChange={(e) => setLine(line.upc, { customsValue: e.target.value })} />
                  </MarkedControl>
                </td>
              )}
              <td>
                <Button variant="link" size="sm" onClick={() => setLines((lines) => lines.filter((other) => other.upc !== line.upc))}>
                  Remove
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      {values.items.length === 0 && <p className="text-muted mb-0">Add at least one item.</p>}
    </Panel>
  );
}
