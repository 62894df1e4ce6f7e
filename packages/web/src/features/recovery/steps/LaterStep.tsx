import { STEP_TITLES } from '../engine/steps';
import { MessageStep } from './MessageStep';
import type { StepProps } from './types';

/** Steps of the next part (virtualization, exports, failover, second tool): an honest placeholder with a way back. */
export function LaterStep({ state, dispatch }: StepProps) {
  return (
    <MessageStep
      state={state}
      dispatch={dispatch}
      color="blue"
      title={STEP_TITLES[state.step.name] ?? 'Coming soon'}
    >
      This way of recovering is not available here yet. Files, folders and network shares work today: go back
      and choose “Files and folders”.
    </MessageStep>
  );
}
