import { Alert } from "./alert.js";
import { useEffect, useState } from "preact/hooks";
import { ApiError, command, type Charts as Figures } from "./api.js";
import { count, fill, riyals, textsOf, type Lang } from "./i18n.js";
import { formFields } from "./forms.js";
import type { Texts } from "./texts-en.js";
import { Bars, ChartBlock, FiguresTable, Line, RankBars, type Point, type Series } from "./chart-parts.js";

// Charts (figures:charts): messages a day by state and failures by reason over the last days, for
// the whole service or one business (its id); for the whole service also its last twelve months:
// businesses by status, monthly recurring revenue, sign-ups and churn. Each chart has its table.

const DAY_CHOICES = [7, 30, 90] as const;
const DEFAULT_DAYS = 30;
const STATUSES = ["trial", "active", "past_due", "suspended", "canceled"] as const;

const word = (t: Texts, key: string, fallback: string) => (t as Record<string, string>)[key] ?? fallback;
const seriesOf = (t: Texts, keys: readonly string[], prefix: string): Series[] => keys.map((key) => ({ key, label: word(t, `${prefix}${key}`, key) }));
// Labels in the Gregorian calendar in both languages: the figures are counted by its days and months.
const dateIn = (lang: Lang, iso: string, o: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(lang === "ar" ? "ar-SA" : "en-US", { ...o, timeZone: "UTC", calendar: "gregory" }).format(new Date(`${iso}T00:00:00Z`));
const monthName = (lang: Lang, month: string) => dateIn(lang, `${month}-01`, { month: "short", year: "numeric" });
/** A day in a table's row: day and month, short enough for a phone's width. */
const shortDay = (lang: Lang, isoDay: string) => dateIn(lang, isoDay, { day: "numeric", month: "short" });
const fullDay = (lang: Lang, isoDay: string) => dateIn(lang, isoDay, { dateStyle: "medium" });
const ends = (points: Point[]): [string, string] | null => (points.length > 1 ? [points[0]!.label, points.at(-1)!.label] : null);
/** A table row: the point's label and its values in `series`' order, written by `show` ("—" without figures). */
const rowOf = (p: Point, series: Series[], show: (n: number) => string, none: string) => [
  p.label,
  ...series.map((s) => (p.values[s.key] === null ? none : show(p.values[s.key] ?? 0))),
];

function MessageCharts({ t, lang, f }: { t: Texts; lang: Lang; f: Figures }) {
  const rtl = lang === "ar";
  const n = (v: number) => count(lang, v);
  const series = seriesOf(t, ["waiting", "sent", "delivered", "read", "failed"], "series_");
  const points: Point[] = f.days.map((d) => ({
    label: shortDay(lang, d.day),
    values: { waiting: d.pending + d.sending, sent: d.sent, delivered: d.delivered, read: d.read, failed: d.failed },
  }));
  const totals = points.map((p) => series.reduce((sum, s) => sum + (p.values[s.key] ?? 0), 0));
  const failed = f.failures.reduce((sum, r) => sum + r.n, 0);
  const summary = fill(t.chartDaysSummary, { total: n(totals.reduce((a, b) => a + b, 0)), days: n(f.days.length), failed: n(failed), peak: n(Math.max(0, ...totals)) });
  const reasons: Point[] = f.failures.map((r) => ({ label: word(t, `reason_${r.reason}`, r.reason || t.notSet), values: { failed: r.n } }));
  const failedSeries = [{ key: "failed", label: t.series_failed }];
  return (
    <>
      <ChartBlock
        id="chart-days"
        title={t.chartDays}
        summary={summary}
        series={series}
        ends={f.days.length > 1 ? [fullDay(lang, f.days[0]!.day), fullDay(lang, f.days.at(-1)!.day)] : null}
        plot={<Bars series={series} points={points} rtl={rtl} />}
        table={
          <FiguresTable
            caption={fill(t.tableOf, { title: t.chartDays })}
            head={[t.columnDay, ...series.map((s) => s.label)]}
            rows={points.map((p) => rowOf(p, series, n, t.notSet))}
          />
        }
      />
      <ChartBlock
        id="chart-failures"
        title={t.chartFailures}
        summary={reasons.length === 0 ? t.noFailures : fill(t.chartFailuresSummary, { total: n(failed), days: n(f.days.length) })}
        series={failedSeries}
        ends={null}
        plot={reasons.length === 0 ? null : <RankBars series={failedSeries[0]!} points={reasons} rtl={rtl} show={n} />}
        table={
          <FiguresTable
            caption={fill(t.tableOf, { title: t.chartFailures })}
            head={[t.columnReason, t.columnMessages]}
            rows={reasons.map((p) => rowOf(p, failedSeries, n, t.notSet))}
          />
        }
      />
    </>
  );
}

function ServiceCharts({ t, lang, months }: { t: Texts; lang: Lang; months: NonNullable<Figures["months"]> }) {
  const rtl = lang === "ar";
  const n = (v: number) => count(lang, v);
  const label = (m: string) => monthName(lang, m);
  const statuses = seriesOf(t, STATUSES, "status_");
  const growth = seriesOf(t, ["signups", "churn"], "series_");
  const mrr = { key: "mrr", label: t.series_mrr };
  const byStatus: Point[] = months.map((m) => ({ label: label(m.month), values: Object.fromEntries(STATUSES.map((s) => [s, m.businesses?.[s] ?? null])) }));
  const revenue: Point[] = months.map((m) => ({ label: label(m.month), values: { mrr: m.mrr } }));
  const joined: Point[] = months.map((m) => ({ label: label(m.month), values: { signups: m.signups, churn: m.churn } }));
  const last = [...months].reverse().find((m) => m.businesses !== null);
  const lastMonth = last ? label(last.month) : t.notSet;
  const total = last?.businesses ? Object.values(last.businesses).reduce((a, b) => a + b, 0) : 0;
  const sum = (key: "signups" | "churn") => n(months.reduce((a, m) => a + m[key], 0));
  const table = (title: string, series: Series[], points: Point[], show: (v: number) => string) => (
    <FiguresTable caption={fill(t.tableOf, { title })} head={[t.columnMonth, ...series.map((s) => s.label)]} rows={points.map((p) => rowOf(p, series, show, t.notSet))} />
  );
  return (
    <>
      <ChartBlock
        id="chart-businesses"
        title={t.chartBusinesses}
        summary={fill(t.chartBusinessesSummary, { total: n(total), month: lastMonth })}
        series={statuses}
        ends={ends(byStatus)}
        plot={<Bars series={statuses} points={byStatus} rtl={rtl} />}
        table={table(t.chartBusinesses, statuses, byStatus, n)}
      />
      <ChartBlock
        id="chart-mrr"
        title={t.chartMrr}
        summary={fill(t.chartMrrSummary, { amount: riyals(lang, last?.mrr ?? 0), month: lastMonth })}
        series={[mrr]}
        ends={ends(revenue)}
        plot={<Line series={mrr} points={revenue} rtl={rtl} />}
        table={table(t.chartMrr, [mrr], revenue, (v) => riyals(lang, v))}
      />
      <ChartBlock
        id="chart-growth"
        title={t.chartGrowth}
        summary={fill(t.chartGrowthSummary, { months: n(months.length), signups: sum("signups"), churn: sum("churn") })}
        series={growth}
        ends={ends(joined)}
        plot={<Bars series={growth} points={joined} rtl={rtl} grouped />}
        table={table(t.chartGrowth, growth, joined, n)}
      />
    </>
  );
}

function ChartsForm({ t, lang, onShow }: { t: Texts; lang: Lang; onShow: (tenant: number | undefined, days: number) => void }) {
  const submit = (e: Event) => {
    e.preventDefault();
    const field = formFields(e);
    const id = field("tenant").replace(/^#/, "").trim();
    onShow(id ? Number(id) : undefined, Number(field("days")));
  };
  return (
    <form class="search charts-search" onSubmit={submit}>
      <label>
        {t.chartsFilter}
        <input name="tenant" inputMode="numeric" maxLength={12} dir="ltr" />
      </label>
      <label>
        {t.chartsDays}
        <select name="days">
          {DAY_CHOICES.map((d) => (
            <option key={d} value={String(d)} selected={d === DEFAULT_DAYS}>
              {count(lang, d)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit">{t.chartsShow}</button>
    </form>
  );
}

export function Charts({ lang }: { lang: Lang }) {
  const t = textsOf(lang);
  const [figures, setFigures] = useState<Figures | undefined>();
  const [error, setError] = useState<string | undefined>();
  const show = (tenant: number | undefined, days: number) =>
    command<Figures>("figures:charts", { days, ...(tenant === undefined ? {} : { tenant }) }).then(
      (f) => (setFigures(f), setError(undefined)),
      (err: unknown) => setError(err instanceof ApiError ? err.message : String(err)),
    );
  useEffect(() => void show(undefined, DEFAULT_DAYS), []);
  return (
    <section aria-labelledby="charts-heading">
      <h2 id="charts-heading">{t.charts}</h2>
      <ChartsForm t={t} lang={lang} onShow={(tenant, days) => void show(tenant, days)} />
      <Alert text={error} />
      {figures ? (
        <>
          <p role="status" class="hint">
            {figures.tenant ? fill(t.chartsOfBusiness, { name: figures.tenant.name, id: String(figures.tenant.id) }) : t.chartsOfService}
          </p>
          <div class="charts">
            <MessageCharts t={t} lang={lang} f={figures} />
            {figures.months ? <ServiceCharts t={t} lang={lang} months={figures.months} /> : null}
          </div>
        </>
      ) : (
        <p>{t.loading}</p>
      )}
    </section>
  );
}
