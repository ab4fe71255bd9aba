import { createContext, useContext } from 'react';
import type { CurrentUser } from './models';

export const CurrentUserContext = createContext<CurrentUser | null>(null);

/** The logged-in user; only for components rendered after RequireAuth has loaded it. */
export function useCurrentUserContext(): CurrentUser {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUserContext must be used below RequireAuth');
  return user;
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
