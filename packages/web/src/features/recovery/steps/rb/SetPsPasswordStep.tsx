import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { verifyPsPassword } from '../../ftps-api';
import { StepFooter } from '../StepFooter';
import type { StepProps } from '../types';

/** setPsPassword: Next only with a password; a wrong one marks the field (spec: recovery-flow 5, 8). */
export function SetPsPasswordStep({ state, dispatch }: StepProps) {
  const device = state.data.rb.device;
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const check = useMutation({
    mutationFn: () => verifyPsPassword(device?.id ?? 0, password),
    onSuccess: (a) =>
      a.isPasswordCorrect ? dispatch({ type: 'rbPasswordOk', password }) : setError('Password incorrect.'),
    onError: (e) => setError(e.message),
  });
  return (
    <form
      onSubmit={(ev) => {
        ev.preventDefault();
        if (password !== '') check.mutate();
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          {device?.psName ?? 'This system'} is password protected. Enter its password to export from it.
        </Text>
        <PasswordInput
          label="System password"
          value={password}
          onChange={(e) => {
            setPassword(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          aria-invalid={error !== null}
          autoFocus
          data-testid="ps-password"
        />
      </Stack>
      <StepFooter state={state} dispatch={dispatch}>
        <Button type="submit" disabled={password === ''} loading={check.isPending}>
          Next
        </Button>
      </StepFooter>
    </form>
  );
}
