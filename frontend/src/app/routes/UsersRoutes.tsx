import { Route, Routes, useParams } from 'react-router';
import { NotFoundPage } from '../../components/NotFoundPage';
import { CreateUser } from '../../features/users/components/CreateUser';
import { EditUser } from '../../features/users/components/EditUser';
import { NoUserSelected, UsersLayout } from '../../features/users/components/UsersLayout';
import { pageNeeding } from '../current-user';

function EditUserRoute({ clientId }: { clientId: string }) {
  const { username = '' } = useParams();
  return <EditUser key={username} clientId={clientId} username={username} />;
}

export function UsersRoutes({ clientId }: { clientId: string }) {
  return (
    <Routes>
      <Route element={<UsersLayout clientId={clientId} />}>
        <Route index element={<NoUserSelected />} />
        <Route path="new" element={pageNeeding('write:users', <CreateUser clientId={clientId} />)} />
        <Route path=":username" element={<EditUserRoute clientId={clientId} />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
