import { ListGroup } from 'react-bootstrap';
import { NavLink } from 'react-router';
import { LoadingView } from '../../../components/LoadingView';
import { useUsers } from '../api/get-users';
import { roleLabel } from '../roles';

export function UserList({ clientId }: { clientId: string }) {
  const { data: users, error } = useUsers(clientId);

  if (error) return null;
  if (!users) return <LoadingView />;
  if (users.length === 0) return <p className="text-muted">No users yet.</p>;

  return (
    <ListGroup as="nav" aria-label="Users">
      {users.map((user) => (
        <ListGroup.Item
          key={user.username}
          action
          as={NavLink}
          to={`/${clientId}/users/${encodeURIComponent(user.username)}`}
        >
          <div>{user.real_name || user.username}</div>
          <small>{roleLabel(user.role)}</small>
        </ListGroup.Item>
      ))}
    </ListGroup>
  );
}
