import { codeLabel } from '../../lib/labels';
import type { PermissionName, Role } from '../../lib/models';

export const CUSTOM_ROLE: Role = 'client_custom';

export const ROLE_OPTIONS: { value: Role; label: string }[] = [
  { value: 'client', label: 'Admin' },
  { value: 'client_read_only', label: 'Read only' },
  { value: CUSTOM_ROLE, label: 'Read Access + Custom Permissions' },
];

export function roleLabel(role: string): string {
  return ROLE_OPTIONS.find((option) => option.value === role)?.label ?? codeLabel(role);
}

interface Permission {
  name: PermissionName;
  label: string;
}

const permission = (name: PermissionName, label: string = name): Permission => ({ name, label });

/** The permissions a client_custom user can be given, grouped as in spec part 1, section 6. */
export const PERMISSION_GROUPS: { title: string; permissions: Permission[] }[] = [
  {
    title: 'Items',
    permissions: [permission('create:items'), permission('update:items'), permission('update:inventory', 'Reserve Inventory')],
  },
  { title: 'Fulfillment Requests', permissions: [permission('create:fulfillment_requests')] },
  { title: 'Shipments', permissions: [permission('update:shipments')] },
  { title: 'LTL', permissions: [permission('update:ltl'), permission('approve:ltl')] },
  { title: 'RMAs', permissions: [permission('create:rmas')] },
  { title: 'ASNs', permissions: [permission('write:asns')] },
  { title: 'Users', permissions: [permission('write:users')] },
  { title: 'Reports', permissions: [permission('read:reports')] },
];

export const ALL_PERMISSIONS = PERMISSION_GROUPS.flatMap((group) => group.permissions.map(({ name }) => name));
