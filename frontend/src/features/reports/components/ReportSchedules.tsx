import { Table } from 'react-bootstrap';
import { Link } from 'react-router';
import { LoadingView } from '../../../components/LoadingView';
import type { Report } from '../../../lib/models';
import { useReport } from '../api/get-report';
import { useReportSchedules } from '../api/get-report-schedules';
import { schedulePath, schedulesPath } from '../paths';
import { contextLabel } from '../schedule-form-values';
import { ReportBreadcrumb } from './ReportBreadcrumb';
import { usePageTitle } from '../../../lib/use-page-title';

interface ReportSchedulesProps {
  clientId: string;
  reportId: string;
  canAuthor: boolean;
}

/** /reports/{category}/{report_id}/schedules: the report's e-mail schedules (admins). */
export function ReportSchedules({ clientId, reportId, canAuthor }: ReportSchedulesProps) {
  usePageTitle('Schedules');
  const { data: report, error } = useReport(clientId, reportId);

  if (error) return null;
  if (!report) return <LoadingView />;
  return (
    <section>
      <ReportBreadcrumb clientId={clientId} report={report} trail={[{ label: 'Schedules', to: schedulesPath(clientId, report) }]} />
      <div className="d-flex align-items-center gap-3 mb-3">
        <h2 className="mb-0">Schedules</h2>
        {canAuthor && (
          <Link to={`${schedulesPath(clientId, report)}/new`} className="btn btn-primary btn-sm">
            New
          </Link>
        )}
      </div>
      <ScheduleTable clientId={clientId} report={report} />
    </section>
  );
}

function ScheduleTable({ clientId, report }: { clientId: string; report: Report }) {
  const { data: schedules, error } = useReportSchedules(clientId, report.id);

  if (error) return null;
  if (!schedules) return <LoadingView />;
  if (schedules.length === 0) return <p className="text-muted">This report has no schedules.</p>;
  return (
    <Table striped bordered hover size="sm" responsive aria-label="Schedules">
      <thead>
        <tr>
          <th scope="col">ID</th>
          <th scope="col">Name</th>
          <th scope="col">Context</th>
          <th scope="col">Schedule</th>
          <th scope="col">Active</th>
        </tr>
      </thead>
      <tbody>
        {schedules.map((schedule) => (
          <tr key={schedule.id}>
            <td>
              <Link to={schedulePath(clientId, report, schedule.id)}>{schedule.id}</Link>
            </td>
            <td>
              <Link to={schedulePath(clientId, report, schedule.id)}>{schedule.name}</Link>
            </td>
            <td>{contextLabel(schedule.context, report.report_type)}</td>
            <td>
              <code>{schedule.crontab}</code> <span className="text-muted">{schedule.time_zone}</span>
            </td>
            <td>{schedule.is_active ? 'Yes' : 'No'}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
