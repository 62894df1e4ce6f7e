import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signatureHolds } from './receivers';

// The burst's receiver checks signatures on its own: a wrong secret, a changed body or time, and a
// header that is not `t=<unix>,v1=<hex>` are refused.

const secret = 'whsec_test';
const body = '{"id":"d1","type":"alert.opened"}';
const sign = (s: string, t: number, b: string) =>
  `t=${t},v1=${createHmac('sha256', s).update(`${t}.${b}`).digest('hex')}`;

describe('signatureHolds', () => {
  it('accepts the HMAC-SHA256 of "<t>.<body>" and nothing else', () => {
    const header = sign(secret, 1_700_000_000, body);
    expect(signatureHolds(secret, header, body)).toBe(true);
    expect(signatureHolds('whsec_other', header, body)).toBe(false);
    expect(signatureHolds(secret, header, body.replace('d1', 'd2'))).toBe(false);
    expect(signatureHolds(secret, header.replace('t=1700000000', 't=1700000001'), body)).toBe(false);
    expect(signatureHolds(secret, 'v1=abc', body)).toBe(false);
    expect(signatureHolds(secret, '', body)).toBe(false);
  });
});
