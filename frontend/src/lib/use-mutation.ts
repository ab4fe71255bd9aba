import { useCallback, useState } from 'react';
import { useAlerts } from './alerts';

interface RunOptions {
  /** Sees the failure first; answering true means it has shown the failure, which is then not alerted. */
  onError?: (failure: unknown) => boolean | void;
}

/**
 * Runs calls that change something the way every page does: the alerts are cleared first, a
 * failure is shown as a danger alert scrolled into view (unless onError shows it), and `pending` is
 * true while a call runs.
 * `run` answers the action's result, or undefined when it failed.
 */
export function useMutation() {
  const { clear, showError } = useAlerts();
  const [pending, setPending] = useState(false);

  const run = useCallback(
    async <Result>(action: () => Promise<Result>, { onError }: RunOptions = {}): Promise<Result | undefined> => {
      clear();
      setPending(true);
      try {
        return await action();
      } catch (failure) {
        if (onError?.(failure) !== true) showError(failure, { focus: true });
        return undefined;
      } finally {
        setPending(false);
      }
    },
    [clear, showError],
  );

  return { run, pending };
}
