import { useNavigate } from 'react-router';
import { flashState } from '../../../components/Alerts';
import { useMutation } from '../../../lib/use-mutation';
import { useCreateUser } from '../api/create-user';
import { NEW_USER_VALUES, toUserCreate, type UserFormValues } from '../user-form-values';
import { UserForm } from './UserForm';

export function CreateUser({ clientId }: { clientId: string }) {
  const createUser = useCreateUser(clientId);
  const navigate = useNavigate();
  const { run } = useMutation();

  async function create(values: UserFormValues) {
    await run(async () => {
      const created = await createUser(toUserCreate(values));
      navigate(`/${clientId}/users/${encodeURIComponent(created.username)}`, {
        state: flashState('success', 'User Created'),
      });
    });
  }

  return (
    <>
      <h3 className="h5">New User</h3>
      <UserForm initialValues={NEW_USER_VALUES} isNew onSubmit={create} />
    </>
  );
}
