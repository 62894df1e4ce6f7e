// The recovery area's activity panels on the reseller dashboard and the client page (spec:
// recovery-flow 'Cloud share expiry', inventory-reports-exports-security 'Local shares feed').
// The dashboard renders these slots; the recovery area fills them.

export function ResellerActivityPanels(_props: { resellerId: number }) {
  return null;
}

export function ClientActivityPanels(_props: { clientId: number }) {
  return null;
}
