import { useCan } from '../../../lib/current-user';
import { useAlerts } from '../../../components/Alerts';
import { LoadingView } from '../../../components/LoadingView';
import { useMutation } from '../../../lib/use-mutation';
import { useUser } from '../api/get-user';
import { useUpdateUser } from '../api/update-user';
import { toFormValues, toUserUpdate, type UserFormValues } from '../user-form-values';
import { UserForm } from './UserForm';

export function EditUser({ clientId, username }: { clientId: string; username: string }) {
  const { data: user, error } = useUser(clientId, username);
  const updateUser = useUpdateUser(clientId);
  const { show } = useAlerts();
  const { run } = useMutation();
  const canWrite = useCan('write:users');

  async function save(values: UserFormValues) {
    await run(async () => {
      await updateUser(username, toUserUpdate(values));
      show('success', 'Saved');
    });
  }

  if (error) return null;
  if (!user) return <LoadingView />;

  return (
    <>
      <h3 className="h5">{canWrite ? 'Edit User' : 'User'}</h3>
      <UserForm key={username} initialValues={toFormValues(user)} isNew={false} readOnly={!canWrite} onSubmit={save} />
    </>
  );
}
