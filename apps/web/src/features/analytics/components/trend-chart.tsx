import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount } from '../lib/format';

/**
 * The Recharts line of the engagement trend. Only this module imports recharts, and the page loads it
 * with React.lazy, so the library is its own chunk, fetched when the analytics screen shows a chart.
 */
export function TrendChart({ points }: { points: ReadonlyArray<{ label: string; value: number }> }) {
  return (
    <LineChart responsive data={[...points]} style={{ width: '100%', height: 240 }} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
      <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
      <XAxis dataKey="label" tick={{ fontSize: 12, fill: '#475569' }} interval="preserveStartEnd" />
      <YAxis
        tickFormatter={(value: number) => formatCount(value)}
        tick={{ fontSize: 12, fill: '#475569' }}
        width={44}
        allowDecimals={false}
      />
      <Tooltip formatter={(value) => [formatCount(Number(value)), 'Engagements']} />
      <Line type="monotone" dataKey="value" name="Engagements" stroke="#2563eb" strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
    </LineChart>
  );
}
