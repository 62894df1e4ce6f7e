import { driveLayout, nasShares } from './layout';
import {
  type ChildrenFn,
  folder,
  installedFile,
  installedFiles,
  liveFolder,
  type Node,
  rngFor,
  textFile,
  weeklyFiles,
  yearFolders,
} from './tree-core';
import type { Theme } from './vocab';

// A Windows machine: C: with Users, Program Files, Windows and ProgramData; data drives with
// department shares on servers.

const APPS: Record<string, string> = {
  'Microsoft Office': 'WINWORD.EXE|EXCEL.EXE|POWERPNT.EXE|OUTLOOK.EXE|MSACCESS.EXE|mso.dll|msointl.dll',
  'Google Chrome': 'chrome.exe|chrome_proxy.exe|chrome.dll|chrome_elf.dll|resources.pak',
  'Mozilla Firefox': 'firefox.exe|xul.dll|updater.exe|omni.ja',
  'Adobe Acrobat Reader': 'AcroRd32.exe|AcroRd32.dll|Acrofx32.dll|AcroBroker.exe',
  '7-Zip': '7z.exe|7zFM.exe|7z.dll|Uninstall.exe|History.txt|readme.txt',
  'Lifeboat Agent': 'lbagent.exe|lbsnap.sys|lbvss.dll|agent.ini|uninstall.exe',
  'Microsoft SQL Server': 'sqlservr.exe|sqlagent.exe|sqlcmd.exe|sqlncli11.dll',
  'Intuit QuickBooks': 'QBW32.EXE|QBDBMgrN.exe|qbupdate.exe|QBWebConnector.exe',
};

const SYSTEM32 =
  'kernel32.dll|ntdll.dll|user32.dll|gdi32.dll|advapi32.dll|shell32.dll|ole32.dll|cmd.exe|notepad.exe|' +
  'regedit.exe|taskmgr.exe|svchost.exe|lsass.exe|services.exe|winlogon.exe|explorer.exe|mmc.exe|' +
  'powershell.exe|vssadmin.exe|wbem.dll|msvcrt.dll|ws2_32.dll|crypt32.dll|netapi32.dll';

const HOME_FOLDERS: ReadonlyArray<readonly [string, string]> = [
  ['Desktop', 'desktop'],
  ['Documents', 'documents'],
  ['Downloads', 'downloads'],
  ['Pictures', 'pictures'],
  ['Music', 'empty'],
  ['Videos', 'empty'],
];

const DOC_SUBFOLDERS: ReadonlyArray<readonly [string, Theme]> = [
  ['Invoices', 'invoices'],
  ['Contracts', 'contracts'],
  ['Scans', 'scans'],
  ['Projects', 'projects'],
  ['Reports', 'reports'],
  ['HR', 'hr'],
];

/** A folder of a person's own files: a few themed subfolders, then files saved over time. */
export const themedFolder: ChildrenFn = (ctx, path, param) => {
  const theme = (param || 'documents') as Theme;
  const rate = theme === 'pictures' ? 3 : theme === 'scans' ? 2 : theme === 'desktop' ? 0.3 : 1.2;
  const out = weeklyFiles(ctx, path, { theme, perWeek: rate, cap: 200 });
  // Only the top of Documents has subfolders, so depth stays bounded.
  if (theme === 'documents' && path[path.length - 1] === 'Documents') {
    const rng = rngFor(ctx, 'docdirs', path.join('/'));
    for (const [name, sub] of DOC_SUBFOLDERS)
      if (rng.chance(0.5)) out.push(liveFolder(ctx, path, name, 'themed', sub));
  }
  return out;
};

/** A department share: a folder per year, plus Templates. */
export const departmentFolder: ChildrenFn = (ctx, path, param) => [
  ...yearFolders(ctx, path, 'year', param),
  folder(
    'Templates',
    'installed',
    ctx.installed + 30 * 86_400_000,
    'Letterhead.dotx|Invoice template.xltx|Memo.dotx',
  ),
];

export const yearFolder: ChildrenFn = (ctx, path) => {
  const y = Number(path[path.length - 1]);
  return weeklyFiles(ctx, path, {
    theme: 'share',
    perWeek: 3,
    from: Date.UTC(y, 0, 1),
    to: Date.UTC(y + 1, 0, 1) - 1,
    cap: 300,
  });
};

