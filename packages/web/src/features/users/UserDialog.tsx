import {
  FIELD_MAX,
  PASSWORD_MIN,
  roleCalls,
  sanitizeEntityInput,
  type UserRow,
  userCreateForm,
  userEditForm,
} from '@lifeboat/contract';
import { Modal, NativeSelect, Stack, Switch } from '@mantine/core';
import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { useCall } from '../../api/useCall';
import { FormPasswordInput } from '../../forms/FormPasswordInput';
import { FormTextInput } from '../../forms/FormTextInput';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { useCurrentUser } from '../../session/session';
import { DialogButtons, FormErrorAlert } from '../entities/DialogParts';
import { useEntitySave } from '../entities/useEntitySave';
import { OrganisationPicker } from './OrganisationPicker';

interface UserDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The user to edit; absent to create one. */
  user?: UserRow;
  /** Fix the organisation (the admin users list adds staff to the provider only). */
  organisationId?: number;
  onSaved: (id: number) => void;
}

type Values = {
  name: string;
  email: string;
  username: string;
  password: string;
  organisation_id: string;
  disabled: boolean;
  role_id: string;
};

/** Create or edit a user, saved through POST /api/v1/object/user/save (spec: inventory 7). */
export function UserDialog({ opened, onClose, user, organisationId, onSaved }: UserDialogProps) {
  const me = useCurrentUser();
  const editing = user !== undefined;
  const pickOrganisation = !editing && organisationId === undefined && me.organisationKind !== 'client';
  const save = useEntitySave('user', onSaved);
  const { form, onSubmit, formError, saving, reset } = useSchemaForm(
    editing ? userEditForm : userCreateForm,
    {
      defaultValues: blank(organisationId ?? me.organisationId),
      inputs: [
        'name',
        'email',
        'password',
        ...(editing ? ['disabled'] : ['username']),
        ...(pickOrganisation ? ['organisation_id'] : []),
        'role_id',
      ],
      // The level follows the organisation: its error belongs under the picker.
      aliases: pickOrganisation ? { level: 'organisation_id' } : {},
      send: ({ organisation_id, username, role_id, ...rest }) => {
        const role = Number(role_id);
        return save(
          editing
            ? { ...rest, role_id: role, id: user.id }
            : { ...rest, role_id: role, username, organisation_id },
        );
      },
    },
  );
  useEffect(() => {
    if (!opened) return;
    reset(
      user
        ? {
            name: user.name,
            email: user.email ?? '',
            username: user.username,
            password: '',
            organisation_id: String(user.organisation_id),
            disabled: user.disabled,
            role_id: String(user.role_id ?? 0),
          }
        : blank(organisationId ?? me.organisationId),
    );
  }, [opened, user, organisationId, me.organisationId, reset]);
  const { control } = form;
  // The roles a user of the chosen organisation may have (docs/decisions.md 'Roles').
  const orgId = Number(form.watch('organisation_id')) || null;
  const roles = useCall(
    roleCalls.forOrganisation,
    { params: { id: orgId ?? 0 } },
    { enabled: opened && orgId !== null && orgId > 0 },
  );
  const customRoles = roles.data?.roles ?? [];
  const showRoles = customRoles.length > 0 || (user?.role_id ?? null) !== null;

  return (
    <Modal opened={opened} onClose={onClose} title={editing ? `Edit ${user.name}` : 'Add user'} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormErrorAlert title="The user was not saved" message={formError} />
          {pickOrganisation && (
            <Controller
              control={control}
              name="organisation_id"
              render={({ field, fieldState }) => (
                <OrganisationPicker
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
          )}
          <FormTextInput
            control={control}
            name="name"
            label="Full name"
            required
            maxLength={FIELD_MAX.name}
            data-autofocus
            clean={sanitizeEntityInput}
          />
          <FormTextInput
            control={control}
            name="email"
            label="E-mail"
            type="email"
            required={!editing}
            maxLength={FIELD_MAX.email}
            clean={sanitizeEntityInput}
          />
          {/* One message at a time (issue 18.16): an error replaces the hint. */}
          <FormTextInput
            control={control}
            name="username"
            label="User name"
            description={
              editing ? 'A user name cannot be changed.' : 'Leave empty to sign in with the e-mail address.'
            }
            maxLength={FIELD_MAX.username}
            disabled={editing}
            clean={sanitizeEntityInput}
          />
          <FormPasswordInput
            control={control}
            name="password"
            label={editing ? 'New password' : 'Password'}
            description={
              editing ? 'Leave empty to keep the current password.' : `At least ${PASSWORD_MIN} characters.`
            }
            required={!editing}
            maxLength={FIELD_MAX.password}
            autoComplete="new-password"
          />
          {showRoles && (
            <Controller
              control={control}
              name="role_id"
              render={({ field, fieldState }) => (
                <NativeSelect
                  label="Role"
                  description="What this user may do: a role can only take rights away from the level."
                  value={field.value}
                  onChange={(e) => field.onChange(e.currentTarget.value)}
                  error={fieldState.error?.message}
                  data={[
                    { value: '0', label: 'Built-in: everything the level allows' },
                    ...customRoles.map((r) => ({ value: String(r.id), label: r.name })),
                    // A role this user has that the list does not offer (another organisation's).
                    ...(user?.role_id && !customRoles.some((r) => r.id === user.role_id)
                      ? [{ value: String(user.role_id), label: user.role_name ?? 'Its current role' }]
                      : []),
                  ]}
                />
              )}
            />
          )}
          {editing && (
            <Controller
              control={control}
              name="disabled"
              render={({ field, fieldState }) => (
                <Switch
                  label="Disabled: this user cannot sign in"
                  checked={field.value}
                  onChange={(e) => field.onChange(e.currentTarget.checked)}
                  error={fieldState.error?.message}
                />
              )}
            />
          )}
          <DialogButtons onCancel={onClose} saving={saving} label={editing ? 'Save changes' : 'Add user'} />
        </Stack>
      </form>
    </Modal>
  );
}

function blank(organisationId: number): Values {
  return {
    name: '',
    email: '',
    username: '',
    password: '',
    organisation_id: String(organisationId),
    disabled: false,
    role_id: '0',
  };
}
