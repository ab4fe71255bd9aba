import { useSWRConfig } from 'swr';
import { CommentsPanel } from '../../../components/CommentsPanel';
import { addGroupComment } from '../api/add-group-comment';
import { groupCommentsKey, useGroupComments } from '../api/get-group-comments';

/** The group's comments (a dock appointment, a pallet count), added while the group allows it. */
export function GroupComments({ clientId, groupId, canComment }: { clientId: string; groupId: number; canComment: boolean }) {
  const { data } = useGroupComments(clientId, groupId);
  const { mutate } = useSWRConfig();
  const add = async (body: string) => {
    await addGroupComment(clientId, groupId, body);
    await mutate(groupCommentsKey(clientId, groupId));
  };
  return <CommentsPanel comments={data?.comments} add={canComment ? add : undefined} idPrefix="group" />;
}
