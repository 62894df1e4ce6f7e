import type { Dispatch } from 'react';
import type { WizardState } from '../engine/state';
import type { WizardEvent } from '../engine/transitions';

/** What every step component receives from the wizard. */
export interface StepProps {
  state: WizardState;
  dispatch: Dispatch<WizardEvent>;
  close: () => void;
}
