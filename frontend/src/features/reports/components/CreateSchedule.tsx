import { useNavigate } from 'react-router';
import { flashState } from '../../../components/Alerts';
import { LoadingView } from '../../../components/LoadingView';
import type { Report } from '../../../lib/models';
import { useCreateReportSchedule } from '../api/create-report-schedule';
import { useReport } from '../api/get-report';
import { schedulePath, schedulesPath } from '../paths';
import { newScheduleValues, toScheduleFields, type ScheduleFormValues } from '../schedule-form-values';
import { ReportBreadcrumb } from './ReportBreadcrumb';
import { ScheduleForm } from './ScheduleForm';
import { usePageTitle } from '../../../lib/use-page-title';

/** /reports/{category}/{report_id}/schedules/new: starts inactive, named after the report. */
export function CreateSchedule({ clientId, reportId }: { clientId: string; reportId: string }) {
  usePageTitle('New Schedule');
  const { data: report, error } = useReport(clientId, reportId);

  if (error) return null;
  if (!report) return <LoadingView />;
  return <LoadedCreateSchedule key={report.id} clientId={clientId} report={report} />;
}

function LoadedCreateSchedule({ clientId, report }: { clientId: string; report: Report }) {
  const createSchedule = useCreateReportSchedule(clientId, report.id);
  const navigate = useNavigate();

  // A refusal is left to the form's hook (lib/use-form), which shows it and marks the fields it names.
  async function create(values: ScheduleFormValues) {
    const created = await createSchedule(toScheduleFields(values, report.report_type));
    navigate(schedulePath(clientId, report, created.id), { state: flashState('success', 'Created!') });
  }

  return (
    <section>
      <ReportBreadcrumb
        clientId={clientId}
        report={report}
        trail={[
          { label: 'Schedules', to: schedulesPath(clientId, report) },
          { label: 'New', to: '' },
        ]}
      />
      <h2>New Schedule</h2>
      <ScheduleForm reportType={report.report_type} initialValues={newScheduleValues(report.name)} onSubmit={create} />
    </section>
  );
}
