import { useEffect, useRef } from 'react';

/**
 * Calls `fire` once for each request while `enabled`: how a page or a step sends a write it needs
 * on arrival (a share, a mount, a support login). A write never goes out from a query, which a
 * refetch, an invalidation or a window focus sends again. The request is remembered across
 * renders, also when React runs the effect twice (StrictMode); a new request fires again.
 */
export function useOncePerRequest(request: string, enabled: boolean, fire: () => void): void {
  const fired = useRef<string | null>(null);
  useEffect(() => {
    if (!enabled || fired.current === request) return;
    fired.current = request;
    fire();
  }, [enabled, request, fire]);
}
