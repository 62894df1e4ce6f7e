import { declaredCalls, RIGHT_NAMES } from '@lifeboat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredKeys } from '../test/call-requests';
import { createTestApp, type TestApp } from '../test/harness';

// Every API route comes from a declaration and every declaration is served (issue 11.1).

describe('call declarations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('registers no route of the API scope without a declaration', () => {
    // The list names the routes still registered by hand (app.ts records them).
    expect(t.app.undeclaredRoutes).toEqual([]);
  });

  it('serves every declared call', () => {
    const calls = declaredCalls();
    expect(calls.length).toBeGreaterThan(0);
    const unserved = calls.filter((c) => !t.app.hasRoute({ method: c.method, url: c.path })).map((c) => c.id);
    expect(unserved).toEqual([]);
  });

  it('names the right of every call but the public ones', () => {
    // route() refuses a call without a right to everyone: name the right it needs in its
    // declaration (contract/src/rights.ts lists them and which levels and grants give them).
    const missing = declaredCalls()
      .filter((c) => c.access !== 'public' && !c.right)
      .map(
        (c) =>
          `${c.id} (contract/src/calls/${c.area}.ts) declares no right: add \`right: '<one of ${RIGHT_NAMES.join(', ')}>'\` to its defineCall, e.g. 'read' for a read anyone in scope may make.`,
      );
    expect(missing).toEqual([]);
    const publicWithRight = declaredCalls()
      .filter((c) => c.access === 'public' && c.right)
      .map((c) => `${c.id} is public (no signed-in user): remove its right`);
    expect(publicWithRight).toEqual([]);
  });

  it('names only keys the call declares in ids and examples', () => {
    const wrong: string[] = [];
    for (const c of declaredCalls()) {
      const keys = declaredKeys(c);
      const all = new Set([...keys.params, ...keys.query, ...keys.body].map((k) => k.key));
      for (const k of [...Object.keys(c.ids ?? {}), ...Object.keys(c.examples ?? {})])
        if (!all.has(k)) wrong.push(`${c.id}: ${k}`);
    }
    expect(wrong).toEqual([]);
  });
});
