import { Alert, Button, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../api/client';
import { IconAlert } from '../components/icons';
import { useSignIn } from '../session/session';
import { useShake } from './useShake';
import { type LoginFieldErrors, validateLogin } from './validateLogin';

type FieldErrors = LoginFieldErrors;
type Field = keyof FieldErrors;

interface Feedback {
  kind: 'error' | 'info';
  message: string;
  /** Changes on every answer, so a repeated message is announced again. */
  attempt: number;
}

function fieldErrorsOf(fields: Record<string, string> | undefined): FieldErrors {
  const out: FieldErrors = {};
  for (const key of ['username', 'password', 'code'] as const) {
    if (fields?.[key]) out[key] = fields[key];
  }
  return out;
}

/** The sign-in card: user name, password and, when the server asks for it, the MFA code. */
export function LoginForm() {
  const signIn = useSignIn();
  const cardRef = useRef<HTMLDivElement>(null);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const shake = useShake(cardRef);
  const [values, setValues] = useState({ username: '', password: '', code: '' });
  const [needCode, setNeedCode] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [feedback, setFeedback] = useState<Feedback | null>(null);

  useEffect(() => {
    usernameRef.current?.focus();
  }, []);

  const set = (field: Field) => (e: ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((x) => ({ ...x, [field]: undefined }));
  };

  const onFailure = (err: unknown) => {
    const attempt = (feedback?.attempt ?? 0) + 1;
    if (!(err instanceof ApiError)) {
      setFeedback({ kind: 'error', message: 'Signing in failed. Try again.', attempt });
      return;
    }
    if (err.code === 'MFA_REQUIRED') {
      setNeedCode(true);
      setFeedback({ kind: 'info', message: err.message, attempt });
      requestAnimationFrame(() => codeRef.current?.focus());
      return;
    }
    setErrors(fieldErrorsOf(err.fields));
    setFeedback({ kind: 'error', message: err.message, attempt });
    if (err.status === 401) {
      // Wrong credentials (or code): shake the card and let the user retype the secret.
      shake();
      setValues((v) => ({ ...v, password: needCode ? v.password : '', code: '' }));
      (needCode ? codeRef : passwordRef).current?.focus();
    }
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (signIn.isPending) return;
    const invalid = validateLogin(values);
    if (needCode && values.code.trim() === '') invalid.code = 'Enter the code from your authenticator app.';
    if (Object.keys(invalid).length > 0) {
      setErrors(invalid);
      return;
    }
    setErrors({});
    const body = { username: values.username.trim(), password: values.password };
    signIn.mutate(needCode ? { ...body, code: values.code.trim() } : body, { onError: onFailure });
  };

  return (
    <Paper ref={cardRef} withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }} w="100%">
      <form onSubmit={onSubmit} noValidate aria-labelledby="login-title">
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
          <TextInput
            label="User name"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            withAsterisk={false}
            value={values.username}
            onChange={set('username')}
            error={errors.username}
            ref={usernameRef}
          />
          <PasswordInput
            ref={passwordRef}
            label="Password"
            name="password"
            autoComplete="current-password"
            required
            withAsterisk={false}
            value={values.password}
            onChange={set('password')}
            error={errors.password}
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the password' }}
          />
          {needCode && (
            <TextInput
              ref={codeRef}
              label="Authentication code"
              description="The 6-digit code from your authenticator app."
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={16}
              required
              withAsterisk={false}
              value={values.code}
              onChange={set('code')}
              error={errors.code}
            />
          )}
          <Button type="submit" fullWidth size="md" loading={signIn.isPending} mt={4}>
            Sign in
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
