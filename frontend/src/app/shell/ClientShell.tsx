import type { ReactNode } from 'react';
import { Navbar } from 'react-bootstrap';
import { Link } from 'react-router';
import { AlertArea } from '../../components/Alerts';
import type { Client } from '../../lib/models';
import { displayName, useCurrentUserContext, userCan } from '../current-user';
import { Sidebar } from './Sidebar';

/** The frame of every client page: header with the client's logo, sidebar, alerts, page. */
export function ClientShell({ client, children }: { client: Client; children: ReactNode }) {
  const user = useCurrentUserContext();
  const clientId = String(client.id);

  return (
    <div className="d-flex flex-column min-vh-100">
      <header>
        <Navbar bg="dark" data-bs-theme="dark" className="px-3">
          <Navbar.Brand as={Link} to={`/${clientId}`}>
            {client.logo ? (
              <img src={`data:image/png;base64,${client.logo}`} alt={client.name} style={{ maxHeight: 40 }} />
            ) : (
              client.name
            )}
          </Navbar.Brand>
        </Navbar>
      </header>
      <div className="d-flex flex-grow-1">
        <Sidebar
          clientId={clientId}
          clientVersion={client.fulfillment_request_api_version}
          isAdmin={user.isAdmin}
          can={(grant) => userCan(user, grant)}
          userName={displayName(user)}
        />
        <main className="flex-grow-1 p-4" style={{ minWidth: 0 }}>
          <AlertArea />
          {children}
        </main>
      </div>
    </div>
  );
}
