import { FtpsRefusal } from './ftps-file-system';

// Wrong FTPS passwords are limited per address (docs/decisions.md 'FTPS sessions'): each try is
// counted before the password is compared, so tries sent at once cannot pass the limit; past it
// the login is refused with the wait, without a comparison. Per address, not per login: a third
// party who knows a login cannot lock its owner out, and an export's password (16 random
// characters) cannot be guessed from many addresses either.

export const FTPS_LOGIN_TRIES = { max: 5, windowMs: 15 * 60_000 } as const;

export class FtpsLoginTries {
  private readonly tries = new Map<string, number[]>();

  /**
   * Count a try from `address`; throws once too many failed. Answers the function to call when
   * the password was right: that try is not a failure.
   */
  take(address: string, now: number): () => void {
    const list = (this.tries.get(address) ?? []).filter((t) => t > now - FTPS_LOGIN_TRIES.windowMs);
    this.tries.set(address, list);
    const first = list[0];
    if (first !== undefined && list.length >= FTPS_LOGIN_TRIES.max) {
      const minutes = Math.ceil((first + FTPS_LOGIN_TRIES.windowMs - now) / 60_000);
      throw new FtpsRefusal(
        `Too many wrong passwords from your address. Wait ${minutes} minute${minutes === 1 ? '' : 's'}, then try again.`,
      );
    }
    list.push(now);
    return () => {
      const i = list.indexOf(now);
      if (i >= 0) list.splice(i, 1);
    };
  }

  /** Forget addresses whose tries are all older than the window. */
  prune(now: number): void {
    for (const [address, list] of this.tries) {
      if (!list.some((t) => t > now - FTPS_LOGIN_TRIES.windowMs)) this.tries.delete(address);
    }
  }
}
