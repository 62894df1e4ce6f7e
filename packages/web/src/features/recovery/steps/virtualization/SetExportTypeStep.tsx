import { ChoiceCards } from '../ChoiceCards';
import { StepFooter } from '../StepFooter';
import type { StepProps } from '../types';

/** setExportType: a dynamic or a fixed disk; shown only when the appliance makes dynamic disks. */
export function SetExportTypeStep({ state, dispatch }: StepProps) {
  const format = state.data.vm.format ?? 'disk';
  return (
    <>
      <ChoiceCards
        choices={[
          {
            value: 'dynamic',
            label: `Dynamic ${format}`,
            description: 'The file grows as data is written: smaller and quicker to copy.',
          },
          {
            value: 'fixed',
            label: `Fixed ${format}`,
            description: 'The file holds the whole disk size: steadier performance once attached.',
          },
        ]}
        onChoose={(exportType) => dispatch({ type: 'chooseExportType', exportType })}
      />
      <StepFooter state={state} dispatch={dispatch} />
    </>
  );
}
