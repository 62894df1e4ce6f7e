import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { MessageStep } from '../MessageStep';
import { StepFooter } from '../StepFooter';
import type { StepProps } from '../types';

/** showVOExist: one office per client; the running one is managed on the client's page. */
export function ShowVoExistStep({ state, dispatch, close }: StepProps) {
  const navigate = useNavigate();
  const clientId = state.data.client?.id ?? 0;
  return (
    <MessageStep
      state={state}
      dispatch={dispatch}
      color="yellow"
      title="A virtual office already runs for this client"
      actions={
        <Button
          onClick={() => {
            close();
            void navigate(`/client/details/${clientId}/1`);
          }}
        >
          Open the virtual office
        </Button>
      }
    >
      Stop it on the client's page before starting another one.
    </MessageStep>
  );
}

/** createFailoverFailed: the office could not start; the errors are listed (spec: recovery-flow 8). */
export function CreateFailoverFailedStep({ state, dispatch, close }: StepProps) {
  const errors = state.data.fo.errors;
  return (
    <Stack gap="md">
      <Alert color="red" title="The virtual office could not start" role="alert">
        {errors.length === 0 ? (
          <Text size="sm">The cloud did not say why. Try again in a few minutes.</Text>
        ) : (
          <List size="sm" data-testid="failover-errors">
            {errors.map((e) => (
              <List.Item key={e}>{e}</List.Item>
            ))}
          </List>
        )}
      </Alert>
      <StepFooter state={state} dispatch={dispatch}>
        <Button variant="default" onClick={close}>
          Close
        </Button>
      </StepFooter>
    </Stack>
  );
}
