import { Col, Row } from 'react-bootstrap';
import { Link, Outlet } from 'react-router';
import { useCan } from '../../../lib/current-user';
import { ExportUsers } from './ExportUsers';
import { UserList } from './UserList';
import { usePageTitle } from '../../../lib/use-page-title';

/** The users area: the client's users on the left, the chosen user (or a new one) on the right. */
export function UsersLayout({ clientId }: { clientId: string }) {
  usePageTitle('Users');
  const canWrite = useCan('write:users');
  return (
    <section>
      <h2>Users</h2>
      <ExportUsers clientId={clientId} />
      <Row>
        <Col md={4} className="mb-3">
          {canWrite && (
            <Link to={`/${clientId}/users/new`} className="btn btn-primary mb-3">
              Add New User
            </Link>
          )}
          <UserList clientId={clientId} />
        </Col>
        <Col md={8}>
          <Outlet />
        </Col>
      </Row>
    </section>
  );
}

export function NoUserSelected() {
  const canWrite = useCan('write:users');
  return <p className="text-muted">Choose a user on the left{canWrite && ', or add a new one'}.</p>;
}
