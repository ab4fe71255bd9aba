import { useEffect, useState, type ReactNode } from 'react';
import { Navbar } from 'react-bootstrap';
import { Link, useLocation } from 'react-router';
import { AlertArea } from '../../components/Alerts';
import type { Client } from '../../lib/models';
import { displayName } from '../current-user';
import { useCurrentUserContext, userCan } from '../../lib/current-user';
import { Sidebar } from './Sidebar';

const SIDEBAR_ID = 'main-navigation';

/** The frame of every client page: header with the client's logo, sidebar, alerts, page. */
export function ClientShell({ client, children }: { client: Client; children: ReactNode }) {
  const user = useCurrentUserContext();
  const clientId = String(client.id);
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();

  // On a narrow screen the open menu covers the page: choosing an entry closes it.
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <div className="d-flex flex-column min-vh-100">
      <header>
        <Navbar bg="dark" data-bs-theme="dark" expand="md" className="px-3 justify-content-start">
          <button
            type="button"
            className="navbar-toggler me-2"
            aria-controls={SIDEBAR_ID}
            aria-expanded={menuOpen}
            aria-label="Menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span className="navbar-toggler-icon" />
          </button>
          <Navbar.Brand as={Link} to={`/${clientId}`}>
            {client.logo ? (
              <img src={`data:image/png;base64,${client.logo}`} alt={client.name} style={{ maxHeight: 40 }} />
            ) : (
              client.name
            )}
          </Navbar.Brand>
        </Navbar>
      </header>
      <div className="d-flex flex-column flex-md-row flex-grow-1">
        <Sidebar
          clientId={clientId}
          clientVersion={client.fulfillment_request_api_version}
          isAdmin={user.isAdmin}
          can={(grant) => userCan(user, grant)}
          userName={displayName(user)}
          open={menuOpen}
          id={SIDEBAR_ID}
        />
        <main className="flex-grow-1 p-3 p-md-4" style={{ minWidth: 0 }}>
          <AlertArea />
          {children}
        </main>
      </div>
    </div>
  );
}
