import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../test/render';
import { applySignIn, clearSession, sessionKeys, useCurrentUser } from './session';

function UserName() {
  return <span>{useCurrentUser().name}</span>;
}

describe('useCurrentUser', () => {
  it('keeps the user for a page that renders once more while the session is being cleared', async () => {
    const client = new QueryClient();
    const user = makeUser('reseller');
    client.setQueryData(sessionKeys.current(), { user, csrfToken: 't' });
    render(
      <QueryClientProvider client={client}>
        <UserName />
      </QueryClientProvider>,
    );
    // Signing out while the dashboard's answers arrive: the page renders once more before
    // RequireSession replaces it with the login page, and must not break on the way out.
    // (The query cache tells its observers on the next tick: wait for it inside act.)
    await act(async () => {
      clearSession(client, 'signed-out');
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(screen.getByText(user.name)).toBeTruthy();
  });

  it('keeps the user for a part that mounts only after the session was cleared', async () => {
    const client = new QueryClient();
    const user = makeUser('reseller');
    client.setQueryData(sessionKeys.current(), { user, csrfToken: 't' });
    // A lazily loaded part whose code arrives after signing out mounts with no session at all.
    clearSession(client, 'signed-out');
    render(
      <QueryClientProvider client={client}>
        <UserName />
      </QueryClientProvider>,
    );
    expect(screen.getByText(user.name)).toBeTruthy();
  });

  it('still refuses a component rendered where no one has signed in', () => {
    const client = new QueryClient();
    // A new sign-in forgets the user who left; then no one is signed in.
    applySignIn(client, { user: makeUser('client'), csrfToken: 't' });
    client.setQueryData(sessionKeys.current(), null);
    expect(() =>
      render(
        <QueryClientProvider client={client}>
          <UserName />
        </QueryClientProvider>,
      ),
    ).toThrow(/needs a signed-in session/);
  });
});
