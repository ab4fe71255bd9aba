import { act, renderHook, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAlerts } from '../components/Alerts';
import { WithAlerts } from '../test/render';
import { ApiError } from './api-error';
import { useMutation } from './use-mutation';

const renderMutation = () => renderHook(() => ({ mutation: useMutation(), alerts: useAlerts() }), { wrapper: WithAlerts });
const refusal = new ApiError(409, 'Conflict', { error: 'duplicate_upc', description: 'UPC taken.' }, 'UPC taken.');

describe('useMutation', () => {
  it('answers what the action answers, after clearing the alerts', async () => {
    const { result } = renderMutation();
    act(() => result.current.alerts.show('danger', 'An earlier failure'));

    let answer: number | undefined;
    await act(async () => {
      answer = await result.current.mutation.run(async () => 42);
    });

    expect(answer).toBe(42);
    expect(screen.queryByText('An earlier failure')).toBeNull();
    expect(result.current.mutation.pending).toBe(false);
  });

  it('shows a failure as an alert and answers undefined', async () => {
    const { result } = renderMutation();

    let answer: unknown = 'not yet';
    await act(async () => {
      answer = await result.current.mutation.run(() => Promise.reject(refusal));
    });

    expect(answer).toBeUndefined();
    expect(screen.getByRole('alert').textContent).toBe('UPC taken.');
    expect(screen.getByRole('alert').parentElement).toBe(document.activeElement); // brought into view
  });

  it('lets onError see the failure first, and show it itself by answering true', async () => {
    const { result } = renderMutation();
    const seen: unknown[] = [];

    await act(() => result.current.mutation.run(() => Promise.reject(refusal), { onError: (failure) => void seen.push(failure) }));
    expect(seen).toEqual([refusal]);
    expect(screen.getByRole('alert').textContent).toBe('UPC taken.');

    await act(() => result.current.mutation.run(() => Promise.reject(refusal), { onError: () => true }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is pending while the action runs', async () => {
    const { result } = renderMutation();
    let finish: (() => void) | undefined;

    let running: Promise<unknown> | undefined;
    act(() => {
      running = result.current.mutation.run(() => new Promise<void>((resolve) => (finish = resolve)));
    });
    expect(result.current.mutation.pending).toBe(true);
    await act(async () => {
      finish!();
      await running;
    });
    expect(result.current.mutation.pending).toBe(false);
  });
});
