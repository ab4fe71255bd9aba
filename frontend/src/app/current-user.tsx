import { createContext, useContext, type ReactNode } from 'react';
import type { CurrentUser } from '../lib/models';

export const CurrentUserContext = createContext<CurrentUser | null>(null);

/** The logged-in user; only for components rendered after RequireAuth has loaded it. */
export function useCurrentUserContext(): CurrentUser {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUserContext must be used below RequireAuth');
  return user;
}

export function displayName(user: CurrentUser): string {
  return user.name || user.username;
}

/** A grant the API checks before a call (create:items, update:items, admin:manage_reports, ...). */
export type Grant = CurrentUser['permissions'][number];

/** Whether the user holds the grant: /me answers the grants the API enforces, so this is its own check. */
export function userCan(user: CurrentUser, grant: Grant): boolean {
  return user.permissions.includes(grant);
}

/** Whether the logged-in user may do what needs the grant; controls for what they may not do are left out. */
export function useCan(grant: Grant): boolean {
  return userCan(useCurrentUserContext(), grant);
}

/** A route's page that needs a grant: for a user without it, a clear refusal instead of a form the API would refuse. */
export function pageNeeding(grant: Grant, page: ReactNode) {
  return <RequireGrant grant={grant}>{page}</RequireGrant>;
}

function RequireGrant({ grant, children }: { grant: Grant; children: ReactNode }) {
  if (useCan(grant)) return children;
  return (
    <section>
      <h2>Not permitted</h2>
      <p className="text-muted">
        Your account does not have the permission this page needs ({grant}). Ask whoever manages the users of your
        account to grant it.
      </p>
    </section>
  );
}
