import { ftpsCalls } from '@lifeboat/contract';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { call } from '../../../../api/call';
import { callKey } from '../../../../api/useCall';
import { FileBrowser } from '../../browser/FileBrowser';
import type { BrowserSource } from '../../browser/source';
import { StepFooter } from '../StepFooter';
import type { StepProps } from '../types';
import { useStartExport } from './useStartExport';

const join = (dir: string, name: string) => (dir ? `${dir}/${name}` : name);

/** rbSelectFiles: the shared file browser over the second tool's browse call (docs/decisions.md). */
export function RbSelectFilesStep(props: StepProps) {
  const { state, dispatch } = props;
  const rb = state.data.rb;
  const machineId = rb.device?.id ?? 0;
  const pointId = rb.point?.id ?? 0;
  const source = useMemo<BrowserSource>(
    () => ({
      // Keyed like useCall's (area, METHOD path, then the point; the browser adds the folder).
      key: [...callKey(ftpsCalls.rbBrowse).slice(0, 2), { machineId, pointId }],
      list: async (dir) =>
        (
          await call(ftpsCalls.rbBrowse, {
            params: { machineId, restorePoint: pointId },
            query: { path: dir },
          })
        ).entries.map((e) => ({
          ...e,
          path: join(dir, e.name),
        })),
    }),
    [machineId, pointId],
  );
  const start = useStartExport(props);
  return (
    <Stack gap="sm">
      <FileBrowser
        source={source}
        deviceName={rb.device?.psName ?? ''}
        selected={rb.selected}
        onSelect={(selected) => {
          // A refusal (a selection past the export's limits) is about the old selection.
          start.reset();
          dispatch({ type: 'rbSelect', selected });
        }}
      >
        <Text size="xs" c="dimmed">
          An export holds up to 4 GB and 20,000 files and folders.
        </Text>
      </FileBrowser>
      {start.error && (
        <Alert color="red" role="alert" data-testid="rb-start-error">
          {start.error.message}
        </Alert>
      )}
      <StepFooter state={state} dispatch={dispatch}>
        <Button disabled={rb.selected.length === 0} loading={start.isPending} onClick={() => start.mutate()}>
          Start the export
        </Button>
      </StepFooter>
    </Stack>
  );
}
