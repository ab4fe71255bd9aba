import { Link, useNavigate } from 'react-router';
import { flashState } from '../../../components/Alerts';
import { LoadingView } from '../../../components/LoadingView';
import { useReport } from '../api/get-report';
import { useUpdateReport } from '../api/update-report';
import { reportPath } from '../paths';
import { reportLabel } from '../report-label';
import { toReportWrite, toReportFormValues, type ReportFormValues } from '../report-form-values';
import { ReportForm } from './ReportForm';
import { usePageTitle } from '../../../lib/use-page-title';

/** /reports/{category}/{report_id}/edit: saving leads back to the run page. */
export function EditReport({ clientId, reportId }: { clientId: string; reportId: string }) {
  usePageTitle('Edit Report');
  const { data: report, error } = useReport(clientId, reportId);
  const updateReport = useUpdateReport(clientId);
  const navigate = useNavigate();

  // A refusal is left to the form's hook (lib/use-form), which shows it and marks the fields it names.
  async function save(values: ReportFormValues) {
    const saved = await updateReport(reportId, toReportWrite(values));
    navigate(reportPath(clientId, saved), { state: flashState('success', 'Saved') });
  }

  if (error) return null;
  if (!report) return <LoadingView />;

  return (
    <section>
      <Link to={reportPath(clientId, report)} className="d-inline-block mb-2">
        Back to {reportLabel(report)}
      </Link>
      <h2>Edit Report</h2>
      <ReportForm key={report.id} initialValues={toReportFormValues(report)} onSubmit={save} />
    </section>
  );
}
