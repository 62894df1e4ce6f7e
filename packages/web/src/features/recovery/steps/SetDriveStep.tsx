import { ChoiceCards } from './ChoiceCards';
import { StepFooter } from './StepFooter';
import type { StepProps } from './types';

/** setDrive: the drives of a whole-system (SERVER_ALIVE_BMR) job with several. */
export function SetDriveStep({ state, dispatch }: StepProps) {
  const drives = state.data.job?.drives ?? [];
  return (
    <>
      <ChoiceCards
        choices={drives.map((d) => ({ value: d, label: d, description: `Browse or share drive ${d}.` }))}
        onChoose={(drive) => dispatch({ type: 'chooseDrive', drive })}
      />
      <StepFooter state={state} dispatch={dispatch} />
    </>
  );
}
