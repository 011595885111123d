// Page views, views per button and clicks per button or action, per day, as a plain SVG line
// chart with a legend (each series keeps its colour, marker and dash on every domain and period;
// equal lines are named as such), the same figures as tables (totals, and per day) for screen
// readers and keyboard users, and the click-through of each action. Buttons and actions are named
// from the domain's config (the draft being edited). Then the visitors' ratings of the domain's
// chats in the period: how many and their mean, on the whole and per agent. Figures and days are
// written in the console's language.
import { useEffect, useMemo, useState } from "react";
import type { Config } from "@beckon/widget/config";
import { api } from "../api/http";
import type { DomainInfo, RatingStats, StatsAnswer } from "../api/types";
import {
  BREAKDOWNS,
  breakdownCounts,
  clickThrough,
  daysBetween,
  itemNames,
  niceTicks,
  percent,
  sameLines,
  seriesLabel,
  seriesStyle,
  toSeries,
  type Breakdown,
  type SeriesStyle,
} from "../lib/chart";
import { averageText, creditedTo } from "../lib/rating";
import { dayText, numberText } from "../lib/figures";
import { consoleLanguage, useT } from "../i18n/index";
import { withParts } from "../i18n/parts";

const RANGES = [7, 30, 90];
/** The chart draws at most this many series (the largest); the tables list all. */
const MAX_LINES = 6;

type DrawnSeries = { event: string; label: string; points: number[]; total: number; style: SeriesStyle };

