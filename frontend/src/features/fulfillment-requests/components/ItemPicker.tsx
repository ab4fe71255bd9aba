import { useState } from 'react';
import { Form, ListGroup } from 'react-bootstrap';
import type { ItemSummary } from '../../../lib/models';
import { freeStockText } from '../new-request';

/** Items of the catalogue matching a term, with each item's free stock per warehouse: the products feature's search, handed over by the route. */
export type ItemSearchHook = (clientId: string, term: string) => { data?: ItemSummary[] };

interface ItemPickerProps {
  clientId: string;
  useItemSearch: ItemSearchHook;
  /** UPCs already on the request, which are not offered again. */
  chosen: Set<string>;
  onPick: (item: ItemSummary) => void;
}

/** Finds an item of the catalogue by name, SKU or UPC, showing where it is in stock. */
export function ItemPicker({ clientId, useItemSearch, chosen, onPick }: ItemPickerProps) {
  const [term, setTerm] = useState('');
  const { data: found } = useItemSearch(clientId, term);
  return (
    <>
      <Form.Group controlId="fr-item-search" className="mb-2">
        <Form.Label>Add an item</Form.Label>
        <Form.Control type="search" placeholder="Search the catalogue by name, SKU or UPC" value={term} onChange={(e) => setTerm(e.target.value)} />
      </Form.Group>
      {found && term.trim() !== '' && (
        <ListGroup className="mb-3" aria-label="Catalogue matches">
          {found
            .filter((item) => !chosen.has(item.upc))
            .map((item) => (
              <ListGroup.Item
                key={item.upc}
                action
                onClick={() => {
                  onPick(item);
                  setTerm('');
                }}
              >
                {item.name} <span className="text-muted">({item.upc})</span>
                <small className="d-block text-muted">Free stock: {freeStockText(item.availability)}</small>
              </ListGroup.Item>
            ))}
          {found.length === 0 && <ListGroup.Item disabled>No items found.</ListGroup.Item>}
        </ListGroup>
      )}
    </>
  );
}
