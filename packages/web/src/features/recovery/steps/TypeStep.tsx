import { ChoiceCards } from './ChoiceCards';
import { StepFooter } from './StepFooter';
import type { StepProps } from './types';

/** type (first tool): what to recover. */
export function TypeStep({ state, dispatch }: StepProps) {
  return (
    <>
      <ChoiceCards
        choices={[
          {
            value: 'file_or_folder',
            label: 'Files and folders',
            description: 'Download files from a restore point, or open it as a network share.',
          },
          {
            value: 'virtual-disk',
            label: 'Virtual disk',
            description: 'Export a disk as VMDK, VHD or VHDX.',
          },
          {
            value: 'virtualization',
            label: 'Virtual machine',
            description: 'Start the system as a virtual machine locally or in the cloud.',
          },
        ]}
        onChoose={(value) => dispatch({ type: 'chooseType', value })}
      />
      <StepFooter state={state} dispatch={dispatch} />
    </>
  );
}
