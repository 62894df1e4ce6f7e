import { z } from 'zod';
import { type AnswerSchema, defineCall, idParam, idParams, rawAnswer } from '../call';
import {
  agentInstallersData,
  atAGlanceData,
  clientHealthData,
  DASHBOARD_TABLES,
  type DashboardOwner,
  type DashboardTable,
  dashboardCountAnswer,
  dashboardPageData,
  dashboardTableAnswers,
  dashboardTableBody,
  filterValuesAnswer,
  healthHistoryData,
  quickActionsData,
  refreshRateAnswer,
} from '../dashboard';
import type { Right } from '../rights';

// spec: dashboard-device-azure 7 'Dashboard', path for path. The page data, the tables, their
// counts and their filters' options exist for both owners (a reseller's dashboard and a client's
// page); the id in the path is the owner's.

const OWNERS = ['reseller', 'client'] as const satisfies readonly DashboardOwner[];

/** Page and rows of a table: the area parses them so that a bad one is a 400 with words. */
const paging = { page: z.string().max(16), rows: z.string().max(16) };

const pageDataCall = <O extends DashboardOwner>(owner: O) =>
  defineCall({
    area: 'dashboard',
    method: 'GET',
    path: `/${owner}/get_dashboard_page_data/:id`,
    right: 'read',
    summary: 'What the page shows without a call: quick filters, the three tables, refresh period (spec 3).',
    params: idParams,
    ids: { id: owner },
    answers: { 200: dashboardPageData },
  });

const tableCall = <O extends DashboardOwner, T extends DashboardTable>(owner: O, table: T) =>
  defineCall({
    area: 'dashboard',
    method: 'POST',
    path: `/${owner}/dashboard/${table}/:id/:page/:rows`,
    right: 'read',
    summary: `A page of the ${table.replace('_', ' ')} table, filtered, searched and sorted (spec 7: POST /{data_url}).`,
    params: z.object({ id: idParam, ...paging }),
    form: dashboardTableBody(table),
    ids: { id: owner },
    answers: { 200: dashboardTableAnswers[table] as (typeof dashboardTableAnswers)[T] },
  });

const countCall = <O extends DashboardOwner>(owner: O, table: DashboardTable) =>
  defineCall({
    area: 'dashboard',
    method: 'GET',
    path: `/${owner}/dashboard/${table}/count/:id`,
    right: 'read',
    summary: `How many rows the ${table.replace('_', ' ')} table has, and its label (spec 7: GET /{count_url}).`,
    params: idParams,
    ids: { id: owner },
    answers: { 200: dashboardCountAnswer },
  });

const filterValuesCall = <O extends DashboardOwner>(owner: O, table: DashboardTable) =>
  defineCall({
    area: 'dashboard',
    method: 'GET',
    path: `/${owner}/dashboard/filter_values/${table}/:key/:id`,
    right: 'read',
    summary: `The options of a filter of the ${table.replace('_', ' ')} table (spec 7: GET /{loadValuesUrl}).`,
    params: z.object({ key: z.string().max(64), id: idParam }),
    ids: { id: owner },
    // For the suites: a filter every table has.
    examples: { key: 'health_status' },
    answers: { 200: filterValuesAnswer },
  });

type ByTable<F extends (t: DashboardTable) => unknown> = { [T in DashboardTable]: ReturnType<F> };
const byTable = <F extends (t: DashboardTable) => unknown>(f: F) =>
  Object.fromEntries(DASHBOARD_TABLES.map((t) => [t, f(t)])) as ByTable<F>;

type TableCalls<O extends DashboardOwner> = { [T in DashboardTable]: ReturnType<typeof tableCall<O, T>> };

const ownerCalls = <O extends DashboardOwner>(owner: O) => ({
  pageData: pageDataCall(owner),
  table: byTable((t) => tableCall(owner, t)) as unknown as TableCalls<O>,
  count: byTable((t) => countCall(owner, t)),
  filterValues: byTable((t) => filterValuesCall(owner, t)),
});

type OwnerCalls = { [O in DashboardOwner]: ReturnType<typeof ownerCalls<O>> };

/** A GET /reseller/{name}/{id} card of the reseller's dashboard. */
const card = <const N extends string, A extends AnswerSchema>(
  name: N,
  answer: A,
  summary: string,
  right: Right = 'read',
) =>
  defineCall({
    area: 'dashboard',
    method: 'GET',
    path: `/reseller/${name}/:id` as `/reseller/${N}/:id`,
    right,
    summary,
    params: idParams,
    ids: { id: 'reseller' },
    answers: { 200: answer },
  });

export const dashboardCalls = {
  /** Per owner: `dashboardCalls.owner.client.table.vaults`. */
  owner: Object.fromEntries(OWNERS.map((o) => [o, ownerCalls(o)])) as OwnerCalls,
  quickActions: card('get_quick_actions_data', quickActionsData, 'Block 1: the quick actions granted.'),
  atAGlance: card(
    'get_organization_at_a_glance_data',
    atAGlanceData,
    'Block 2: counts and links of the organisation at a glance.',
  ),
  clientHealth: card(
    'get_current_client_health',
    clientHealthData,
    'Block 3: the share of SLA-compliant clients.',
  ),
  healthHistory: card(
    'get_protected_system_health_history',
    healthHistoryData,
    'Block 4: the healthy share of protected systems over the last 7 days.',
  ),
  feeds: card(
    'get_collapsible_feeds',
    rawAnswer('text/html', 'Block 5: the collapsible feeds, sanitised HTML (spec 7: HTML).'),
    'Block 5: what the reseller should know now, as HTML.',
  ),
  agentInstallers: card(
    'agent_installers',
    agentInstallersData,
    'The agent installers a reseller may download (quick action "Download agent").',
    'download_agent',
  ),
  psThumbnail: defineCall({
    area: 'dashboard',
    method: 'GET',
    path: '/reseller/get_ps_autoverify_thumbnail/:id/:psId/:lastRp',
    right: 'read',
    summary: 'The AutoVerify thumbnail of a protected system in the table (loaded by an <img>).',
    access: 'navigation',
    params: z.object({ id: idParam, psId: idParam, lastRp: z.string().max(32) }),
    ids: { id: 'reseller', psId: 'system' },
    // For the suites: the time of their world's restore point.
    examples: { lastRp: '1795172400000' },
    answers: { 200: rawAnswer('image/png', 'The thumbnail.') },
  }),
  downloadAgent: defineCall({
    area: 'dashboard',
    method: 'GET',
    path: '/reseller/download_agent/:id/:file',
    right: 'download_agent',
    summary: 'Download an agent installer (a link; the download is audited).',
    access: 'navigation',
    params: z.object({ id: idParam, file: z.string().max(255) }),
    ids: { id: 'reseller' },
    // For the suites: the installer their world places in LIFEBOAT_AGENT_DIR.
    examples: { file: 'LifeboatAgent-4.1.0-x64.msi' },
    answers: { 200: rawAnswer('application/octet-stream', 'The installer.') },
  }),
  updateRefreshRate: defineCall({
    area: 'dashboard',
    method: 'POST',
    path: '/reseller/update_user_refresh_rate/:minutes',
    right: 'manage_own_account',
    summary: "Save the signed-in user's table refresh period: 5, 15 or 60 minutes.",
    params: z.object({ minutes: z.string().max(8) }),
    answers: { 200: refreshRateAnswer },
  }),
};
