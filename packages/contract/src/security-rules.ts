// spec: inventory-reports-exports-security 4 'MFA reminder', 9. Apart from the schemas in
// security.ts: the app shell checks the rule on every page, and a module goes whole into the
// browser's bundle, schemas and zod with it (issue 18 point 19).

/** The reminder shows again once this long has passed since its showTime (spec 4, 9: 3 days). */
export const MFA_REMINDER_AFTER_MS = 3 * 24 * 3_600_000;

/** The reminder rule (spec 4): active, and more than 3 days since showTime. */
export function reminderDue(
  r: { showTime: number; active: boolean; mfaEnabled: boolean },
  now: number,
): boolean {
  return !r.mfaEnabled && r.active && now - r.showTime > MFA_REMINDER_AFTER_MS;
}
