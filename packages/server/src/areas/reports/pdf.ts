import { HEALTH_LABELS, type Health } from '@lifeboat/contract';
import PDFDocument from 'pdfkit';
import type { ReportData, SystemFacts } from './data';

// The executive summary PDF (issue 15.3): standard fonts only, so pdftotext and screen readers
// read every word. Page 1 is for the client's owner; the systems table, the recovery evidence
// and (level 'detailed') one page per system follow.

export interface RenderOptions {
  level: 'summary' | 'detailed';
  bandwidthMbps: number;
  summary: string;
  suggestedActions: string;
  /** The latest AutoVerify boot screenshot per system (PNG), as evidence of a tested recovery. */
  screenshots: Map<number, Buffer>;
  generatedAt: number;
}

const INK = '#1f2933';
const MUTED = '#616e7c';
const GREEN = '#2f9e44';
const YELLOW = '#f08c00';
const RED = '#e03131';
const GREY = '#adb5bd';
const M = 50; // margin

export function formatBytes(n: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(v >= 100 || i === 0 ? 0 : 1)} ${units[i]}`;
}

/** Time to bring `bytes` back over `mbps` (no compression assumed), as "3 h 20 min". */
export function restoreTime(bytes: number, mbps: number): string {
  const minutes = Math.ceil((bytes * 8) / (mbps * 1_000_000) / 60);
  if (minutes < 60) return `${Math.max(1, minutes)} min`;
  const h = Math.floor(minutes / 60);
  if (h < 48) return `${h} h ${minutes % 60} min`;
  return `${Math.floor(h / 24)} days ${h % 24} h`;
}

export const successRate = (s: Pick<SystemFacts, 'jobs' | 'succeeded'>): string =>
  s.jobs === 0 ? 'no backups' : `${Math.round((s.succeeded / s.jobs) * 1000) / 10}%`;

const fmtDay = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
const TYPE_LABEL = { server: 'Server', workstation: 'Workstation', nas: 'NAS' } as const;
const TYPE_COUNT = {
  server: (n: number) => `${n} server${n === 1 ? '' : 's'}`,
  workstation: (n: number) => `${n} workstation${n === 1 ? '' : 's'}`,
  nas: (n: number) => `${n} NAS`,
} as const;
/** The words the console shows for a health (issue 18.18), not its code. */
const healthLabel = (h: string) => HEALTH_LABELS[h as Health] ?? h;

function healthColour(h: string): string {
  if (h === 'NORMAL') return GREEN;
  if (h === 'WARNED') return YELLOW;
  if (h === 'TROUBLED') return RED;
  return GREY;
}

function heading(doc: PDFKit.PDFDocument, text: string) {
  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(14).fillColor(INK).text(text, M);
  doc.moveDown(0.3).font('Helvetica').fontSize(10);
}

function keyFigures(doc: PDFKit.PDFDocument, data: ReportData) {
  const s = data.systems;
  const jobs = s.reduce((a, x) => a + x.jobs, 0);
  const ok = s.reduce((a, x) => a + x.succeeded, 0);
  const byType = (['server', 'workstation', 'nas'] as const)
    .map((t) => [t, s.filter((x) => x.deviceType === t).length] as const)
    .filter(([, n]) => n > 0)
    .map(([t, n]) => TYPE_COUNT[t](n))
    .join(', ');
  const healthy = s.filter((x) => x.health === 'NORMAL').length;
  const rpoKnown = s.filter((x) => x.rpoMet !== null);
  const booted = s.filter((x) => x.autoVerify?.kind !== 'repository_check');
  const checked = s.filter((x) => x.autoVerify?.kind === 'repository_check');
  const runs = booted.reduce((a, x) => a + x.autoVerifyRuns, 0);
  const passed = booted.reduce((a, x) => a + x.autoVerifyPassed, 0);
  const checks = checked.reduce((a, x) => a + x.autoVerifyRuns, 0);
  const checksPassed = checked.reduce((a, x) => a + x.autoVerifyPassed, 0);
  const rows: [string, string][] = [
    ['Protected systems', `${s.length}${byType ? ` (${byType})` : ''}`],
    ['Healthy at the end of the period', `${healthy} of ${s.length}`],
    [
      'Backup success rate',
      jobs === 0 ? 'no backups ran' : `${Math.round((ok / jobs) * 1000) / 10}% of ${jobs} backups`,
    ],
    ['Restore points taken', String(s.reduce((a, x) => a + x.restorePoints, 0))],
    [
      'Recovery-point objective met',
      rpoKnown.length === 0
        ? 'not set'
        : `${rpoKnown.filter((x) => x.rpoMet).length} of ${rpoKnown.length} systems`,
    ],
    ['Storage used', formatBytes(s.reduce((a, x) => a + x.usedBytes, 0))],
    ['Storage growth in the period', formatBytes(s.reduce((a, x) => a + x.growthBytes, 0))],
    ['AutoVerify recovery tests passed', runs === 0 ? 'none ran in the period' : `${passed} of ${runs}`],
    // Systems read from a backup source are verified by their repository's check.
    ...(checked.length > 0
      ? ([['Repository checks passed', `${checksPassed} of ${checks}`]] as [string, string][])
      : []),
    ['Restores, shares and exports', String(data.activity.length)],
  ];
  let y = doc.y;
  for (const [k, v] of rows) {
    doc.font('Helvetica').fillColor(MUTED).text(k, M, y, { width: 230 });
    doc
      .font('Helvetica-Bold')
      .fillColor(INK)
      .text(v, M + 240, y, { width: 260 });
    y += 16;
  }
  doc.x = M;
  doc.y = y;
}

function healthChart(doc: PDFKit.PDFDocument, data: ReportData) {
  const w = 495;
  const h = 110;
  const x0 = M;
  const y0 = doc.y + 4;
  const days = data.daily;
  const max = Math.max(1, ...days.map((d) => d.healthy + d.warned + d.troubled + d.other));
  const bw = w / Math.max(1, days.length);
  doc.rect(x0, y0, w, h).lineWidth(0.5).strokeColor(GREY).stroke();
  days.forEach((d, i) => {
    let y = y0 + h;
    for (const [n, c] of [
      [d.healthy, GREEN],
      [d.warned, YELLOW],
      [d.troubled, RED],
      [d.other, GREY],
    ] as const) {
      const bh = (n / max) * (h - 4);
      if (bh > 0) doc.rect(x0 + i * bw + 1, y - bh, Math.max(1, bw - 2), bh).fill(c);
      y -= bh;
    }
  });
  doc.fontSize(8).fillColor(MUTED);
  doc.text(days[0]?.day ?? '', x0, y0 + h + 3, { lineBreak: false });
  doc.text(days.at(-1)?.day ?? '', x0 + w - 60, y0 + h + 3, { width: 60, align: 'right', lineBreak: false });
  let lx = x0 + 140;
  for (const [label, c] of [
    ['Healthy', GREEN],
    ['Warning', YELLOW],
    ['Trouble', RED],
    ['No data', GREY],
  ] as const) {
    doc.rect(lx, y0 + h + 4, 7, 7).fill(c);
    doc.fillColor(MUTED).text(label, lx + 10, y0 + h + 3, { lineBreak: false });
    lx += 60;
  }
  doc.x = M;
  doc.y = y0 + h + 18;
  doc.fontSize(10).fillColor(INK);
}

function systemsTable(doc: PDFKit.PDFDocument, data: ReportData, mbps: number) {
  const cols = [
    ['System', 115],
    ['Type', 58],
    ['Health', 60],
    ['Backups OK', 48],
    ['Restore points', 42],
    ['RPO', 62],
    ['Storage', 50],
    [`Restore at ${mbps} Mbit/s`, 60],
  ] as const;
  const header = () => {
    let x = M;
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED);
    // A long title wraps onto a second line: the rows start below the tallest.
    let h = 0;
    for (const [t, w] of cols) {
      h = Math.max(h, doc.heightOfString(t, { width: w - 4 }));
      doc.text(t, x, y, { width: w - 4 });
      x += w;
    }
    doc.x = M;
    doc.y = y + h + 4;
  };
  header();
  for (const s of data.systems) {
    if (doc.y > 760) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    const rpo =
      s.rpoMet === null
        ? 'not set'
        : `${s.rpoMet ? 'met' : 'missed'} (${Math.round((s.rpoMinutes ?? 0) / 60)} h)`;
    const cells = [
      s.name,
      TYPE_LABEL[s.deviceType],
      healthLabel(s.health),
      successRate(s),
      String(s.restorePoints),
      rpo,
      formatBytes(s.usedBytes),
      restoreTime(s.usedBytes, mbps),
    ];
    let x = M;
    doc.font('Helvetica').fontSize(8);
    cells.forEach((c, i) => {
      const w = cols[i]?.[1] ?? 50;
      const colour = i === 2 ? healthColour(s.health) : i === 5 && s.rpoMet === false ? RED : INK;
      doc.fillColor(colour).text(c, x, y, { width: w - 4, height: 10, ellipsis: true });
      x += w;
    });
    doc.x = M;
    doc.y = y + 13;
  }
  doc.fontSize(10).fillColor(INK);
}

function evidence(doc: PDFKit.PDFDocument, data: ReportData, opts: RenderOptions) {
  const verified = data.systems.filter((s) => s.autoVerify);
  if (verified.length === 0) {
    doc.text('No AutoVerify recovery test ran for this client in the period.');
    return;
  }
  doc.text(
    verified.some((s) => s.autoVerify?.kind === 'repository_check')
      ? 'AutoVerify boots each server from its latest restore point in an isolated virtual machine and checks it; the screen it saw is shown as evidence that the server can be recovered. Systems backed up with restic are verified by a repository check instead: the console reads the repository back and confirms its backups are intact.'
      : 'AutoVerify boots each server from its latest restore point in an isolated virtual machine and checks it. The screen it saw is shown as evidence that the server can be recovered.',
  );
  doc.moveDown(0.5);
  for (const s of verified) {
    const av = s.autoVerify;
    if (!av) continue;
    const shot = opts.screenshots.get(s.id);
    const need = shot ? 150 : 40;
    if (doc.y + need > 790) doc.addPage();
    const y = doc.y;
    doc.font('Helvetica-Bold').fillColor(INK).text(s.name, M, y);
    doc
      .font('Helvetica')
      .fillColor(av.status === 'success' ? GREEN : RED)
      .text(`${verdict(av.kind, av.status === 'success')} on ${fmtDay(av.at)} UTC`);
    doc
      .fillColor(MUTED)
      .text(
        `${av.result} (${s.autoVerifyPassed} of ${s.autoVerifyRuns} ${av.kind === 'repository_check' ? 'checks' : 'tests'} passed in the period)`,
        {
          width: shot ? 290 : 495,
        },
      );
    if (shot) {
      doc.image(shot, M + 305, y, { fit: [190, 130] });
      doc.y = Math.max(doc.y, y + 135);
    }
    doc.x = M;
    doc.moveDown(0.6);
  }
}

/** The evidence's heading for one system: what ran and whether it passed. */
function verdict(kind: 'boot' | 'repository_check', ok: boolean): string {
  if (kind === 'repository_check') return ok ? 'Repository check passed' : 'Repository check failed';
  return ok ? 'Recovery verified' : 'Verification failed';
}

function activity(doc: PDFKit.PDFDocument, data: ReportData) {
  if (data.activity.length === 0) {
    doc.text('No restore, share or export was made for this client in the period.');
    return;
  }
  for (const a of data.activity.slice(0, 60)) {
    if (doc.y > 770) doc.addPage();
    doc.text(`${fmtDay(a.at)} UTC  ${a.kind} of ${a.system}${a.user ? ` by ${a.user}` : ''}`);
  }
  if (data.activity.length > 60) doc.text(`... and ${data.activity.length - 60} more.`);
}

function systemPage(doc: PDFKit.PDFDocument, s: SystemFacts, mbps: number) {
  doc.addPage();
  doc.font('Helvetica-Bold').fontSize(16).fillColor(INK).text(s.name, M, M);
  doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(`${TYPE_LABEL[s.deviceType]}, ${s.osName}`);
  doc.moveDown();
  const rows: [string, string][] = [
    ['Health at the end of the period', healthLabel(s.health)],
    ['Backups', `${s.jobs} (${s.succeeded} succeeded, ${s.failed} failed or missed)`],
    ['Backup success rate', successRate(s)],
    ['Restore points taken', String(s.restorePoints)],
    [
      'Recovery-point objective',
      s.rpoMinutes === null
        ? 'alerting off'
        : s.rpoMet
          ? `met: never overdue, objective ${Math.round(s.rpoMinutes / 60)} h`
          : `missed: overdue for up to ${Math.round(s.overdueMinutes / 60)} h, objective ${Math.round(s.rpoMinutes / 60)} h`,
    ],
    ['Storage used', formatBytes(s.usedBytes)],
    ['Storage growth in the period', formatBytes(s.growthBytes)],
    [`Estimated time to restore at ${mbps} Mbit/s`, restoreTime(s.usedBytes, mbps)],
    [
      s.autoVerify?.kind === 'repository_check' ? 'Latest repository check' : 'Latest AutoVerify',
      s.autoVerify
        ? `${s.autoVerify.status} on ${fmtDay(s.autoVerify.at)} UTC: ${s.autoVerify.result}`
        : 'none in the period',
    ],
  ];
  for (const [k, v] of rows) {
    const y = doc.y;
    doc.fillColor(MUTED).text(k, M, y, { width: 220 });
    doc.fillColor(INK).text(v, M + 230, y, { width: 265 });
    doc.moveDown(0.4);
  }
}

/** Render the report; answers the PDF's bytes. */
export function renderReportPdf(data: ReportData, opts: RenderOptions): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: M,
    info: {
      Title: `Executive summary: ${data.clientName}, ${data.from} to ${data.to}`,
      Author: data.resellerName,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(22).fillColor(INK).text('Executive summary report', M, M);
  doc.font('Helvetica').fontSize(13).text(data.clientName);
  doc
    .fontSize(10)
    .fillColor(MUTED)
    .text(
      `Period: ${data.from} to ${data.to}  -  Prepared by ${data.resellerName} on ${fmtDay(opts.generatedAt)} UTC`,
    );
  heading(doc, 'Summary');
  doc.fillColor(INK).text(opts.summary);
  heading(doc, 'Key figures');
  keyFigures(doc, data);
  heading(doc, 'Daily health of the protected systems');
  healthChart(doc, data);
  heading(doc, 'Suggested actions');
  doc.fillColor(INK).text(opts.suggestedActions);

  doc.addPage();
  doc.font('Helvetica-Bold').fontSize(14).fillColor(INK).text('Protected systems', M, M);
  doc.moveDown(0.5);
  systemsTable(doc, data, opts.bandwidthMbps);
  heading(
    doc,
    data.systems.some((s) => s.autoVerify?.kind === 'repository_check')
      ? 'Recovery evidence: AutoVerify and repository checks'
      : 'Recovery evidence: AutoVerify',
  );
  evidence(doc, data, opts);
  heading(doc, 'Restores, shares and exports in the period');
  activity(doc, data);

  if (opts.level === 'detailed') for (const s of data.systems) systemPage(doc, s, opts.bandwidthMbps);
  doc.end();
  return done;
}
