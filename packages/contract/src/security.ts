import { z } from 'zod';
import { LIST_PAGE_SIZES, listFields, tableAnswer } from './lists';

// spec: inventory-reports-exports-security 2 'MFA screens', 4 'MFA reminder', 5 'MFA code input',
// 7 (/mfa/generate_secret_key, /user_login/init_user_with_mfa, /reminder/*), 9; issue 17.1-3.

/** RFC 6238 as every authenticator app reads it: SHA-1, six digits, 30-second steps. */
export const TOTP = { algorithm: 'SHA1', digits: 6, periodSeconds: 30, driftSteps: 1 } as const;
/** The MFA code input enables its action from this many characters (spec 5, 9). */
export const MFA_CODE_MIN = 4;
/** How many one-time recovery codes setup hands out. */
export const RECOVERY_CODE_COUNT = 10;

// The reminder's rule (reminderDue) is in security-rules.ts: the app shell checks it on every page.

const mfaCode = z
  .string()
  .trim()
  .min(MFA_CODE_MIN, `Enter the code from your authenticator app (at least ${MFA_CODE_MIN} characters).`)
  .max(16, 'The code is at most 16 characters.');

export const mfaStatusAnswer = z.object({
  enabled: z.boolean(),
  /** The user's reseller requires MFA of its users (and its clients' users). */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});

export const generateSecretAnswer = z.object({
  /** The otpauth:// URI the QR code encodes (spec 7 qrCodeText). */
  qrCodeText: z.string(),
  /** The same secret as text (base32), for typing into an app. */
  secret: z.string(),
  /** The QR code as an SVG path over a size x size grid of modules (rendered without images). */
  qr: z.object({ size: z.number().int(), path: z.string() }),
});

export const initWithMfaBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{4,8}$/, 'Enter the digits shown by your authenticator app.'),
  /** spec 7: the setup screen saves only the MFA part of the user. */
  mfa_save_only: z.union([z.literal(1), z.literal('1'), z.boolean()]).optional(),
});
export const initWithMfaAnswer = z.object({
  is_error: z.boolean(),
  errors: z.object({ mfa_save: z.string() }).optional(),
  /** Shown once: each signs in once in place of a code. */
  recoveryCodes: z.array(z.string()).optional(),
});

export const disableMfaBody = z.object({
  password: z.string().min(1, 'Enter your password.').max(256),
  code: mfaCode,
});

export const requireMfaBody = z.object({ required: z.boolean() });

export const doneAnswer = z.object({ ok: z.literal(true) });

export const reminderTemplateAnswer = z.object({
  /**
   * The prompt's text while the reminder applies (MFA off, reminder active), else null (spec 7
   * template). The app shows it once `reminderDue` holds on its own clock (spec 4).
   */
  template: z.string().nullable(),
  showTime: z.number(),
  active: z.boolean(),
  /** reminderDue on the server's clock. */
  due: z.boolean(),
});
export const updateReminderBody = z.object({
  reminder: z.object({
    /** false: never remind again; omitted or true: remind me later (showTime becomes now). */
    active: z.boolean().optional(),
  }),
});
export const updateReminderAnswer = z.object({
  reminder: z.object({ showTime: z.number(), active: z.boolean() }),
});

// --- the audit log (issue 17.3) ---

/** The audit log's own filters; page, rows and search come from the one list contract (lists.ts). */
export const auditLogQuery = listFields(
  {
    /** User name, or its beginning. */
    user: z.string().trim().max(128, 'The user filter is at most 128 characters.').optional(),
    /** An action (session.login) or its beginning (mfa.). */
    action: z.string().trim().max(64, 'The action filter is at most 64 characters.').optional(),
    /** The object as the log writes it ("System 12", "User"), or its stored form (user:12): parseAuditObject. */
    object: z.string().trim().max(64, 'The object filter is at most 64 characters.').optional(),
    /** From this time (epoch milliseconds, inclusive)... */
    from: z.coerce.number({ message: 'The start is a time in milliseconds.' }).int().min(0).optional(),
    /** ...to this time (exclusive). */
    to: z.coerce.number({ message: 'The end is a time in milliseconds.' }).int().min(0).optional(),
  },
  LIST_PAGE_SIZES,
);
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

export const auditRow = z.object({
  id: z.number().int(),
  at: z.number(),
  user: z.string().nullable(),
  organisation: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  details: z.string().nullable(),
  ip: z.string().nullable(),
  /** The API key the call was made with (its name and first characters); null for the browser. */
  apiKey: z.string().nullable(),
  apiKeyPrefix: z.string().nullable(),
});
export type AuditRow = z.infer<typeof auditRow>;
export const auditLogAnswer = tableAnswer(auditRow);
