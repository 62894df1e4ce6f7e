import { Alert, Anchor, Code, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { IconAlert } from '../../components/icons';
import { PageHeader } from '../../components/PageHeader';
import { SoftBadge } from '../entities/cells';
import { entityKeys, supportLogin } from '../entities/entitiesApi';

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
  const login = useQuery({
    queryKey: entityKeys.support(kind, target),
    queryFn: () => supportLogin(kind, target),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const noun = kind === 'appliance' ? 'appliance' : 'vault';
  const d = login.data;
  return (
    <Stack gap="lg" maw={720}>
      <PageHeader eyebrow="Support login" title={d ? d.name : `Opening the ${noun}…`} />
      {login.isPending && <Skeleton height={140} radius="md" />}
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
