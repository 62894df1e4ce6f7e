import { IconReport } from '../../components/icons';
import { PlaceholderPage } from '../../components/PlaceholderPage';
import { usePageLinks } from '../../components/usePageLinks';

/** The reports tab: the executive summary report builder (spec: inventory 2). */
export function ReportsPage() {
  const { home } = usePageLinks();
  return (
    <PlaceholderPage
      title="Reports"
      icon={<IconReport />}
      summary="Executive summary reports for a client over a period: preview them as a PDF, download them, or have them e-mailed on a schedule."
      parts={[
        'Options: client, period, schedule and level of detail',
        'A PDF preview with summary and suggested actions',
        'Download or schedule by e-mail',
      ]}
      links={[home]}
    />
  );
}
