/**
 * A bar chart drawn as SVG on the server: no chart library and no script. One series is plain bars;
 * several are stacked (parts of a whole) or side by side (to compare), told apart by a legend. The
 * chart is one image to a screen reader, its label saying what it shows; the table beside it has
 * every number. The axis under it is text in the page, not in the drawing, so it stays readable when
 * the drawing is scaled down to a phone: each bar's label ("23"), and beneath them the group they fall
 * in ("Nov"), one label per run. A bar's label goes on one line, on two lines in turn when the chart
 * is narrower; where there are too many bars for that (52 weeks), the groups are the axis, shortened
 * to their first letter ("N") where a whole one does not fit.
 */
export type ChartSeries = { name: string; colour: string; values: readonly number[] };

type BarChartProps = {
  label: string;
  /** Each bar's label, short ("23", "Nov", "Price"). */
  categories: readonly string[];
  /** The group each bar falls in ("Nov", "2026"), written once under each run of bars. */
  groups?: readonly string[];
  series: readonly ChartSeries[];
  layout?: "stacked" | "grouped";
  /** How an axis value reads ("24 h", "PKR 1.2M"). */
  format?: (value: number) => string;
  /** A line across the chart at a value, such as a promise. */
  reference?: { value: number; label: string };
};

const WIDTH = 480;
const HEIGHT = 200;
const LEFT = 64;
const RIGHT = 8;
const TOP = 12;
const BOTTOM = 8;

/** A round top for the axis: 1, 2 or 5 times a power of ten, at or above the largest value. */
function axisTop(largest: number): number {
  if (largest <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(largest));
  return [1, 2, 5, 10].map((step) => step * power).find((top) => top >= largest)!;
}

/** Runs of equal groups: their label, the first bar's position and how many bars. */
function groupRuns(groups: readonly string[]) {
  const runs: { label: string; start: number; span: number }[] = [];
  groups.forEach((group, index) => {
    const last = runs.at(-1);
    if (last?.label === group) last.span += 1;
    else runs.push({ label: group, start: index, span: 1 });
  });
  return runs;
}

// When a label fits: the chart's width (its container's) from which it is shown, as whole classes the
// style sheet is built from. The plot is 85 % of the chart; 12 px text is about 6.5 px a character.
const fromWidth = [
  { px: 0, show: "", hide: "hidden" },
  { px: 256, show: "hidden @min-[16rem]:block", hide: "@min-[16rem]:hidden" },
  { px: 288, show: "hidden @min-[18rem]:block", hide: "@min-[18rem]:hidden" },
  { px: 320, show: "hidden @min-[20rem]:block", hide: "@min-[20rem]:hidden" },
  { px: 384, show: "hidden @min-[24rem]:block", hide: "@min-[24rem]:hidden" },
  { px: 480, show: "hidden @min-[30rem]:block", hide: "@min-[30rem]:hidden" },
  { px: 576, show: "hidden @min-[36rem]:block", hide: "@min-[36rem]:hidden" },
  { px: 672, show: "hidden @min-[42rem]:block", hide: "@min-[42rem]:hidden" },
] as const;
const never = { px: Infinity, show: "hidden", hide: "" } as const;
const PLOT_SHARE = (WIDTH - LEFT - RIGHT) / WIDTH;
/** The classes that show a label of `characters` over `bars` of the chart's `count` once it is wide enough. */
function whenItFits(characters: number, bars: number, count: number) {
  const needed = ((characters * 6.5 + 6) * count) / (PLOT_SHARE * bars);
  return fromWidth.find((step) => step.px >= needed) ?? never;
}

export function BarChart({
  label,
  categories,
  groups,
  series,
  layout = "grouped",
  format = String,
  reference,
}: BarChartProps) {
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
  const ticks = [0, top / 2, top];
  const longest = Math.max(0, ...categories.map((category) => category.length));
  const single = whenItFits(longest, 1, categories.length);
  const staggered = whenItFits(longest, 2, categories.length);
  const columns = { gridTemplateColumns: `repeat(${Math.max(1, categories.length)}, minmax(0, 1fr))` };
  return (
    <figure className="@container w-full max-w-2xl min-w-0">
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
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
      {/* The axis: aligned with the drawing's plot (64 and 8 of its 480 units are the margins). */}
      <div aria-hidden="true" className="-mt-1 pr-[1.667%] pl-[13.333%] text-xs leading-tight text-slate-700">
        <div className={single.show}>
          <div className="grid text-center" style={columns}>
            {categories.map((category, index) => (
              <span key={index} data-axis="bar" className="justify-self-center whitespace-nowrap">
                {category}
              </span>
            ))}
          </div>
        </div>
        {staggered.px < single.px && (
          // Narrower: every bar still labelled, the labels on two lines in turn.
          <div className={`${staggered.show} ${single.hide}`}>
            <div className="grid text-center" style={columns}>
              {categories.map((category, index) => (
                <span
                  key={index}
                  data-axis="bar"
                  className="justify-self-center whitespace-nowrap"
                  style={{ gridColumn: index + 1, gridRow: (index % 2) + 1 }}
                >
                  {category}
                </span>
              ))}
            </div>
          </div>
        )}
        {groups && (
          <div className="mt-0.5 grid" style={columns}>
            {groupRuns(groups).map((run) => {
              // Too narrow for "Nov": its first letter, "N", as calendars on a phone do.
              const fits = whenItFits(run.label.length, run.span, categories.length);
              return (
                <span
                  key={run.start}
                  data-axis="group"
                  className="min-w-0 overflow-hidden border-l border-slate-400 pl-1 font-medium whitespace-nowrap"
                  style={{ gridColumn: `${run.start + 1} / span ${run.span}` }}
                >
                  <span className={fits.show}>{run.label}</span>
                  {fits.px > 0 && <span className={fits.hide}>{run.label.slice(0, 1)}</span>}
                </span>
              );
            })}
          </div>
        )}
      </div>
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
