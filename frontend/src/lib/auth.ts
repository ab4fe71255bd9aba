import { useSyncExternalStore } from 'react';
import { AUTH_STORAGE_KEY } from '../config/constants';

interface StoredToken {
  accessToken: string;
  expiresAt: number;
}

const listeners = new Set<() => void>();

function readStoredToken(): StoredToken | null {
  try {
    const stored = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null') as StoredToken | null;
    return stored && typeof stored.accessToken === 'string' ? stored : null;
  } catch {
    return null;
  }
}

function notify() {
  listeners.forEach((listener) => listener());
}

/** The access token, or null when there is none or it has expired. */
export function getAccessToken(): string | null {
  const stored = readStoredToken();
  return stored && stored.expiresAt > Date.now() ? stored.accessToken : null;
}

export function storeAccessToken(accessToken: string, expiresInSeconds: number) {
  const stored: StoredToken = { accessToken, expiresAt: Date.now() + expiresInSeconds * 1000 };
  localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(stored));
  notify();
}

export function clearAccessToken() {
  if (localStorage.getItem(AUTH_STORAGE_KEY) === null) return;
  localStorage.removeItem(AUTH_STORAGE_KEY);
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // A login or logout in another tab changes this tab's session too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === AUTH_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useAccessToken(): string | null {
  return useSyncExternalStore(subscribe, getAccessToken);
}
