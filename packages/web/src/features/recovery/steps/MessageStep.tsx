import { Alert, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { StepFooter } from './StepFooter';
import type { StepProps } from './types';

interface MessageStepProps extends Pick<StepProps, 'state' | 'dispatch'> {
  color: string;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}

/** The shape of every error and prompt screen: a titled message and its ways out. */
export function MessageStep({ state, dispatch, color, title, children, actions }: MessageStepProps) {
  return (
    <Stack gap="md">
      <Alert color={color} title={title} role="alert">
        <Text size="sm">{children}</Text>
      </Alert>
      <StepFooter state={state} dispatch={dispatch}>
        {actions}
      </StepFooter>
    </Stack>
  );
}
