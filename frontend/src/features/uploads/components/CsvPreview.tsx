import { ResponsiveTable } from '../../../components/ResponsiveTable';
import type { CsvRow } from '../csv/read-csv-file';
import { formatCount } from '../../../lib/pluralize';

export const PREVIEW_ROWS = 10;

interface CsvPreviewProps {
  headers: string[];
  rows: CsvRow[];
  /** Problems by line, from the browser's reading of the file and from the API's check. */
  problemsByLine: Map<number, string[]>;
}

/** The first rows of the file as they are in it, each with its line number and its problems (next to the line
 * number, so they show without scrolling sideways through a wide file). */
export function CsvPreview({ headers, rows, problemsByLine }: CsvPreviewProps) {
  const shown = rows.slice(0, PREVIEW_ROWS);
  const anyProblems = shown.some((row) => problemsByLine.has(row.line));
  return (
    <figure className="mb-3">
      <figcaption className="text-muted small mb-1">
        {rows.length > PREVIEW_ROWS
          ? `The first ${PREVIEW_ROWS} of ${formatCount(rows.length)} rows:`
          : rows.length === 1
            ? 'The one row:'
            : `All ${rows.length} rows:`}
      </figcaption>
      <ResponsiveTable size="sm" bordered label="File preview" className="small">
        <thead>
          <tr>
            <th>Line</th>
            {anyProblems && <th style={{ minWidth: '16rem' }}>Problems</th>}
            {headers.map((header, index) => (
              <th key={index} className="text-nowrap">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map(({ line, values }) => {
            const problems = problemsByLine.get(line);
            return (
              <tr key={line} className={problems ? 'table-danger' : undefined}>
                <td>{line}</td>
                {anyProblems && <td className="text-danger">{problems?.join(' ')}</td>}
                {headers.map((header, index) => (
                  <td key={index} style={{ whiteSpace: 'pre-wrap' }}>
                    {values[header]}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </ResponsiveTable>
    </figure>
  );
}
