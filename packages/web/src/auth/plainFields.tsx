import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';

// The sign-in page's inputs, button and alert without Mantine's JavaScript (issue 18 point 19:
// the sign-in page loads before Mantine, the router and the query cache). They render the markup
// of Mantine's TextInput, PasswordInput, Button and Alert (size sm, the theme's defaults), so
// Mantine's stylesheet draws them exactly as on every other page. Mantine is pinned (package.json):
// after upgrading it, compare the sign-in page with a Mantine form (e2e/tests/login.test.ts
// screenshots).

const LABEL_STYLE = { '--input-label-size': 'var(--mantine-font-size-sm)' } as React.CSSProperties;
const ERROR_STYLE = {
  '--input-error-size': 'calc(var(--mantine-font-size-sm) - calc(0.125rem * var(--mantine-scale)))',
} as React.CSSProperties;

function wrapperStyle(error: boolean): React.CSSProperties {
  return {
    '--input-height': 'var(--input-height-sm)',
    '--input-fz': 'var(--mantine-font-size-sm)',
    ...(error ? { '--input-margin-bottom': 'calc(var(--mantine-spacing-xs) / 2)' } : {}),
  } as React.CSSProperties;
}

type NativeInput = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id' | 'type'>;

interface FieldProps extends NativeInput {
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string;
  description?: string;
  inputRef?: React.Ref<HTMLInputElement>;
}

