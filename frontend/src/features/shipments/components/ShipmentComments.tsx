import { Button, Form, ListGroup } from 'react-bootstrap';
import { useSWRConfig } from 'swr';
import { Panel } from '../../../components/Facts';
import { FormField } from '../../../components/FormField';
import { LoadingView } from '../../../components/LoadingView';
import { formatDateTime } from '../../../lib/format-datetime';
import { useForm } from '../../../lib/use-form';
import { addShipmentComment } from '../api/add-shipment-comment';
import { shipmentCommentsKey, useShipmentComments } from '../api/get-shipment-comments';

/** Comments: people's notes on the shipment, newest first, and a new one added while allowed. */
export function ShipmentComments({ clientId, shipmentId, canComment }: { clientId: string; shipmentId: number; canComment: boolean }) {
  const { data } = useShipmentComments(clientId, shipmentId);
  const { mutate } = useSWRConfig();
  const form = useForm({ body: '' }, async ({ body }) => {
    await addShipmentComment(clientId, shipmentId, body);
    await mutate(shipmentCommentsKey(clientId, shipmentId));
    form.setValues({ body: '' });
  });

  return (
    <Panel title="Comments">
      {canComment && (
        <Form onSubmit={(event) => void form.submit(event)} noValidate className="mb-3" aria-label="Add a comment">
          <FormField label="Comment" id="shipment-comment" error={form.fieldErrors.body}>
            <Form.Control as="textarea" rows={2} value={form.values.body} onChange={(event) => form.change('body', event.target.value)} />
          </FormField>
          <Button type="submit" size="sm" className="mt-2" disabled={form.submitting}>
            Add Comment
          </Button>
        </Form>
      )}
      {!data ? (
        <LoadingView />
      ) : data.comments.length === 0 ? (
        <p className="text-muted mb-0">No comments yet.</p>
      ) : (
        <ListGroup as="ul" variant="flush" aria-label="Comments">
          {data.comments.map((comment) => (
            <ListGroup.Item as="li" key={comment.id} className="px-0">
              <div className="small text-muted">
                {comment.author_name || comment.author_username} · {formatDateTime(comment.created_at)}
              </div>
              <div style={{ whiteSpace: 'pre-wrap' }} className="text-break">
                {comment.body}
              </div>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </Panel>
  );
}
