import { useReducedMotion } from '@mantine/hooks';
import { type RefObject, useCallback } from 'react';
import { shakeAnimation } from './shake';

/**
 * Shakes an element left and right (wrong credentials). Skipped when the user prefers reduced
 * motion. While it runs the element carries data-shaking; data-shakes counts the shakes run,
 * which lets the browser tests see that it happened.
 */
export function useShake(ref: RefObject<HTMLElement | null>): () => void {
  const reduceMotion = useReducedMotion();
  return useCallback(() => {
    const el = ref.current;
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
  }, [ref, reduceMotion]);
}
