import { useEffect, useRef, useState } from 'react';
import { Button, Modal } from 'react-bootstrap';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;
const COUNTDOWN_TICK_MS = 1000;

interface IdleLogoutProps {
  /** Inactivity after which the user is logged out. */
  idleTimeoutMs: number;
  /** The last part of that time, during which a dialog counts down. */
  warningMs: number;
  onLogout: () => void;
}

/** Logs out after a period without user activity, counting down in a dialog during its last part. */
export function IdleLogout({ idleTimeoutMs, warningMs, onLogout }: IdleLogoutProps) {
  const [logoutAt, setLogoutAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const onLogoutRef = useRef(onLogout);
  const isWarning = logoutAt !== null;

  useEffect(() => {
    onLogoutRef.current = onLogout;
  }, [onLogout]);

  useEffect(() => {
    if (isWarning) return;
    const countdownMs = Math.min(warningMs, idleTimeoutMs);
    let idleTimer: number | undefined;
    const restartIdleTimer = () => {
      window.clearTimeout(idleTimer);
      idleTimer = window.setTimeout(() => {
        const warnedAt = Date.now();
        setNow(warnedAt);
        setLogoutAt(warnedAt + countdownMs);
      }, idleTimeoutMs - countdownMs);
    };
    restartIdleTimer();
    // Capture, because scroll events of inner elements do not bubble up to the window.
    ACTIVITY_EVENTS.forEach((name) => window.addEventListener(name, restartIdleTimer, { capture: true, passive: true }));
    return () => {
      window.clearTimeout(idleTimer);
      ACTIVITY_EVENTS.forEach((name) => window.removeEventListener(name, restartIdleTimer, { capture: true }));
    };
  }, [isWarning, idleTimeoutMs, warningMs]);

  useEffect(() => {
    if (logoutAt === null) return;
    // Counts against the deadline, not ticks, because background tabs run timers late.
    const countdown = window.setInterval(() => {
      const tickAt = Date.now();
      if (tickAt >= logoutAt) {
        setLogoutAt(null);
        onLogoutRef.current();
      } else {
        setNow(tickAt);
      }
    }, COUNTDOWN_TICK_MS);
    return () => window.clearInterval(countdown);
  }, [logoutAt]);

  const secondsLeft = logoutAt === null ? 0 : Math.max(0, Math.ceil((logoutAt - now) / 1000));

  return (
    <Modal show={isWarning} backdrop="static" keyboard={false} centered aria-labelledby="idle-logout-title">
      <Modal.Header>
        <Modal.Title id="idle-logout-title">Session Timeout</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        You will be logged out in {secondsLeft} {secondsLeft === 1 ? 'second' : 'seconds'}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="primary" onClick={() => setLogoutAt(null)}>
          Stay Logged In
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