function Field({
  kind,
  label,
  error,
  description,
  children,
  id,
}: {
  kind: 'TextInput' | 'PasswordInput';
  label: string;
  error?: string;
  description?: string;
  children: ReactNode;
  id: string;
}) {
  const root =
    kind === 'PasswordInput'
      ? 'm_f61ca620 mantine-PasswordInput-root m_46b77525 mantine-InputWrapper-root mantine-PasswordInput-root'
      : 'm_46b77525 mantine-InputWrapper-root mantine-TextInput-root';
  const psiStyle =
    kind === 'PasswordInput'
      ? ({
          '--psi-icon-size': 'var(--psi-icon-size-sm)',
          '--psi-button-size': 'var(--psi-button-size-sm)',
        } as React.CSSProperties)
      : undefined;
  return (
    <div className={root} data-size="sm" style={psiStyle}>
      <label
        className={`m_8fdc1311 mantine-InputWrapper-label mantine-${kind}-label`}
        data-size="sm"
        htmlFor={id}
        id={`${id}-label`}
        style={LABEL_STYLE}
      >
        {label}
      </label>
      {description && (
        <p
          className={`m_fe47ce59 mantine-InputWrapper-description mantine-${kind}-description`}
          data-size="sm"
          id={`${id}-description`}
          style={
            {
              '--input-description-size':
                'calc(var(--mantine-font-size-sm) - calc(0.125rem * var(--mantine-scale)))',
            } as React.CSSProperties
          }
        >
          {description}
        </p>
      )}
      {children}
      {error && (
        <p
          className={`m_8f816625 mantine-InputWrapper-error mantine-${kind}-error`}
          data-size="sm"
          id={`${id}-error`}
          style={ERROR_STYLE}
        >
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, error?: string, description?: string): string | undefined {
  const ids = [error ? `${id}-error` : '', description ? `${id}-description` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** Mantine's TextInput (size sm), drawn by its stylesheet. */
export function PlainTextInput({
  label,
  value,
  onValue,
  error,
  description,
  inputRef,
  ...input
}: FieldProps) {
  const id = `mantine-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <Field kind="TextInput" label={label} error={error} description={description} id={id}>
      <div
        className="m_6c018570 mantine-Input-wrapper mantine-TextInput-wrapper"
        data-variant="default"
        data-size="sm"
        data-error={error ? 'true' : undefined}
        style={wrapperStyle(!!error)}
      >
        <input
          {...input}
          ref={inputRef}
          className="m_8fb7ebe7 mantine-Input-input mantine-TextInput-input"
          data-variant="default"
          id={id}
          value={value}
          onChange={(e) => onValue(e.currentTarget.value)}
          data-error={error ? 'true' : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, description)}
        />
      </div>
    </Field>
  );
}

/** Mantine's PasswordInput (size sm) with its show/hide toggle, drawn by its stylesheet. */
export function PlainPasswordInput({
  label,
  value,
  onValue,
  error,
  inputRef,
  toggleLabel,
  ...input
}: FieldProps & { toggleLabel: string }) {
  const id = `mantine-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [reveal, setReveal] = useState(false);
  return (
    <Field kind="PasswordInput" label={label} error={error} id={id}>
      <div
        className="m_6c018570 mantine-Input-wrapper mantine-PasswordInput-wrapper"
        data-variant="default"
        data-size="sm"
        data-with-right-section="true"
        data-error={error ? 'true' : undefined}
        style={wrapperStyle(!!error)}
      >
        <div
          className="m_ccf8da4c m_8fb7ebe7 mantine-Input-input mantine-PasswordInput-input"
          data-variant="default"
          data-error={error ? 'true' : undefined}
        >
          <input
            {...input}
            ref={inputRef}
            className="m_f2d85dd2 mantine-PasswordInput-innerInput"
            id={id}
            type={reveal ? 'text' : 'password'}
            value={value}
            onChange={(e) => onValue(e.currentTarget.value)}
            data-invalid={error ? 'true' : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(id, error)}
          />
        </div>
        <div data-position="right" className="m_82577fc2 mantine-Input-section mantine-PasswordInput-section">
          <button
            className="mantine-focus-auto mantine-active m_b1072d44 mantine-PasswordInput-visibilityToggle m_8d3f4000 mantine-ActionIcon-root m_87cf2631 mantine-UnstyledButton-root"
            data-variant="subtle"
            type="button"
            aria-pressed={reveal}
            tabIndex={-1}
            aria-label={toggleLabel}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => setReveal((r) => !r)}
            style={
              {
                '--ai-bg': 'transparent',
                '--ai-hover': 'var(--mantine-color-gray-light-hover)',
                '--ai-color': 'var(--mantine-color-gray-light-color)',
                '--ai-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
              } as React.CSSProperties
            }
          >
            <span className="m_8d3afb97 mantine-ActionIcon-icon">
              <ToggleIcon reveal={reveal} />
            </span>
          </button>
        </div>
      </div>
    </Field>
  );
}

const ICON_LINE = {
  fill: 'none',
  stroke: 'currentColor',
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  strokeWidth: '16',
} as const;

/** Mantine's eye icons of the password toggle. */
function ToggleIcon({ reveal }: { reveal: boolean }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 256 256"
      aria-hidden="true"
      style={{ width: 'var(--psi-icon-size)', height: 'var(--psi-icon-size)' }}
    >
      <path fill="none" d="M0 0h256v256H0z" />
      {reveal ? (
        <>
          <path
            {...ICON_LINE}
            d="M48 40l160 176M154.91 157.6a40 40 0 01-53.82-59.2M135.53 88.71a40 40 0 0132.3 35.53"
          />
          <path
            {...ICON_LINE}
            d="M208.61 169.1C230.41 149.58 240 128 240 128s-32-72-112-72a126 126 0 00-20.68 1.68M74 68.6C33.23 89.24 16 128 16 128s32 72 112 72a118.05 118.05 0 0054-12.6"
          />
        </>
      ) : (
        <>
          <path {...ICON_LINE} d="M128 56c-80 0-112 72-112 72s32 72 112 72 112-72 112-72-32-72-112-72z" />
          <circle cx="128" cy="128" r="40" {...ICON_LINE} />
        </>
      )}
    </svg>
  );
}

/** Mantine's Loader (oval), drawn by its stylesheet. */
export function PlainLoader({ size, color }: { size: string; color?: string }) {
  return (
    <span
      className="m_b34414df m_5ae2e3c mantine-Loader-root"
      style={{ '--loader-size': size, ...(color ? { '--loader-color': color } : {}) } as React.CSSProperties}
    />
  );
}

/** Mantine's Button (size md, filled, full width) with its loading state. */
export function PlainSubmitButton({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <button
      className="mantine-focus-auto mantine-active m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root"
      data-size="md"
      data-block="true"
      type="submit"
      data-loading={loading ? 'true' : undefined}
      disabled={loading}
      style={
        {
          '--button-height': 'var(--button-height-md)',
          '--button-padding-x': 'var(--button-padding-x-md)',
          '--button-fz': 'var(--mantine-font-size-md)',
          '--button-color': 'var(--mantine-color-white)',
          marginTop: 'calc(0.25rem * var(--mantine-scale))',
        } as React.CSSProperties
      }
    >
      {loading && (
        <span
          className="m_a25b86ee mantine-Button-loader"
          aria-hidden="true"
          style={{ transform: 'translate(-50%, calc(-50% + calc(0.0625rem * var(--mantine-scale))))' }}
        >
          <PlainLoader size="calc(var(--button-height) / 1.8)" color="var(--button-color)" />
        </span>
      )}
      <span className="m_80f1301b mantine-Button-inner">
        <span className="m_811560b9 mantine-Button-label" data-loading={loading ? 'true' : undefined}>
          {children}
        </span>
      </span>
    </button>
  );
}

/** Mantine's Alert (variant light, radius md), drawn by its stylesheet. */
export function PlainAlert({
  color,
  role,
  icon,
  children,
  compact = false,
}: {
  color: 'red' | 'blue' | 'orange';
  role: 'alert' | 'status';
  icon?: ReactNode;
  children: ReactNode;
  /** py="sm", as the login page's notice. */
  compact?: boolean;
}) {
  const id = `mantine-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <div
      className="m_66836ed3 mantine-Alert-root"
      data-variant="light"
      id={id}
      role={role}
      aria-describedby={`${id}-body`}
      style={
        {
          '--alert-radius': 'var(--mantine-radius-md)',
          '--alert-bg': `var(--mantine-color-${color}-light)`,
          '--alert-color': `var(--mantine-color-${color}-light-color)`,
          '--alert-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
          ...(compact
            ? { paddingTop: 'var(--mantine-spacing-sm)', paddingBottom: 'var(--mantine-spacing-sm)' }
            : {}),
        } as React.CSSProperties
      }
    >
      <div className="m_a5d60502 mantine-Alert-wrapper">
        {icon && <div className="m_667f2a6a mantine-Alert-icon">{icon}</div>}
        <div className="m_667c2793 mantine-Alert-body">
          <div id={`${id}-body`} className="m_7fa78076 mantine-Alert-message" data-variant="light">
            {children}
          </div>
        </div>
      </div>
    </div>
  );
}
