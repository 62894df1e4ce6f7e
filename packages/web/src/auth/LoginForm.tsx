import { type LoginRequest, loginRequest, loginWithCodeRequest } from '@lifeboat/contract';
import { Alert, Button, Paper, Stack, Title } from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../api/client';
import { IconAlert } from '../components/icons';
import { FormPasswordInput } from '../forms/FormPasswordInput';
import { FormTextInput } from '../forms/FormTextInput';
import { useSchemaForm } from '../forms/useSchemaForm';
import { useSignIn } from '../session/session';
import { useShake } from './useShake';

interface Feedback {
  kind: 'error' | 'info';
  message: string;
  /** Changes on every answer, so a repeated message is announced again. */
  attempt: number;
}

type LoginValues = { username: string; password: string; code?: string };

/** The sign-in card: user name, password and, when the server asks for it, the MFA code. */
export function LoginForm() {
  const signIn = useSignIn();
  const cardRef = useRef<HTMLDivElement>(null);
  const shake = useShake(cardRef);
  const [needCode, setNeedCode] = useState(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);

  // The server's answer is always said in the alert; field messages also go under the fields.
  const onRefused = (err: unknown) => {
    const attempt = (feedback?.attempt ?? 0) + 1;
    if (!(err instanceof ApiError)) {
      setFeedback({ kind: 'error', message: 'Signing in failed. Try again.', attempt });
      return;
    }
    if (err.code === 'MFA_REQUIRED') {
      setNeedCode(true);
      setFeedback({ kind: 'info', message: err.message, attempt });
      requestAnimationFrame(() => form.setFocus('code'));
      return;
    }
    setFeedback({ kind: 'error', message: err.message, attempt });
    if (err.status === 401) {
      // Wrong credentials (or code): shake the card and let the user retype the secret.
      shake();
      if (!needCode) form.setValue('password', '');
      form.setValue('code', '');
      form.setFocus(needCode ? 'code' : 'password');
    }
  };

  const { form, onSubmit, saving } = useSchemaForm<LoginValues, LoginRequest>(
    needCode ? loginWithCodeRequest : loginRequest,
    {
      defaultValues: { username: '', password: '', code: '' },
      inputs: needCode ? ['username', 'password', 'code'] : ['username', 'password'],
      send: ({ username, password, code }) =>
        signIn.mutateAsync(needCode ? { username, password, code } : { username, password }),
      onRefused,
    },
  );
  const { control, setFocus } = form;

  useEffect(() => {
    setFocus('username');
  }, [setFocus]);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!saving) void onSubmit(e);
  };

  return (
    <Paper ref={cardRef} withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }} w="100%">
      <form onSubmit={submit} noValidate aria-labelledby="login-title">
        <Stack gap="md">
          <Title order={1} id="login-title" fz={22}>
            Sign in
          </Title>
          {feedback && (
            <Alert
              key={feedback.attempt}
              role={feedback.kind === 'error' ? 'alert' : 'status'}
              color={feedback.kind === 'error' ? 'red' : 'blue'}
              variant="light"
              icon={<IconAlert size={20} />}
            >
              {feedback.message}
            </Alert>
          )}
          <FormTextInput
            control={control}
            name="username"
            label="User name"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            withAsterisk={false}
          />
          <FormPasswordInput
            control={control}
            name="password"
            label="Password"
            autoComplete="current-password"
            required
            withAsterisk={false}
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the password' }}
          />
          {needCode && (
            <FormTextInput
              control={control}
              name="code"
              label="Authentication code"
              description="The 6-digit code from your authenticator app."
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={16}
              required
              withAsterisk={false}
            />
          )}
          <Button type="submit" fullWidth size="md" loading={saving} mt={4}>
            Sign in
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
