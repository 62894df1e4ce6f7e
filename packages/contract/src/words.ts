// Wording shared by the server's sentences and the web app's screens: a person reads "1 system"
// and "3 systems", never "system(s)".

/** "1 system", "3 systems", "1,204 systems". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

const natural = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Names as a person orders them: "Site 2" before "Site 10", case ignored. */
export function naturalCompare(a: string, b: string): number {
  return natural.compare(a, b);
}

const DEVICE_TYPE_WORDS: Record<string, string> = {
  server: 'Server',
  workstation: 'Workstation',
  nas: 'NAS',
};
const OS_WORDS: Record<string, string> = {
  WINDOWS: 'Windows',
  LINUX: 'Linux',
  MAC_OS_X: 'macOS',
  NAS: 'NAS',
};

/** A device type as a person names it: "Server", never "server". */
export function deviceTypeLabel(type: string): string {
  return DEVICE_TYPE_WORDS[type] ?? type;
}

/** An operating system as a person names it: "Windows", "macOS", never "WINDOWS", "MAC_OS_X". */
export function osLabel(os: string | null | undefined): string {
  if (!os) return 'Unknown system';
  return OS_WORDS[os] ?? os;
}
