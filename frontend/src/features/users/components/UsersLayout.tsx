import { Col, Row } from 'react-bootstrap';
import { Link, Outlet } from 'react-router';
import { ExportUsers } from './ExportUsers';
import { UserList } from './UserList';

/** The users area: the client's users on the left, the chosen user (or a new one) on the right. */
export function UsersLayout({ clientId }: { clientId: string }) {
  return (
    <section>
      <h2>Users</h2>
      <ExportUsers clientId={clientId} />
      <Row>
        <Col md={4} className="mb-3">
          <Link to={`/${clientId}/users/new`} className="btn btn-primary mb-3">
            Add New User
          </Link>
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
  return <p className="text-muted">Choose a user on the left, or add a new one.</p>;
}
