import { codeLabel } from '../../../lib/labels';
import { statusSteps } from '../status';
import type { ShipmentStatus } from '../types';

/** The current step stands out; the warning state in the warning colour, a cancelled shipment grey. */
function currentBadge(status: ShipmentStatus, alone: boolean): string {
  if (!alone) return 'text-bg-primary';
  return status === 'exception' ? 'text-bg-warning' : 'text-bg-secondary';
}

/** Where the shipment stands on its way: the steps behind it, the current one, those ahead; the warning state and a cancelled shipment alone. */
export function StatusBreadcrumb({ status, reason }: { status: ShipmentStatus; reason: string | null }) {
  const steps = statusSteps(status);
  const alone = steps.length === 1;
  return (
    <nav aria-label="Shipment status" className="mb-3">
      <ol className="breadcrumb mb-0 flex-wrap">
        {steps.map((step) => (
          <li
            key={step.status}
            className={`breadcrumb-item${step.done || step.current ? '' : ' text-body-secondary'}`}
            aria-current={step.current ? 'step' : undefined}
          >
            {step.current ? <span className={`badge ${currentBadge(status, alone)}`}>{codeLabel(step.status)}</span> : codeLabel(step.status)}
          </li>
        ))}
      </ol>
      {status === 'exception' && reason && (
        <p className="mb-0 mt-1" data-testid="exception-reason">
          {reason}
        </p>
      )}
    </nav>
  );
}
