import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router';
import { flashState } from '../../../components/Alerts';
import { LoadingView } from '../../../components/LoadingView';
import type { Report, ReportRunResult } from '../../../lib/models';
import { saveCsvFile } from '../../../lib/save-file';
import { useMutation } from '../../../lib/use-mutation';
import { usePageTitle } from '../../../lib/use-page-title';
import { useDeleteReport } from '../api/delete-report';
import { downloadReportCsv } from '../api/download-report-csv';
import { useReport } from '../api/get-report';
import { runReport, type ReportRunInput } from '../api/run-report';
import { categoryPath, reportPath, schedulesPath } from '../paths';
import { reportLabel } from '../report-label';
import { ConfirmDeleteModal } from './ConfirmDeleteModal';
import { ReportBreadcrumb } from './ReportBreadcrumb';
import { ReportParametersForm } from './ReportParametersForm';
import { ReportResults } from './ReportResults';

interface ReportRunPageProps {
  clientId: string;
  reportId: string;
  isAdmin: boolean;
  canAuthor: boolean;
}

interface Run {
  input: ReportRunInput;
  result: ReportRunResult;
}

/** /reports/{category}/{report_id}: parameters, Run, the result and its CSV; admins manage the report. */
export function ReportRunPage({ clientId, reportId, isAdmin, canAuthor }: ReportRunPageProps) {
  const { data: report, error } = useReport(clientId, reportId);
  usePageTitle(report ? reportLabel(report) : 'Report');

  if (error) return null;
  if (!report) return <LoadingView />;
  return <LoadedReportRunPage key={report.id} clientId={clientId} report={report} isAdmin={isAdmin} canAuthor={canAuthor} />;
}

function LoadedReportRunPage({ clientId, report, isAdmin, canAuthor }: { report: Report } & Omit<ReportRunPageProps, 'reportId'>) {
  const navigate = useNavigate();
  const deleteReport = useDeleteReport(clientId);
  const running = useMutation();
  const downloading = useMutation();
  const deleting = useMutation();
  const [run, setRun] = useState<Run | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  async function runWith(input: ReportRunInput) {
    setRun(null);
    const result = await running.run(() => runReport(clientId, report.id, input));
    if (result) setRun({ input, result });
  }

  async function download(input: ReportRunInput) {
    await downloading.run(async () => saveCsvFile(await downloadReportCsv(clientId, report.id, input), `${report.name}.csv`));
  }

  async function remove() {
    await deleting.run(
      async () => {
        await deleteReport(report.id);
        navigate(categoryPath(clientId, report.category), { state: flashState('success', 'Deleted') });
      },
      { onError: () => setConfirmingDelete(false) },
    );
  }

  return (
    <section>
      <ReportBreadcrumb clientId={clientId} report={report} />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h2 className="mb-0 me-2">{reportLabel(report)}</h2>
        {canAuthor && (
          <Link to={`${reportPath(clientId, report)}/edit`} className="btn btn-outline-secondary btn-sm">
            Edit
          </Link>
        )}
        {canAuthor && (
          <Button variant="outline-danger" size="sm" onClick={() => setConfirmingDelete(true)}>
            Delete
          </Button>
        )}
        {isAdmin && (
          <Link to={schedulesPath(clientId, report)} className="btn btn-outline-secondary btn-sm">
            Schedules
          </Link>
        )}
      </div>
      {report.query && (
        <details className="mb-3">
          <summary>SQL</summary>
          <pre className="bg-light border rounded p-2 mt-2" tabIndex={0}>
            <code>{report.query}</code>
          </pre>
        </details>
      )}
      <ReportParametersForm key={report.parameters.join(',')} report={report} running={running.pending} onRun={(input) => void runWith(input)} />
      {run && !running.pending && (
        <ReportResults result={run.result} downloading={downloading.pending} onDownload={() => void download(run.input)} />
      )}
      <ConfirmDeleteModal
        show={confirmingDelete}
        title="Delete report"
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={remove}
      >
        {`Delete the report '${reportLabel(report)}'?`}
      </ConfirmDeleteModal>
    </section>
  );
}
