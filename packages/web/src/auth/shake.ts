import { LOGIN_SHAKE } from '@lifeboat/contract';

/** jQuery UI's default shake distance in px. */
export const SHAKE_DISTANCE = 20;

// jQuery UI's "swing" easing, 0.5 - cos(p·π) / 2, as a cubic Bézier.
const SWING = 'cubic-bezier(0.36, 0, 0.64, 1)';

export interface ShakeAnimation {
  keyframes: Keyframe[];
  durationMs: number;
}

/**
 * The login shake, modelled on jQuery UI's shake effect (spec: LOGIN_SHAKE, count 2, duration
 * 250 ms). jQuery UI splits the duration into `times * 2 + 1` steps of `speed` ms: one step out
 * to one side, then across to the other side `times * 2 - 1` times, then half a step back to the
 * start. Its 13 ms `period` is jQuery's animation tick; the browser animates at its own frame
 * rate, so only the shape and timing are kept.
 */
export function shakeAnimation(
  times: number = LOGIN_SHAKE.count,
  durationMs: number = LOGIN_SHAKE.durationMs,
  distance: number = SHAKE_DISTANCE,
): ShakeAnimation {
  const speed = Math.round(durationMs / (times * 2 + 1));
  const fullSteps = times * 2;
  const total = speed * fullSteps + speed / 2;
  const keyframes: Keyframe[] = [{ offset: 0, transform: 'translateX(0)', easing: SWING }];
  for (let i = 1; i <= fullSteps; i++) {
    const x = i % 2 === 1 ? -distance : distance;
    keyframes.push({ offset: (i * speed) / total, transform: `translateX(${x}px)`, easing: SWING });
  }
  keyframes.push({ offset: 1, transform: 'translateX(0)' });
  return { keyframes, durationMs: total };
}
