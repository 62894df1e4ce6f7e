import type { UserRow } from '@lifeboat/contract';
import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { useRight } from '../../session/session';
import { ConfirmDelete } from '../entities/ConfirmDelete';
import { NameCell, SoftBadge } from '../entities/cells';
import { type EntityColumn, EntityTable } from '../entities/EntityTable';
import { notifySaved } from '../entities/notifySaved';
import { useEntityListState } from '../entities/useEntityListState';
import { ConfirmResetMfa } from './ConfirmResetMfa';
import { UserDialog } from './UserDialog';

export const LEVEL_LABEL: Record<number, string> = {
  0: 'Client',
  1: 'Reseller',
  2: 'Staff',
  3: 'Distributor',
};

export const USER_COLUMNS: EntityColumn<UserRow>[] = [
  {
    key: 'name',
    label: 'Name',
    render: (r) => (
      <>
        <NameCell>{r.name}</NameCell>
        <Text size="xs" c="dimmed">
          {r.username}
        </Text>
      </>
    ),
  },
  { key: 'organisation', label: 'Organisation', render: (r) => r.organisation_name, visibleFrom: 'sm' },
  { key: 'level', label: 'Level', render: (r) => LEVEL_LABEL[r.level] ?? String(r.level) },
  { key: 'role', label: 'Role', render: (r) => r.role_name ?? 'Built-in', visibleFrom: 'sm' },
  {
    key: 'status',
    label: 'Status',
    visibleFrom: 'md',
    render: (r) => (
      <Group gap={4}>
        <SoftBadge color={r.disabled ? 'gray' : 'green'}>{r.disabled ? 'Disabled' : 'Active'}</SoftBadge>
        {r.mfa_enabled && <SoftBadge color="blue">MFA</SoftBadge>}
      </Group>
    ),
  },
  { key: 'email', label: 'E-mail', render: (r) => r.email ?? '—', visibleFrom: 'lg' },
];

const FILTERS = ['level', 'status', 'reseller_id'] as const;

interface UserTablePageProps {
  entity: 'user' | 'admin_user';
  title: string;
  subtitle: string;
  /** Levels offered by the level filter; none hides it. */
  levels: number[];
  /** New users go here (the admin list adds staff to the provider). */
  organisationId?: number;
}

/** A users table with add, edit and delete (the users tab and the staff's admin users). */
export function UserTablePage({ entity, title, subtitle, levels, organisationId }: UserTablePageProps) {
  const state = useEntityListState(FILTERS);
  const [dialog, setDialog] = useState<{ user?: UserRow } | null>(null);
  const [deleting, setDeleting] = useState<UserRow | null>(null);
  const [resetting, setResetting] = useState<UserRow | null>(null);
  // Resetting another user's MFA is a right of its own (the server checks it too).
  const canResetMfa = useRight('reset_mfa');
  // Adding, like each row's Edit and Delete (the row's flags), only where the server allows it.
  const add = useRight('manage_users') ? <Button onClick={() => setDialog({})}>Add user</Button> : undefined;
  return (
    <Stack gap="lg">
      <PageHeader title={title} subtitle={subtitle} actions={add} />
      <EntityTable
        entity={entity}
        noun="users"
        state={state}
        columns={USER_COLUMNS}
        rowLabel={(r) => r.name}
        searchPlaceholder="Search by name, or e-mail with @"
        toolbar={
          <>
            {state.filter('reseller_id') && (
              <Button variant="light" onClick={() => state.setFilter('reseller_id', null)}>
                One reseller only: show all
              </Button>
            )}
            {levels.length > 1 && (
              <NativeSelect
                aria-label="Level"
                value={state.filter('level')}
                onChange={(e) => state.setFilter('level', e.currentTarget.value || null)}
                data={[
                  { value: '', label: 'Every level' },
                  ...levels.map((l) => ({ value: String(l), label: LEVEL_LABEL[l] ?? String(l) })),
                ]}
              />
            )}
            <NativeSelect
              aria-label="Status"
              value={state.filter('status')}
              onChange={(e) => state.setFilter('status', e.currentTarget.value || null)}
              data={[
                { value: '', label: 'Active and disabled' },
                { value: 'enabled', label: 'Active' },
                { value: 'disabled', label: 'Disabled' },
              ]}
            />
          </>
        }
        actions={{
          onEdit: (r) => setDialog({ user: r }),
          onDelete: setDeleting,
          extra: (r) =>
            canResetMfa && r.mfa_enabled ? [{ label: 'Reset MFA', onClick: () => setResetting(r) }] : [],
        }}
        emptyAction={add}
      />
      <UserDialog
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        user={dialog?.user}
        organisationId={organisationId}
        onSaved={() => {
          notifySaved(dialog?.user ? 'The user was saved.' : 'The user was added.');
          setDialog(null);
        }}
      />
      <ConfirmDelete
        entity="user"
        target={deleting && { id: deleting.id, label: deleting.name }}
        consequence="The user can no longer sign in, and any open session of theirs ends now."
        onClose={() => setDeleting(null)}
      />
      <ConfirmResetMfa
        target={resetting && { id: resetting.id, label: resetting.name }}
        onClose={() => setResetting(null)}
      />
    </Stack>
  );
}
