import { describe, expect, it } from 'vitest';
import { createQueryClient, SUMMARY_META, SUMMARY_ROOT } from './queryClient';

// The dashboard's figures are read again after any write elsewhere (a restore, a share), not
// shown from the cache until a reload.

describe('createQueryClient', () => {
  it('marks the dashboard stale when a write succeeds, and leaves other pages cached', async () => {
    const client = createQueryClient();
    const card = [...SUMMARY_ROOT, 'card', 'glance', 3];
    const other = ['recovery', 'wizard', 3];
    client.setQueryData(card, { vaults: 2 });
    client.setQueryData(other, { step: 'share' });
    expect(client.getQueryState(card)?.isInvalidated).toBe(false);

    await client
      .getMutationCache()
      .build(client, { mutationFn: async () => ({ ok: true }) })
      .execute(undefined);
    expect(client.getQueryState(card)?.isInvalidated).toBe(true);
    expect(client.getQueryState(other)?.isInvalidated).toBe(false);
  });

  it('marks the activity feeds the dashboard shows stale too, wherever their keys live', async () => {
    const client = createQueryClient();
    const feed = ['recovery', 'local-shares', 3];
    client
      .getQueryCache()
      .build(client, { queryKey: feed, meta: SUMMARY_META })
      .setData({ local_shares: [] });
    await client
      .getMutationCache()
      .build(client, { mutationFn: async () => ({ ok: true }) })
      .execute(undefined);
    expect(client.getQueryState(feed)?.isInvalidated).toBe(true);
  });

  it('leaves the dashboard as it is when a write fails', async () => {
    const client = createQueryClient();
    const card = [...SUMMARY_ROOT, 'card', 'glance', 3];
    client.setQueryData(card, { vaults: 2 });
    await expect(
      client
        .getMutationCache()
        .build(client, {
          mutationFn: async () => {
            throw new Error('refused');
          },
        })
        .execute(undefined),
    ).rejects.toThrow('refused');
    expect(client.getQueryState(card)?.isInvalidated).toBe(false);
  });
});
