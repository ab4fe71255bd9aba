import { useSWRConfig } from 'swr';
import { CommentsPanel } from '../../../components/CommentsPanel';
import { addShipmentComment } from '../api/add-shipment-comment';
import { shipmentCommentsKey, useShipmentComments } from '../api/get-shipment-comments';

/** Comments: people's notes on the shipment, newest first, and a new one added while allowed. */
export function ShipmentComments({ clientId, shipmentId, canComment }: { clientId: string; shipmentId: number; canComment: boolean }) {
  const { data } = useShipmentComments(clientId, shipmentId);
  const { mutate } = useSWRConfig();
  const add = async (body: string) => {
    await addShipmentComment(clientId, shipmentId, body);
    await mutate(shipmentCommentsKey(clientId, shipmentId));
  };
  return <CommentsPanel comments={data?.comments} add={canComment ? add : undefined} idPrefix="shipment" />;
}
