import { Container } from 'react-bootstrap';
import { Link, Outlet, useNavigate } from 'react-router';
import { SWRConfig } from 'swr';
import { AlertArea, useAlerts } from '../components/Alerts';
import { IdleLogout } from '../components/IdleLogout';
import { LoadingView } from '../components/LoadingView';
import { DEFAULT_UI_SETTINGS } from '../config/constants';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { useUiSettings } from '../features/auth/api/get-ui-settings';
import { LoginForm } from '../features/auth/components/LoginForm';
import { ApiError } from '../lib/api-error';
import { clearAccessToken, useAccessToken } from '../lib/auth';
import { CurrentUserContext } from '../lib/current-user';

const isClientError = (failure: unknown) => failure instanceof ApiError && failure.status >= 400 && failure.status < 500;

/**
 * Shows the login form in place of any page until there is a valid token; then loads the current
 * user and renders the page. Each session gets a fresh SWR cache, so nothing of a previous user stays.
 */
export function RequireAuth() {
  const token = useAccessToken();
  const { showError } = useAlerts();

  if (!token) return <LoginForm />;

  return (
    <SWRConfig
      key={token}
      value={{
        provider: () => new Map(),
        shouldRetryOnError: (failure) => !isClientError(failure),
        onError: (failure) => {
          // A 401 has already ended the session; the login form says enough.
          if (!(failure instanceof ApiError && failure.status === 401)) showError(failure);
        },
      }}
    >
      <AuthenticatedApp />
    </SWRConfig>
  );
}

function AuthenticatedApp() {
  const { data: user, error } = useCurrentUser();

  if (!user) {
    return error ? (
      <Container className="py-5">
        <AlertArea />
        <p>Your account could not be loaded.</p>
        <Link to="/logout">Logout</Link>
      </Container>
    ) : (
      <LoadingView />
    );
  }

  return (
    <CurrentUserContext.Provider value={user}>
      <SessionIdleLogout />
      <Outlet />
    </CurrentUserContext.Provider>
  );
}

function SessionIdleLogout() {
  const { data: settings, error } = useUiSettings();
  const navigate = useNavigate();

  if (!settings && !error) return null;
  const { idle_timeout_ms, idle_warning_ms } = settings ?? DEFAULT_UI_SETTINGS;

  return (
    <IdleLogout
      idleTimeoutMs={idle_timeout_ms}
      warningMs={idle_warning_ms}
      onLogout={() => {
        navigate('/');
        clearAccessToken();
      }}
    />
  );
}
