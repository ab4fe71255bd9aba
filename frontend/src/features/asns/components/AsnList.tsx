import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useAlerts } from '../../../components/Alerts';
import { LoadingView } from '../../../components/LoadingView';
import { RecordsTable } from '../../../components/RecordsTable';
import { saveCsvFile } from '../../../lib/save-file';
import { downloadAsnsCsv } from '../api/download-asns-csv';
import { asnReportErrorMessage, useDisplayAsns } from '../api/run-display-asns';

/** /asns/list (Receive › View ASNs): the client's ASNs, from the report 'Display ASNs'. */
export function AsnList({ clientId }: { clientId: string }) {
  const { data: result, error } = useDisplayAsns(clientId);
  const { show } = useAlerts();
  const [downloading, setDownloading] = useState(false);

  async function download() {
    setDownloading(true);
    try {
      saveCsvFile(await downloadAsnsCsv(clientId), 'Display ASNs.csv');
    } catch (failure) {
      show('danger', asnReportErrorMessage(failure));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section>
      <h2>View ASNs</h2>
      {error ? null : !result ? (
        <LoadingView />
      ) : result.truncated ? (
        <div>
          <p>There are more ASNs than a page shows: download them as CSV.</p>
          <Button variant="outline-primary" size="sm" onClick={() => void download()} disabled={downloading}>
            Download CSV
          </Button>
        </div>
      ) : result.records.length === 0 ? (
        <p className="fs-5 text-muted">No Results</p>
      ) : (
        <RecordsTable fields={result.fields} records={result.records} />
      )}
    </section>
  );
}
