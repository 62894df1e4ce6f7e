import { ChoiceCards } from './ChoiceCards';
import { StepFooter } from './StepFooter';
import type { StepProps } from './types';

/** restoreType: cloud (offsite) or appliance (local); the appliance only when local devices exist. */
export function RestoreTypeStep({ state, dispatch }: StepProps) {
  const local = Boolean(state.data.client?.has_local_devices);
  return (
    <>
      <ChoiceCards
        choices={[
          {
            value: 'cloud',
            label: 'Cloud (offsite)',
            description: 'Browse a cloud restore point and download the files you need.',
          },
          ...(local
            ? [
                {
                  value: 'appliance' as const,
                  label: 'Appliance (local)',
                  description: 'Open a restore point on the appliance as a network share.',
                },
              ]
            : []),
        ]}
        onChoose={(via) => dispatch({ type: 'chooseRestoreType', via })}
      />
      <StepFooter state={state} dispatch={dispatch} />
    </>
  );
}
