import { nasShares } from './layout';
import {
  type ChildrenFn,
  DAY,
  folder,
  installedFiles,
  liveFolder,
  type Node,
  rngFor,
  textFile,
  weeklyFiles,
} from './tree-core';
import { departmentFolder, themedFolder, yearFolder } from './windows';

// Linux servers (/etc /home /var/www /srv), macOS (/Users/<name>/Documents...) and NAS boxes
// (/shares/<department>/<year>/...).

const lower = (s: string) => s.toLowerCase();

function etcFiles(ctx: Parameters<ChildrenFn>[0]): Node[] {
  const h = ctx.sys.hostname;
  const users = ctx.profiles.map(lower);
  const at = ctx.installed;
  const passwd = [
    'root:x:0:0:root:/root:/bin/bash',
    'daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin',
    'www-data:x:33:33:www-data:/var/www:/usr/sbin/nologin',
    ...users.map((u, k) => `${u}:x:${1000 + k}:${1000 + k}:${u},,,:/home/${u}:/bin/bash`),
  ];
  return [
    textFile('hostname', `${h}\n`, at),
    textFile(
      'hosts',
      `127.0.0.1\tlocalhost\n127.0.1.1\t${h}\n10.0.1.20\tbackup-appliance\n\n::1\tip6-localhost ip6-loopback\n`,
      at,
    ),
    textFile(
      'fstab',
      `# /etc/fstab: static file system information.\nUUID=${(ctx.sys.seed >>> 0).toString(16)}-4c1e-9a7b / ext4 errors=remount-ro 0 1\nUUID=7f3a-1b2c /boot ext4 defaults 0 2\n/swap.img none swap sw 0 0\n`,
      at,
    ),
    textFile('passwd', `${passwd.join('\n')}\n`, at),
    textFile('resolv.conf', 'nameserver 10.0.1.1\nnameserver 1.1.1.1\nsearch corp.local\n', at + 40 * DAY),
    textFile(
      'crontab',
      '# m h dom mon dow user command\n17 * * * * root cd / && run-parts --report /etc/cron.hourly\n25 6 * * * root test -x /usr/sbin/anacron || run-parts --report /etc/cron.daily\n',
      at,
    ),
    folder('ssh', 'installed', at, 'sshd_config|ssh_config|ssh_host_ed25519_key.pub'),
    folder('systemd', 'installed', at, 'journald.conf|logind.conf|system.conf'),
    ...(/^web/.test(h) ? [folder('nginx', 'installed', at, 'nginx.conf|mime.types|fastcgi_params')] : []),
  ];
}

function logFile(ctx: Parameters<ChildrenFn>[0], name: string, perDay: number): Node {
  // Logs grow until the point and were written just before it.
  const lag = rngFor(ctx, 'log', name, Math.floor(ctx.rp / 3_600_000)).int(1, 30 * 60) * 1000;
  const days = Math.max(1, (ctx.rp - ctx.installed) / DAY) % 7;
  return { name, type: 'file', size: Math.round(2000 + days * perDay), modifiedAt: ctx.rp - lag };
}

