import { useNavigate } from 'react-router';
import { flashState } from '../../../components/Alerts';
import { useCreateUser } from '../api/create-user';
import { NEW_USER_VALUES, toUserCreate, type UserFormValues } from '../user-form-values';
import { UserForm } from './UserForm';

export function CreateUser({ clientId }: { clientId: string }) {
  const createUser = useCreateUser(clientId);
  const navigate = useNavigate();

  // A refusal is left to the form's hook (lib/use-form), which shows it and marks the fields it names.
  async function create(values: UserFormValues) {
    const created = await createUser(toUserCreate(values));
    navigate(`/${clientId}/users/${encodeURIComponent(created.username)}`, {
      state: flashState('success', 'User Created'),
    });
  }

  return (
    <>
      <h3 className="h5">New User</h3>
      <UserForm initialValues={NEW_USER_VALUES} isNew onSubmit={create} />
    </>
  );
}
