import { COMPANY_STEMS, LAST_NAMES } from '../generator/names';
import type { Rng } from '../generator/rng';

// File names people actually have, built from the date a file was saved, and their sizes.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const p2 = (n: number) => String(n).padStart(2, '0');

export interface DateParts {
  y: number;
  m: string;
  d: string;
  mon: string;
  q: number;
  hh: string;
  mi: string;
  ss: string;
}

export function dateParts(at: number): DateParts {
  const t = new Date(at);
  const month = t.getUTCMonth();
  return {
    y: t.getUTCFullYear(),
    m: p2(month + 1),
    d: p2(t.getUTCDate()),
    mon: MONTHS[month] as string,
    q: Math.floor(month / 3) + 1,
    hh: p2(t.getUTCHours()),
    mi: p2(t.getUTCMinutes()),
    ss: p2(t.getUTCSeconds()),
  };
}

export type Theme =
  | 'documents'
  | 'invoices'
  | 'contracts'
  | 'scans'
  | 'projects'
  | 'reports'
  | 'hr'
  | 'downloads'
  | 'pictures'
  | 'desktop'
  | 'share'
  | 'creative'
  | 'backups'
  | 'linux';

type Template = (d: DateParts, rng: Rng) => string;

const company = (rng: Rng) => rng.pick(COMPANY_STEMS);
const num = (rng: Rng, digits: number) => String(rng.int(10 ** (digits - 1), 10 ** digits - 1));

const T: Record<string, Template> = {
  invoice: (d) => `Invoice_${d.y}-${d.m}.pdf`,
  invoiceNo: (_d, r) => `INV-${num(r, 5)}.pdf`,
  quote: (_d, r) => `Quote ${num(r, 4)} - ${company(r)}.pdf`,
  budget: (d) => `Q${d.q} Budget.xlsx`,
  budgetYear: (d) => `Budget ${d.y}.xlsx`,
  timesheet: (d) => `Timesheet ${d.y}-${d.m}.xlsx`,
  payroll: (d) => `Payroll ${d.mon} ${d.y}.xlsx`,
  contractDraft: (_d, r) => `Contract draft v${r.int(1, 7)}.docx`,
  agreement: (_d, r) => `Service Agreement - ${company(r)}.docx`,
  nda: (_d, r) => `NDA ${company(r)} (signed).pdf`,
  notes: (d) => `Meeting notes ${d.y}-${d.m}-${d.d}.docx`,
  proposal: (_d, r) => `Proposal - ${company(r)}.docx`,
  letter: (_d, r) => `Letter to ${r.pick(LAST_NAMES)}.docx`,
  deck: (d) => `Board deck Q${d.q} ${d.y}.pptx`,
  presentation: (d) => `Presentation ${d.mon} ${d.y}.pptx`,
  todo: (d) => `todo ${d.y}-${d.m}-${d.d}.txt`,
  plainNotes: () => 'notes.txt',
  contacts: () => 'contacts export.csv',
  sales: (d) => `sales_${d.y}${d.m}.csv`,
  report: (d) => `Monthly report ${d.mon} ${d.y}.pdf`,
  kpi: (d) => `KPI dashboard ${d.y}-${d.m}.xlsx`,
  scan: (d) => `Scan_${d.y}${d.m}${d.d}_${d.hh}${d.mi}.pdf`,
  review: (_d, r) => `Performance review - ${r.pick(LAST_NAMES)}.docx`,
  policy: (d) => `Employee handbook ${d.y}.pdf`,
  photo: (d) => `IMG_${d.y}${d.m}${d.d}_${d.hh}${d.mi}${d.ss}.jpg`,
  dsc: (_d, r) => `DSC0${num(r, 4)}.JPG`,
  shot: (d) => `Screenshot ${d.y}-${d.m}-${d.d} ${d.hh}${d.mi}${d.ss}.png`,
  installer: (_d, r) =>
    r.pick([
      'ChromeSetup.exe',
      'ZoomInstallerFull.msi',
      'AcroRdrDC2400220759_en_US.exe',
      'Teams_windows_x64.exe',
      'npp.8.6.9.Installer.x64.exe',
      'vlc-3.0.21-win64.exe',
    ]),
  statement: (d) => `statement_${d.y}_${d.m}.pdf`,
  archive: (_d, r) => `archive (${r.int(1, 9)}).zip`,
  psd: (_d, r) => `${company(r)} logo v${r.int(1, 9)}.psd`,
  ai: (_d, r) => `${company(r)} brochure.ai`,
  mov: (d) => `Shoot ${d.y}-${d.m}-${d.d}.mov`,
  indd: (_d, r) => `Catalogue ${r.int(2022, 2026)} layout.indd`,
  bak: (d) => `db_${d.y}${d.m}${d.d}_0200.bak`,
  tgz: (d) => `backup-${d.y}${d.m}${d.d}.tar.gz`,
  sh: (_d, r) => r.pick(['deploy.sh', 'rotate-logs.sh', 'sync.sh', 'cleanup.sh']),
  lnk: (_d, r) => r.pick(['Outlook.lnk', 'QuickBooks.lnk', 'Teams.lnk', 'Chrome.lnk', 'Shared Drive.lnk']),
};

