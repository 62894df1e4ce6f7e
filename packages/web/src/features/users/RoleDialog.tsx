import {
  RIGHTS,
  type Right,
  ROLE_BASE_RIGHTS,
  ROLE_CHOICES,
  type RoleRow,
  roleCalls,
  roleForm,
} from '@lifeboat/contract';
import { Checkbox, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { call } from '../../api/call';
import { invalidateCalls } from '../../api/useCall';
import { FormTextInput } from '../../forms/FormTextInput';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { useCurrentUser } from '../../session/session';
import { DialogButtons, FormErrorAlert } from '../entities/DialogParts';
import { notifySaved } from '../entities/notifySaved';

interface RoleDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The role to edit; absent to make one. */
  role?: RoleRow;
}

const baseWords = ROLE_BASE_RIGHTS.map((r) => {
  const s = RIGHTS[r].allows.replace(/\.$/, '');
  return s.charAt(0).toLowerCase() + s.slice(1);
}).join('; ');

/**
 * Make or edit a custom role (docs/decisions.md 'Roles'): a name and what its users may do, each
 * right a checkbox in a plain sentence. A right the signed-in user does not hold is shown but
 * cannot be ticked: no one gives a right they do not hold (the server refuses it too).
 */
export function RoleDialog({ opened, onClose, role }: RoleDialogProps) {
  const me = useCurrentUser();
  const client = useQueryClient();
  const editing = role !== undefined;
  const { form, onSubmit, formError, saving, reset } = useSchemaForm(roleForm, {
    defaultValues: { name: '', rights: [] },
    send: async ({ name, rights }) => {
      if (editing) await call(roleCalls.update, { params: { id: role.id }, json: { name, rights } });
      else await call(roleCalls.create, { json: { name, rights } });
      notifySaved(editing ? `The role ${name} was saved.` : `The role ${name} was made.`);
      // Roles are of the entities area: the users' tables show them too.
      await invalidateCalls(client, ['entities']);
      onClose();
    },
  });
  useEffect(() => {
    if (!opened) return;
    reset({
      name: role?.name ?? '',
      rights: (role?.rights ?? []).filter((r) => ROLE_CHOICES.includes(r as Right)),
    });
  }, [opened, role, reset]);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? `Edit the role ${role.name}` : 'Add role'}
      centered
      size="lg"
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormErrorAlert title="The role was not saved" message={formError} />
          <FormTextInput
            control={form.control}
            name="name"
            label="Name"
            description='For example "Technician" or "Read-only auditor".'
            required
            maxLength={100}
            data-autofocus
          />
          <Controller
            control={form.control}
            name="rights"
            render={({ field, fieldState }) => (
              <Checkbox.Group
                label="Its users may"
                description={`Every role may ${baseWords}. A role never gives more than the user's level and organisation allow.`}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
              >
                <Stack gap={8} mt="xs">
                  {ROLE_CHOICES.map((r) => {
                    const held = me.rights.includes(r);
                    return (
                      <Checkbox
                        key={r}
                        value={r}
                        label={RIGHTS[r].allows}
                        disabled={!held}
                        description={held ? undefined : 'You do not hold this right, so you cannot give it.'}
                      />
                    );
                  })}
                </Stack>
              </Checkbox.Group>
            )}
          />
          {editing && role.users > 0 && (
            <Text size="sm" c="dimmed">
              {role.users === 1 ? 'One user has' : `${role.users} users have`} this role: their rights change
              at their next step in Lifeboat.
            </Text>
          )}
          <DialogButtons onCancel={onClose} saving={saving} label={editing ? 'Save changes' : 'Add role'} />
        </Stack>
      </form>
    </Modal>
  );
}
