import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LAST_ACTIVITY_STORAGE_KEY } from '../config/constants';
import { IdleLogout } from './IdleLogout';

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('IdleLogout', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts down during the last part of the idle time and logs out at its end', () => {
    const onLogout = vi.fn();
    render(<IdleLogout idleTimeoutMs={5000} warningMs={3000} onLogout={onLogout} />);

    advance(1999);
    expect(screen.queryByText('Session Timeout')).toBeNull();

    advance(1);
    expect(screen.getByText('Session Timeout')).toBeTruthy();
    expect(screen.getByText('You will be logged out in 3 seconds')).toBeTruthy();

    advance(1000);
    expect(screen.getByText('You will be logged out in 2 seconds')).toBeTruthy();
    advance(1000);
    expect(screen.getByText('You will be logged out in 1 second')).toBeTruthy();
    expect(onLogout).not.toHaveBeenCalled();

    advance(1000);
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('restarts the idle time on activity', () => {
    const onLogout = vi.fn();
    render(<IdleLogout idleTimeoutMs={5000} warningMs={3000} onLogout={onLogout} />);

    advance(1500);
    fireEvent.keyDown(window);
    advance(1500);
    fireEvent.mouseMove(document.body);
    advance(1500);
    expect(screen.queryByText('Session Timeout')).toBeNull();
  });

  it('keeps the session when the user chooses to stay', () => {
    const onLogout = vi.fn();
    render(<IdleLogout idleTimeoutMs={5000} warningMs={3000} onLogout={onLogout} />);

    advance(2000);
    fireEvent.click(screen.getByRole('button', { name: 'Stay Logged In' }));
    expect(Number(localStorage.getItem(LAST_ACTIVITY_STORAGE_KEY))).toBe(Date.now());
    advance(1500);
    expect(onLogout).not.toHaveBeenCalled();
    expect(screen.queryByText(/You will be logged out/)).toBeNull();
  });

  it('does not warn while another tab of the portal is in use', () => {
    const onLogout = vi.fn();
    render(<IdleLogout idleTimeoutMs={5000} warningMs={3000} onLogout={onLogout} />);

    advance(1500);
    localStorage.setItem(LAST_ACTIVITY_STORAGE_KEY, String(Date.now()));
    advance(500);
    expect(screen.queryByText('Session Timeout')).toBeNull();

    advance(1500);
    expect(screen.getByText('Session Timeout')).toBeTruthy();
  });

  it('closes the warning when the user comes back in another tab', () => {
    const onLogout = vi.fn();
    render(<IdleLogout idleTimeoutMs={10000} warningMs={3000} onLogout={onLogout} />);

    advance(7000);
    expect(screen.getByText('Session Timeout')).toBeTruthy();
    advance(500);
    localStorage.setItem(LAST_ACTIVITY_STORAGE_KEY, String(Date.now()));
    advance(500);
    advance(1500);

    expect(screen.queryByText(/You will be logged out/)).toBeNull();
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('shares its own steady activity with the other tabs', () => {
    render(<IdleLogout idleTimeoutMs={5000} warningMs={3000} onLogout={vi.fn()} />);

    for (let step = 0; step < 6; step += 1) {
      advance(400);
      fireEvent.mouseMove(document.body);
    }

    expect(Number(localStorage.getItem(LAST_ACTIVITY_STORAGE_KEY))).toBeGreaterThan(Date.now() - 1000);
  });
});
