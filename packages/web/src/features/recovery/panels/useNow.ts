import { useEffect, useState } from 'react';

/** The current time, refreshed every second, corrected by the server's clock (`serverNow` at `fetchedAt`). */
export function useNow(serverNow: number | undefined, fetchedAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  return serverNow === undefined ? now : now + (serverNow - fetchedAt);
}
