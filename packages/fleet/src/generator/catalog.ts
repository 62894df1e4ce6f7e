// Operating systems, agents, packages and messages with the spelling a real console shows.

export const WINDOWS_SERVER = [
  'Windows Server 2022 Standard (10.0.20348)',
  'Windows Server 2022 Datacenter (10.0.20348)',
  'Windows Server 2019 Standard (10.0.17763)',
  'Windows Server 2019 Datacenter (10.0.17763)',
  'Windows Server 2016 Standard (10.0.14393)',
  'Windows Server 2025 Standard (10.0.26100)',
  'Windows Server 2012 R2 Standard (6.3.9600)',
];

export const WINDOWS_DESKTOP = [
  'Windows 11 Pro 23H2 (10.0.22631)',
  'Windows 11 Pro 24H2 (10.0.26100)',
  'Windows 11 Enterprise 23H2 (10.0.22631)',
  'Windows 10 Pro 22H2 (10.0.19045)',
  'Windows 10 Enterprise LTSC 2021 (10.0.19044)',
];

export const LINUX_SERVER = [
  'Ubuntu 22.04.4 LTS',
  'Ubuntu 24.04.1 LTS',
  'Ubuntu 20.04.6 LTS',
  'Debian GNU/Linux 12 (bookworm)',
  'Red Hat Enterprise Linux 9.4 (Plow)',
  'Rocky Linux 9.3 (Blue Onyx)',
  'AlmaLinux 8.10 (Cerulean Leopard)',
  'CentOS Linux 7.9.2009 (Core)',
];

export const LINUX_DESKTOP = ['Ubuntu 24.04.1 LTS Desktop', 'Fedora Linux 40 (Workstation Edition)'];

export const MACOS = [
  'macOS Sonoma 14.6.1',
  'macOS Sequoia 15.1',
  'macOS Ventura 13.7.1',
  'macOS Sonoma 14.4',
];

export const NAS_OS = [
  'Synology DSM 7.2.1-69057',
  'QNAP QTS 5.1.8',
  'TrueNAS SCALE 24.04.2',
  'NetApp ONTAP 9.14.1',
  'Windows Storage Server 2016 (10.0.14393)',
];

export const AGENTS = {
  gen2: { current: '6.8.2.1147', old: ['6.7.0.982', '6.5.4.771'] },
  gen4: { current: '2.41.0.18', old: ['2.38.2.7', '2.35.1.4'] },
  nas: 'Agentless (SMB/NFS)',
} as const;

export const BRC_MODELS = [
  ['BRC-1U-6', 6],
  ['BRC-1U-12', 12],
  ['BRC-2U-24', 24],
  ['BRC-2U-48', 48],
] as const;

export const X360_MODELS = [
  ['Lifeboat A2 Desktop', 4],
  ['Lifeboat A4 Tower', 8],
  ['Lifeboat R8 Rack', 24],
  ['Lifeboat R16 Rack', 64],
] as const;

export const APPLIANCE_VERSIONS = {
  brc: ['6.8.2', '6.8.1', '6.7.4'],
  x360: ['10.14.3', '10.14.1', '10.12.0'],
} as const;

export const BACKUP_ERRORS = [
  'VSS snapshot creation failed: 0x8004230F (VSS_E_UNEXPECTED_PROVIDER_ERROR)',
  "VSS writer 'SqlServerWriter' is in a failed state (retryable error)",
  'Unable to connect to the appliance at 10.0.1.20:443: connection timed out',
  'Insufficient space in the backup storage pool (97% used)',
  'Agent service stopped unexpectedly (exit code 1067)',
  'Volume D: could not be locked for snapshot: access denied',
  'The network path was not found (error 53)',
  'Changed-block tracking driver not loaded; a full read is scheduled for the next run',
  'Read error on \\\\.\\PhysicalDrive0 at sector 184467201 (CRC error)',
  'Backup cancelled: the system was shut down during the snapshot',
];

export const LINUX_BACKUP_ERRORS = [
  'Snapshot of / failed: device-mapper: reload ioctl on snapshot failed: No space left on device',
  'Unable to connect to the appliance at 10.0.1.20:443: connection timed out',
  'Kernel module lbsnap not loaded for kernel 6.8.0-45-generic; rebuild required',
  'Read error on /dev/sda at sector 912834 (Input/output error)',
];

export const NAS_BACKUP_ERRORS = [
  'Share \\\\NAS01\\Finance is not reachable: STATUS_LOGON_FAILURE',
  'File-level scan stopped: too many open files on the NAS (EMFILE)',
  'Unable to connect to the appliance at 10.0.1.20:443: connection timed out',
];

export const REPLICATION_ERRORS = [
  'Replication to the cloud vault interrupted: TLS handshake failed',
  'Replication stalled: upload bandwidth limit reached for this window',
  'Cloud vault reported a checksum mismatch; the block will be re-sent',
];

export const OFFLINE_ERROR = 'Appliance unreachable: no heartbeat since the last scheduled run';

export const PAUSE_MESSAGES = [
  'Paused: backup window ended (business hours 08:00-18:00)',
  'Paused: the system is running on battery power',
  'Paused: bandwidth schedule limits uploads at this hour',
  'Paused: metered network connection detected',
];
