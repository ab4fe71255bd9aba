import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { clearAccessToken } from '../../lib/auth';

export function Logout() {
  useEffect(() => {
    clearAccessToken();
  }, []);
  return <Navigate to="/" replace />;
}
