import '@mantine/charts/styles.css';
import type { HealthHistoryData } from '@lifeboat/contract';
import { LineChart } from '@mantine/charts';

/** The chart itself, in its own chunk: the charting library is the page's largest dependency. */
export function HistoryChart({ data }: { data: HealthHistoryData }) {
  const rows = data.labels.map((label, i) => ({ day: label, healthy: data.data[i] ?? null }));
  const ticks: number[] = [];
  for (let v = data.y_min; v <= data.y_max; v += data.step_size) ticks.push(v);
  const summary = data.labels
    .map((l, i) => `${l}: ${data.data[i] === null ? 'no data' : `${data.data[i]}%`}`)
    .join(', ');
  return (
    <div role="img" aria-label={`Healthy protected systems over the last 7 days. ${summary}`}>
      <LineChart
        h={180}
        data={rows}
        dataKey="day"
        series={[{ name: 'healthy', label: 'Healthy systems', color: 'green.8' }]}
        yAxisProps={{ domain: [data.y_min, data.y_max], ticks, allowDecimals: false }}
        unit="%"
        connectNulls
        curveType="linear"
        withDots
      />
    </div>
  );
}
