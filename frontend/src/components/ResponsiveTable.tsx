import { Table, type TableProps } from 'react-bootstrap';

/**
 * A table that scrolls sideways when it is wider than its box (on a phone, most are). The box takes the
 * keyboard focus so it can be scrolled without a mouse (WCAG 2.1.1); box and table are named for screen readers.
 */
export function ResponsiveTable({ label, ...tableProps }: TableProps & { label: string }) {
  return (
    <div className="table-responsive" role="region" aria-label={label} tabIndex={0}>
      <Table aria-label={label} {...tableProps} />
    </div>
  );
}
