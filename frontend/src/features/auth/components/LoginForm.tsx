import { useState } from 'react';
import { Alert, Button, Card, Container, Form } from 'react-bootstrap';
import { storeAccessToken } from '../../../lib/auth';
import { FieldLabel } from '../../../components/FieldLabel';
import { errorMessage } from '../../../lib/error-message';
import { useForm } from '../../../lib/use-form';
import { createToken } from '../api/create-token';
import { usePageTitle } from '../../../lib/use-page-title';

/** Shown in place of any page while there is no valid session; the page stays where it is. */
export function LoginForm() {
  usePageTitle('Log In');
  const [failure, setFailure] = useState<string | null>(null);
  // Alerts live inside the portal's pages, so the login form shows its own failure.
  const { values, change, submitting, submit } = useForm({ username: '', password: '' }, async (credentials) => {
    setFailure(null);
    try {
      const token = await createToken(credentials);
      storeAccessToken(token.access_token, token.expires_in);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  return (
    <Container className="py-5" style={{ maxWidth: 420 }}>
      <Card>
        <Card.Body>
          <Card.Title as="h1" className="h4 mb-3">
            Client Portal
          </Card.Title>
          {failure && <Alert variant="danger">{failure}</Alert>}
          <Form onSubmit={submit}>
            <Form.Group className="mb-3" controlId="login-username">
              <FieldLabel required>Username</FieldLabel>
              <Form.Control
                autoComplete="username"
                value={values.username}
                onChange={(event) => change('username', event.target.value)}
                required
                autoFocus
              />
            </Form.Group>
            <Form.Group className="mb-3" controlId="login-password">
              <FieldLabel required>Password</FieldLabel>
              <Form.Control
                type="password"
                autoComplete="current-password"
                value={values.password}
                onChange={(event) => change('password', event.target.value)}
                required
              />
            </Form.Group>
            <Button type="submit" disabled={submitting}>
              Log In
            </Button>
          </Form>
        </Card.Body>
      </Card>
    </Container>
  );
}
