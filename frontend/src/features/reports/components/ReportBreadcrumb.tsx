import { Link } from 'react-router';
import type { ReportSummary } from '../../../lib/models';
import { categoryPath, reportCategoriesPath, reportPath } from '../paths';
import { reportLabel } from '../report-label';

interface Crumb {
  label: string;
  to: string;
}

interface ReportBreadcrumbProps {
  clientId: string;
  report: ReportSummary;
  /** Pages below the report, the last being the current one. */
  trail?: Crumb[];
}

/** Reports › category › report › …: the way back up from every page of a report. */
export function ReportBreadcrumb({ clientId, report, trail = [] }: ReportBreadcrumbProps) {
  const crumbs: Crumb[] = [
    { label: 'Reports', to: reportCategoriesPath(clientId) },
    ...(report.category ? [{ label: report.category, to: categoryPath(clientId, report.category) }] : []),
    { label: reportLabel(report), to: reportPath(clientId, report) },
    ...trail,
  ];
  const current = crumbs.length - 1;
  return (
    <nav aria-label="breadcrumb">
      <ol className="breadcrumb">
        {crumbs.map(({ label, to }, index) =>
          index === current ? (
            <li key={index} className="breadcrumb-item active" aria-current="page">
              {label}
            </li>
          ) : (
            <li key={index} className="breadcrumb-item">
              <Link to={to}>{label}</Link>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
