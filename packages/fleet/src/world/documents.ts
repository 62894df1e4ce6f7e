import { Rng } from '../generator/rng';
import { SENTENCES, textLine } from './text-lines';
import { extensionOf } from './vocab';
import { writeZip, zipOverhead } from './zip';

// Documents a restored file opens as (issue 24: a demo audience opens a restored PDF, Word or
// Excel file first): a one-page PDF with Helvetica text, a Word document and an Excel workbook
// (zip packages with the parts Office needs), whose text comes from the file's seed. Each is
// exactly the listed size: the rest is filler text in an unreferenced PDF stream or an XML
// comment, which readers skip.

const KINDS = ['pdf', 'docx', 'xlsx'] as const;
type Kind = (typeof KINDS)[number];

export function isDocumentName(name: string): boolean {
  return (KINDS as readonly string[]).includes(extensionOf(name));
}

/** Filler of n bytes: sentences, without the '-' an XML comment may not end with. */
function filler(n: number): string {
  const text = SENTENCES.join(' ').replace(/-/g, ' ');
  return text.repeat(Math.ceil(n / text.length) + 1).slice(0, n);
}

const xml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006';

function contentTypes(overrides: [string, string][]): string {
  const o = overrides.map(([part, type]) => `<Override PartName="${part}" ContentType="${type}"/>`).join('');
  return `${HEAD}<Types xmlns="${PKG}/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${o}</Types>`;
}

const relationships = (type: string, target: string) =>
  `${HEAD}<Relationships xmlns="${PKG}/relationships"><Relationship Id="rId1" Type="${REL}/${type}" Target="${target}"/></Relationships>`;

/** The parts of a package; the last one is the main part, which carries the filler. */
function packageParts(kind: 'docx' | 'xlsx', title: string, lines: string[]): [string, string][] {
  if (kind === 'docx') {
    const p = (t: string) => `<w:p><w:r><w:t xml:space="preserve">${xml(t)}</w:t></w:r></w:p>`;
    const body = [title, ...lines].map(p).join('');
    return [
      [
        '[Content_Types].xml',
        contentTypes([
          [
            '/word/document.xml',
            'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
          ],
        ]),
      ],
      ['_rels/.rels', relationships('officeDocument', 'word/document.xml')],
      [
        'word/document.xml',
        `${HEAD}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
      ],
    ];
  }
  const cell = (ref: string, t: string) => `<c r="${ref}" t="inlineStr"><is><t>${xml(t)}</t></is></c>`;
  const rows = lines
    .map((line, i) => {
      const cells = line.split(',').map((v, j) => cell(`${String.fromCharCode(65 + j)}${i + 1}`, v));
      return `<row r="${i + 1}">${cells.join('')}</row>`;
    })
    .join('');
  return [
    [
      '[Content_Types].xml',
      contentTypes([
        ['/xl/workbook.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'],
        [
          '/xl/worksheets/sheet1.xml',
          'application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml',
        ],
      ]),
    ],
    ['_rels/.rels', relationships('officeDocument', 'xl/workbook.xml')],
    [
      'xl/workbook.xml',
      `${HEAD}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${REL}"><sheets><sheet name="${xml(title.slice(0, 31).replace(/[\\/?*[\]:]/g, ' '))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    ['xl/_rels/workbook.xml.rels', relationships('worksheet', 'worksheets/sheet1.xml')],
    [
      'xl/worksheets/sheet1.xml',
      `${HEAD}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`,
    ],
  ];
}

/** A zip package of exactly `size` bytes, or null when its text does not fit. */
function officePackage(kind: 'docx' | 'xlsx', title: string, lines: string[], size: number, at: number) {
  const parts = packageParts(kind, title, lines);
  const comment = (n: number) => `\n<!--${filler(n)}-->`;
  const used =
    zipOverhead(parts.map(([name]) => name)) + parts.reduce((n, [, t]) => n + Buffer.byteLength(t), 0);
  const room = size - used - comment(0).length;
  if (room < 0) return null;
  const last = parts.length - 1;
  const [mainName, main] = parts[last] as [string, string];
  parts[last] = [mainName, main + comment(room)];
  return writeZip(
    parts.map(([name, text]) => ({ name, data: Buffer.from(text, 'utf8') })),
    at,
  );
}

/** PDF string literal: backslashes and parentheses escaped, Latin-1 only. */
const pdfText = (s: string) => s.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);

/** A one-page PDF with the filler in an unreferenced stream and `pad` spaces in its trailer. */
function pdfBytes(title: string, lines: string[], fill: number, pad: number): Buffer {
  const text = [
    'BT /F1 16 Tf 72 740 Td 20 TL',
    `(${pdfText(title)}) Tj /F1 11 Tf T*`,
    ...lines.map((l) => `(${pdfText(l)}) Tj T*`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    `<< /Length ${fill} >>\nstream\n${filler(fill)}\nendstream`,
  ];
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${' '.repeat(pad)} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A PDF of exactly `size` bytes, or null when its text does not fit. */
function pdf(title: string, lines: string[], size: number): Buffer | null {
  // The length grows by one per filler byte, and by one more where a number gains a digit: fill
  // as much as fits, then make up the difference with spaces in the trailer.
  let fill = 0;
  for (let i = 0; i < 8; i++) {
    const short = size - pdfBytes(title, lines, fill, 0).length;
    if (short <= 0) break;
    fill += short;
  }
  while (fill > 0 && pdfBytes(title, lines, fill, 0).length > size) fill--;
  const pad = size - pdfBytes(title, lines, fill, 0).length;
  return pad < 0 ? null : pdfBytes(title, lines, fill, pad);
}

/**
 * The document a file of a known kind is, exactly `size` bytes, the same for the same seed; null
 * for other names or when even a few lines do not fit (their sizes start at vocab.ts's DOCUMENT_MIN_BYTES).
 */
export function buildDocument(seed: number, name: string, size: number, modifiedAt: number): Buffer | null {
  const kind = extensionOf(name) as Kind;
  if (!(KINDS as readonly string[]).includes(kind)) return null;
  const rng = new Rng(seed);
  const title = name.replace(/\.[^.]+$/, '');
  const count = rng.int(8, 24);
  const lines = Array.from({ length: count }, (_, n) =>
    textLine(rng, kind === 'xlsx' ? 'csv' : 'txt', name, n),
  );
  for (let k = count; k >= 1; k = Math.floor(k / 2)) {
    const shown = lines.slice(0, k);
    const doc =
      kind === 'pdf' ? pdf(title, shown, size) : officePackage(kind, title, shown, size, modifiedAt);
    if (doc) return doc;
  }
  return null;
}
