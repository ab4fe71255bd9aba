import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Container, Form } from 'react-bootstrap';
import { storeAccessToken } from '../../../lib/auth';
import { errorMessage } from '../../../lib/error-message';
import { createToken } from '../api/create-token';

/** Shown in place of any page while there is no valid session; the page stays where it is. */
export function LoginForm() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function logIn(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    setFailure(null);
    try {
      const token = await createToken({ username, password });
      storeAccessToken(token.access_token, token.expires_in);
    } catch (error) {
      setFailure(errorMessage(error));
      setSubmitting(false);
    }
  }

  return (
    <Container className="py-5" style={{ maxWidth: 420 }}>
      <Card>
        <Card.Body>
          <Card.Title as="h1" className="h4 mb-3">
            Client Portal
          </Card.Title>
          {failure && <Alert variant="danger">{failure}</Alert>}
          <Form onSubmit={logIn}>
            <Form.Group className="mb-3" controlId="login-username">
              <Form.Label>Username</Form.Label>
              <Form.Control
                autoComplete="username"
                value={username}
                onChange={(event) => setUsername(event.target.value)}
                required
                autoFocus
              />
            </Form.Group>
            <Form.Group className="mb-3" controlId="login-password">
              <Form.Label>Password</Form.Label>
              <Form.Control
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
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
