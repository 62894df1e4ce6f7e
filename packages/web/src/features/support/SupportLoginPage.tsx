import { Alert, Anchor, Code, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { useOncePerRequest } from '../../api/useOncePerRequest';
import { IconAlert } from '../../components/icons';
import { PageHeader } from '../../components/PageHeader';
import { SoftBadge } from '../entities/cells';
import { supportLogin } from '../entities/entitiesApi';

interface SupportLoginPageProps {
  kind: 'appliance' | 'vault';
  /** An appliance's serial or id; a vault's id. */
  target: string;
}

/**
 * /appliance/login/{serial or id} and /vault/login/{id}, opened in a new window from a row's
 * support action (spec: dashboard-device-azure 2.1). No appliance or vault is reachable from this
 * console, so the page says what single sign-on would open instead of pretending to.
 */
export function SupportLoginPage({ kind, target }: SupportLoginPageProps) {
  // Opening a support login is audited: one per visit, never re-sent by a refetch of the entities.
  const login = useMutation({ mutationFn: () => supportLogin(kind, target) });
  const { mutate } = login;
  useOncePerRequest(
    `${kind}/${target}`,
    true,
    useCallback(() => mutate(), [mutate]),
  );
  const noun = kind === 'appliance' ? 'appliance' : 'vault';
  const d = login.data;
  return (
    <Stack gap="lg" maw={720}>
      <PageHeader eyebrow="Support login" title={d ? d.name : `Opening the ${noun}…`} />
      {(login.isPending || login.isIdle) && <Skeleton height={140} radius="md" />}
      {login.isError && (
        <Alert color="red" icon={<IconAlert size={18} />} title={`No support login to this ${noun}`}>
          {login.error.message}
        </Alert>
      )}
      {d && (
        <Paper withBorder radius="md" p="lg">
          <Stack gap="sm">
            <Group gap="xs">
              <SoftBadge color={d.online ? 'green' : 'gray'}>{d.online ? 'Online' : 'Offline'}</SoftBadge>
              {d.sid && (
                <Text size="sm" c="dimmed">
                  Serial {d.sid}
                </Text>
              )}
            </Group>
            <Text>{d.message}</Text>
            <Text size="sm" c="dimmed">
              Single sign-on would open <Code>{d.target}</Code>. The attempt was recorded in the audit log.
            </Text>
            <Anchor component={Link} to={`/${kind}/details/${d.id}`} size="sm">
              Open the {noun}'s page in Lifeboat instead
            </Anchor>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
