import { Button } from 'react-bootstrap';
import { useAlerts } from '../../../components/Alerts';
import { LoadingView } from '../../../components/LoadingView';
import { RecordsTable } from '../../../components/RecordsTable';
import { saveCsvFile } from '../../../lib/save-file';
import { useMutation } from '../../../lib/use-mutation';
import { downloadAsnsCsv } from '../api/download-asns-csv';
import { asnReportErrorMessage, useDisplayAsns } from '../api/run-display-asns';
import { usePageTitle } from '../../../lib/use-page-title';

/** /asns/list (Receive › View ASNs): the client's ASNs, from the report 'Display ASNs'. */
export function AsnList({ clientId }: { clientId: string }) {
  usePageTitle('View ASNs');
  const { data: result, error } = useDisplayAsns(clientId);
  const { show } = useAlerts();
  const { run, pending: downloading } = useMutation();

  async function download() {
    await run(async () => saveCsvFile(await downloadAsnsCsv(clientId), 'Display ASNs.csv'), {
      onError: (failure) => {
        show('danger', asnReportErrorMessage(failure));
        return true;
      },
    });
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
