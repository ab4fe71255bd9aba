import { Button } from 'react-bootstrap';
import { RecordsTable } from '../../../components/RecordsTable';
import type { ReportRunResult } from '../../../lib/models';

/** Spec part 2, section 9: larger results are only offered as CSV. */
const REPORT_PAGE_ROW_LIMIT = 500;

interface ReportResultsProps {
  result: ReportRunResult;
  downloading: boolean;
  onDownload: () => void;
}

/** A run's records as a table, or only the CSV download when there are too many for the page. */
export function ReportResults({ result, downloading, onDownload }: ReportResultsProps) {
  if (!result.truncated && result.records.length === 0) return <p className="fs-5 text-muted">No Results</p>;

  const download = (
    <Button variant="outline-primary" size="sm" onClick={onDownload} disabled={downloading}>
      {downloading ? 'Downloading…' : 'Download CSV'}
    </Button>
  );

  if (result.truncated) {
    return (
      <div>
        <p>
          This report has {result.row_count.toLocaleString('en-US')} rows, more than the {REPORT_PAGE_ROW_LIMIT} a page
          shows: download them as CSV.
        </p>
        {download}
      </div>
    );
  }

  return (
    <div>
      <div className="d-flex align-items-center gap-3 mb-2">
        <span className="text-muted">
          {result.records.length} {result.records.length === 1 ? 'row' : 'rows'}
        </span>
        {download}
      </div>
      <RecordsTable fields={result.fields} records={result.records} />
    </div>
  );
}
