import fs from 'node:fs';
import path from 'node:path';
import { auditActionText } from '@lifeboat/contract';
import { describe, expect, it } from 'vitest';

// The audit log reads as sentences (issue 24, words on screen): every action the server audits
// has its words in contract/src/audit-words.ts, not the fallback that turns a code into
// "Area: words".

const AREAS = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [full] : [];
  });
}

describe('audit log words', () => {
  it('names every audited action in a sentence', () => {
    const actions = new Set<string>();
    for (const file of sources(AREAS)) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/\baction: '([a-z_]+\.[a-z_.]+)'/g)) {
        if (m[1]) actions.add(m[1]);
      }
    }
    expect(actions.size).toBeGreaterThan(50);
    const unnamed = [...actions].filter((a) => auditActionText(a).includes(':'));
    expect(unnamed).toEqual([]);
  });
});
