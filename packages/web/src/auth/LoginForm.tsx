import type { SessionResponse } from '@lifeboat/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../api/client';
import { IconAlert } from '../components/icons';
import { mapServerError } from '../forms/serverErrors';
import { signIn } from '../session/sessionApi';
import classes from './LoginPage.module.css';
import {
  checkLogin,
  type LoginErrors,
  type LoginField,
  type LoginValues,
  loginBody,
  loginFieldError,
  loginInputs,
} from './loginValues';
import { PlainAlert, PlainPasswordInput, PlainSubmitButton, PlainTextInput } from './plainFields';
import { useShake } from './useShake';

interface Feedback {
  kind: 'error' | 'info';
  message: string;
  /** Changes on every answer, so a repeated message is announced again. */
  attempt: number;
}

const EMPTY: LoginValues = { username: '', password: '', code: '' };

/**
 * The sign-in card: user name, password and, when the server asks for it, the MFA code. A small
 * form of its own (no react-hook-form, no zod: the sign-in page stays light, issue 18 point 19)
 * that behaves as the schema forms do: checked on submit, then again as a field is corrected.
 */
export function LoginForm({
  onSignedIn,
  onUse,
}: {
  onSignedIn: (session: SessionResponse) => void;
  /** The form's first use (a field typed in, or the form sent). */
  onUse?: () => void;
}) {
  const cardRef = useRef<HTMLDivElement>(null);
  const refs = {
    username: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    code: useRef<HTMLInputElement>(null),
  };
  const shake = useShake(cardRef);
  const [needCode, setNeedCode] = useState(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [values, setValues] = useState<LoginValues>(EMPTY);
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const focus = (field: LoginField) => refs[field].current?.focus();

  useEffect(() => {
    refs.username.current?.focus();
  }, [refs.username]);

  const change = (field: LoginField) => (value: string) => {
    onUse?.();
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors((e) => ({ ...e, [field]: loginFieldError(field, next, needCode) }));
  };

  // The server's answer is always said in the alert; field messages also go under the fields.
  const onRefused = (err: unknown) => {
    const attempt = (feedback?.attempt ?? 0) + 1;
    setErrors(mapServerError(err, loginInputs(needCode)).fields);
    if (!(err instanceof ApiError)) {
      setFeedback({ kind: 'error', message: 'Signing in failed. Try again.', attempt });
      return;
    }
    if (err.code === 'MFA_REQUIRED') {
      setNeedCode(true);
      setFeedback({ kind: 'info', message: err.message, attempt });
      requestAnimationFrame(() => focus('code'));
      return;
    }
    setFeedback({ kind: 'error', message: err.message, attempt });
    if (err.status === 401) {
      // Wrong credentials (or code): shake the card and let the user retype the secret.
      shake();
      setValues((v) => ({ ...v, password: needCode ? v.password : '', code: '' }));
      focus(needCode ? 'code' : 'password');
    }
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onUse?.();
    if (saving) return;
    setSubmitted(true);
    const found = checkLogin(values, needCode);
    setErrors(found);
    const first = loginInputs(needCode).find((f) => found[f]);
    if (first) {
      focus(first);
      return;
    }
    setSaving(true);
    try {
      const session = await signIn(loginBody(values, needCode));
      // Still busy until the app takes over the screen (its code may still be loading).
      onSignedIn(session);
    } catch (err) {
      setSaving(false);
      onRefused(err);
    }
  };

  return (
    <div
      ref={cardRef}
      className={`m_1b7284a3 mantine-Paper-root ${classes.card}`}
      data-with-border="true"
      style={
        {
          '--paper-radius': 'var(--mantine-radius-md)',
          '--paper-shadow': 'var(--mantine-shadow-sm)',
          width: '100%',
        } as React.CSSProperties
      }
    >
      <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="login-title">
        <div
          className="m_6d731127 mantine-Stack-root"
          style={
            {
              '--stack-gap': 'var(--mantine-spacing-md)',
              '--stack-align': 'stretch',
              '--stack-justify': 'flex-start',
            } as React.CSSProperties
          }
        >
          <h1
            className="m_8a5d1357 mantine-Title-root"
            data-order="1"
            id="login-title"
            style={
              {
                '--title-fw': 'var(--mantine-h1-font-weight)',
                '--title-lh': 'var(--mantine-h1-line-height)',
                '--title-fz': 'var(--mantine-h1-font-size)',
                fontSize: 'calc(1.375rem * var(--mantine-scale))',
              } as React.CSSProperties
            }
          >
            Sign in
          </h1>
          {feedback && (
            <PlainAlert
              key={feedback.attempt}
              role={feedback.kind === 'error' ? 'alert' : 'status'}
              color={feedback.kind === 'error' ? 'red' : 'blue'}
              icon={<IconAlert size={20} />}
            >
              {feedback.message}
            </PlainAlert>
          )}
          <PlainTextInput
            inputRef={refs.username}
            name="username"
            label="User name"
            value={values.username}
            onValue={change('username')}
            error={errors.username}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
          />
          <PlainPasswordInput
            inputRef={refs.password}
            name="password"
            label="Password"
            value={values.password}
            onValue={change('password')}
            error={errors.password}
            autoComplete="current-password"
            required
            toggleLabel="Show or hide the password"
          />
          {needCode && (
            <PlainTextInput
              inputRef={refs.code}
              name="code"
              label="Authentication code"
              description="The 6-digit code from your authenticator app."
              value={values.code}
              onValue={change('code')}
              error={errors.code}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={16}
              required
            />
          )}
          <PlainSubmitButton loading={saving}>Sign in</PlainSubmitButton>
        </div>
      </form>
    </div>
  );
}
