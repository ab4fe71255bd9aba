import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
    advance(1500);
    expect(onLogout).not.toHaveBeenCalled();
    expect(screen.queryByText(/You will be logged out/)).toBeNull();
  });
});
