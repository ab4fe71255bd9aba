import { Table } from 'react-bootstrap';
import { formatDateOrText } from '../lib/format-datetime';

interface RecordsTableProps {
  fields: string[];
  records: unknown[][];
  caption?: string;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'string') return formatDateOrText(value);
  return String(value);
}

/** Rows of a report result: its field names as the header, each record a row. */
export function RecordsTable({ fields, records, caption }: RecordsTableProps) {
  return (
    <Table striped bordered hover size="sm" responsive>
      {caption && <caption className="caption-top">{caption}</caption>}
      <thead>
        <tr>
          {fields.map((field, index) => (
            <th key={index} scope="col">
              {field}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {records.map((record, rowIndex) => (
          <tr key={rowIndex}>
            {record.map((value, columnIndex) => (
              <td key={columnIndex}>{cellText(value)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
