import { Alert, Container } from 'react-bootstrap';
import { Link } from 'react-router';

/** Shown instead of the app when the login provider sent the browser back with an error. */
export function LoginErrorPage({ description }: { description: string }) {
  return (
    <Container className="py-5" style={{ maxWidth: 640 }}>
      <h1 className="h4">Login failed</h1>
      <Alert variant="danger">{description}</Alert>
      <Link to="/">Back to the portal</Link>
    </Container>
  );
}
