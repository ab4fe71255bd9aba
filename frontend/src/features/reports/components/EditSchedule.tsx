import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useNavigate } from 'react-router';
import { flashState, useAlerts } from '../../../components/Alerts';
import { LoadingView } from '../../../components/LoadingView';
import type { Report, ReportSchedule } from '../../../lib/models';
import { useMutation } from '../../../lib/use-mutation';
import { useDeleteReportSchedule } from '../api/delete-report-schedule';
import { useReport } from '../api/get-report';
import { useReportSchedule } from '../api/get-report-schedule';
import { useUpdateReportSchedule } from '../api/update-report-schedule';
import { schedulesPath } from '../paths';
import { toScheduleFields, toScheduleFormValues, type ScheduleFormValues } from '../schedule-form-values';
import { ConfirmDeleteModal } from './ConfirmDeleteModal';
import { ReportBreadcrumb } from './ReportBreadcrumb';
import { ScheduleForm } from './ScheduleForm';
import { ScheduleRuns } from './ScheduleRuns';
import { usePageTitle } from '../../../lib/use-page-title';

interface EditScheduleProps {
  clientId: string;
  reportId: string;
  scheduleId: number;
  canAuthor: boolean;
}

/** /reports/{category}/{report_id}/schedules/{id}: the schedule, Delete, and what its runs did. */
export function EditSchedule({ clientId, reportId, scheduleId, canAuthor }: EditScheduleProps) {
  usePageTitle('Edit Schedule');
  const { data: report, error: reportError } = useReport(clientId, reportId);
  const { data: schedule, error: scheduleError } = useReportSchedule(clientId, reportId, scheduleId);

  if (reportError || scheduleError) return null;
  if (!report || !schedule) return <LoadingView />;
  return <LoadedEditSchedule key={schedule.id} clientId={clientId} report={report} schedule={schedule} canAuthor={canAuthor} />;
}

interface LoadedEditScheduleProps {
  clientId: string;
  report: Report;
  schedule: ReportSchedule;
  canAuthor: boolean;
}

function LoadedEditSchedule({ clientId, report, schedule, canAuthor }: LoadedEditScheduleProps) {
  const updateSchedule = useUpdateReportSchedule(clientId, report.id);
  const deleteSchedule = useDeleteReportSchedule(clientId, report.id);
  const navigate = useNavigate();
  const { show } = useAlerts();
  const { run } = useMutation();
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  // A refusal is left to the form's hook (lib/use-form), which shows it and marks the fields it names.
  async function save(values: ScheduleFormValues) {
    await updateSchedule(schedule.id, toScheduleFields(values, report.report_type));
    show('success', 'Saved');
  }

  async function remove() {
    await run(
      async () => {
        await deleteSchedule(schedule.id);
        navigate(schedulesPath(clientId, report), { state: flashState('success', 'Deleted') });
      },
      { onError: () => setConfirmingDelete(false) },
    );
  }

  return (
    <section>
      <ReportBreadcrumb
        clientId={clientId}
        report={report}
        trail={[
          { label: 'Schedules', to: schedulesPath(clientId, report) },
          { label: schedule.name, to: '' },
        ]}
      />
      <h2>Edit Schedule {schedule.id}</h2>
      <ScheduleForm
        reportType={report.report_type}
        initialValues={toScheduleFormValues(schedule)}
        onSubmit={save}
        extraActions={
          canAuthor && (
            <Button variant="outline-danger" onClick={() => setConfirmingDelete(true)}>
              Delete
            </Button>
          )
        }
      />
      <ScheduleRuns clientId={clientId} reportId={report.id} scheduleId={schedule.id} timeZone={schedule.time_zone} />
      <ConfirmDeleteModal
        show={confirmingDelete}
        title="Delete schedule"
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={remove}
      >
        {`Delete the schedule '${schedule.name}'? Its e-mails stop.`}
      </ConfirmDeleteModal>
    </section>
  );
}
