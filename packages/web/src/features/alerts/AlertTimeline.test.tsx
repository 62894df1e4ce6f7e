import type { AlertTimelineAnswer } from '@lifeboat/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, renderRoutes } from '../../test/render';
import { AlertTimeline } from './AlertTimeline';

// An alert's timeline shows each reminder and whom it reminded (issue 27.2, reminders).

const at = Date.parse('2026-11-20T12:00:00Z');
const data: AlertTimelineAnswer = {
  alert: {
    id: 1,
    condition: 'backup_failed',
    severity: 'critical',
    state: 'open',
    subject_type: 'system',
    subject_id: 5,
    subject_name: 'FS01',
    client_id: 2,
    client_name: 'Acme Dental',
    reseller_id: 3,
    summary: 'backup failed 2 times in a row',
    opened_at: at,
    last_seen_at: at + 24 * 3_600_000,
    count: 25,
    resolved_at: null,
    acknowledged_at: null,
    acknowledged_by: null,
  },
  can_acknowledge: true,
  events: [
    { at, kind: 'opened', by: null, note: null, quiet: null, mails: [] },
    {
      at: at + 24 * 3_600_000,
      kind: 'reminded',
      by: null,
      note: null,
      quiet: null,
      mails: [{ to: ['oncall@msp.test'], status: 'sent', sent_at: at + 24 * 3_600_000 }],
    },
    {
      at: at + 48 * 3_600_000,
      kind: 'reminded',
      by: null,
      note: null,
      quiet: null,
      mails: [{ to: ['oncall@msp.test'], status: 'held', sent_at: null }],
    },
  ],
};

describe('AlertTimeline', () => {
  it('says whom each reminder went to', async () => {
    renderRoutes({
      path: '/',
      session: { user: makeUser('reseller'), csrfToken: 't' },
      routes: [{ path: '/', element: <AlertTimeline data={data} seesMail /> }],
    });
    expect((await screen.findAllByText('Reminder')).length).toBe(2);
    expect(screen.getByText(/^Reminder sent to oncall@msp\.test at /)).toBeTruthy();
    expect(screen.getByText('Reminder waiting for the next digest to oncall@msp.test.')).toBeTruthy();
    expect(screen.getAllByText('Still open, and nobody has acknowledged it.')).toHaveLength(2);
  });
});
