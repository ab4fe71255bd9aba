import { Link, useNavigate } from 'react-router';
import { flashState } from '../../../components/Alerts';
import { useCreateReport } from '../api/create-report';
import { categoryPath, reportCategoriesPath, reportPath } from '../paths';
import { newReportValues, toReportWrite, type ReportFormValues } from '../report-form-values';
import { ReportForm } from './ReportForm';
import { usePageTitle } from '../../../lib/use-page-title';

/** /reports/new and /reports/{category}/new: a new report, in that category by default. */
export function CreateReport({ clientId, category }: { clientId: string; category?: string }) {
  usePageTitle('New Report');
  const createReport = useCreateReport(clientId);
  const navigate = useNavigate();

  // A refusal is left to the form's hook (lib/use-form), which shows it and marks the fields it names.
  async function create(values: ReportFormValues) {
    const created = await createReport(toReportWrite(values));
    navigate(reportPath(clientId, created), { state: flashState('success', 'Created!') });
  }

  return (
    <section>
      <Link to={category ? categoryPath(clientId, category) : reportCategoriesPath(clientId)} className="d-inline-block mb-2">
        Back to {category ?? 'Reports'}
      </Link>
      <h2>New Report</h2>
      <ReportForm initialValues={newReportValues(category)} onSubmit={create} />
    </section>
  );
}
