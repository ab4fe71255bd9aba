import { useState } from 'react';
import { Button, Form, ListGroup, Table } from 'react-bootstrap';
import type { ItemSummary } from '../../../lib/models';
import { CHILD_SEARCH_MIN_LENGTH, useSimpleItemSearch } from '../api/get-items';
import { CHILD_QUANTITY_MAX, CHILD_QUANTITY_MIN, type ChildLine } from '../product-form-values';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

interface ChildItemsEditorProps {
  clientId: string;
  title: string;
  lines: ChildLine[];
  onAdd: (item: ItemSummary) => void;
  onQuantityChange: (upc: string, quantity: string) => void;
  /** Absent when children may not be removed. */
  onRemove?: (upc: string) => void;
}

/** The children of a case pack or bundle: a search over simple items, and the chosen ones with quantities. */
export function ChildItemsEditor({ clientId, title, lines, onAdd, onQuantityChange, onRemove }: ChildItemsEditorProps) {
  const [searchTerm, setSearchTerm] = useState('');
  const debounced = useDebouncedValue(searchTerm, 300);
  const { data: matches } = useSimpleItemSearch(clientId, debounced);
  const tooShort = searchTerm.trim().length < CHILD_SEARCH_MIN_LENGTH;

  return (
    <fieldset className="border rounded p-3 mb-3">
      <legend className="fs-6 fw-bold">{title}</legend>
      <Form.Group className="mb-2" controlId="child-search">
        <Form.Label>Search Child Items</Form.Label>
        <Form.Control
          type="search"
          value={searchTerm}
          autoComplete="off"
          placeholder="Name, SKU or UPC"
          onChange={(event) => setSearchTerm(event.target.value)}
        />
        <Form.Text muted>
          Type at least {CHILD_SEARCH_MIN_LENGTH} characters; only simple items can be children.
        </Form.Text>
      </Form.Group>
      {!tooShort && matches && (
        <ListGroup as="ul" className="mb-3" aria-label="Matching items">
          {matches.length === 0 && <ListGroup.Item as="li" className="text-muted">No simple items match.</ListGroup.Item>}
          {matches.map((item) => (
            <ListGroup.Item as="li" key={item.id} className="d-flex justify-content-between align-items-center">
              <span>
                {item.name} <small className="text-muted">SKU {item.sku} · UPC {item.upc}</small>
              </span>
              <Button size="sm" variant="outline-primary" onClick={() => onAdd(item)} aria-label={`Add ${item.name}`}>
                Add
              </Button>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      {lines.length === 0 ? (
        <p className="text-muted mb-0">No child items yet.</p>
      ) : (
        <Table size="sm" className="mb-0 align-middle">
          <thead>
            <tr>
              <th>Name</th>
              <th>SKU</th>
              <th>UPC</th>
              <th style={{ width: 140 }}>Quantity</th>
              {onRemove && <th />}
            </tr>
          </thead>
          <tbody>
            {lines.map((child) => (
              <tr key={child.upc}>
                <td>{child.name}</td>
                <td>{child.sku}</td>
                <td>{child.upc}</td>
                <td>
                  <Form.Control
                    type="number"
                    size="sm"
                    min={CHILD_QUANTITY_MIN}
                    max={CHILD_QUANTITY_MAX}
                    step={1}
                    required
                    aria-label={`Quantity of ${child.name}`}
                    value={child.quantity}
                    onChange={(event) => onQuantityChange(child.upc, event.target.value)}
                  />
                </td>
                {onRemove && (
                  <td>
                    <Button size="sm" variant="outline-danger" onClick={() => onRemove(child.upc)}>
                      Remove
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </fieldset>
  );
}
