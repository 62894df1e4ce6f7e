import {
  CITIES,
  COMPANY_STEMS,
  COMPANY_SUFFIXES,
  COMPANY_TRADES,
  FIRST_NAMES,
  LAST_NAMES,
  MSP_STEMS,
  MSP_TRADES,
} from './names';
import type { Rng } from './rng';

export interface Person {
  first: string;
  last: string;
}

export function person(rng: Rng): Person {
  return { first: rng.pick(FIRST_NAMES), last: rng.pick(LAST_NAMES) };
}

/** Draws names until one is new; after a few tries a city makes it unique ("... of Salem 2"). */
function unique(rng: Rng, used: Set<string>, draw: () => string): string {
  for (let tries = 0; tries < 6; tries++) {
    const name = draw();
    if (!used.has(name)) {
      used.add(name);
      return name;
    }
  }
  const base = `${draw()} of ${rng.pick(CITIES)}`;
  let name = base;
  for (let n = 2; used.has(name); n++) name = `${base} ${n}`;
  used.add(name);
  return name;
}

export function companyName(rng: Rng, used: Set<string>): string {
  return unique(
    rng,
    used,
    () => `${rng.pick(COMPANY_STEMS)} ${rng.pick(COMPANY_TRADES)}${rng.pick(COMPANY_SUFFIXES)}`,
  );
}

export function mspName(rng: Rng, used: Set<string>): string {
  return unique(rng, used, () => `${rng.pick(MSP_STEMS)} ${rng.pick(MSP_TRADES)}`);
}

const STOP_WORDS = new Set(['&', 'llc', 'inc.', 'ltd', 'co.', 'pllc', 'group', 'of', 'the']);

function words(name: string): string[] {
  return name
    .split(/\s+/)
    .filter((w) => !STOP_WORDS.has(w.toLowerCase()))
    .map((w) => w.replace(/[^A-Za-z0-9]/g, ''))
    .filter((w) => w.length > 0);
}

/** A short upper-case code for hostnames: "Acme Dental Group" -> "ACME", "Blue Ridge Freight" -> "BRF". */
export function shortCode(name: string): string {
  const ws = words(name);
  const first = ws[0] ?? 'CORP';
  if (first.length >= 3 && first.length <= 8) return first.toUpperCase();
  return ws
    .map((w) => w[0])
    .join('')
    .toUpperCase()
    .slice(0, 6);
}

/** A plausible e-mail domain: "Acme Dental Group" -> "acmedental.com". */
export function domainOf(name: string): string {
  const ws = words(name).map((w) => w.toLowerCase());
  const tld = /church|foundation|academy|school/i.test(name)
    ? 'org'
    : /networks|cloud/i.test(name)
      ? 'net'
      : 'com';
  return `${ws.slice(0, 2).join('')}.${tld}`;
}

export function emailOf(p: Person, domain: string, style: number): string {
  const f = p.first.toLowerCase();
  const l = p.last.toLowerCase();
  const local = style % 3 === 0 ? `${f}.${l}` : style % 3 === 1 ? `${f[0]}${l}` : `${f}`;
  return `${local}@${domain}`;
}

/** Hostnames must be unique inside a client; bumps the number ("FS02-ACME") or appends one. */
export class HostnameBook {
  private readonly used = new Set<string>();

  take(make: (n: number) => string): string {
    for (let n = 1; n < 100; n++) {
      const name = make(n);
      if (!this.used.has(name)) {
        this.used.add(name);
        return name;
      }
    }
    let n = 100;
    while (this.used.has(`${make(1)}-${n}`)) n++;
    const name = `${make(1)}-${n}`;
    this.used.add(name);
    return name;
  }
}

export const pad2 = (n: number): string => String(n).padStart(2, '0');
