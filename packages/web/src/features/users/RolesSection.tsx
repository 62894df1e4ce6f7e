import { builtInRole, type RoleRow, roleCalls } from '@lifeboat/contract';
import { Alert, Button, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../api/call';
import { invalidateCalls, useCall } from '../../api/useCall';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notifySaved } from '../entities/notifySaved';
import { RoleDialog } from './RoleDialog';

const rightsWords = (n: number) => (n === 1 ? 'One right' : `${n} rights`);

/**
 * The roles of the users tab (docs/decisions.md 'Roles'): the built-in roles of the levels this
 * user manages, which cannot be changed, and the custom roles, made, edited and removed here.
 */
export function RolesSection({ levels }: { levels: number[] }) {
  const roles = useCall(roleCalls.list, {});
  const client = useQueryClient();
  const [dialog, setDialog] = useState<{ role?: RoleRow } | null>(null);
  const [removing, setRemoving] = useState<RoleRow | null>(null);
  const canCreate = roles.data?.can_create ?? false;
  return (
    <Card withBorder padding="lg" radius="md" data-testid="roles-section">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Title order={2} fz="h4">
              Roles
            </Title>
            <Text size="sm" c="dimmed" maw={640}>
              A role names what its users may do. Each user has one: the built-in role of their level, or a
              role made here, which can only take rights away.
            </Text>
          </Stack>
          {canCreate && <Button onClick={() => setDialog({})}>Add role</Button>}
        </Group>
        {roles.isPending && <Skeleton height={120} />}
        {roles.isError && <Alert color="red">{roles.error.message}</Alert>}
        {roles.data && (
          <Table.ScrollContainer minWidth={300}>
            <Table verticalSpacing="xs" data-testid="roles">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Role</Table.Th>
                  <Table.Th visibleFrom="sm">May</Table.Th>
                  <Table.Th>Users</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {levels.map((l) => {
                  const b = builtInRole(l);
                  return (
                    <Table.Tr key={`level-${l}`}>
                      <Table.Td>
                        <Text size="sm">{b.name}</Text>
                        <Text size="xs" c="dimmed">
                          Cannot be changed
                        </Text>
                      </Table.Td>
                      <Table.Td visibleFrom="sm">Everything the level allows</Table.Td>
                      <Table.Td>—</Table.Td>
                      <Table.Td />
                    </Table.Tr>
                  );
                })}
                {roles.data.roles.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {r.name}
                      </Text>
                      {r.organisation_kind !== 'provider' &&
                        roles.data.roles.some((x) => x.organisation_id !== r.organisation_id) && (
                          <Text size="xs" c="dimmed">
                            {r.organisation_name}
                          </Text>
                        )}
                    </Table.Td>
                    <Table.Td visibleFrom="sm">{rightsWords(r.rights.length)}</Table.Td>
                    <Table.Td>{r.users}</Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end">
                        <Button
                          size="xs"
                          variant="subtle"
                          onClick={() => setDialog({ role: r })}
                          aria-label={`Edit ${r.name}`}
                        >
                          Edit
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() => setRemoving(r)}
                          aria-label={`Remove ${r.name}`}
                        >
                          Remove
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {roles.data && roles.data.roles.length === 0 && (
          <Text size="sm" c="dimmed">
            {canCreate
              ? 'No roles of your own yet: every user has the built-in role of their level. Add a role to give some users less, such as a technician without reports.'
              : 'Every user has the built-in role of their level. Your reseller makes the other roles.'}
          </Text>
        )}
      </Stack>
      <RoleDialog opened={dialog !== null} onClose={() => setDialog(null)} role={dialog?.role} />
      <ConfirmDialog
        opened={removing !== null}
        title={`Remove the role ${removing?.name ?? ''}?`}
        message="Its rights are gone for good. A role that users still have cannot be removed: give them another role first."
        confirmLabel="Remove"
        errorTitle="Not removed"
        onConfirm={async () => {
          if (!removing) return;
          await call(roleCalls.remove, { params: { id: removing.id } });
          notifySaved(`The role ${removing.name} was removed.`);
          await invalidateCalls(client, ['entities']);
        }}
        onClose={() => setRemoving(null)}
      />
    </Card>
  );
}
