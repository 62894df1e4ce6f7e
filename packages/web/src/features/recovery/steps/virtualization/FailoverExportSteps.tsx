import { recoveryCalls as c } from '@lifeboat/contract';
import { Alert, Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../../api/call';
import { callKey } from '../../../../api/useCall';
import { pointsCalls } from '../../api';
import { pointTimeText } from '../../format';
import { MessageStep } from '../MessageStep';
import { StepFooter } from '../StepFooter';
import type { StepProps } from '../types';

/** exportVmFailover: the device runs as a production failover VM; export from it or from a restore point. */
export function ExportVmFailoverStep({ state, dispatch }: StepProps) {
  const name = state.data.device?.name ?? 'This device';
  return (
    <MessageStep
      state={state}
      dispatch={dispatch}
      color="blue"
      title={`${name} runs as a production failover machine`}
      actions={
        <>
          <Button variant="default" onClick={() => dispatch({ type: 'chooseFailoverExport', fromVm: false })}>
            Choose a restore point
          </Button>
          <Button onClick={() => dispatch({ type: 'chooseFailoverExport', fromVm: true })}>
            Export from the running machine
          </Button>
        </>
      }
    >
      Its disk can be exported as it is now in the running virtual machine, with the changes made since the
      failover started, or from one of its backups.
    </MessageStep>
  );
}

/** The device's first job and its latest local restore point: where the failover VM started from. */
async function failoverSource(clientId: number, applianceId: number, deviceId: number) {
  const { jobs } = await call(c.jobs, { json: { deviceId, applianceId } });
  const job = jobs.find((j) => j.type === 'SERVER_ALIVE_BMR') ?? jobs[0];
  if (!job) return null;
  const { params, strip } = pointsCalls({ clientId, applianceId, deviceId, jobId: job.id, drive: null });
  const points = await call(strip, { params });
  const latest = (points.data?.dates ?? []).flatMap((day) => day.points).sort((a, b) => b.ts - a.ts)[0];
  return latest
    ? { job: { id: job.id, name: job.name, type: job.type, drives: job.drives }, point: latest }
    : null;
}

/** setVmExportFailover: confirms the export of the failover machine's disk. */
export function SetVmExportFailoverStep({ state, dispatch }: StepProps) {
  const d = state.data;
  const clientId = d.client?.id ?? 0;
  const applianceId = d.device?.appliance_id ?? 0;
  const deviceId = d.device?.id ?? 0;
  // Two reads made into one answer: keyed like useCall's, with the answer's own suffix.
  const q = useQuery({
    queryKey: [...callKey(c.jobs, { json: { deviceId, applianceId } }), 'failover-source', clientId],
    queryFn: () => failoverSource(clientId, applianceId, deviceId),
  });
  const source = q.data;
  return (
    <Stack gap="md">
      {q.isPending && <Skeleton h={72} radius="md" />}
      {q.error && (
        <Alert color="red" title="The failover machine could not be read">
          {q.error.message}
        </Alert>
      )}
      {q.data === null && (
        <Alert color="gray" title="No restore point on the appliance">
          The failover machine has no local restore point to export from.
        </Alert>
      )}
      {source && (
        <Paper withBorder radius="md" p="md">
          <Text size="sm">
            The disk of {d.device?.name} ({source.job.name}) is exported from its running failover machine as
            a {d.vm.exportType} {d.vm.format} disk. The machine started from the restore point of{' '}
            {pointTimeText(source.point.ts)}.
          </Text>
        </Paper>
      )}
      <StepFooter state={state} dispatch={dispatch}>
        <Button
          disabled={!source}
          onClick={() =>
            source && dispatch({ type: 'failoverExportReady', job: source.job, point: source.point })
          }
        >
          Export the disk
        </Button>
      </StepFooter>
    </Stack>
  );
}
