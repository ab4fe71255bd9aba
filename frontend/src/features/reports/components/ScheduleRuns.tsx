import { Button, Table } from 'react-bootstrap';
import { LoadingView } from '../../../components/LoadingView';
import { codeLabel } from '../../../lib/labels';
import { useScheduleRuns } from '../api/get-schedule-runs';
import { formatFireTime } from '../fire-time';

interface ScheduleRunsProps {
  clientId: string;
  reportId: string;
  scheduleId: number;
  /** The schedule's time zone, in which its times are shown. */
  timeZone: string;
}

/** The schedule's run history: each occurrence claimed, how many it stood for after downtime, its outcome. */
export function ScheduleRuns({ clientId, reportId, scheduleId, timeZone }: ScheduleRunsProps) {
  const { data: pages, error, size, setSize, isValidating } = useScheduleRuns(clientId, reportId, scheduleId);
  const runs = pages?.flatMap((page) => page.runs);
  const hasOlder = Boolean(pages?.[pages.length - 1]?.cursor);

  return (
    <section className="mt-5">
      <h3 className="h5">Runs</h3>
      {error ? null : !runs ? (
        <LoadingView />
      ) : runs.length === 0 ? (
        <p className="text-muted">This schedule has not run yet.</p>
      ) : (
        <Table striped bordered size="sm" responsive aria-label="Runs">
          <thead>
            <tr>
              <th scope="col">Due</th>
              <th scope="col">State</th>
              <th scope="col">Rows</th>
              <th scope="col">Missed occurrences</th>
              <th scope="col">Finished</th>
              <th scope="col">Error</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((run) => (
              <tr key={run.id}>
                <td>{formatFireTime(run.due_at, timeZone)}</td>
                <td>{codeLabel(run.state)}</td>
                <td>{run.row_count ?? ''}</td>
                <td>{run.missed_count || ''}</td>
                <td>{run.finished_at ? formatFireTime(run.finished_at, timeZone) : ''}</td>
                <td>{run.error ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {hasOlder && (
        <Button variant="outline-secondary" size="sm" onClick={() => void setSize(size + 1)} disabled={isValidating}>
          Older runs
        </Button>
      )}
    </section>
  );
}
