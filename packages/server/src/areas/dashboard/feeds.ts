import sanitizeHtml from 'sanitize-html';
import type { AppContext } from '../../context';
import { ofSystemsOwnedBy, ownedBy, scoped } from '../../scope';
import { plural, timeAgo } from './format';
import type { Owner } from './owner';

// Block 5, the collapsible feeds (spec 2.2): server-made HTML of what a reseller should know
// now. Every value is escaped when written, and the whole is sanitised once more on its way out
// (and again in the browser), so a system named "<script>" stays text.

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const FEED_LIMIT = 5;
const WEEK = 7 * 86_400_000;

function feed(key: string, title: string, items: string[], empty: string): string {
  const body = items.length
    ? `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`
    : `<p>${esc(empty)}</p>`;
  return `<details data-feed="${key}" open><summary>${esc(title)}</summary>${body}</details>`;
}

export async function collapsibleFeeds(ctx: AppContext, owner: Owner): Promise<string> {
  const s = scoped(ctx.dbh.db, owner.actor);
  const now = ctx.clock.now();
  // Four independent reads, at once (on PostgreSQL over four connections of the pool).
  const [troubled, failedVerifies, offline, waiting] = await Promise.all([
    s
      .within(ownedBy(owner.row, 'ps'))
      .selectFrom('protected_systems as ps')
      .innerJoin('organisations as c', 'c.id', 'ps.client_id')
      .select(['ps.id', 'ps.name', 'ps.health_reason', 'ps.health_changed_at', 'c.name as client_name'])
      .where('ps.health_status', '=', 'TROUBLED')
      .orderBy('ps.health_changed_at', 'desc')
      .limit(FEED_LIMIT)
      .execute(),
    // Probed system by system on av_failures (PostgreSQL would rather sort every failure of the
    // platform for a join, unless the ids come as one array: ofSystemsOwnedBy).
    s
      .within(ofSystemsOwnedBy(owner.row, 'a', ctx.dbh.dialect))
      .selectFrom('autoverify_results as a')
      .innerJoin('protected_systems as ps', 'ps.id', 'a.system_id')
      .select(['ps.id', 'ps.name', 'a.kind', 'a.result', 'a.ended_at'])
      .where('a.status', '=', 'failure')
      .where('a.ended_at', '>=', now - WEEK)
      .orderBy('a.ended_at', 'desc')
      .limit(FEED_LIMIT)
      .execute(),
    s
      .within(ownedBy(owner.row, 'appliances'))
      .selectFrom('appliances')
      .select(['id', 'name', 'sid'])
      .where('online', '=', 0)
      .orderBy('name_lc')
      .limit(FEED_LIMIT)
      .execute(),
    s
      .within(ownedBy(owner.row, 'protected_systems'))
      .selectFrom('protected_systems')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('health_status', '=', 'NODATA')
      .executeTakeFirstOrThrow(),
  ]);
  // The systems still waiting are named and linked, not only counted (issue 18.18); read only
  // when there are some, so a fleet without any pays nothing.
  const waitingNames =
    Number(waiting.n) === 0
      ? []
      : await s
          .within(ownedBy(owner.row, 'ps'))
          .selectFrom('protected_systems as ps')
          .innerJoin('organisations as c', 'c.id', 'ps.client_id')
          .select(['ps.id', 'ps.name', 'ps.created_at', 'c.name as client_name'])
          .where('ps.health_status', '=', 'NODATA')
          .orderBy('ps.created_at', 'desc')
          .orderBy('ps.id', 'desc')
          .limit(FEED_LIMIT)
          .execute();

  const device = (id: number, name: string) => `<a href="/device/details/${Number(id)}">${esc(name)}</a>`;
  const html = [
    feed(
      'failures',
      'Recent failures',
      troubled.map(
        (s) =>
          `${device(Number(s.id), s.name)} (${esc(s.client_name)}): ${esc(s.health_reason ?? 'troubled')} <small>${esc(timeAgo(Number(s.health_changed_at), now))}</small>`,
      ),
      'No protected system is troubled. Well done.',
    ),
    feed(
      'autoverify',
      // A backup source's repository check is stored with the AutoVerify runs.
      'AutoVerify and repository check failures this week',
      failedVerifies.map(
        (v) =>
          `${device(Number(v.id), v.name)}: ${v.kind === 'repository_check' ? 'repository check failed. ' : ''}${esc(v.result)} <small>${esc(timeAgo(Number(v.ended_at), now))}</small>`,
      ),
      'Every AutoVerify and repository check of the last 7 days passed.',
    ),
    feed(
      'appliances',
      'Offline appliances',
      offline.map((a) => `<a href="/appliance/details/${Number(a.id)}">${esc(a.name)}</a> (${esc(a.sid)})`),
      'All appliances are online.',
    ),
    feed(
      'first_backup',
      'Waiting for a first backup',
      waitingItems(waitingNames, Number(waiting.n), device, now),
      'Every system has reported at least one backup.',
    ),
  ].join('');
  return sanitizeFeeds(html);
}

/** The newest systems without a backup, each linked, and how many more there are. */
function waitingItems(
  rows: { id: number; name: string; created_at: number; client_name: string }[],
  total: number,
  device: (id: number, name: string) => string,
  now: number,
): string[] {
  const items = rows.map(
    (r) =>
      `${device(Number(r.id), r.name)} (${esc(r.client_name)}) <small>added ${esc(timeAgo(Number(r.created_at), now))}</small>`,
  );
  const more = total - rows.length;
  if (more > 0)
    items.push(
      `${esc(plural(more, 'more system'))} ${more === 1 ? 'has' : 'have'} not reported a backup yet.`,
    );
  return items;
}

/** Only the markup the feeds use; links stay inside the console. */
export function sanitizeFeeds(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['details', 'summary', 'ul', 'li', 'p', 'a', 'small', 'strong', 'em'],
    allowedAttributes: { a: ['href'], details: ['open', 'data-feed'] },
    allowedSchemes: [],
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
  });
}
