import type { ComponentChildren } from "preact";

// The Charts page's figures, drawn as a few SVG shapes of our own (docs/operators.md, "Charts"):
// bars (stacked or side by side) and a line, each with its legend, the first and last labels under
// it, and beside it a table of the same figures for screen readers and for reading exact numbers.
// The shapes are decoration for a sighted reader (aria-hidden); the caption says what the chart
// shows and the table says every number. Right to left, time runs from the right, as Arabic reads.

const WIDTH = 600;
const HEIGHT = 160;

export interface Series {
  key: string;
  label: string;
}

export interface Point {
  label: string;
  /** One value per series key; null: no figures for this point. */
  values: Record<string, number | null>;
}

const xOf = (i: number, n: number, rtl: boolean) => (rtl ? n - 1 - i : i);

/** Bars, one slot per point: its series stacked, or side by side when `grouped`. */
export function Bars({ series, points, rtl, grouped = false }: { series: Series[]; points: Point[]; rtl: boolean; grouped?: boolean }) {
  const total = (p: Point) => series.reduce((sum, s) => sum + (p.values[s.key] ?? 0), 0);
  const peak = Math.max(1, ...points.map((p) => (grouped ? Math.max(...series.map((s) => p.values[s.key] ?? 0)) : total(p))));
  const slot = WIDTH / Math.max(1, points.length);
  const bar = grouped ? (slot - 2) / series.length : slot - 2;
  return (
    <svg class="plot" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
      {points.map((p, i) => {
        let top = HEIGHT;
        return (
          <g key={p.label}>
            {series.map((s, j) => {
              const h = ((p.values[s.key] ?? 0) / peak) * HEIGHT;
              const x = xOf(i, points.length, rtl) * slot + 1 + (grouped ? xOf(j, series.length, rtl) * bar : 0);
              const y = grouped ? HEIGHT - h : (top -= h);
              return <rect key={s.key} class={`fill-${s.key}`} x={x} y={y} width={Math.max(bar - (grouped ? 1 : 0), 1)} height={h} />;
            })}
          </g>
        );
      })}
    </svg>
  );
}

/** One bar a point, across the page, each with its label and value: for a few named figures (reasons). */
export function RankBars({ series, points, rtl, show }: { series: Series; points: Point[]; rtl: boolean; show: (n: number) => string }) {
  const peak = Math.max(1, ...points.map((p) => p.values[series.key] ?? 0));
  return (
    <ul class="rank" aria-hidden="true">
      {points.map((p) => {
        const v = p.values[series.key] ?? 0;
        const w = (v / peak) * 100;
        return (
          <li key={p.label}>
            <span>{p.label}</span>
            <svg viewBox="0 0 100 10" preserveAspectRatio="none" focusable="false">
              <rect class={`fill-${series.key}`} x={rtl ? 100 - w : 0} y="0" width={w} height="10" />
            </svg>
            <span class="num">{show(v)}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** One series as a line, a point per slot; a point without figures breaks the line, and a lone point is a dot. */
export function Line({ series, points, rtl }: { series: Series; points: Point[]; rtl: boolean }) {
  const peak = Math.max(1, ...points.map((p) => p.values[series.key] ?? 0));
  const slot = WIDTH / Math.max(1, points.length);
  const runs: Array<Array<[number, number]>> = [[]];
  points.forEach((p, i) => {
    const v = p.values[series.key];
    if (v === null || v === undefined) runs.push([]);
    else runs.at(-1)!.push([(xOf(i, points.length, rtl) + 0.5) * slot, HEIGHT - 4 - (v / peak) * (HEIGHT - 8)]);
  });
  return (
    <svg class="plot" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
      {runs
        .filter((r) => r.length > 0)
        .map(([first, ...rest]) =>
          rest.length === 0 ? (
            <circle key={`${first![0]}`} class={`fill-${series.key}`} cx={first![0]} cy={first![1]} r="4" />
          ) : (
            <polyline key={`${first![0]}`} class={`line-${series.key}`} points={[first!, ...rest].map(([x, y]) => `${x},${y}`).join(" ")} />
          ),
        )}
    </svg>
  );
}

/** A table of the figures: a caption, a header row, a row per point; scrolls by itself on a narrow screen. */
export function FiguresTable({ caption, head, rows }: { caption: string; head: string[]; rows: string[][] }) {
  return (
    <div class="table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" class={i === 0 ? undefined : "num"}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([first, ...rest]) => (
            <tr key={first}>
              <th scope="row">{first}</th>
              {rest.map((cell, i) => (
                <td key={`${head[i + 1]}`} class="num">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A chart's block: its heading, the drawing with its legend, first and last labels and summary, and its table beside it. */
export function ChartBlock(p: { id: string; title: string; summary: string; series: Series[]; ends: [string, string] | null; plot: ComponentChildren; table: ComponentChildren }) {
  return (
    <section class="chart-block" aria-labelledby={p.id}>
      <h3 id={p.id}>{p.title}</h3>
      <figure class="chart" aria-labelledby={`${p.id}-caption`}>
        {p.plot}
        {p.ends ? (
          <p class="ends hint">
            <span>{p.ends[0]}</span>
            <span>{p.ends[1]}</span>
          </p>
        ) : null}
        <figcaption id={`${p.id}-caption`}>
          {p.summary}
          {p.series.length > 1 ? (
            <span class="legend">
              {p.series.map((s) => (
                <span key={s.key} class={`key key-${s.key}`}>
                  {s.label}
                </span>
              ))}
            </span>
          ) : null}
        </figcaption>
      </figure>
      {p.table}
    </section>
  );
}