export const WINDOWS_KINDS: Record<string, ChildrenFn> = {
  'win-root': (ctx) =>
    driveLayout(ctx.sys).map((d) => folder(d, d === 'C:' ? 'win-c' : 'win-data', ctx.installed, d)),
  'win-c': (ctx, path) => [
    folder('Program Files', 'program-files', ctx.installed),
    folder('Program Files (x86)', 'program-files', ctx.installed, 'x86'),
    folder('ProgramData', 'program-data', ctx.installed),
    liveFolder(ctx, path, 'Users', 'win-users'),
    liveFolder(ctx, path, 'Windows', 'windows'),
  ],
  'win-users': (ctx, path) => [
    ...ctx.profiles.map((n) => liveFolder(ctx, path, n, 'win-home')),
    ...(ctx.sys.device_type === 'server' ? [liveFolder(ctx, path, 'Administrator', 'win-home')] : []),
    folder('Public', 'themed', ctx.installed, 'desktop'),
  ],
  'win-home': (ctx, path) => [
    ...HOME_FOLDERS.map(([name, theme]) =>
      liveFolder(ctx, path, name, theme === 'empty' ? 'installed' : 'themed', theme === 'empty' ? '' : theme),
    ),
    folder('AppData', 'app-data', ctx.installed),
    installedFile(ctx, path, 'NTUSER.DAT', 1),
  ],
  'app-data': (ctx) =>
    ['Local', 'LocalLow', 'Roaming'].map((n) =>
      folder(n, 'installed-dirs', ctx.installed, 'Microsoft|Google|Mozilla|Adobe|Zoom'),
    ),
  'installed-dirs': (ctx, _path, param) =>
    param.split('|').map((n) => folder(n, 'installed', ctx.installed, 'settings.json|cache.db|state.ini')),
  installed: (ctx, path, param) => (param ? installedFiles(ctx, path, param) : []),
  'program-files': (ctx, _path, param) => {
    const rng = rngFor(ctx, 'apps', param);
    const sql = /^SQL/i.test(ctx.sys.hostname);
    const names = Object.keys(APPS).filter((a) =>
      a.includes('SQL') ? sql : a.includes('Lifeboat') ? param === '' : rng.chance(0.6),
    );
    return names.map((a) => folder(a, 'installed', ctx.installed + rng.int(0, 400) * 86_400_000, APPS[a]));
  },
  'program-data': (ctx) => [
    folder('Microsoft', 'installed-dirs', ctx.installed, 'Windows|Windows Defender|Crypto'),
    folder('Lifeboat', 'installed', ctx.installed, 'agent.log|jobs.db|snapshots.json'),
    folder('Package Cache', 'installed', ctx.installed),
  ],
  windows: (ctx, path) => [
    folder('System32', 'installed', ctx.installed, SYSTEM32),
    folder(
      'Fonts',
      'installed',
      ctx.installed,
      'arial.ttf|calibri.ttf|cambria.ttc|consola.ttf|segoeui.ttf|times.ttf',
    ),
    liveFolder(ctx, path, 'Logs', 'installed', 'CBS.log|DISM.log|WindowsUpdate.log'),
    liveFolder(ctx, path, 'Temp', 'installed', ''),
    ...installedFiles(ctx, path, 'explorer.exe|notepad.exe|regedit.exe|HelpPane.exe'),
    textFile(
      'win.ini',
      '; for 16-bit app support\r\n[fonts]\r\n[extensions]\r\n[mci extensions]\r\n[files]\r\n[Mail]\r\nMAPI=1\r\n',
      ctx.installed,
    ),
  ],
  'win-data': (ctx, path, drive) => {
    const out: Node[] = [];
    if (ctx.sys.device_type !== 'server')
      return [
        liveFolder(ctx, path, 'Data', 'themed', 'documents'),
        liveFolder(ctx, path, 'Archive', 'dept', 'Archive'),
      ];
    if (drive === 'D:') {
      out.push(liveFolder(ctx, path, 'Shares', 'win-shares'));
      if (/^SQL/i.test(ctx.sys.hostname)) out.push(liveFolder(ctx, path, 'SQLData', 'themed', 'backups'));
      out.push(folder('Software', 'themed', ctx.installed, 'downloads'));
    } else {
      out.push(
        liveFolder(ctx, path, 'Archive', 'dept', 'Archive'),
        liveFolder(ctx, path, 'Backups', 'themed', 'backups'),
      );
    }
    return out;
  },
  'win-shares': (ctx, path) => nasShares(ctx.sys).map((d) => liveFolder(ctx, path, d, 'dept', d)),
  themed: themedFolder,
  dept: departmentFolder,
  year: yearFolder,
};
