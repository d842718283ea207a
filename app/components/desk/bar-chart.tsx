/**
 * A bar chart drawn as SVG on the server: no chart library and no script. One series is plain bars;
 * several are stacked (parts of a whole) or side by side (to compare), told apart by a legend. The
 * chart is one image to a screen reader, its label saying what it shows; the table beside it has
 * every number.
 */
export type ChartSeries = { name: string; colour: string; values: readonly number[] };

type BarChartProps = {
  label: string;
  categories: readonly string[];
  series: readonly ChartSeries[];
  layout?: "stacked" | "grouped";
  /** How an axis value reads ("24 h", "PKR 1.2M"). */
  format?: (value: number) => string;
  /** A line across the chart at a value, such as a promise. */
  reference?: { value: number; label: string };
};

const WIDTH = 480;
const HEIGHT = 220;
const LEFT = 64;
const RIGHT = 8;
const TOP = 12;
const BOTTOM = 28;

/** A round top for the axis: 1, 2 or 5 times a power of ten, at or above the largest value. */
function axisTop(largest: number): number {
  if (largest <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(largest));
  return [1, 2, 5, 10].map((step) => step * power).find((top) => top >= largest)!;
}

export function BarChart({ label, categories, series, layout = "grouped", format = String, reference }: BarChartProps) {
  const stacked = layout === "stacked" || series.length === 1;
  const totals = categories.map((_, index) =>
    stacked
      ? series.reduce((sum, one) => sum + (one.values[index] ?? 0), 0)
      : Math.max(...series.map((one) => one.values[index] ?? 0)),
  );
  const top = axisTop(Math.max(...totals, reference?.value ?? 0));
  const plotWidth = WIDTH - LEFT - RIGHT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const y = (value: number) => TOP + plotHeight - (value / top) * plotHeight;
  const slot = plotWidth / Math.max(1, categories.length);
  const barWidth = Math.max(2, slot * 0.7);
  // Labels on every slot while they fit (six, at the size a phone can read), else on every nth one.
  const labelEvery = Math.max(1, Math.ceil(categories.length / 6));
  const ticks = [0, top / 2, top];
  return (
    <figure className="min-w-0">
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full max-w-2xl"
        fontSize="13"
        fontFamily="inherit"
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={LEFT} x2={WIDTH - RIGHT} y1={y(tick)} y2={y(tick)} stroke="#e2e8f0" />
            <text x={LEFT - 6} y={y(tick) + 4} textAnchor="end" fill="#475569">
              {format(tick)}
            </text>
          </g>
        ))}
        {categories.map((category, index) => {
          const x = LEFT + index * slot + (slot - barWidth) / 2;
          let base = 0;
          return (
            <g key={category}>
              {series.map((one, part) => {
                const value = one.values[index] ?? 0;
                if (value <= 0) return null;
                if (stacked) {
                  const rect = (
                    <rect
                      key={one.name}
                      x={x}
                      width={barWidth}
                      y={y(base + value)}
                      height={y(base) - y(base + value)}
                      fill={one.colour}
                    />
                  );
                  base += value;
                  return rect;
                }
                const width = barWidth / series.length;
                return (
                  <rect
                    key={one.name}
                    x={x + part * width}
                    width={width}
                    y={y(value)}
                    height={y(0) - y(value)}
                    fill={one.colour}
                  />
                );
              })}
              {index % labelEvery === 0 && (
                <text x={LEFT + index * slot + slot / 2} y={HEIGHT - 10} textAnchor="middle" fill="#334155">
                  {category}
                </text>
              )}
            </g>
          );
        })}
        <line x1={LEFT} x2={WIDTH - RIGHT} y1={y(0)} y2={y(0)} stroke="#64748b" />
        {reference && (
          <g>
            <line
              x1={LEFT}
              x2={WIDTH - RIGHT}
              y1={y(reference.value)}
              y2={y(reference.value)}
              stroke="#b91c1c"
              strokeDasharray="5 4"
              strokeWidth="1.5"
            />
            <text x={WIDTH - RIGHT} y={y(reference.value) - 4} textAnchor="end" fill="#b91c1c">
              {reference.label}
            </text>
          </g>
        )}
      </svg>
      {series.length > 1 && (
        <figcaption className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
          {series.map((one) => (
            <span key={one.name} className="inline-flex items-center gap-1.5">
              <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12">
                <rect width="12" height="12" rx="2" fill={one.colour} />
              </svg>
              {one.name}
            </span>
          ))}
        </figcaption>
      )}
    </figure>
  );
}
