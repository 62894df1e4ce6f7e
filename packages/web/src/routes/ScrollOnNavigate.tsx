import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Scroll positions by history entry, as react-router's ScrollRestoration keeps them. */
const positions = new Map<string, number>();

/** How long a returning page may take to grow tall enough for its saved position. */
const RESTORE_FOR_MS = 2000;

/**
 * Scrolls back to `y`, again on each frame while the page is still too short for it (its tables
 * fill in from the cache or the server a moment later), until it is reached, the time is up or
 * the person scrolls themselves. Returns a function that stops trying.
 */
function restore(y: number): () => void {
  const until = performance.now() + RESTORE_FOR_MS;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const e of ['wheel', 'touchstart', 'keydown'] as const) window.removeEventListener(e, stop);
  };
  const attempt = () => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) > 1 && performance.now() < until) frame = requestAnimationFrame(attempt);
    else stop();
  };
  for (const e of ['wheel', 'touchstart', 'keydown'] as const)
    window.addEventListener(e, stop, { passive: true });
  attempt();
  return stop;
}

/**
 * The window's scroll on moving around the console (the declarative router has no
 * ScrollRestoration; docs/decisions.md 'Issue 18 point 19'): a new page starts at the top, back
 * and forward return to where the entry was left, and a change of the query alone (a table's
 * page, sort or filter) keeps the position, so paging a table low on the dashboard does not jump.
 */
export function ScrollOnNavigate() {
  const location = useLocation();
  const type = useNavigationType();
  const key = useRef(location.key);
  const pathname = useRef(location.pathname);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    let frame = 0;
    const save = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => positions.set(key.current, window.scrollY));
    };
    window.addEventListener('scroll', save, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', save);
    };
  }, []);

  useLayoutEffect(() => {
    const samePage = pathname.current === location.pathname;
    key.current = location.key;
    pathname.current = location.pathname;
    const saved = positions.get(location.key);
    if (type === 'POP' && saved !== undefined) return restore(saved);
    if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    else if (!samePage) window.scrollTo(0, 0);
    return undefined;
  }, [location.key, location.pathname, location.hash, type]);

  return null;
}
