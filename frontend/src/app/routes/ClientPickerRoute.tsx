import { Container } from 'react-bootstrap';
import { Link, Navigate, useNavigate } from 'react-router';
import { AlertArea } from '../../components/Alerts';
import { ClientPicker } from '../../features/clients/components/ClientPicker';
import { useCurrentUserContext } from '../../lib/current-user';

/** The portal root: admins choose a client, everyone else goes to their own. */
export function ClientPickerRoute() {
  const user = useCurrentUserContext();
  const navigate = useNavigate();

  if (!user.isAdmin) {
    if (user.clientId !== null) return <Navigate to={`/${user.clientId}`} replace />;
    return (
      <Container className="py-5">
        <p>Your account is not linked to a client. Please contact support.</p>
        <Link to="/logout">Logout</Link>
      </Container>
    );
  }

  return (
    <>
      <Container className="pt-3">
        <AlertArea />
      </Container>
      <ClientPicker onChoose={(clientId) => navigate(`/${clientId}`)} />
      <Container className="text-center" style={{ maxWidth: 560 }}>
        <span className="text-body-secondary me-2">Signed in as {user.name || user.username}.</span>
        <Link to="/logout">Logout</Link>
      </Container>
    </>
  );
}
