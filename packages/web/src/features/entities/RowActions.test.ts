import { describe, expect, it } from 'vitest';
import { rowActions } from './RowActions';

const row = (flags: Partial<Record<'can_edit' | 'can_delete' | 'can_details' | 'can_support', boolean>>) => ({
  id: 1,
  can_edit: false,
  can_delete: false,
  can_details: false,
  can_support: false,
  ...flags,
});
const all = {
  onEdit: () => {},
  onDelete: () => {},
  detailsHref: () => '/x',
  supportHref: () => '/y',
};

describe('rowActions', () => {
  it('shows an action only when the row allows it', () => {
    expect(rowActions(row({}), all)).toEqual({ edit: false, details: false, support: false, delete: false });
    expect(rowActions(row({ can_edit: true, can_support: true }), all)).toEqual({
      edit: true,
      details: false,
      support: true,
      delete: false,
    });
  });

  it('hides an allowed action the page cannot carry out', () => {
    const flags = row({ can_edit: true, can_delete: true, can_details: true, can_support: true });
    expect(rowActions(flags, { detailsHref: () => '/x' })).toEqual({
      edit: false,
      details: true,
      support: false,
      delete: false,
    });
  });
});
