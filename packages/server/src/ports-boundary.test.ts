import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The capability ports are the server's only way to the simulator (docs/adding-things.md 4):
// outside src/fabric (which picks the implementation) and tests, nothing imports
// @lifeboat/fleet, so no area can check `instanceof` a simulator or borrow its rules.

const SRC = path.dirname(new URL(import.meta.url).pathname);
const FLEET_IMPORT = /(?:from\s+|import\s*\(\s*|require\s*\(\s*)['"]@lifeboat\/fleet(?:\/[^'"]*)?['"]/;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

const exempt = (rel: string) =>
  rel.startsWith(`fabric${path.sep}`) || rel.startsWith(`test${path.sep}`) || /\.test\.tsx?$/.test(rel);

describe('the ports boundary', () => {
  it('recognises an import of the simulator package', () => {
    expect(FLEET_IMPORT.test("import { createSimulatedPorts } from '@lifeboat/fleet';")).toBe(true);
    expect(FLEET_IMPORT.test('const m = await import("@lifeboat/fleet/src/simulator");')).toBe(true);
    expect(FLEET_IMPORT.test("import type { Ports } from '@lifeboat/contract';")).toBe(false);
  });

  it('keeps @lifeboat/fleet out of server/src outside src/fabric and tests', () => {
    const offenders = sources(SRC)
      .map((f) => path.relative(SRC, f))
      .filter((rel) => !exempt(rel))
      .filter((rel) => FLEET_IMPORT.test(fs.readFileSync(path.join(SRC, rel), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
