/**
 * SWR options that poll every intervalMs until the latest data is done. The deduping window is
 * shortened too, since SWR skips a refresh that falls inside it (2 s by default).
 */
export function pollUntil<T>(isDone: (data: T) => boolean, intervalMs: number) {
  return {
    refreshInterval: (latest: T | undefined) => (latest !== undefined && isDone(latest) ? 0 : intervalMs),
    dedupingInterval: intervalMs / 2,
  };
}
