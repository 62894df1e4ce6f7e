import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { MessageStep } from './MessageStep';
import type { StepProps } from './types';

// The error screens of recovery-flow 8 this part reaches, each with its way out.

/** genericError: the server's title and message when share exposure fails. */
export function GenericErrorStep({ state, dispatch, close }: StepProps) {
  const step = state.step.name === 'genericError' ? state.step : null;
  return (
    <MessageStep
      state={state}
      dispatch={dispatch}
      color="red"
      title={step?.title ?? 'Something went wrong'}
      actions={
        <Button variant="default" onClick={close}>
          Close
        </Button>
      }
    >
      {step?.message}
    </MessageStep>
  );
}

/** applianceOffline: no answer from the appliance; try again or go back. */
export function ApplianceOfflineStep({ state, dispatch, close }: StepProps) {
  const name = state.data.appliance?.name || state.data.device?.name || 'the appliance';
  return (
    <MessageStep
      state={state}
      dispatch={dispatch}
      color="orange"
      title="The appliance does not answer"
      actions={
        <>
          <Button variant="default" onClick={close}>
            Close
          </Button>
          <Button onClick={() => dispatch({ type: 'retry' })}>Try again</Button>
        </>
      }
    >
      The appliance of {name} did not respond. Check that it is switched on and connected, then try again.
    </MessageStep>
  );
}

/** notAvailable: with a way to contact support (spec: recovery-flow 8), or to close. */
export function NotAvailableStep({ state, dispatch, close }: StepProps) {
  const message = state.step.name === 'notAvailable' ? state.step.message : '';
  return (
    <MessageStep
      state={state}
      dispatch={dispatch}
      color="gray"
      title="This recovery is not available"
      actions={
        <>
          <Button variant="default" onClick={close}>
            Close
          </Button>
          <Button component={Link} to="/home/support" onClick={close}>
            Contact support
          </Button>
        </>
      }
    >
      {message}
    </MessageStep>
  );
}

/** error: the wizard could not load what it needs; notAvailable is reached from it (spec: recovery-flow 8). */
export function ErrorStep({ state, dispatch, close }: StepProps) {
  const message = state.step.name === 'error' ? state.step.message : '';
  const help = {
    name: 'notAvailable' as const,
    message: `Support can look into why the recovery wizard stopped.${message ? ` Tell them what it said: ${message}` : ''}`,
  };
  return (
    <MessageStep
      state={state}
      dispatch={dispatch}
      color="red"
      title="The recovery wizard cannot continue"
      actions={
        <>
          <Button variant="default" onClick={() => dispatch({ type: 'goTo', step: help })}>
            Get help
          </Button>
          <Button onClick={close}>Close</Button>
        </>
      }
    >
      {message}
    </MessageStep>
  );
}
