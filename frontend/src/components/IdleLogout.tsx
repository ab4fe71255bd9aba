import { useEffect, useRef, useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { LAST_ACTIVITY_STORAGE_KEY } from '../config/constants';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;
const COUNTDOWN_TICK_MS = 1000;
// Activity is shared with other tabs at most this often, to keep storage writes rare.
const SHARE_ACTIVITY_EVERY_MS = 1000;

function sharedLastActivity(): number {
  const stored = Number(localStorage.getItem(LAST_ACTIVITY_STORAGE_KEY));
  return Number.isFinite(stored) ? stored : 0;
}

function shareActivity(at: number) {
  localStorage.setItem(LAST_ACTIVITY_STORAGE_KEY, String(at));
}

interface IdleLogoutProps {
  /** Inactivity after which the user is logged out. */
  idleTimeoutMs: number;
  /** The last part of that time, during which a dialog counts down. */
  warningMs: number;
  onLogout: () => void;
}

/**
 * Logs out after a period without user activity, counting down in a dialog during its last part.
 * Activity in any tab of the portal counts, since they share one session.
 */
export function IdleLogout({ idleTimeoutMs, warningMs, onLogout }: IdleLogoutProps) {
  const [logoutAt, setLogoutAt] = useState<number | null>(null);
  // The countdown keeps its last value while the dialog fades out after closing.
  const [shownLogoutAt, setShownLogoutAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const onLogoutRef = useRef(onLogout);
  const isWarning = logoutAt !== null;

  useEffect(() => {
    onLogoutRef.current = onLogout;
  }, [onLogout]);

  useEffect(() => {
    shareActivity(Date.now());
  }, []);

  useEffect(() => {
    if (isWarning) return;
    const countdownMs = Math.min(warningMs, idleTimeoutMs);
    let lastActivity = sharedLastActivity();
    let idleTimer: number | undefined;
    const waitFrom = (activityAt: number) => {
      window.clearTimeout(idleTimer);
      idleTimer = window.setTimeout(warnUnlessActiveElsewhere, activityAt + idleTimeoutMs - countdownMs - Date.now());
    };
    const warnUnlessActiveElsewhere = () => {
      const latest = Math.max(lastActivity, sharedLastActivity());
      if (Date.now() - latest < idleTimeoutMs - countdownMs) {
        waitFrom(latest);
        return;
      }
      setNow(Date.now());
      setLogoutAt(latest + idleTimeoutMs);
      setShownLogoutAt(latest + idleTimeoutMs);
    };
    let lastShared = 0;
    const onActivity = () => {
      const at = Date.now();
      if (at - lastShared >= SHARE_ACTIVITY_EVERY_MS) {
        shareActivity(at);
        lastShared = at;
      }
      lastActivity = at;
      waitFrom(at);
    };
    waitFrom(lastActivity);
    // Capture, because scroll events of inner elements do not bubble up to the window.
    ACTIVITY_EVENTS.forEach((name) => window.addEventListener(name, onActivity, { capture: true, passive: true }));
    return () => {
      window.clearTimeout(idleTimer);
      ACTIVITY_EVENTS.forEach((name) => window.removeEventListener(name, onActivity, { capture: true }));
    };
  }, [isWarning, idleTimeoutMs, warningMs]);

  useEffect(() => {
    if (logoutAt === null) return;
    const warnedAt = Date.now();
    // Counts against the deadline, not ticks, because background tabs run timers late.
    const countdown = window.setInterval(() => {
      const tickAt = Date.now();
      if (sharedLastActivity() > warnedAt) {
        setLogoutAt(null);
      } else if (tickAt >= logoutAt) {
        setLogoutAt(null);
        onLogoutRef.current();
      } else {
        setNow(tickAt);
      }
    }, COUNTDOWN_TICK_MS);
    return () => window.clearInterval(countdown);
  }, [logoutAt]);

  const secondsLeft = Math.max(0, Math.ceil((shownLogoutAt - now) / 1000));

  return (
    <Modal show={isWarning} backdrop="static" keyboard={false} centered aria-labelledby="idle-logout-title">
      <Modal.Header>
        <Modal.Title id="idle-logout-title">Session Timeout</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        You will be logged out in {secondsLeft} {secondsLeft === 1 ? 'second' : 'seconds'}
      </Modal.Body>
      <Modal.Footer>
        <Button
          variant="primary"
          onClick={() => {
            shareActivity(Date.now());
            setLogoutAt(null);
          }}
        >
          Stay Logged In
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
