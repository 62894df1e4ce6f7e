// The API reference page (issue 11.2), rendered on the server from the OpenAPI document: plain
// HTML and CSS, no script and no CDN, so it works offline and under the console's strict CSP.

type Json = Record<string, unknown>;

const esc = (s: unknown) =>
  String(s).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const pretty = (v: unknown) => `<pre>${esc(JSON.stringify(v, null, 2))}</pre>`;

function operationHtml(path: string, method: string, op: Json): string {
  const params = (op.parameters as Json[] | undefined) ?? [];
  const body = op.requestBody as { content: Record<string, { schema: unknown }> } | undefined;
  const responses =
    (op.responses as Record<
      string,
      { description: string; content?: Record<string, { schema: unknown }> }
    >) ?? {};
  const rows = params
    .map(
      (p) =>
        `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td><td><code>${esc(JSON.stringify(p.schema))}</code></td></tr>`,
    )
    .join('');
  const bodyHtml = body
    ? Object.entries(body.content)
        .map(([type, c]) => `<details><summary>Body (${esc(type)})</summary>${pretty(c.schema)}</details>`)
        .join('')
    : '';
  const answers = Object.entries(responses)
    .map(([status, r]) => {
      const content = Object.entries(r.content ?? {})
        .map(([type, c]) => `<p class="type">${esc(type)}</p>${pretty(c.schema)}`)
        .join('');
      return `<details><summary>${esc(status)}: ${esc(r.description)}</summary>${content}</details>`;
    })
    .join('');
  const id = `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, '-');
  const right = op['x-right'] ? `<p class="type">Right: <code>${esc(op['x-right'])}</code></p>` : '';
  return `<section class="op" id="${esc(id)}">
<h3><span class="m m-${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></h3>
<p>${esc(op.summary)}${(op.security as unknown[] | undefined)?.length === 0 ? ' <em>(no session needed)</em>' : ''}</p>
${right}${op.security && (op.security as unknown[]).length > 0 ? `<pre>${esc(curlOf(path, method, body ? Object.keys(body.content)[0] : undefined))}</pre>` : ''}
${rows ? `<table><thead><tr><th>Parameter</th><th>In</th><th>Required</th><th>Schema</th></tr></thead><tbody>${rows}</tbody></table>` : ''}
${bodyHtml}${answers}</section>`;
}

/** How a script makes the call with an API key (issue 26.4): curl, the key in a variable. */
function curlOf(path: string, method: string, type: string | undefined): string {
  const m = method.toUpperCase();
  const data =
    type === 'application/json' ? `-H 'Content-Type: application/json' -d '{...}'` : "-d 'name=value'";
  const body = type ? ` \\\n  ${data}` : '';
  return `curl${m === 'GET' ? '' : ` -X ${m}`} -H "Authorization: Bearer $LIFEBOAT_KEY"${body} \\\n  "$LIFEBOAT_URL${path}"`;
}

const KEYS_HOWTO = `<h2 id="keys">Calling with an API key</h2>
<p>Make a key on the Security page of your account: give it a name, how long it works (at most a year) and what it may do (read-only, or rights you hold). The key is shown once. Send it in the <code>Authorization</code> header; no cookie or anti-forgery token is needed:</p>
<pre>${esc(`export LIFEBOAT_URL=<the address you open this console at>\nexport LIFEBOAT_KEY=lbk_...\ncurl -H "Authorization: Bearer $LIFEBOAT_KEY" "$LIFEBOAT_URL/api/session"`)}</pre>
<p>A call needs the right shown under it: a key without it is answered 403. A key that made too many calls in a minute is answered 429 with a <code>Retry-After</code> header (seconds). A revoked or expired key, or one whose user was removed or locked, is answered 401.</p>`;

export function referencePage(doc: Json): string {
  const info = doc.info as { title: string; version: string; description: string };
  const byTag = new Map<string, string[]>();
  const paths = doc.paths as Record<string, Record<string, Json>>;
  let count = 0;
  for (const [path, ops] of Object.entries(paths))
    for (const [method, op] of Object.entries(ops)) {
      const tag = ((op.tags as string[] | undefined) ?? ['other'])[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(path, method, op)]);
      count++;
    }
  const tags = [...byTag.keys()].sort();
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(info.title)} reference</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1a1b1e;display:flex}
nav{position:sticky;top:0;height:100vh;overflow:auto;min-width:200px;padding:16px;background:#f4f6f8;box-sizing:border-box}
nav a{display:block;color:#1c5fa8;text-decoration:none;padding:2px 0}
main{padding:16px 32px;max-width:1100px;min-width:0}
.op{border-top:1px solid #dde1e6;padding:8px 0}
h3{font-size:16px;margin:8px 0;word-break:break-all}
.m{display:inline-block;min-width:64px;text-align:center;border-radius:4px;color:#fff;font-size:12px;padding:2px 6px}
.m-get{background:#1c7c54}.m-post{background:#1c5fa8}.m-delete{background:#b42318}.m-put,.m-patch{background:#8a5a00}
table{border-collapse:collapse;font-size:13px;margin:4px 0}td,th{border:1px solid #dde1e6;padding:2px 8px;text-align:left;vertical-align:top}
pre{background:#f4f6f8;padding:8px;overflow:auto;font-size:12px;max-height:420px}
summary{cursor:pointer;color:#1c5fa8}.type{font-size:12px;color:#555;margin:4px 0 0}
@media (max-width:760px){body{display:block}nav{position:static;height:auto}main{padding:8px}}
</style></head><body>
<nav aria-label="Areas"><strong>Areas</strong>${tags.map((t) => `<a href="#area-${esc(t)}">${esc(t)}</a>`).join('')}
<p><a href="#keys">API keys</a><a href="/api/openapi.json">openapi.json</a></p></nav>
<main><h1>${esc(info.title)}</h1><p>${esc(info.description)}</p><p>${count} calls, version ${esc(info.version)}.</p>
${KEYS_HOWTO}
${tags.map((t) => `<h2 id="area-${esc(t)}">${esc(t)}</h2>${(byTag.get(t) ?? []).join('\n')}`).join('\n')}
</main></body></html>`;
}
