import { ApiError } from '../../api/client';

export const REQUEST_FAILED = 'The request failed. Please try again.';

/** spec 8: the server's message when there is one, otherwise a generic request-failed text. */
export function errorText(error: unknown): string {
  if (typeof error === 'string') return error.trim() || REQUEST_FAILED;
  if (error instanceof ApiError && error.message) return error.message;
  return REQUEST_FAILED;
}
