import { ListGroup, Nav } from 'react-bootstrap';
import { Link, NavLink } from 'react-router';
import { LoadingView } from '../../../components/LoadingView';
import { useReportCategories } from '../api/get-report-categories';
import { categoryPath, reportCategoriesPath, reportsPath } from '../paths';
import { REPORT_TYPES } from '../report-label';
import { codeLabel } from '../../../lib/labels';
import { usePageTitle } from '../../../lib/use-page-title';

interface ReportCategoriesProps {
  clientId: string;
  /** Only categories of reports of this type; the title is prefixed by it. */
  reportType?: string;
  canAuthor: boolean;
  isAdmin: boolean;
}

/** /reports and /reports/list/{report_type}: the categories of the reports the user may run. */
export function ReportCategories({ clientId, reportType, canAuthor, isAdmin }: ReportCategoriesProps) {
  usePageTitle('Reports');
  const { data: categories, error } = useReportCategories(clientId, reportType);
  const title = reportType ? `${codeLabel(reportType)} Reports` : 'Reports';

  return (
    <section>
      <div className="d-flex align-items-center gap-3 mb-3">
        <h2 className="mb-0">{title}</h2>
        {canAuthor && (
          <Link to={`${reportsPath(clientId)}/new`} className="btn btn-primary btn-sm">
            New
          </Link>
        )}
      </div>
      {isAdmin && (
        <Nav variant="pills" className="mb-3" aria-label="Report types">
          <Nav.Link as={NavLink} to={reportCategoriesPath(clientId)} end>
            All
          </Nav.Link>
          {REPORT_TYPES.map((type) => (
            <Nav.Link key={type} as={NavLink} to={reportCategoriesPath(clientId, type)}>
              {codeLabel(type)}
            </Nav.Link>
          ))}
        </Nav>
      )}
      {error ? null : !categories ? (
        <LoadingView />
      ) : categories.length === 0 ? (
        <p className="text-muted">No reports yet.</p>
      ) : (
        <ListGroup as="nav" aria-label="Report categories">
          {categories.map((category) => (
            <ListGroup.Item
              key={category}
              action
              as={Link}
              to={`${categoryPath(clientId, category)}${reportType ? `?report_type=${encodeURIComponent(reportType)}` : ''}`}
            >
              {category}
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </section>
  );
}
