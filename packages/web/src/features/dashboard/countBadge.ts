/**
 * The count badge of a dashboard table: the table's whole count ("95 protected systems"), and
 * under a filter or a search how many of them match ("15 of 95 protected systems"), so the badge
 * never contradicts the rows under it (issue 18.10).
 */
export function countBadgeText(
  countLabel: string,
  narrowedTo: { total: number; capped: boolean } | null,
): string {
  if (!narrowedTo) return countLabel;
  return `${narrowedTo.total.toLocaleString('en-US')}${narrowedTo.capped ? '+' : ''} of ${countLabel}`;
}
