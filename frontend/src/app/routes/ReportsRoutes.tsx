import type { ReactElement } from 'react';
import { Route, Routes, useParams, useSearchParams } from 'react-router';
import { NotFoundPage } from '../../components/NotFoundPage';
import { CategoryReports } from '../../features/reports/components/CategoryReports';
import { CreateReport } from '../../features/reports/components/CreateReport';
import { CreateSchedule } from '../../features/reports/components/CreateSchedule';
import { EditReport } from '../../features/reports/components/EditReport';
import { EditSchedule } from '../../features/reports/components/EditSchedule';
import { ReportCategories } from '../../features/reports/components/ReportCategories';
import { ReportRunPage } from '../../features/reports/components/ReportRunPage';
import { ReportSchedules } from '../../features/reports/components/ReportSchedules';
import { useCan, useCurrentUserContext } from '../../lib/current-user';

interface AreaProps {
  clientId: string;
  isAdmin: boolean;
  canAuthor: boolean;
}

function CategoriesRoute(props: AreaProps) {
  const { reportType } = useParams();
  return <ReportCategories key={reportType ?? ''} reportType={reportType} {...props} />;
}

function CategoryRoute({ clientId, canAuthor }: AreaProps) {
  const { category = '' } = useParams();
  const [searchParams] = useSearchParams();
  return (
    <CategoryReports
      clientId={clientId}
      category={category}
      reportType={searchParams.get('report_type') || undefined}
      canAuthor={canAuthor}
    />
  );
}

function CreateReportRoute({ clientId }: AreaProps) {
  const { category } = useParams();
  return <CreateReport key={category ?? ''} clientId={clientId} category={category} />;
}

function ReportRoute({ clientId, isAdmin, canAuthor }: AreaProps) {
  const { reportId = '' } = useParams();
  return <ReportRunPage key={reportId} clientId={clientId} reportId={reportId} isAdmin={isAdmin} canAuthor={canAuthor} />;
}

function EditReportRoute({ clientId }: AreaProps) {
  const { reportId = '' } = useParams();
  return <EditReport key={reportId} clientId={clientId} reportId={reportId} />;
}

function SchedulesRoute({ clientId, canAuthor }: AreaProps) {
  const { reportId = '' } = useParams();
  return <ReportSchedules key={reportId} clientId={clientId} reportId={reportId} canAuthor={canAuthor} />;
}

function CreateScheduleRoute({ clientId }: AreaProps) {
  const { reportId = '' } = useParams();
  return <CreateSchedule key={reportId} clientId={clientId} reportId={reportId} />;
}

function EditScheduleRoute({ clientId, canAuthor }: AreaProps) {
  const { reportId = '', scheduleId = '' } = useParams();
  if (!/^\d+$/.test(scheduleId)) return <NotFoundPage />;
  return (
    <EditSchedule
      key={`${reportId}/${scheduleId}`}
      clientId={clientId}
      reportId={reportId}
      scheduleId={Number(scheduleId)}
      canAuthor={canAuthor}
    />
  );
}

/**
 * /{clientId}/reports/*: categories, a category's reports, a report's run page, and for admins the
 * report and schedule forms (spec part 2, section 2; part 3: "list, {category}/*, new").
 */
export function ReportsRoutes({ clientId }: { clientId: string }) {
  const user = useCurrentUserContext();
  // Writing reports and schedules: provider staff who may write (admin_read_only only reads them).
  const props: AreaProps = { clientId, isAdmin: user.isAdmin, canAuthor: useCan('admin:manage_reports') };
  // Declared for everyone, so that these paths never read as a category or a report id.
  const authorOnly = (page: ReactElement) => (props.canAuthor ? page : <NotFoundPage />);
  const adminOnly = (page: ReactElement) => (props.isAdmin ? page : <NotFoundPage />);

  return (
    <Routes>
      <Route index element={<CategoriesRoute {...props} />} />
      <Route path="list" element={<CategoriesRoute {...props} />} />
      <Route path="list/:reportType" element={<CategoriesRoute {...props} />} />
      <Route path=":category" element={<CategoryRoute {...props} />} />
      <Route path=":category/:reportId" element={<ReportRoute {...props} />} />
      <Route path="new" element={authorOnly(<CreateReportRoute {...props} />)} />
      <Route path=":category/new" element={authorOnly(<CreateReportRoute {...props} />)} />
      <Route path=":category/:reportId/edit" element={authorOnly(<EditReportRoute {...props} />)} />
      <Route path=":category/:reportId/schedules" element={adminOnly(<SchedulesRoute {...props} />)} />
      <Route path=":category/:reportId/schedules/new" element={authorOnly(<CreateScheduleRoute {...props} />)} />
      <Route path=":category/:reportId/schedules/:scheduleId" element={adminOnly(<EditScheduleRoute {...props} />)} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
