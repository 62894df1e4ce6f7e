import { LEVEL, type UserRow } from '@lifeboat/contract';
import { Modal, PasswordInput, Stack, Switch, TextInput } from '@mantine/core';
import { type FormEvent, useEffect } from 'react';
import { useCurrentUser } from '../../session/session';
import { DialogButtons, FormErrorAlert } from '../entities/DialogParts';
import { useEntityForm } from '../entities/useEntityForm';
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
};

/** Create or edit a user, saved through POST /api/v1/object/user/save (spec: inventory 7). */
export function UserDialog({ opened, onClose, user, organisationId, onSaved }: UserDialogProps) {
  const me = useCurrentUser();
  const editing = user !== undefined;
  const form = useEntityForm<Values>('user', blank(organisationId ?? me.organisationId), onSaved, [
    'password',
  ]);
  const { reset } = form;
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
          }
        : blank(organisationId ?? me.organisationId),
    );
  }, [opened, user, organisationId, me.organisationId, reset]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const { organisation_id, username, ...rest } = form.values;
    form.submit(editing ? { ...rest, id: user.id } : { ...rest, username, organisation_id });
  };
  const pickOrganisation = !editing && organisationId === undefined && me.level !== LEVEL.CLIENT;

  return (
    <Modal opened={opened} onClose={onClose} title={editing ? `Edit ${user.name}` : 'Add user'} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormErrorAlert title="The user was not saved" message={form.formError} />
          {pickOrganisation && (
            <OrganisationPicker
              value={form.values.organisation_id}
              onChange={(v) => form.setValue('organisation_id', v)}
              error={form.errors.organisation_id ?? form.errors.level}
            />
          )}
          <TextInput
            label="Full name"
            required
            maxLength={100}
            data-autofocus
            value={form.values.name}
            onChange={(e) => form.setText('name', e.currentTarget.value)}
            error={form.errors.name}
          />
          <TextInput
            label="E-mail"
            type="email"
            required={!editing}
            maxLength={254}
            value={form.values.email}
            onChange={(e) => form.setText('email', e.currentTarget.value)}
            error={form.errors.email}
          />
          <TextInput
            label="User name"
            description={
              editing ? 'A user name cannot be changed.' : 'Leave empty to sign in with the e-mail address.'
            }
            maxLength={128}
            disabled={editing}
            value={form.values.username}
            onChange={(e) => form.setText('username', e.currentTarget.value)}
            error={form.errors.username}
          />
          <PasswordInput
            label={editing ? 'New password' : 'Password'}
            description={editing ? 'Leave empty to keep the current password.' : 'At least 8 characters.'}
            required={!editing}
            maxLength={256}
            autoComplete="new-password"
            value={form.values.password}
            onChange={(e) => form.setText('password', e.currentTarget.value)}
            error={form.errors.password}
          />
          {editing && (
            <Switch
              label="Disabled: this user cannot sign in"
              checked={form.values.disabled}
              onChange={(e) => form.setValue('disabled', e.currentTarget.checked)}
              error={form.errors.disabled}
            />
          )}
          <DialogButtons
            onCancel={onClose}
            saving={form.saving}
            label={editing ? 'Save changes' : 'Add user'}
          />
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
  };
}
