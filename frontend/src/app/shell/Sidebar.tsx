import { Nav } from 'react-bootstrap';
import { NavLink } from 'react-router';
import './shell.css';
import type { Grant } from '../../lib/current-user';
import { SIDEBAR_ENTRIES, visibleEntries, type NavEntry } from './navigation';

interface SidebarProps {
  clientId: string;
  clientVersion: number;
  isAdmin: boolean;
  /** Whether the user holds a grant: entries whose page needs one they lack are left out. */
  can: (grant: Grant) => boolean;
  userName: string;
  /** Below the md breakpoint the sidebar is hidden until the header's menu toggle opens it. */
  open?: boolean;
  id?: string;
}

function EntryLink({ entry, clientId }: { entry: NavEntry; clientId: string }) {
  if (entry.opensInNewTab) {
    return (
      <Nav.Link href={entry.to} target="_blank" rel="noopener noreferrer">
        {entry.label}
      </Nav.Link>
    );
  }
  return (
    <Nav.Link as={NavLink} to={entry.to ? `/${clientId}/${entry.to}` : `/${clientId}`} end={entry.end}>
      {entry.label}
    </Nav.Link>
  );
}

export function Sidebar({ clientId, clientVersion, isAdmin, can, userName, open = false, id }: SidebarProps) {
  return (
    <nav
      id={id}
      aria-label="Main"
      className={`sidebar ${open ? 'd-flex' : 'd-none'} d-md-flex flex-column bg-light border-end border-bottom p-2`}
    >
      <Nav className="flex-column">
        {visibleEntries(SIDEBAR_ENTRIES, clientVersion, can).map((entry) => (
          <div key={entry.label}>
            <EntryLink entry={entry} clientId={clientId} />
            {entry.children && entry.children.length > 0 && (
              <Nav className="flex-column ms-3 small">
                {entry.children.map((child) => (
                  <EntryLink key={child.label} entry={child} clientId={clientId} />
                ))}
              </Nav>
            )}
          </div>
        ))}
      </Nav>
      <hr />
      <Nav className="flex-column">
        {isAdmin && (
          <Nav.Link as={NavLink} to="/" end>
            Switch Client
          </Nav.Link>
        )}
        <Nav.Link as={NavLink} to="/logout">
          Logout
        </Nav.Link>
      </Nav>
      <footer className="mt-auto pt-3 px-3 small text-muted">{userName}</footer>
    </nav>
  );
}
