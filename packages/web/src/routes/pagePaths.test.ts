import { declaredCalls } from '@lifeboat/contract';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appRoutes } from './router';

// A page's address must not be the path of a call the app makes with the XHR marker: the server
// answers a browser navigation there (a reload, a shared link) with the call's refusal instead
// of the page. Navigation calls (downloads, pictures) are exempt: they are meant to be opened.

function pagePaths(routes: readonly RouteObject[]): string[] {
  return routes.flatMap((r) => [...(r.path ? [r.path] : []), ...pagePaths(r.children ?? [])]);
}

/** Two path patterns (":name" a parameter on either side) that one address can match. */
function overlap(a: string, b: string): boolean {
  const x = a.split('/');
  const y = b.split('/');
  return x.length === y.length && x.every((s, i) => s === y[i] || s.startsWith(':') || y[i]?.startsWith(':'));
}

describe('page addresses', () => {
  it('are never the path of a GET call that needs the XHR marker', () => {
    const gets = declaredCalls().filter((c) => c.method === 'GET' && c.access !== 'navigation');
    expect(gets.length).toBeGreaterThan(10);
    const clashes = pagePaths(appRoutes)
      .filter((p) => p !== '*')
      .flatMap((p) => gets.filter((c) => overlap(p, c.path)).map((c) => `${p} = ${c.id}`));
    expect(clashes).toEqual([]);
  });
});
