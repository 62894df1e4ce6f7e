import { type Choice, ChoiceCards } from '../ChoiceCards';
import { StepFooter } from '../StepFooter';
import type { StepProps } from '../types';

type VoType = 'test' | 'production';

/** spec: recovery-flow 3 virtualization isTest/production; a production office needs a second person's approval. */
const CHOICES: Choice<VoType>[] = [
  {
    value: 'test',
    label: 'Test virtual office',
    description:
      'Start the systems in an isolated network to check that they boot. Production keeps running; you can stop the test at a set time.',
  },
  {
    value: 'production',
    label: 'Production virtual office',
    description:
      'The site is down: start the systems for real so people can work from the cloud. Another person must approve the start.',
  },
];

function VoTypeChoice({ state, dispatch }: StepProps) {
  return (
    <>
      <ChoiceCards
        choices={CHOICES}
        onChoose={(v) => dispatch({ type: 'foChooseType', isTest: v === 'test' })}
      />
      <StepFooter state={state} dispatch={dispatch} />
    </>
  );
}

/** setVirtualizationType: test or production, without a runbook. */
export const SetVirtualizationTypeStep = VoTypeChoice;
/** setRunbookVirtualizationType: the same choice for a runbook's office. */
export const SetRunbookVirtualizationTypeStep = VoTypeChoice;
