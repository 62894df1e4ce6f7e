import { open, seal } from '../areas/ftps/secret-box';

// A source's secret (the repository password and the remote's variables) is kept sealed with the
// console's secret key (AES-256-GCM, the FTPS passwords' box) and opened only to hand it to the
// sync port: no call returns it, no log line holds it.

export interface SourceSecret {
  password: string;
  env: Record<string, string>;
}

export function sealSourceSecret(key: string | null, secret: SourceSecret): string {
  return seal(key, JSON.stringify(secret));
}

export function openSourceSecret(key: string | null, sealed: string): SourceSecret {
  const raw = JSON.parse(open(key, sealed)) as Partial<SourceSecret>;
  return { password: String(raw.password ?? ''), env: { ...(raw.env ?? {}) } };
}