const THEMES: Record<Theme, ReadonlyArray<readonly [string, number]>> = {
  documents: [
    ['budget', 3],
    ['contractDraft', 2],
    ['notes', 4],
    ['proposal', 2],
    ['letter', 2],
    ['todo', 1],
    ['presentation', 1],
    ['invoice', 2],
    ['sales', 1],
    ['plainNotes', 1],
  ],
  invoices: [
    ['invoice', 4],
    ['invoiceNo', 5],
    ['quote', 2],
    ['statement', 1],
  ],
  contracts: [
    ['contractDraft', 4],
    ['agreement', 3],
    ['nda', 2],
  ],
  scans: [['scan', 1]],
  projects: [
    ['notes', 3],
    ['proposal', 2],
    ['presentation', 2],
    ['kpi', 1],
    ['todo', 1],
  ],
  reports: [
    ['report', 3],
    ['kpi', 3],
    ['sales', 2],
    ['deck', 1],
  ],
  hr: [
    ['timesheet', 3],
    ['payroll', 2],
    ['review', 2],
    ['policy', 1],
  ],
  downloads: [
    ['installer', 2],
    ['statement', 2],
    ['archive', 1],
    ['invoiceNo', 1],
    ['shot', 1],
  ],
  pictures: [
    ['photo', 5],
    ['dsc', 2],
    ['shot', 2],
  ],
  desktop: [
    ['lnk', 3],
    ['todo', 2],
    ['shot', 2],
    ['notes', 1],
  ],
  share: [
    ['budget', 2],
    ['invoice', 2],
    ['notes', 2],
    ['scan', 2],
    ['contractDraft', 1],
    ['report', 1],
    ['sales', 1],
    ['budgetYear', 1],
    ['contacts', 1],
  ],
  creative: [
    ['psd', 3],
    ['ai', 2],
    ['indd', 1],
    ['mov', 1],
    ['photo', 2],
    ['proposal', 1],
  ],
  backups: [['bak', 1]],
  linux: [
    ['tgz', 2],
    ['sh', 1],
    ['todo', 1],
  ],
};

export function fileName(rng: Rng, theme: Theme, at: number): string {
  const key = rng.weighted(THEMES[theme]);
  return (T[key] as Template)(dateParts(at), rng);
}

/** [median bytes, spread, cap]: log-normal sizes per extension, capped at 256 MiB. */
const SIZES: Record<string, readonly [number, number, number]> = {
  pdf: [240e3, 1.1, 40e6],
  docx: [45e3, 0.9, 15e6],
  xlsx: [60e3, 1, 25e6],
  pptx: [2.5e6, 0.9, 120e6],
  txt: [3e3, 1, 400e3],
  csv: [40e3, 1.2, 8e6],
  jpg: [2.6e6, 0.4, 12e6],
  png: [450e3, 0.8, 8e6],
  exe: [45e6, 0.9, 200e6],
  msi: [60e6, 0.7, 200e6],
  zip: [18e6, 1.3, 250e6],
  psd: [80e6, 0.7, 250e6],
  ai: [12e6, 0.8, 120e6],
  indd: [25e6, 0.7, 200e6],
  mov: [150e6, 0.4, 256e6],
  bak: [120e6, 0.5, 256e6],
  gz: [60e6, 0.8, 256e6],
  sh: [1.5e3, 0.6, 40e3],
  lnk: [1.4e3, 0.3, 4e3],
  dll: [1.2e6, 1.2, 60e6],
  log: [250e3, 1.2, 4e6],
  conf: [2e3, 0.8, 60e3],
  ini: [800, 0.6, 20e3],
  '': [2e3, 0.8, 60e3],
  json: [3e3, 1, 200e3],
  plist: [2e3, 0.6, 40e3],
  html: [8e3, 0.8, 200e3],
  pub: [100, 0.1, 200],
  ttf: [600e3, 0.7, 20e6],
  ttc: [12e6, 0.4, 40e6],
  sys: [200e3, 0.8, 4e6],
  dat: [4e6, 0.8, 40e6],
  db: [2e6, 1.2, 80e6],
  pak: [8e6, 0.6, 40e6],
  ico: [15e3, 0.5, 100e3],
  dotx: [40e3, 0.6, 1e6],
  xltx: [30e3, 0.6, 1e6],
  ja: [30e6, 0.3, 60e6],
};

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Documents built whole (documents.ts) need room for their parts and a few lines of text. */
export const DOCUMENT_MIN_BYTES = 4096;
const MIN_SIZE: Record<string, number> = {
  pdf: DOCUMENT_MIN_BYTES,
  docx: DOCUMENT_MIN_BYTES,
  xlsx: DOCUMENT_MIN_BYTES,
};

export function fileSize(rng: Rng, name: string): number {
  const ext = extensionOf(name);
  const [median, sigma, cap] = SIZES[ext] ?? [120e3, 1, 50e6];
  return Math.max(MIN_SIZE[ext] ?? 64, Math.min(cap, Math.round(rng.logNormal(median, sigma))));
}
