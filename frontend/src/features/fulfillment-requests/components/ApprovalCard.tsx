import { Button } from 'react-bootstrap';
import { useSWRConfig } from 'swr';
import { Panel } from '../../../components/Facts';
import { useAlerts } from '../../../components/Alerts';
import { codeLabel } from '../../../lib/labels';
import type { FulfillmentRequest } from '../../../lib/models';
import { useMutation } from '../../../lib/use-mutation';
import { approveRequest } from '../api/approve-request';
import { requestKey } from '../api/get-request';

/** The Approval card (spec part 2, §4): 'Shopify Risk Analysis' for fraud. */
export function ApprovalCard({ clientId, request, canApprove }: { clientId: string; request: FulfillmentRequest; canApprove: boolean }) {
  const { run, pending } = useMutation();
  const { show } = useAlerts();
  const { mutate } = useSWRConfig();
  const fraud = request.requires_approval_reason === 'fraud';

  const approve = async () => {
    const approved = await run(() => approveRequest(clientId, request.id));
    if (approved) {
      await mutate(requestKey(clientId, String(request.id)), approved, { revalidate: false });
      show('success', 'Fulfillment Request has been approved');
    }
  };

  return (
    <Panel title={fraud ? 'Shopify Risk Analysis' : 'Approval'}>
      <p className="mb-2">
        This request needs approval ({codeLabel(request.requires_approval_reason)}).
        {fraud && request.shopify_risk_recommendation && ` Shopify recommends: ${request.shopify_risk_recommendation}.`}
        {fraud && request.shopify_risk_score !== null && ` Risk score ${request.shopify_risk_score}.`}
      </p>
      {canApprove && (
        <Button size="sm" onClick={approve} disabled={pending}>
          Approve
        </Button>
      )}
    </Panel>
  );
}
