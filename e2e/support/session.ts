import type { SessionResponse } from '@lifeboat/contract';
import type { Page } from 'playwright-core';

/**
 * The signed-in person's organisation id, read from /api/session in the page (so the browser's
 * own cookie is used). The recovery, FTPS and Azure tests build their deep links from it.
 */
export async function organisationId(page: Page): Promise<number> {
  const session = await page.evaluate(async () => {
    const res = await fetch('/api/session', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    return res.json();
  });
  return (session as SessionResponse).user.organisationId;
}
