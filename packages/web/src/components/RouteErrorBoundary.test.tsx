import { act, screen } from '@testing-library/react';
import { Link, Outlet, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render';
import { RouteErrorBoundary } from './RouteErrorBoundary';

// The router has no errorElement (routes/router.tsx): this boundary stands in for it.

function Broken(): never {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/Page-abc.js');
}

function Shell() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Outlet />
    </RouteErrorBoundary>
  );
}

const routes = [
  {
    element: <Shell />,
    children: [
      { path: '/broken', element: <Broken /> },
      { path: '/fine', element: <Link to="/broken">Open the broken page</Link> },
    ],
  },
];

describe('RouteErrorBoundary', () => {
  // React reports the caught error on the console; the test is about what the user sees.
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => vi.restoreAllMocks());

  it('shows the error page for a page that fails to render, saying a reload fetches the new version', () => {
    renderRoutes({ path: '/broken', routes });
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText(/A newer version of Lifeboat is available/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('leaves the error behind when the user goes to another address', async () => {
    const { router } = renderRoutes({ path: '/broken', routes });
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    await act(() => router.navigate('/fine'));
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Open the broken page' })).toBeTruthy();
  });
});
