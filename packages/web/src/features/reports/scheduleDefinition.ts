import type { ReportDefinitionRow } from '@lifeboat/contract';

/** The save call's form for a listed schedule with some fields changed (pause, resume, edit). */
export function definitionForm(
  d: ReportDefinitionRow,
  change: Partial<Pick<ReportDefinitionRow, 'type' | 'email_address' | 'active'>>,
) {
  const next = { ...d, ...change };
  return {
    id: String(d.id),
    name: `Executive summary (${next.type})`,
    delivery_type: 'email' as const,
    email_address: next.email_address.join(','),
    active: next.active ? ('1' as const) : ('0' as const),
    type: next.type,
    // The texts go back unchanged: the server stores the parameters whole.
    report_params: JSON.stringify({
      level: d.level,
      client_id: d.client_id,
      bandwidth_estimate: d.bandwidth_estimate,
      summary_overview: d.summary_overview,
      suggested_actions: d.suggested_actions,
    }),
  };
}
