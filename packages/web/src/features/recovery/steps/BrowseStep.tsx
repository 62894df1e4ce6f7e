import { recoveryCalls as c, downloadTypeFor } from '@lifeboat/contract';
import { Alert, Button, SegmentedControl, Stack, Text } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { call } from '../../../api/call';
import { callKey } from '../../../api/useCall';
import { mount } from '../api';
import { FileBrowser } from '../browser/FileBrowser';
import type { BrowserSource } from '../browser/source';
import type { Sent } from '../engine/state';
import { downloadTypeText } from '../format';
import { StepFooter } from './StepFooter';
import type { StepProps } from './types';
import { useSendOnce } from './useSendOnce';

/** browse: the shared file browser over the first tool's mount of the point (spec: recovery-flow 2). */
export function BrowseStep({ state, dispatch }: StepProps) {
  const d = state.data;
  const applianceId = d.via === 'appliance' ? (d.device?.appliance_id ?? 0) : 0;
  const target = { applianceId, deviceId: d.device?.id ?? 0, jobId: d.job?.id ?? 0, drive: d.drive };
  const pointId = d.point?.id ?? 0;
  // A mount is a write: once per point, kept across Back and forward (steps/useSendOnce.ts).
  const keep = useCallback(
    (request: string, m: Sent<string> | null) => dispatch({ type: 'mounted', request, mount: m }),
    [dispatch],
  );
  const m = useSendOnce({
    request: JSON.stringify({ ...target, pointId }),
    sent: d.mount,
    keep,
    send: () => mount(target, pointId),
    accept: (answer) => answer.filemountUseId,
  });
  const mountId = m.answer;
  const source = useMemo<BrowserSource | null>(
    () =>
      mountId
        ? {
            // Keyed like useCall's (area, METHOD path, then the mount; the browser adds the folder).
            key: [...callKey(c.files).slice(0, 2), { applianceId, mountId }],
            list: async (path) =>
              (await call(c.files, { params: { applianceId }, json: { path, filemountUseId: mountId } }))
                .files,
            search: (query) =>
              call(c.searchFiles, { params: { applianceId }, json: { filemountUseId: mountId, query } }),
          }
        : null,
    [applianceId, mountId],
  );
  const selected = d.restore.selected;
  const files = selected.filter((e) => e.type === 'file').length;
  const single = selected.length === 1 && files === 1;

  return (
    <Stack gap="sm">
      {m.error && (
        <Alert color="red" title="The restore point could not be opened">
          {m.error.message}
        </Alert>
      )}
      <FileBrowser
        source={source}
        deviceName={d.device?.name ?? ''}
        selected={selected}
        onSelect={(next) => dispatch({ type: 'select', selected: next })}
      >
        {selected.length > 0 && !single && (
          <SegmentedControl
            size="xs"
            aria-label="Download as"
            value={d.restore.archive}
            onChange={(v) => dispatch({ type: 'setArchive', archive: v === 'tar' ? 'tar' : 'zip' })}
            data={[
              { value: 'zip', label: 'Zip' },
              { value: 'tar', label: 'Tar' },
            ]}
          />
        )}
        {selected.length > 0 && (
          <Text size="xs" c="dimmed">
            {downloadTypeText(downloadTypeFor(selected, d.restore.archive))}
          </Text>
        )}
      </FileBrowser>
      <StepFooter state={state} dispatch={dispatch}>
        <Button disabled={selected.length === 0} onClick={() => dispatch({ type: 'next' })}>
          Next
        </Button>
      </StepFooter>
    </Stack>
  );
}
