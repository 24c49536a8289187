import { BarChart } from '@mui/x-charts/BarChart';

export interface ChartSeries {
  label: string;
  data: Array<number | null>;
  color?: string;
}

/** The charts' own words in Turkish (MUI X Charts ships no Turkish locale). */
const LOCALE_TEXT = { noData: 'Gösterilecek veri yok', loading: 'Veriler yükleniyor…' };

/**
 * A bar chart of the figures a table beside it lists (the table is the chart's data, for reading and for
 * screen readers); values are shown with the Turkish formats the tables use.
 */
export function StatChart({
  label,
  categories,
  series,
  format,
  horizontal = false,
  height = 260,
}: {
  label: string;
  categories: string[];
  series: ChartSeries[];
  format: (value: number) => string;
  horizontal?: boolean;
  height?: number;
}) {
  const valueFormatter = (v: number | null) => (v === null ? '—' : format(v));
  const band = { scaleType: 'band' as const, data: categories };
  const value = { valueFormatter: (v: number) => format(v) };
  return (
    <figure aria-label={label} style={{ margin: 0 }}>
      <BarChart
        height={height}
        layout={horizontal ? 'horizontal' : 'vertical'}
        xAxis={[horizontal ? value : band]}
        yAxis={[horizontal ? { ...band, width: 120 } : { ...value, width: 90 }]}
        series={series.map((s) => ({ label: s.label, data: s.data, color: s.color, valueFormatter }))}
        localeText={LOCALE_TEXT}
        hideLegend={series.length < 2}
      />
    </figure>
  );
}
