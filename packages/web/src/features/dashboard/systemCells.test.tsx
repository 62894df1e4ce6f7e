import type { DashboardSystemRow } from '@lifeboat/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render';
import { systemCells } from './systemCells';

// issue 18.18: a system verified without a screenshot (macOS) says "No image" in the dashboard's
// AutoVerify cell, as the device page does, instead of an empty grey box.

const macRow = {
  id: 4,
  name: 'MAC-DESIGN',
  autoverify: {
    available: true,
    last_rp: Date.UTC(2026, 10, 20),
    has_thumbnail: false,
    icon: 'success',
    last_rp_text: 'Verified 2 hours ago',
    unavailable_text: '',
    thumbnail_url: null,
  },
} as unknown as DashboardSystemRow;

describe('the AutoVerify cell', () => {
  it('shows the no-image placeholder of the device page when there is no screenshot', () => {
    const cell = systemCells(() => undefined).autoverify?.(macRow);
    renderRoutes({ path: '/', routes: [{ path: '/', element: <div>{cell}</div> }] });
    expect(screen.getByTestId('no-image').textContent).toBe('No image');
    expect(screen.getByText('Verified 2 hours ago')).toBeTruthy();
  });
});
