import { useSearchParams } from 'react-router';

// The alerts area's shared pieces on the web. Its reads and writes go through useCall and
// useCallMutation; every write makes the whole area stale: the page, the device block, the
// dashboard's count and the fleet home read the same alerts.

/** How often a list of alerts is read again while on screen. */
export const ALERTS_POLL_MS = 60_000;

/** The alert whose timeline is open beside a list, kept in the url (?alert=) like the list's state. */
export function useOpenAlert(): [number | null, (id: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const open = (id: number | null) =>
    setParams((cur) => {
      const next = new URLSearchParams(cur);
      if (id === null) next.delete('alert');
      else next.set('alert', String(id));
      return next;
    });
  return [Number(params.get('alert')) || null, open];
}
