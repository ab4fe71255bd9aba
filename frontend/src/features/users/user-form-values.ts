import type { PermissionName, Role, User, UserCreate, UserUpdate } from '../../lib/models';
import { CUSTOM_ROLE } from './roles';

export interface UserFormValues {
  username: string;
  real_name: string;
  email: string;
  password: string;
  role: Role;
  active: boolean;
  receive_scheduled_reports: boolean;
  permissions: PermissionName[];
}

export const NEW_USER_VALUES: UserFormValues = {
  username: '',
  real_name: '',
  email: '',
  password: '',
  role: 'client',
  active: true,
  receive_scheduled_reports: false,
  permissions: [],
};

export function toFormValues(user: User): UserFormValues {
  return {
    username: user.username,
    real_name: user.real_name ?? '',
    email: user.email ?? '',
    password: '',
    role: user.role,
    active: user.active,
    receive_scheduled_reports: user.receive_scheduled_reports,
    permissions: user.permissions as PermissionName[],
  };
}

/** The changes to send; blank text fields are left out, so a blank password keeps the current one. */
export function toUserUpdate(values: UserFormValues): UserUpdate {
  const changes: UserUpdate = {
    email: values.email.trim(),
    role: values.role,
    active: values.active,
    receive_scheduled_reports: values.receive_scheduled_reports,
    permissions: values.role === CUSTOM_ROLE ? values.permissions : [],
  };
  if (values.real_name.trim()) changes.real_name = values.real_name.trim();
  if (values.password) changes.password = values.password;
  return changes;
}

export function toUserCreate(values: UserFormValues): UserCreate {
  return {
    ...toUserUpdate(values),
    username: values.username.trim(),
    password: values.password,
    role: values.role,
  };
}
