import { createElement, Fragment, type ReactNode } from 'react';

// The feeds' markup as React elements (issue 18.18, 18 point 19). The server escapes every value
// and sanitises the feeds (spec 7: HTML of <details> blocks); the browser does not trust that:
// it reads the HTML in an inert document (DOMParser runs no script and loads nothing) and builds
// elements of a short list itself, text as text and a link's href only when it stays a web
// address. Nothing is ever written as HTML, so no markup can pass; no sanitiser library needed.

const KEPT = new Set(['ul', 'li', 'p', 'a', 'small', 'strong', 'em']);
/** Elements whose content is not text to show: dropped with it (others are unwrapped). */
const DROPPED = new Set(['script', 'style', 'template', 'iframe', 'object', 'embed', 'noscript', 'title']);
/** A path inside the console ("/device/details/7", not "//host") or an http(s) address. */
const SAFE_HREF = /^(?:\/(?![/\\])|https?:\/\/)/i;
const XHTML = 'http://www.w3.org/1999/xhtml';

export interface Feed {
  key: string;
  title: string;
  body: ReactNode;
}

function nodes(parent: Node): ReactNode[] {
  return [...parent.childNodes].map((n, i) => node(n, i));
}

function node(n: Node, key: number): ReactNode {
  if (n.nodeType === Node.TEXT_NODE) return n.textContent;
  if (n.nodeType !== Node.ELEMENT_NODE) return null;
  const el = n as Element;
  const tag = el.localName;
  if (el.namespaceURI !== XHTML || DROPPED.has(tag)) return null;
  if (!KEPT.has(tag)) return <Fragment key={key}>{nodes(el)}</Fragment>;
  const href = tag === 'a' ? el.getAttribute('href') : null;
  const props = href !== null && SAFE_HREF.test(href) ? { key, href } : { key };
  return createElement(tag, props, ...nodes(el));
}

/** The server's feeds taken apart: each <details> as a key, its summary's text and its body. */
export function parseFeeds(html: string): Feed[] {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return [...doc.body.querySelectorAll('details')].map((d, i) => {
    const summary = d.querySelector('summary');
    const title = summary?.textContent?.trim() ?? '';
    summary?.remove();
    return { key: d.getAttribute('data-feed') ?? `feed-${i}`, title, body: nodes(d) };
  });
}
