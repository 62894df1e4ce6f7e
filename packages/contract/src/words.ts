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
