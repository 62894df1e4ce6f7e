import { useMutation } from '@tanstack/react-query';
import { startFtpsExport } from '../../ftps-api';
import type { StepProps } from '../types';

/** Start (or start again) the export the wizard describes; recoveryInProgress follows it. */
export function useStartExport({ state, dispatch }: Pick<StepProps, 'state' | 'dispatch'>) {
  const rb = state.data.rb;
  return useMutation({
    mutationFn: () =>
      startFtpsExport({
        machineId: rb.device?.id ?? 0,
        restorePoint: rb.point?.id ?? 0,
        kind: rb.kind ?? 'ffr',
        format: rb.format,
        exportType: rb.exportType,
        paths: rb.selected.map((e) => e.path),
        password: rb.password,
      }),
    onSuccess: (a) => dispatch({ type: 'rbStarted', uuid: a.export_uuid }),
  });
}
