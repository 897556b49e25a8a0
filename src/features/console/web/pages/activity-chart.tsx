import type { Texts } from "../i18n.js";

// The last 24 hours as a small bar chart: an SVG of one bar per hour (sent, with failed stacked on
// top), described for screen readers by a sentence and a list of the hours. Right to left, the
// newest hour is on the left, as Arabic reads time.

interface Hour {
  hour: string;
  sent: number;
  failed: number;
}

const WIDTH = 480;
const HEIGHT = 96;

export function ActivityChart({ tx, hours }: { tx: Texts; hours: Hour[] }) {
  const peak = Math.max(1, ...hours.map((h) => h.sent + h.failed));
  const bar = WIDTH / Math.max(1, hours.length);
  const rtl = tx.lang === "ar";
  const total = hours.reduce((t, h) => ({ sent: t.sent + h.sent, failed: t.failed + h.failed }), { sent: 0, failed: 0 });
  const summary = tx.t("chartSummary", total);
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} preserveAspectRatio="none">
        {hours.map((h, i) => {
          const x = (rtl ? hours.length - 1 - i : i) * bar;
          const sentHeight = (h.sent / peak) * HEIGHT;
          const failedHeight = (h.failed / peak) * HEIGHT;
          return (
            <g key={h.hour}>
              <rect class="sent" x={x + 1} width={bar - 2} y={HEIGHT - sentHeight} height={sentHeight} />
              <rect class="failed" x={x + 1} width={bar - 2} y={HEIGHT - sentHeight - failedHeight} height={failedHeight} />
            </g>
          );
        })}
      </svg>
      <figcaption>
        {summary} · <span class="key sent">{tx.t("legendSent")}</span> <span class="key failed">{tx.t("legendFailed")}</span>
      </figcaption>
      <ul class="visually-hidden">
        {hours
          .filter((h) => h.sent + h.failed > 0)
          .map((h) => (
            <li key={h.hour}>{tx.t("hourSummary", { hour: tx.dateTime(h.hour), sent: h.sent, failed: h.failed })}</li>
          ))}
      </ul>
    </figure>
  );
}
