import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { type AgentInstaller, type AgentInstallersData, callPath, dashboardCalls } from '@lifeboat/contract';
import { NotFoundError } from '../../http/errors';
import { formatBytes } from './format';

// Download agent (quick action): the installers an administrator placed in LIFEBOAT_AGENT_DIR.
// Only plain files directly in that folder are offered, by exact name: no path ever comes from
// the request.

const INSTALLER = /\.(exe|msi|pkg|dmg|deb|rpm|sh|zip|tar\.gz|tgz|run|appimage)$/i;

function platformOf(name: string): string {
  const n = name.toLowerCase();
  const arch = /arm64|aarch64/.test(n) ? ' (ARM64)' : '';
  if (/\.(exe|msi)$/.test(n) || n.includes('win')) return `Windows${arch}`;
  if (/\.(pkg|dmg)$/.test(n) || n.includes('mac')) return `macOS${arch}`;
  if (/\.(deb|rpm|sh|run|appimage|tar\.gz|tgz)$/.test(n) || n.includes('linux')) return `Linux${arch}`;
  return `Other${arch}`;
}

async function installers(dir: string): Promise<Omit<AgentInstaller, 'download_url'>[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const out: Omit<AgentInstaller, 'download_url'>[] = [];
  for (const name of names.sort()) {
    if (name.startsWith('.') || !INSTALLER.test(name)) continue;
    const s = await stat(path.join(dir, name)).catch(() => null);
    if (!s?.isFile()) continue;
    out.push({
      file_name: name,
      platform: platformOf(name),
      size_bytes: s.size,
      size_text: formatBytes(s.size),
      modified_at: s.mtimeMs,
    });
  }
  return out;
}

/**
 * The installers, or what to do when there are none: the console's operators (the provider's
 * staff) are told where they go; a reseller reads a sentence, never a server setting.
 */
export async function listInstallers(
  dir: string,
  resellerId: number,
  operator: boolean,
): Promise<AgentInstallersData> {
  const list = await installers(dir);
  return {
    installers: list.map((i) => ({
      ...i,
      download_url: callPath(dashboardCalls.downloadAgent.path, { id: resellerId, file: i.file_name }),
    })),
    message: list.length
      ? 'Run the installer on the system to protect; it registers with this console.'
      : operator
        ? 'No agent installers are installed on this console yet. Put them in its agent folder (README, "Settings").'
        : 'No agent installers are available yet. Ask your Lifeboat provider to add them.',
  };
}

/** The installer of that exact name, or 404. */
export async function openInstaller(dir: string, fileName: string) {
  const found = (await installers(dir)).find((i) => i.file_name === fileName);
  if (!found) throw new NotFoundError('This installer');
  return { ...found, stream: createReadStream(path.join(dir, found.file_name)) };
}
