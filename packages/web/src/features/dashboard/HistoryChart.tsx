import type { HealthHistoryData } from '@lifeboat/contract';
import { formatShortDay } from '../../format/dateTime';
import classes from './HistoryChart.module.css';

// A small SVG line chart: seven points on a percent axis need no charting library (which would
// be the page's largest download and delayed its first complete paint by half a second).

const W = 320;
const H = 180;
const PAD = { left: 38, right: 20, top: 10, bottom: 24 };

export function HistoryChart({ data }: { data: HealthHistoryData }) {
  const { y_min: min, y_max: max, step_size: step } = data;
  // The server names each day YYYY-MM-DD; it is shown in the app's date format.
  const labels = data.labels.map((l) => formatShortDay(l));
  const span = Math.max(1, max - min);
  const x = (i: number) => PAD.left + (i * (W - PAD.left - PAD.right)) / Math.max(1, labels.length - 1);
  const y = (v: number) =>
    PAD.top + ((max - Math.min(max, Math.max(min, v))) * (H - PAD.top - PAD.bottom)) / span;
  const ticks: number[] = [];
  for (let v = min; v <= max + 1e-9; v += Math.max(1, step)) ticks.push(v);
  const points = data.data.map((v, i) => (v === null ? null : { x: x(i), y: y(v), v, label: labels[i] }));
  const known = points.filter((p): p is NonNullable<typeof p> => p !== null);
  // Days without a figure are joined over, as the spec's chart connects its points.
  const path = known.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
  const summary = labels
    .map((l, i) => `${l}: ${data.data[i] === null ? 'no data' : `${data.data[i]}%`}`)
    .join(', ');
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      className={classes.chart}
      role="img"
      aria-label={`Healthy protected systems over the last 7 days. ${summary}`}
    >
      {ticks.map((t) => (
        <g key={t}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} className={classes.grid} />
          <text x={PAD.left - 6} y={y(t)} className={classes.yLabel}>
            {t}%
          </text>
        </g>
      ))}
      {labels.map((l, i) => (
        <text key={l} x={x(i)} y={H - 6} className={classes.xLabel}>
          {l}
        </text>
      ))}
      <path d={path} className={classes.line} data-chart-line />
      {known.map((p) => (
        <circle key={p.label} cx={p.x} cy={p.y} r={3.5} className={classes.dot}>
          <title>{`${p.label}: ${p.v}% healthy`}</title>
        </circle>
      ))}
    </svg>
  );
}
