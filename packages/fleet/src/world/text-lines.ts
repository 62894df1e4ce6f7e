import { COMPANY_STEMS } from '../generator/names';
import type { Rng } from '../generator/rng';

// The readable lines of the world's text files, and of its documents' text (documents.ts).

export const SENTENCES = [
  'Call the landlord about the lease renewal before Friday.',
  'Follow up with accounting on the March invoices.',
  'Order toner for the second floor printer.',
  'Send the signed contract back to legal.',
  'Team meeting moved to Thursday 10:00.',
  'Check the VPN settings on the new laptop.',
  'Quarterly numbers look good; review the travel budget.',
  'Ask IT to add the new hire to the shared drive.',
];

export function textLine(rng: Rng, ext: string, name: string, n: number): string {
  const day = `2026-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
  if (ext === 'csv') {
    if (n === 0) return 'Date,Reference,Customer,Amount,Status';
    return `${day},INV-${rng.int(10000, 99999)},${rng.pick(COMPANY_STEMS)},${(rng.int(1000, 250000) / 100).toFixed(2)},${rng.pick(['Paid', 'Open', 'Overdue'])}`;
  }
  if (ext === 'log' || name.endsWith('.log') || name === 'syslog') {
    const svc = rng.pick(['sshd', 'systemd', 'CRON', 'kernel', 'lbagent', 'nginx']);
    return `${day}T${String(rng.int(0, 23)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}Z ${svc}[${rng.int(100, 32000)}]: ${rng.pick(['Started session', 'Accepted publickey', 'snapshot completed', 'connection closed', 'job finished with status 0', 'GET /index.html 200'])}`;
  }
  if (ext === 'sh')
    return n === 0
      ? '#!/bin/bash'
      : `${rng.pick(['rsync -a', 'find /var/tmp -mtime +7 -delete', 'systemctl restart', 'tar czf'])} # step ${n}`;
  if (ext === 'ini' || ext === 'conf' || ext === 'cfg' || ext === '')
    return n === 0 ? `# ${name}` : `option_${n} = ${rng.int(0, 9999)}`;
  if (ext === 'json') return n === 0 ? '{' : `  "key${n}": ${rng.int(0, 9999)},`;
  if (ext === 'html' || ext === 'xml' || ext === 'plist')
    return n === 0
      ? '<?xml version="1.0" encoding="UTF-8"?>'
      : `<item id="${n}">${rng.pick(SENTENCES)}</item>`;
  return `- ${rng.pick(SENTENCES)}`;
}
