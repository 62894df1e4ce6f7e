import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDocument } from './documents';
import { readFile } from './file-content';
import { listDirectory } from './file-tree';
import type { WorldSystem } from './types';
import { DOCUMENT_MIN_BYTES } from './vocab';

// Restored PDF, Word and Excel files open (issue 24): each is checked by a reader that is not
// ours, pdftotext (poppler) for PDF, `unzip -t` and Python's zipfile and XML parser for the
// Office packages, at the smallest size, around 64 KiB and at a few megabytes.

const dir = mkdtempSync(path.join(tmpdir(), 'documents-'));
const saved = (name: string, data: Buffer) => {
  const file = path.join(dir, name);
  writeFileSync(file, data);
  return file;
};

/** The package's parts and the main part's text, read by Python's zipfile (testzip checks CRCs). */
function readPackage(file: string, main: string): { parts: string[]; text: string } {
  const script = `
import json, sys, zipfile, xml.etree.ElementTree as ET
z = zipfile.ZipFile(sys.argv[1])
assert z.testzip() is None
types = ET.fromstring(z.read('[Content_Types].xml'))
main = ET.fromstring(z.read(sys.argv[2]))
print(json.dumps({'parts': z.namelist(), 'text': ' '.join(t for t in main.itertext())}))
`;
  return JSON.parse(execFileSync('python3', ['-c', script, file, main], { encoding: 'utf8' }));
}

const SIZES = [DOCUMENT_MIN_BYTES, 65_537, 3_000_001];
const AT = Date.UTC(2026, 2, 14, 9, 30);

describe('documents of a known type are valid files of that type, exactly their size', () => {
  it.each(SIZES)('PDF of %i bytes: pdftotext reads its title and lines', (size) => {
    const doc = buildDocument(11, 'Invoice_2026-03.pdf', size, AT) as Buffer;
    expect(doc.length).toBe(size);
    expect(buildDocument(11, 'Invoice_2026-03.pdf', size, AT)?.equals(doc)).toBe(true);
    const file = saved(`invoice-${size}.pdf`, doc);
    const text = execFileSync('pdftotext', [file, '-'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(text).toContain('Invoice_2026-03');
    expect(text.split('\n').filter((l) => l.startsWith('- ')).length).toBeGreaterThan(0);
    // No complaint either: poppler prints syntax errors on stderr.
    const info = spawnSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(info.status).toBe(0);
    expect(info.stderr).toBe('');
    expect(info.stdout).toMatch(/Pages:\s+1/);
  });

  it.each(SIZES)('Word document of %i bytes: unzip -t and the package parts', (size) => {
    const doc = buildDocument(12, 'Meeting notes 2026-03-14.docx', size, AT) as Buffer;
    expect(doc.length).toBe(size);
    const file = saved(`notes-${size}.docx`, doc);
    expect(spawnSync('unzip', ['-tq', file]).status).toBe(0);
    const pkg = readPackage(file, 'word/document.xml');
    expect(pkg.parts).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
    expect(pkg.text).toContain('Meeting notes 2026-03-14');
  });

  it.each(SIZES)('Excel workbook of %i bytes: unzip -t and the sheet’s rows', (size) => {
    const doc = buildDocument(13, 'Q1 Budget.xlsx', size, AT) as Buffer;
    expect(doc.length).toBe(size);
    const file = saved(`budget-${size}.xlsx`, doc);
    expect(spawnSync('unzip', ['-tq', file]).status).toBe(0);
    const pkg = readPackage(file, 'xl/worksheets/sheet1.xml');
    expect(pkg.parts).toContain('xl/workbook.xml');
    expect(pkg.parts).toContain('xl/_rels/workbook.xml.rels');
    expect(pkg.text).toMatch(/^Date Reference Customer Amount Status/);
  });

  it('another seed writes other text; other names are not documents', () => {
    const a = buildDocument(1, 'Report.pdf', 8192, AT) as Buffer;
    expect(buildDocument(2, 'Report.pdf', 8192, AT)?.equals(a)).toBe(false);
    expect(buildDocument(1, 'Setup.exe', 8192, AT)).toBeNull();
  });

  it('restored files of a demo laptop open as what their names say', () => {
    const laptop: WorldSystem = {
      seed: 99,
      os_type: 'WINDOWS',
      device_type: 'workstation',
      hostname: 'LT-JSMITH',
    };
    const rp = Date.UTC(2026, 2, 14, 9, 0, 0);
    const folder = 'C:/Users/John/Documents';
    const docs = (listDirectory(laptop, rp, folder) ?? []).filter(
      (e) => e.type === 'file' && /\.(pdf|docx|xlsx)$/.test(e.name) && e.size < 5_000_000,
    );
    expect(docs.length).toBeGreaterThan(2);
    for (const e of docs.slice(0, 6)) {
      const data = readFile(laptop, rp, `${folder}/${e.name}`) as Buffer;
      expect(data.length, e.name).toBe(e.size);
      const file = saved(e.name.replace(/[^\w.]+/g, '_'), data);
      if (e.name.endsWith('.pdf')) expect(spawnSync('pdfinfo', [file]).status, e.name).toBe(0);
      else expect(spawnSync('unzip', ['-tq', file]).status, e.name).toBe(0);
    }
  });
});
