// Names the browser and the server agree on; kept apart from the schemas so importing them pulls no zod.
export const CSRF_HEADER = 'x-csrf-token';
export const XHR_HEADER = 'x-requested-with';
export const XHR_VALUE = 'XMLHttpRequest';
export const SESSION_COOKIE = 'lifeboat_session';
/** A browser where the user signed in before: its sign-ins are never held by others' failures. */
export const DEVICE_COOKIE = 'lifeboat_device';
