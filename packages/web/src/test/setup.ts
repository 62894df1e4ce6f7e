import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy*/waitFor give up after 1 s by default; a lazily loaded page on a loaded two-core CI
// machine takes longer. A wait for what a person would see, not a speed check (bench/ measures).
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks what Mantine measures with: media queries, element resizes, scrolling.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(() => false),
  })),
});

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;
Element.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};

// jsdom throws on the pseudo-element argument Mantine passes.
const { getComputedStyle } = window;
window.getComputedStyle = (el: Element) => getComputedStyle(el);

afterEach(() => {
  cleanup();
});
