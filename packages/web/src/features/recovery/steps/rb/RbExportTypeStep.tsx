import { FTPS_EXPORT_TYPES, FTPS_FORMATS, type FtpsExportType, type FtpsFormat } from '@lifeboat/contract';
import { Alert, Button, Radio, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { StepFooter } from '../StepFooter';
import type { StepProps } from '../types';
import { DiskDownloadPanel } from './DiskDownloadPanel';
import { useStartExport } from './useStartExport';

/** rbExportType: the disk format (VHD, VHDX, VMDK) and the export type. */
export function RbExportTypeStep({ state, dispatch }: StepProps) {
  const [format, setFormat] = useState<FtpsFormat>(state.data.rb.format);
  const [type, setType] = useState<FtpsExportType>(state.data.rb.exportType);
  return (
    <Stack gap="md">
      <Text size="sm">Disk format</Text>
      <SegmentedControl
        data={[...FTPS_FORMATS]}
        value={format}
        onChange={(v) => setFormat(v as FtpsFormat)}
      />
      <Radio.Group label="Export type" value={type} onChange={(v) => setType(v as FtpsExportType)}>
        <Stack gap={6} mt={6}>
          {FTPS_EXPORT_TYPES.map((t) => (
            <Radio
              key={t}
              value={t}
              label={
                t === 'dynamic'
                  ? 'Dynamic: the image grows as data is written'
                  : 'Fixed: the image has the whole disk size'
              }
            />
          ))}
        </Stack>
      </Radio.Group>
      <StepFooter state={state} dispatch={dispatch}>
        <Button onClick={() => dispatch({ type: 'rbChooseFormat', format, exportType: type })}>Next</Button>
      </StepFooter>
    </Stack>
  );
}

/** exportVirtualDisk: what will be exported, and the start. */
export function ExportVirtualDiskStep(props: StepProps) {
  if (props.state.data.rb.delivery === 'download') return <DiskDownloadPanel {...props} />;
  return <ExportByFtps {...props} />;
}

function ExportByFtps(props: StepProps) {
  const { state, dispatch } = props;
  const rb = state.data.rb;
  const start = useStartExport(props);
  return (
    <Stack gap="md">
      <Text size="sm">
        {rb.device?.psName} · restore point {rb.point?.label} · {rb.format} ({rb.exportType})
      </Text>
      {start.error && <Alert color="red">{start.error.message}</Alert>}
      <StepFooter state={state} dispatch={dispatch}>
        <Button loading={start.isPending} onClick={() => start.mutate()}>
          Start the export
        </Button>
      </StepFooter>
    </Stack>
  );
}
