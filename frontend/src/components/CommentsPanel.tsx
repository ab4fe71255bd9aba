import { Button, Form, ListGroup } from 'react-bootstrap';
import type { ShipmentComment } from '../lib/models';
import { formatDateTime } from '../lib/format-datetime';
import { useForm } from '../lib/use-form';
import { Panel } from './Facts';
import { FormField } from './FormField';
import { LoadingView } from './LoadingView';

interface CommentsPanelProps {
  /** The notes, newest first; undefined while they load. */
  comments: ShipmentComment[] | undefined;
  /** Stores a note and reads the notes again; absent when the user may not comment. */
  add?: (body: string) => Promise<void>;
  /** Makes the comment field's id unique on the page. */
  idPrefix: string;
}

/** Comments: people's notes on a thing (a shipment, a group), newest first, and a new one added while allowed. */
export function CommentsPanel({ comments, add, idPrefix }: CommentsPanelProps) {
  const form = useForm({ body: '' }, async ({ body }) => {
    await add?.(body);
    form.setValues({ body: '' });
  });

  return (
    <Panel title="Comments">
      {add && (
        <Form onSubmit={(event) => void form.submit(event)} noValidate className="mb-3" aria-label="Add a comment">
          <FormField label="Comment" id={`${idPrefix}-comment`} error={form.fieldErrors.body}>
            <Form.Control as="textarea" rows={2} value={form.values.body} onChange={(event) => form.change('body', event.target.value)} />
          </FormField>
          <Button type="submit" size="sm" className="mt-2" disabled={form.submitting}>
            Add Comment
          </Button>
        </Form>
      )}
      {!comments ? (
        <LoadingView />
      ) : comments.length === 0 ? (
        <p className="text-muted mb-0">No comments yet.</p>
      ) : (
        <ListGroup as="ul" variant="flush" aria-label="Comments">
          {comments.map((comment) => (
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
