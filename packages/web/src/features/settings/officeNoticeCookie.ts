/** 365 days in seconds (spec: inventory-reports-exports-security 9 'error-closed cookie lifetime'). */
export const OFFICE_NOTICE_MAX_AGE = 365 * 24 * 60 * 60;

const cookieName = (clientId: number) => `vo_error_closed_${clientId}`;

/** Whether the person closed the virtual office notice of this client in the last 365 days. */
export function officeNoticeClosed(clientId: number): boolean {
  const name = cookieName(clientId);
  return document.cookie.split(';').some((c) => c.trim().startsWith(`${name}=`));
}

/** Remembers the closing for 365 days, for the whole app (path /). */
export function closeOfficeNotice(clientId: number): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the spec names a cookie; jsdom has no Cookie Store.
  document.cookie = `${cookieName(clientId)}=1; max-age=${OFFICE_NOTICE_MAX_AGE}; path=/; samesite=lax`;
}
