import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render';
import { ScrollOnNavigate } from './ScrollOnNavigate';

// The window's scroll on navigation (the declarative router has no ScrollRestoration).

const routes = [{ path: '*', element: <ScrollOnNavigate /> }];

/** Scrolls the window as a person would, and lets the saved position settle (one frame). */
async function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  window.dispatchEvent(new Event('scroll'));
  await act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
}

describe('ScrollOnNavigate', () => {
  let scrolled: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    scrolled = vi.fn();
    window.scrollTo = scrolled as unknown as typeof window.scrollTo;
  });
  afterEach(() => {
    window.scrollTo = () => {};
  });

  it('starts a new page at the top and keeps the position when only the query changes', async () => {
    const { router } = renderRoutes({ path: '/home/devices', routes });
    scrolled.mockClear();
    await scrollTo(600);
    await act(() => router.navigate('/home/devices?systems.page=2'));
    expect(scrolled).not.toHaveBeenCalled();
    await act(() => router.navigate('/device/details/5'));
    expect(scrolled).toHaveBeenLastCalledWith(0, 0);
  });

  it('returns to where a page was left on back', async () => {
    const { router } = renderRoutes({ path: '/home/devices', routes });
    await scrollTo(640);
    await act(() => router.navigate('/device/details/5'));
    await scrollTo(90);
    scrolled.mockClear();
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/home/devices');
    expect(scrolled).toHaveBeenLastCalledWith(0, 640);
  });
});
