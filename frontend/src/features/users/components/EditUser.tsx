import { useCan } from '../../../lib/current-user';
import { useAlerts } from '../../../components/Alerts';
import { LoadingView } from '../../../components/LoadingView';
import { useUser } from '../api/get-user';
import { useUpdateUser } from '../api/update-user';
import { toFormValues, toUserUpdate, type UserFormValues } from '../user-form-values';
import { UserForm } from './UserForm';

export function EditUser({ clientId, username }: { clientId: string; username: string }) {
  const { data: user, error } = useUser(clientId, username);
  const updateUser = useUpdateUser(clientId);
  const { show } = useAlerts();
  const canWrite = useCan('write:users');

  // A refusal is left to the form's hook (lib/use-form), which shows it and marks the fields it names.
  async function save(values: UserFormValues) {
    await updateUser(username, toUserUpdate(values));
    show('success', 'Saved');
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
