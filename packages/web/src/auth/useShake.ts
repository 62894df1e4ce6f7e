import { type RefObject, useCallback } from 'react';
import { shakeAnimation } from './shake';

/**
 * Shakes an element left and right (wrong credentials). Skipped when the user prefers reduced
 * motion. While it runs the element carries data-shaking; data-shakes counts the shakes run,
 * which lets the browser tests see that it happened.
 */
export function useShake(ref: RefObject<HTMLElement | null>): () => void {
  return useCallback(() => {
    const el = ref.current;
    // Asked at the moment of the shake (Mantine's useReducedMotion is not loaded on this page).
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    if (!el || reduceMotion || typeof el.animate !== 'function') return;
    const { keyframes, durationMs } = shakeAnimation();
    el.getAnimations().forEach((a) => {
      a.cancel();
    });
    el.dataset.shaking = 'true';
    el.dataset.shakes = String(Number(el.dataset.shakes ?? '0') + 1);
    const animation = el.animate(keyframes, { duration: durationMs });
    const done = () => {
      delete el.dataset.shaking;
    };
    animation.addEventListener('finish', done);
    animation.addEventListener('cancel', done);
  }, [ref]);
}
