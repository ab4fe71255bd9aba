import type { ReactNode } from 'react';
import { Panel } from '../../../components/Facts';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import type { InventoryRow, ItemType } from '../../../lib/models';
import { isVirtual } from '../composite-types';

type Column = [heading: string, cell: (row: InventoryRow) => ReactNode];

const limitingChild = (row: InventoryRow) => (row.limiting_child && 'name' in row.limiting_child ? row.limiting_child.name : '');

const VIRTUAL_COLUMNS: Column[] = [
  ['Location', (row) => row.location],
  ['Available', (row) => row.available],
  ['Limited By', limitingChild],
];
const STOCKED_COLUMNS: Column[] = [
  ['Location', (row) => row.location],
  ['Unbound', (row) => row.unbound],
  ['Reserved', (row) => row.reserved],
  ['Bound', (row) => row.bound],
  ['Available', (row) => row.available],
];

export function InventoryTable({ item }: { item: ItemType }) {
  const virtual = isVirtual(item);
  const columns = virtual ? VIRTUAL_COLUMNS : STOCKED_COLUMNS;
  return (
    <Panel title="Inventory">
      {virtual && (
        <p className="text-muted small">
          A {item.composite_type_name.toLowerCase()} holds no stock of its own: available is what its child items can build.
        </p>
      )}
      <ResponsiveTable size="sm" className="mb-0" label="Inventory">
        <thead>
          <tr>
            {columns.map(([heading]) => (
              <th key={heading}>{heading}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {item.inventory.map((row) => (
            <tr key={row.location}>
              {columns.map(([heading, cell]) => (
                <td key={heading}>{cell(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </ResponsiveTable>
    </Panel>
  );
}
