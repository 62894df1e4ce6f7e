import { RB_OFFSET_COOKIE } from '@lifeboat/contract';

// spec: recovery-flow 7, newOffset is kept in a cookie; cleared when the device changes. The
// cookie holds "<deviceId>:<offset>", so another device's month is never reused.

export function readOffset(deviceId: number): number {
  const raw = document.cookie.split('; ').find((c) => c.startsWith(`${RB_OFFSET_COOKIE}=`));
  const [id, offset] = decodeURIComponent(raw?.split('=')[1] ?? '').split(':');
  return Number(id) === deviceId ? Number(offset) || 0 : 0;
}

export function writeOffset(deviceId: number, offset: number): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps this value in a cookie; the Cookie Store API is not in every browser
  document.cookie = `${RB_OFFSET_COOKIE}=${encodeURIComponent(`${deviceId}:${offset}`)}; path=/; SameSite=Strict`;
}

export function clearOffset(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see writeOffset
  document.cookie = `${RB_OFFSET_COOKIE}=; Max-Age=0; path=/; SameSite=Strict`;
}
