import type { Page } from 'playwright-core';
import { expect } from 'vitest';

// The requests a page makes, for tests that a page sitting idle stays quiet.

export interface RequestLog {
  /** Every request since the log started: method and path. */
  readonly seen: string[];
  /** Resolves once no request has been in flight for `quietMs`; fails after `timeoutMs`. */
  settled(quietMs?: number, timeoutMs?: number): Promise<void>;
}

export function logRequests(page: Page): RequestLog {
  const seen: string[] = [];
  let inFlight = 0;
  let lastChange = Date.now();
  page.on('request', (r) => {
    seen.push(`${r.method()} ${new URL(r.url()).pathname}`);
    inFlight++;
    lastChange = Date.now();
  });
  const done = () => {
    inFlight--;
    lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    seen,
    settled: (quietMs = 500, timeoutMs = 10_000) =>
      expect
        .poll(() => inFlight === 0 && Date.now() - lastChange >= quietMs, {
          timeout: timeoutMs,
          interval: 100,
        })
        .toBe(true),
  };
}