export function StatsPanel({ domain, config }: { domain: DomainInfo; config: Config | null }) {
  const t = useT();
  const lang = consoleLanguage();
  const [days, setDays] = useState(30);
  const [by, setBy] = useState<Breakdown>("overview");
  const [data, setData] = useState<StatsAnswer | null>(null);
  const [error, setError] = useState("");
  useEffect(() => {
    const to = new Date();
    const from = new Date(to.getTime() - (days - 1) * 86_400_000);
    const iso = (d: Date) => d.toISOString().slice(0, 10);
    // Only the answer for the period shown counts: one for a period left meanwhile may come later.
    let current = true;
    api.GET("/api/v1/owner/domains/{id}/stats", { params: { path: { id: domain.id }, query: { from: iso(from), to: iso(to) } } }).then(
      (d) => current && setData(d),
      (e) => current && setError(e.message),
    );
    return () => {
      current = false;
    };
  }, [domain.id, days]);

  // A new t comes with every render; the names change with the config and the language only.
  const names = useMemo(() => itemNames(config, t), [config, lang]);

  if (error) return <p className="error">{error}</p>;
  if (!data) return <p className="muted">{t("app.loading")}</p>;
  const dayList = daysBetween(data.from.slice(0, 10), data.to.slice(0, 10));
  const all: DrawnSeries[] = toSeries(breakdownCounts(data.counts, data.items ?? [], by), dayList).map((s) => ({
    ...s,
    label: seriesLabel(s.event, names, t),
    style: seriesStyle(s.event, config),
  }));
  const series = all.slice(0, MAX_LINES);
  const ctr = clickThrough(data.items ?? [], config);
  const byLabel = t(BREAKDOWNS.find((b) => b.value === by)!.label);
  const figure = (n: number) => numberText(n, lang);
  return (
    <section className="stack" aria-labelledby="stats-h">
      <div className="row">
        <h3 id="stats-h">{t("stats.title")}</h3>
        <label className="inline">
          <span>{t("stats.period")}</span>
          <select value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {RANGES.map((r) => (
              <option key={r} value={r}>
                {t("stats.lastDays", { days: r })}
              </option>
            ))}
          </select>
        </label>
        <label className="inline">
          <span>{t("stats.show")}</span>
          <select value={by} onChange={(e) => setBy(e.target.value as Breakdown)}>
            {BREAKDOWNS.map((b) => (
              <option key={b.value} value={b.value}>
                {t(b.label)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {all.length === 0 ? (
        <p className="muted">{t("stats.none")}</p>
      ) : (
        <>
          <Chart days={dayList} series={series} title={byLabel} />
          <Legend series={series} />
          {all.length > series.length && <p className="muted">{t("stats.largest", { shown: series.length, all: all.length })}</p>}
          <table data-testid="stats-totals">
            <caption>{t("stats.totals", { by: byLabel })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("stats.what")}</th>
                <th scope="col">{t("stats.total")}</th>
              </tr>
            </thead>
            <tbody>
              {all.map((s, i) => (
                <tr key={s.event}>
                  <th scope="row">
                    {i < MAX_LINES && <Swatch style={s.style} />}
                    {s.label}
                  </th>
                  <td>{figure(s.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {ctr.length > 0 && (
            <table data-testid="click-through">
              <caption>{t("stats.ctrCaption")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("stats.action")}</th>
                  <th scope="col">{t("stats.views")}</th>
                  <th scope="col">{t("stats.clicks")}</th>
                  <th scope="col">{t("stats.ctr")}</th>
                </tr>
              </thead>
              <tbody>
                {ctr.map((row) => (
                  <tr key={row.actionId}>
                    <th scope="row">{names.actions[row.actionId] ?? t("stats.removed", { id: row.actionId })}</th>
                    <td>{figure(row.views)}</td>
                    <td>{figure(row.clicks)}</td>
                    <td>{percent(row.rate, lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <details>
            <summary>{t("stats.perDay")}</summary>
            <div className="table-scroll" tabIndex={0} role="region" aria-label={t("stats.perDay")}>
              <table>
                <caption className="visually-hidden">{t("stats.perDayCaption", { by: byLabel })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("stats.day")}</th>
                    {all.map((s) => (
                      <th scope="col" key={s.event}>
                        {s.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {dayList.map((d, di) => (
                    <tr key={d}>
                      {/* ISO days (2026-11-28): one order for every language, as the data is. */}
                      <th scope="row">{d}</th>
                      {all.map((s) => (
                        <td key={s.event}>{figure(s.points[di])}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
      <Satisfaction ratings={data.ratings} />
    </section>
  );
}

/** The ratings of the period: count and mean for the site, then per agent credited. */
function Satisfaction({ ratings }: { ratings: RatingStats }) {
  const t = useT();
  const lang = consoleLanguage();
  return (
    <section className="stack ratings" aria-labelledby="ratings-h" data-testid="ratings">
      <h4 id="ratings-h">{t("stats.satisfaction")}</h4>
      {ratings.count === 0 ? (
        <p className="muted">{t("stats.noRatings")}</p>
      ) : (
        <>
          <p data-testid="ratings-summary">
            {withParts(t("stats.ratingsSummary"), {
              average: <strong>{averageText(ratings.average, lang)}</strong>,
              ratings: t("stats.ratings", { count: ratings.count }),
            })}
          </p>
          <table data-testid="ratings-per-agent">
            <caption>{t("stats.ratingsCaption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("stats.agent")}</th>
                <th scope="col">{t("stats.ratingsHead")}</th>
                <th scope="col">{t("stats.average")}</th>
              </tr>
            </thead>
            <tbody>
              {ratings.agents.map((a) => (
                <tr key={a.agentId ?? ""}>
                  <th scope="row">{creditedTo(a, t)}</th>
                  <td>{numberText(a.count, lang)}</td>
                  <td>{averageText(a.average, lang)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t("stats.allChats")}</th>
                <td>{numberText(ratings.count, lang)}</td>
                <td>{averageText(ratings.average, lang)}</td>
              </tr>
            </tfoot>
          </table>
        </>
      )}
    </section>
  );
}

/** A series' look in little: its line (colour and dash) with its marker, for the legend and tables. */
function Swatch({ style }: { style: SeriesStyle }) {
  return (
    <svg className="swatch" width="28" height="12" viewBox="0 0 28 12" aria-hidden="true">
      <line x1="1" x2="27" y1="6" y2="6" stroke={style.colour} strokeWidth={2} strokeDasharray={style.dash || undefined} />
      <MarkerShape style={style} x={14} y={6} />
    </svg>
  );
}

/** A point's marker: each series has its own shape, so lines that coincide still show both. */
function MarkerShape({ style, x, y }: { style: SeriesStyle; x: number; y: number }) {
  const r = 3.5;
  const common = { fill: style.colour, stroke: style.colour };
  switch (style.marker) {
    case "square":
      return <rect x={x - r} y={y - r} width={2 * r} height={2 * r} {...common} />;
    case "triangle":
      return <polygon points={`${x},${y - r - 0.5} ${x + r + 0.5},${y + r} ${x - r - 0.5},${y + r}`} {...common} />;
    case "diamond":
      return <polygon points={`${x},${y - r - 1} ${x + r + 1},${y} ${x},${y + r + 1} ${x - r - 1},${y}`} {...common} />;
    case "cross":
      return <path d={`M${x - r},${y - r}L${x + r},${y + r}M${x - r},${y + r}L${x + r},${y - r}`} stroke={style.colour} strokeWidth={2} />;
    default:
      return <circle cx={x} cy={y} r={r} fill="none" stroke={style.colour} strokeWidth={2} />;
  }
}

/** What each line of the chart is, with its total; a line that another one covers says so. */
function Legend({ series }: { series: DrawnSeries[] }) {
  const t = useT();
  const same = sameLines(series);
  return (
    <ul className="legend list-plain" aria-label={t("stats.legend")}>
      {series.map((s, i) => (
        <li key={s.event}>
          <Swatch style={s.style} /> {s.label}: {numberText(s.total, consoleLanguage())}
          {same[i] && <span className="muted"> {t("stats.sameLine", { other: same[i] })}</span>}
        </li>
      ))}
    </ul>
  );
}

function Chart({ days, series, title }: { days: string[]; series: DrawnSeries[]; title: string }) {
  const t = useT();
  const lang = consoleLanguage();
  const W = 640;
  const H = 220;
  const pad = { l: 36, r: 12, t: 10, b: 24 };
  const max = Math.max(1, ...series.flatMap((s) => s.points));
  const ticks = niceTicks(max);
  const top = ticks[ticks.length - 1];
  const x = (i: number) => pad.l + (days.length > 1 ? (i * (W - pad.l - pad.r)) / (days.length - 1) : 0);
  const y = (v: number) => H - pad.b - (v * (H - pad.t - pad.b)) / top;
  const labelEvery = Math.ceil(days.length / 6);
  return (
    <svg className="chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t("stats.chart", { by: title, from: dayText(days[0], lang), to: dayText(days[days.length - 1], lang) })}>
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={pad.l} x2={W - pad.r} y1={y(tick)} y2={y(tick)} stroke="#e3e7ec" />
          <text x={pad.l - 4} y={y(tick) + 4} textAnchor="end">
            {numberText(tick, lang)}
          </text>
        </g>
      ))}
      {days.map((d, i) =>
        i % labelEvery === 0 ? (
          <text key={d} x={x(i)} y={H - 6} textAnchor="middle">
            {dayText(d, lang, true)}
          </text>
        ) : null,
      )}
      {series.map((s) => (
        <g key={s.event} className="series" data-series={s.label}>
          <title>{s.label}</title>
          <polyline fill="none" stroke={s.style.colour} strokeWidth={2} strokeDasharray={s.style.dash || undefined} points={s.points.map((v, i) => `${x(i)},${y(v)}`).join(" ")} />
          {/* Markers on the days with figures (a row of them along zero would only clutter). */}
          {s.points.map((v, i) => (v > 0 ? <MarkerShape key={i} style={s.style} x={x(i)} y={y(v)} /> : null))}
        </g>
      ))}
    </svg>
  );
}
