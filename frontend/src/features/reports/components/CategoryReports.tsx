import { ListGroup } from 'react-bootstrap';
import { Link } from 'react-router';
import { LoadingView } from '../../../components/LoadingView';
import { useReports } from '../api/get-reports';
import { categoryPath, reportCategoriesPath, reportPath } from '../paths';
import { reportLabel } from '../report-label';
import { codeLabel } from '../../../lib/labels';
import { usePageTitle } from '../../../lib/use-page-title';

interface CategoryReportsProps {
  clientId: string;
  category: string;
  reportType?: string;
  canAuthor: boolean;
}

/** /reports/{category}: the reports of one category, each named by its number and name. */
export function CategoryReports({ clientId, category, reportType, canAuthor }: CategoryReportsProps) {
  usePageTitle(category);
  const { data: reports, error } = useReports(clientId, category, reportType);

  return (
    <section>
      <nav aria-label="breadcrumb">
        <ol className="breadcrumb">
          <li className="breadcrumb-item">
            <Link to={reportCategoriesPath(clientId, reportType)}>
              {reportType ? `${codeLabel(reportType)} Reports` : 'Reports'}
            </Link>
          </li>
          <li className="breadcrumb-item active" aria-current="page">
            {category}
          </li>
        </ol>
      </nav>
      <div className="d-flex align-items-center gap-3 mb-3">
        <h2 className="mb-0">{category}</h2>
        {canAuthor && (
          <Link to={`${categoryPath(clientId, category)}/new`} className="btn btn-primary btn-sm">
            New
          </Link>
        )}
      </div>
      {error ? null : !reports ? (
        <LoadingView />
      ) : reports.length === 0 ? (
        <p className="text-muted">There are no reports in this category.</p>
      ) : (
        <ListGroup as="nav" aria-label="Reports">
          {reports.map((report) => (
            <ListGroup.Item key={report.id} action as={Link} to={reportPath(clientId, report)}>
              {reportLabel(report)}
              {report.sub_category && <small className="text-muted ms-2">{report.sub_category}</small>}
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </section>
  );
}