export const UNIX_KINDS: Record<string, ChildrenFn> = {
  'lx-root': (ctx, path) => [
    folder('boot', 'lx-boot', ctx.installed),
    folder('etc', 'lx-etc', ctx.installed + 60 * DAY),
    liveFolder(ctx, path, 'home', 'lx-home'),
    folder('opt', 'installed-dirs', ctx.installed, 'lifeboat|containerd'),
    folder('root', 'lx-user', ctx.installed, 'root'),
    liveFolder(ctx, path, 'srv', 'lx-srv'),
    liveFolder(ctx, path, 'var', 'lx-var'),
  ],
  'lx-boot': (ctx, path) => [
    ...installedFiles(
      ctx,
      path,
      'vmlinuz-6.8.0-45-generic|initrd.img-6.8.0-45-generic|System.map-6.8.0-45-generic',
    ),
    folder('grub', 'installed', ctx.installed, 'grub.cfg|grubenv'),
  ],
  'lx-etc': (ctx) => etcFiles(ctx),
  'lx-home': (ctx, path) => ctx.profiles.map((n) => liveFolder(ctx, path, lower(n), 'lx-user', lower(n))),
  'lx-user': (ctx, path) => [
    textFile(
      '.bashrc',
      '# ~/.bashrc\n[ -z "$PS1" ] && return\nHISTCONTROL=ignoreboth\nalias ll=\'ls -alF\'\n',
      ctx.installed,
    ),
    textFile(
      '.profile',
      'if [ -n "$BASH_VERSION" ]; then\n  . "$HOME/.bashrc"\nfi\nPATH="$HOME/bin:$PATH"\n',
      ctx.installed,
    ),
    folder('.ssh', 'installed', ctx.installed, 'authorized_keys|known_hosts'),
    ...weeklyFiles(ctx, path, { theme: 'linux', perWeek: 0.3, cap: 40 }),
  ],
  'lx-var': (ctx, path) => [
    liveFolder(ctx, path, 'log', 'lx-log'),
    liveFolder(ctx, path, 'www', 'lx-www'),
    liveFolder(ctx, path, 'backups', 'themed', 'linux'),
    folder('lib', 'installed-dirs', ctx.installed, 'apt|dpkg|systemd|postgresql'),
  ],
  'lx-log': (ctx) => [
    logFile(ctx, 'syslog', 400_000),
    logFile(ctx, 'auth.log', 60_000),
    logFile(ctx, 'kern.log', 20_000),
    logFile(ctx, 'dpkg.log', 3_000),
    ...(/^web/.test(ctx.sys.hostname)
      ? [logFile(ctx, 'nginx-access.log', 900_000), logFile(ctx, 'nginx-error.log', 8_000)]
      : []),
  ],
  'lx-www': (ctx, path) => [
    folder('html', 'installed', ctx.installed, 'index.html|favicon.ico|robots.txt'),
    liveFolder(ctx, path, 'uploads', 'themed', 'pictures'),
  ],
  'lx-srv': (ctx, path) =>
    nasShares(ctx.sys)
      .slice(0, 3)
      .map((d) => liveFolder(ctx, path, lower(d), 'dept', d)),

  'mac-root': (ctx, path) => [
    folder('Applications', 'mac-apps', ctx.installed),
    folder('Library', 'installed-dirs', ctx.installed, 'Application Support|Preferences|Fonts|LaunchDaemons'),
    folder('System', 'installed', ctx.installed),
    liveFolder(ctx, path, 'Users', 'mac-users'),
  ],
  'mac-apps': (ctx) => {
    const rng = rngFor(ctx, 'macapps');
    const apps = [
      'Safari',
      'Microsoft Word',
      'Microsoft Excel',
      'Slack',
      'Google Chrome',
      'zoom.us',
      'Adobe Photoshop 2025',
      'Figma',
      'Lifeboat Agent',
    ];
    return apps
      .filter((a) => a === 'Safari' || a === 'Lifeboat Agent' || rng.chance(0.6))
      .map((a) =>
        folder(`${a}.app`, 'installed', ctx.installed + rng.int(0, 600) * DAY, 'Info.plist|PkgInfo'),
      );
  },
  'mac-users': (ctx, path) => [
    ...ctx.profiles.map((n) => liveFolder(ctx, path, lower(n), 'mac-home')),
    folder('Shared', 'installed', ctx.installed),
  ],
  'mac-home': (ctx, path) => [
    liveFolder(ctx, path, 'Desktop', 'themed', 'desktop'),
    liveFolder(
      ctx,
      path,
      'Documents',
      'themed',
      rngFor(ctx, 'mac-theme').chance(0.5) ? 'creative' : 'documents',
    ),
    liveFolder(ctx, path, 'Downloads', 'themed', 'downloads'),
    liveFolder(ctx, path, 'Pictures', 'themed', 'pictures'),
    folder('Movies', 'installed', ctx.installed),
    folder('Music', 'installed', ctx.installed),
    folder('Library', 'installed-dirs', ctx.installed, 'Preferences|Application Support|Caches'),
  ],

  'nas-root': (ctx, path) => [liveFolder(ctx, path, 'shares', 'nas-shares')],
  'nas-shares': (ctx, path) => nasShares(ctx.sys).map((d) => liveFolder(ctx, path, d, 'dept', d)),
  themed: themedFolder,
  dept: departmentFolder,
  year: yearFolder,
};
