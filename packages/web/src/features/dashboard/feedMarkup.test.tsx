import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parseFeeds } from './feedMarkup';

const markup = (body: React.ReactNode) => renderToStaticMarkup(body);

// issue 18.18: the server's <details> feeds become the app's accordion items; nothing unsafe passes.
describe('parseFeeds', () => {
  it('takes each feed apart into a key, a title and its body', () => {
    const feeds = parseFeeds(
      '<details data-feed="first_backup" open><summary>Waiting for a first backup</summary>' +
        '<ul><li><a href="/device/details/7">NEW-WS01</a> <img src=x onerror=alert(1)></li></ul></details>' +
        '<details data-feed="appliances" open><summary>Offline appliances</summary><p>All appliances are online.</p></details>',
    );
    expect(feeds.map((f) => [f.key, f.title])).toEqual([
      ['first_backup', 'Waiting for a first backup'],
      ['appliances', 'Offline appliances'],
    ]);
    expect(markup(feeds[0]?.body)).toBe('<ul><li><a href="/device/details/7">NEW-WS01</a> </li></ul>');
    expect(markup(feeds[1]?.body)).toBe('<p>All appliances are online.</p>');
  });

  it('keeps only its few elements, text as text, and links that stay web addresses', () => {
    const [feed] = parseFeeds(
      '<details data-feed="x"><summary>T</summary><p onclick="alert(1)" style="color:red">' +
        '<a href="javascript:alert(1)">a</a><a href="//evil.example/">b</a><a href="https://example.com/x">c</a>' +
        '<script>alert(1)</script><style>p{}</style><svg><a href="/x">d</a></svg>' +
        '<span><strong>kept</strong> &lt;b&gt;text&lt;/b&gt;</span><small>s</small><em>e</em></p></details>',
    );
    expect(markup(feed?.body)).toBe(
      '<p><a>a</a><a>b</a><a href="https://example.com/x">c</a>' +
        '<strong>kept</strong> &lt;b&gt;text&lt;/b&gt;<small>s</small><em>e</em></p>',
    );
  });
});
