import {
  ACTIVE_PHASES,
  type FailoverPhase,
  failoverCalls,
  type GetFailoverStatusAnswer,
  type OfficeAnswer,
} from '@lifeboat/contract';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useCall } from '../../../api/useCall';
import { IconDownload } from '../../../components/icons';
import { applianceScriptUrl, clientScriptUrl, officeInput } from '../failover-api';
import { pointTimeText } from '../format';
import { CopyText } from './CopyText';
import { OfficeSystems } from './OfficeSystems';
import { StopOfficeModal } from './StopOfficeModal';

export const OFFICE_POLL_MS = 3000;

const PHASE: Record<FailoverPhase, { label: string; color: string }> = {
  awaiting_approval: { label: 'Waiting for approval', color: 'yellow' },
  new: { label: 'Starting', color: 'blue' },
  started: { label: 'Running', color: 'green' },
  finished: { label: 'Stopped', color: 'gray' },
  failed: { label: 'Failed', color: 'red' },
  refused: { label: 'Refused', color: 'red' },
  expired: { label: 'Not approved in time', color: 'gray' },
};

/** A refusal stays on the client page for a day, until another office is asked for. */
const REFUSAL_SHOWN_MS = 24 * 3_600_000;

type Recent = GetFailoverStatusAnswer['recent'][number];

/**
 * The refusal the requester must read (docs/decisions.md 'Failover approval is opt-in'): the
 * client's latest office was refused by someone else (not withdrawn) within REFUSAL_SHOWN_MS.
 */
function refusalToTell(recent: Recent[], now: number): Recent | null {
  const last = recent[0];
  if (last?.phase !== 'refused' || last.withdrawn) return null;
  return now - (last.ended_at ?? last.created_at) < REFUSAL_SHOWN_MS ? last : null;
}

const booting = (o: OfficeAnswer | null | undefined) =>
  Boolean(
    o && (o.phase !== 'started' || o.systems.some((s) => s.state === 'queued' || s.state === 'booting')),
  );

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/**
 * The client's virtual office (client/details/{clientId}/1; get_failover_status): its systems
 * and their state, its network, the failover scripts to download, its auto-stop, and Stop.
 * Shown on the client page while an office runs, or always on section 1.
 */
export function VirtualOfficePanel({ clientId, always }: { clientId: number; always: boolean }) {
  const [stopping, setStopping] = useState(false);
  // The office asked to stop, until it is gone: polled fast like a booting one.
  const [stopAsked, setStopAsked] = useState<number | null>(null);
  const q = useCall(failoverCalls.getFailoverStatus, officeInput(clientId), {
    // Polled faster while systems boot or stop, slowly once the office runs (the auto-stop ends it).
    refetchInterval: (query) => {
      const o = query.state.data?.office;
      return booting(o) || (o && o.failover_id === stopAsked) ? OFFICE_POLL_MS : 15_000;
    },
  });
  const office = q.data?.office ?? null;
  const refusal = office ? null : refusalToTell(q.data?.recent ?? [], Date.now());
  if (!always && !office && !refusal) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="virtual-office">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Title order={2} size="h4">
              Virtual office
            </Title>
            {office && (
              <>
                <Badge variant="light" color={office.type === 'test' ? 'grape' : 'orange'}>
                  {office.type === 'test' ? 'Test' : 'Production'}
                </Badge>
                <Badge color={PHASE[office.phase].color} data-testid="office-phase">
                  {PHASE[office.phase].label}
                </Badge>
              </>
            )}
          </Group>
          {/* A request waiting for approval is withdrawn or decided in the approvals panel. */}
          {office && office.phase !== 'awaiting_approval' && ACTIVE_PHASES.includes(office.phase) && (
            <Button color="red" variant="light" size="xs" onClick={() => setStopping(true)}>
              Stop the office
            </Button>
          )}
        </Group>
        {q.isPending && <Skeleton h={160} aria-label="Loading the virtual office" />}
        {q.error && (
          <Alert color="red" title="The virtual office could not be loaded">
            {q.error.message}
          </Alert>
        )}
        {refusal && (
          <Alert color="red" title="The production office was refused" data-testid="office-refusal">
            {refusal.requested_by} asked for it at {pointTimeText(refusal.created_at)}. {refusal.message}
          </Alert>
        )}
        {q.data && !office && (
          <Text size="sm" c="dimmed">
            No virtual office runs for this client. Start one from the recovery wizard.
          </Text>
        )}
        {office && (
          <>
            <Group gap="xl" wrap="wrap" align="flex-start">
              <Fact label="Requested by">
                {office.requested_by} · {pointTimeText(office.created_at)}
              </Fact>
              {office.approved_by && <Fact label="Approved by">{office.approved_by}</Fact>}
              {office.runbook_name && <Fact label="Runbook">{office.runbook_name}</Fact>}
              <Fact label="Auto-stop">{office.stop_at ? pointTimeText(office.stop_at) : 'None'}</Fact>
              {office.office_address && (
                <Fact label="Office address">
                  <CopyText label="office address" value={office.office_address} />
                </Fact>
              )}
              <Fact label="Network">
                {office.gateway} / {office.netmask}
              </Fact>
            </Group>
            {office.message && (
              <Alert color={office.phase === 'failed' ? 'red' : 'blue'}>{office.message}</Alert>
            )}
            <OfficeSystems office={office} />
            <Group gap="sm" wrap="wrap">
              <Button
                component="a"
                href={clientScriptUrl(clientId, office.type === 'test')}
                download
                variant="default"
                size="xs"
                leftSection={<IconDownload size={14} />}
              >
                Network script for the site's firewall
              </Button>
              {office.appliance_id !== null && (
                <Button
                  component="a"
                  href={applianceScriptUrl(office.appliance_id)}
                  download
                  variant="default"
                  size="xs"
                  leftSection={<IconDownload size={14} />}
                >
                  Appliance script
                </Button>
              )}
            </Group>
            <StopOfficeModal
              opened={stopping}
              failoverId={office.failover_id}
              production={office.type === 'production'}
              onClose={() => setStopping(false)}
              onStopped={() => setStopAsked(office.failover_id)}
            />
          </>
        )}
        {always && q.data && q.data.recent.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Earlier offices
            </Text>
            {q.data.recent.map((r) => (
              <Text key={r.failover_id} size="xs" c="dimmed">
                {pointTimeText(r.created_at)} · {r.type === 'test' ? 'Test' : 'Production'} ·{' '}
                {PHASE[r.phase].label}
                {r.message ? ` · ${r.message}` : ''}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
