import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { NEW_USER_VALUES, type UserFormValues } from '../user-form-values';
import { UserForm } from './UserForm';

const PERMISSION_LABELS = [
  'create:items',
  'update:items',
  'Reserve Inventory',
  'create:fulfillment_requests',
  'update:shipments',
  'update:ltl',
  'approve:ltl',
  'create:rmas',
  'write:asns',
  'write:users',
  'read:reports',
];

function renderForm(initialValues: UserFormValues = NEW_USER_VALUES, isNew = true) {
  const onSubmit = vi.fn<(values: UserFormValues) => Promise<void>>().mockResolvedValue();
  renderWithProviders(<UserForm initialValues={initialValues} isNew={isNew} onSubmit={onSubmit} />);
  return onSubmit;
}

const checkbox = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });

describe('UserForm', () => {
  it('starts a new user as an active Admin without custom permissions', () => {
    renderForm();
    const role = screen.getByLabelText<HTMLSelectElement>('Role');
    expect(role.value).toBe('client');
    expect([...role.options].map((option) => option.text)).toEqual([
      'Admin',
      'Read only',
      'Read Access + Custom Permissions',
    ]);
    expect(checkbox('Active').checked).toBe(true);
    expect(checkbox('Receive Scheduled Reports').checked).toBe(false);
    expect(screen.queryByRole('checkbox', { name: 'create:items' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Select All' })).toBeNull();
  });

  it('shows grouped permissions only for custom permissions, with Select All and Deselect All', async () => {
    const onSubmit = renderForm();
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'Read Access + Custom Permissions');

    for (const group of ['Items', 'Fulfillment Requests', 'Shipments', 'LTL', 'RMAs', 'ASNs', 'Users', 'Reports']) {
      expect(screen.getByRole('heading', { name: group })).toBeTruthy();
    }
    await userEvent.click(screen.getByRole('button', { name: 'Select All' }));
    expect(PERMISSION_LABELS.every((label) => checkbox(label).checked)).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Deselect All' }));
    expect(PERMISSION_LABELS.some((label) => checkbox(label).checked)).toBe(false);

    await userEvent.click(checkbox('Reserve Inventory'));
    await userEvent.type(screen.getByLabelText('Username'), 'newbie');
    await userEvent.type(screen.getByLabelText('Password'), 'pw');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ username: 'newbie', role: 'client_custom', permissions: ['update:inventory'] }),
    );

    await userEvent.selectOptions(screen.getByLabelText('Role'), 'Read only');
    expect(screen.queryByRole('checkbox', { name: 'Reserve Inventory' })).toBeNull();
  });

  it('shows the username read-only when editing', () => {
    renderForm({ ...NEW_USER_VALUES, username: 'rr' }, false);
    const username = screen.getByLabelText<HTMLInputElement>('Username');
    expect(username.value).toBe('rr');
    expect(username.readOnly).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Password').required).toBe(false);
  });
});
