import { describe, expect, it } from 'vitest';
import { parseFeeds } from './FeedsCard';

// issue 18.18: the server's <details> feeds become the app's accordion items; nothing unsafe passes.
describe('parseFeeds', () => {
  it('takes each feed apart into a key, a title and its sanitised body', () => {
    const feeds = parseFeeds(
      '<details data-feed="first_backup" open><summary>Waiting for a first backup</summary>' +
        '<ul><li><a href="/device/details/7">NEW-WS01</a> <img src=x onerror=alert(1)></li></ul></details>' +
        '<details data-feed="appliances" open><summary>Offline appliances</summary><p>All appliances are online.</p></details>',
    );
    expect(feeds.map((f) => [f.key, f.title])).toEqual([
      ['first_backup', 'Waiting for a first backup'],
      ['appliances', 'Offline appliances'],
    ]);
    expect(feeds[0]?.body).toContain('<a href="/device/details/7">NEW-WS01</a>');
    expect(feeds[0]?.body).not.toMatch(/<img|summary/);
    expect(feeds[1]?.body).toBe('<p>All appliances are online.</p>');
  });
});
