import { codeLabel } from '../../../lib/labels';
import type { StatusCount } from '../types';

/** The statuses in the order a shipment goes through them, each with its colour. */
export const STATUS_COLOURS: [string, string][] = [
  ['validating', '#6c757d'],
  ['ready_to_process', '#0dcaf0'],
  ['processing', '#0d6efd'],
  ['pending_ship_label', '#6610f2'],
  ['shipped', '#198754'],
  ['delivered', '#20c997'],
  ['exception', '#dc3545'],
  ['canceled', '#adb5bd'],
];

const WIDTH = 720;
const HEIGHT = 280;
const AXIS = 32;
const TOP = 12;
const BOTTOM = 28;

/** One group of bars per warehouse, one bar per status it has shipments in, with a y axis of counts. */
export function StatusChart({ counts }: { counts: StatusCount[] }) {
  const warehouses = [...new Set(counts.map((row) => row.warehouse))].sort();
  const statuses = STATUS_COLOURS.filter(([status]) => counts.some((row) => row.status === status));
  if (warehouses.length === 0) return <p className="text-body-secondary">No shipments in the last 30 days.</p>;
  const most = Math.max(...counts.map((row) => row.count));
  const ticks = axisTicks(most);
  const top = ticks[ticks.length - 1];
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const groupWidth = (WIDTH - AXIS) / warehouses.length;
  const barWidth = Math.min(28, (groupWidth * 0.8) / statuses.length);
  const y = (count: number) => TOP + plotHeight - (count / top) * plotHeight;

  return (
    <figure className="mb-0">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label="Shipments by status per warehouse" data-testid="status-chart"
        style={{ width: '100%', height: 'auto' }}>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={AXIS} x2={WIDTH} y1={y(tick)} y2={y(tick)} stroke="#e9ecef" />
            <text x={AXIS - 4} y={y(tick) + 4} fontSize={11} textAnchor="end" fill="#6c757d">{tick}</text>
          </g>
        ))}
        {warehouses.map((warehouse, group) => {
          const left = AXIS + group * groupWidth + (groupWidth - barWidth * statuses.length) / 2;
          return (
            <g key={warehouse}>
              {statuses.map(([status, colour], index) => {
                const count = counts.find((row) => row.warehouse === warehouse && row.status === status)?.count ?? 0;
                if (count === 0) return null;
                return (
                  <rect key={status} x={left + index * barWidth} y={y(count)} width={barWidth - 2} height={y(0) - y(count)}
                    fill={colour} data-bar={`${warehouse} ${status}`}>
                    <title>{`${warehouse} ${codeLabel(status)}: ${count}`}</title>
                  </rect>
                );
              })}
              <text x={AXIS + (group + 0.5) * groupWidth} y={HEIGHT - 8} fontSize={12} textAnchor="middle" fontWeight={600}>
                {warehouse}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="d-flex flex-wrap gap-3 small">
        {statuses.map(([status, colour]) => (
          <span key={status}>
            <span className="d-inline-block me-1 align-middle" style={{ width: 10, height: 10, background: colour }} />
            {codeLabel(status)}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

/** Round steps from 0 past ``most``: 1, 2 or 5 times a power of ten, four or five of them. */
export function axisTicks(most: number): number[] {
  const rough = Math.max(most, 1) / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  // Counts are whole: a step below one would label the axis with fractions.
  const step = Math.max(1, [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough) ?? rough);
  const ticks = [];
  for (let tick = 0; tick < Math.max(most, 1) + step; tick += step) ticks.push(tick);
  return ticks;
}
