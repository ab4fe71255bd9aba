import { createContext, useContext } from 'react';
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
