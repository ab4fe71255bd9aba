import { Button, Form } from 'react-bootstrap';
import { ALL_PERMISSIONS, CUSTOM_ROLE, PERMISSION_GROUPS, ROLE_OPTIONS, roleLabel } from '../roles';
import { FieldLabel } from '../../../components/FieldLabel';
import { MarkedControl } from '../../../components/FormField';
import type { PermissionName, Role } from '../../../lib/models';
import { useForm } from '../../../lib/use-form';
import type { UserFormValues } from '../user-form-values';

interface UserFormProps {
  initialValues: UserFormValues;
  isNew: boolean;
  /** Shows the user without the means to change them (for users who may not write users). */
  readOnly?: boolean;
  onSubmit: (values: UserFormValues) => Promise<void>;
}

/** Creates or edits a user; the username can only be chosen on creation. */
export function UserForm({ initialValues, isNew, readOnly = false, onSubmit }: UserFormProps) {
  const { values, change, submitting, submit, fieldErrors } = useForm(initialValues, onSubmit);
  const roleOptions = ROLE_OPTIONS.some((option) => option.value === values.role)
    ? ROLE_OPTIONS
    : [...ROLE_OPTIONS, { value: values.role, label: roleLabel(values.role) }];

  function togglePermission(name: PermissionName, granted: boolean) {
    change(
      'permissions',
      granted ? [...values.permissions, name] : values.permissions.filter((permission) => permission !== name),
    );
  }

  return (
    <Form onSubmit={submit}>
      <fieldset disabled={readOnly}>
        <Form.Group className="mb-3" controlId="user-username">
          <FieldLabel required={isNew}>Username</FieldLabel>
          {isNew ? (
            <MarkedControl error={fieldErrors.username} id="user-username">
              <Form.Control
                value={values.username}
                onChange={(event) => change('username', event.target.value)}
                autoComplete="off"
                required
              />
            </MarkedControl>
          ) : (
            <Form.Control value={values.username} readOnly plaintext />
          )}
        </Form.Group>
        <Form.Group className="mb-3" controlId="user-real-name">
          <Form.Label>Name</Form.Label>
          <MarkedControl error={fieldErrors.real_name} id="user-real-name">
            <Form.Control value={values.real_name} onChange={(event) => change('real_name', event.target.value)} />
          </MarkedControl>
        </Form.Group>
        <Form.Group className="mb-3" controlId="user-email">
          <Form.Label>Email</Form.Label>
          <MarkedControl error={fieldErrors.email} id="user-email">
            <Form.Control type="email" value={values.email} onChange={(event) => change('email', event.target.value)} />
          </MarkedControl>
        </Form.Group>
        {!readOnly && (
          <Form.Group className="mb-3" controlId="user-password">
            <FieldLabel required={isNew}>Password</FieldLabel>
            <MarkedControl error={fieldErrors.password} id="user-password">
              <Form.Control
                type="password"
                autoComplete="new-password"
                value={values.password}
                onChange={(event) => change('password', event.target.value)}
                required={isNew}
              />
            </MarkedControl>
            {!isNew && <Form.Text muted>Leave blank to keep the current password.</Form.Text>}
          </Form.Group>
        )}
        <Form.Group className="mb-3" controlId="user-role">
          <Form.Label>Role</Form.Label>
          <MarkedControl error={fieldErrors.role} id="user-role">
            <Form.Select value={values.role} onChange={(event) => change('role', event.target.value as Role)}>
              {roleOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Form.Select>
          </MarkedControl>
        </Form.Group>
        <Form.Check
          className="mb-2"
          id="user-active"
          label="Active"
          checked={values.active}
          onChange={(event) => change('active', event.target.checked)}
        />
        <Form.Check
          className="mb-3"
          id="user-receive-scheduled-reports"
          label="Receive Scheduled Reports"
          checked={values.receive_scheduled_reports}
          onChange={(event) => change('receive_scheduled_reports', event.target.checked)}
        />
        {values.role === CUSTOM_ROLE && (
          <fieldset className="border rounded p-3 mb-3">
            <legend className="fs-6 fw-bold">Permissions</legend>
            {!readOnly && (
              <div className="d-flex gap-2 mb-3">
                <Button variant="outline-secondary" size="sm" onClick={() => change('permissions', ALL_PERMISSIONS)}>
                  Select All
                </Button>
                <Button variant="outline-secondary" size="sm" onClick={() => change('permissions', [])}>
                  Deselect All
                </Button>
              </div>
            )}
            {PERMISSION_GROUPS.map((group) => (
              <div key={group.title} className="mb-2">
                <h3 className="h6 mb-1">{group.title}</h3>
                {group.permissions.map(({ name, label }) => (
                  <Form.Check
                    key={name}
                    id={`permission-${name}`}
                    label={label}
                    checked={values.permissions.includes(name)}
                    onChange={(event) => togglePermission(name, event.target.checked)}
                  />
                ))}
              </div>
            ))}
          </fieldset>
        )}
      </fieldset>
      {!readOnly && (
        <Button type="submit" disabled={submitting}>
          Save
        </Button>
      )}
    </Form>
  );
}
