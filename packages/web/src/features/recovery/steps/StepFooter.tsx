import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { canGoBack } from '../engine/transitions';
import type { StepProps } from './types';

/** Back (when there is somewhere to return) on the left, the step's own actions on the right. */
export function StepFooter({
  state,
  dispatch,
  children,
}: Pick<StepProps, 'state' | 'dispatch'> & { children?: ReactNode }) {
  return (
    <Group justify="space-between" mt="lg" gap="sm" wrap="wrap">
      {canGoBack(state) ? (
        <Button variant="default" onClick={() => dispatch({ type: 'back' })}>
          Back
        </Button>
      ) : (
        <span />
      )}
      <Group gap="sm">{children}</Group>
    </Group>
  );
}
