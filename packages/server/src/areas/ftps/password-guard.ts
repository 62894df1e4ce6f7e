import { checkGuardedPassword, resetPasswordTries } from '../../password-tries';

// spec: recovery-flow 5, a protected system's password is checked on the server, with the tries
// counted per system and per user (password-tries.ts).

export { PASSWORD_TRIES } from '../../password-tries';

/** Check `password` against the system's hash; throws 429 when too many tries failed. */
export const checkSystemPassword = (
  q: { systemId: number; userId: number; hash: string | null; password: string },
  now: number,
): Promise<boolean> => checkGuardedPassword({ ...q, subject: `system:${q.systemId}` }, now);

/** Tests start from a clean slate. */
export const resetPasswordGuard = resetPasswordTries;
