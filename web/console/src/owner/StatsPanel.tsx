// Page views, views per button and clicks per button or action, per day, as a plain SVG line
// chart with a legend (each series keeps its colour, marker and dash on every domain and period;
// equal lines are named as such), the same figures as tables (totals, and per day) for screen
// readers and keyboard users, and the click-through of each action. Buttons and actions are named
// from the domain's config (the draft being edited). Then the visitors' ratings of the domain's
// chats in the period: how many and their mean, on the whole and per agent.
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

const RANGES = [7, 30, 90];
/** The chart draws at most this many series (the largest); the tables list all. */
const MAX_LINES = 6;

type DrawnSeries = { event: string; label: string; points: number[]; total: number; style: SeriesStyle };

export function StatsPanel({ domain, config }: { domain: DomainInfo; config: Config | null }) {
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

  const names = useMemo(() => itemNames(config), [config]);

  if (error) return <p className="error">{error}</p>;
  if (!data) return <p className="muted">Loading…</p>;
  const dayList = daysBetween(data.from.slice(0, 10), data.to.slice(0, 10));
  const all: DrawnSeries[] = toSeries(breakdownCounts(data.counts, data.items ?? [], by), dayList).map((s) => ({
    ...s,
    label: seriesLabel(s.event, names),
    style: seriesStyle(s.event, config),
  }));
  const series = all.slice(0, MAX_LINES);
  const ctr = clickThrough(data.items ?? [], config);
  const byLabel = BREAKDOWNS.find((b) => b.value === by)!.label;
  return (
    <section className="stack" aria-labelledby="stats-h">
      <div className="row">
        <h3 id="stats-h">Statistics</h3>
        <label className="inline">
          <span>Period</span>
          <select value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {RANGES.map((r) => (
              <option key={r} value={r}>
                Last {r} days
              </option>
            ))}
          </select>
        </label>
        <label className="inline">
          <span>Show</span>
          <select value={by} onChange={(e) => setBy(e.target.value as Breakdown)}>
            {BREAKDOWNS.map((b) => (
              <option key={b.value} value={b.value}>
                {b.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {all.length === 0 ? (
        <p className="muted">No views or clicks in this period yet.</p>
      ) : (
        <>
          <Chart days={dayList} series={series} title={byLabel} />
          <Legend series={series} />
          {all.length > series.length && <p className="muted">The chart shows the {series.length} largest; the table lists all {all.length}.</p>}
          <table data-testid="stats-totals">
            <caption>Totals: {byLabel}</caption>
            <thead>
              <tr>
                <th scope="col">What</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {all.map((s, i) => (
                <tr key={s.event}>
                  <th scope="row">
                    {i < MAX_LINES && <Swatch style={s.style} />}
                    {s.label}
                  </th>
                  <td>{s.total}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {ctr.length > 0 && (
            <table data-testid="click-through">
              <caption>Click-through per action (clicks ÷ views of the buttons that hold it)</caption>
              <thead>
                <tr>
                  <th scope="col">Action</th>
                  <th scope="col">Views</th>
                  <th scope="col">Clicks</th>
                  <th scope="col">Click-through</th>
                </tr>
              </thead>
              <tbody>
                {ctr.map((row) => (
                  <tr key={row.actionId}>
                    <th scope="row">{names.actions[row.actionId] ?? `removed (${row.actionId})`}</th>
                    <td>{row.views}</td>
                    <td>{row.clicks}</td>
                    <td>{percent(row.rate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <details>
            <summary>Figures per day</summary>
            <div className="table-scroll" tabIndex={0} role="region" aria-label="Figures per day">
              <table>
                <caption className="visually-hidden">Per day: {byLabel}</caption>
                <thead>
                  <tr>
                    <th scope="col">Day (UTC)</th>
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
                      <th scope="row">{d}</th>
                      {all.map((s) => (
                        <td key={s.event}>{s.points[di]}</td>
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
  return (
    <section className="stack ratings" aria-labelledby="ratings-h" data-testid="ratings">
      <h4 id="ratings-h">Satisfaction</h4>
      {ratings.count === 0 ? (
        <p className="muted">No ratings in this period yet.</p>
      ) : (
        <>
          <p data-testid="ratings-summary">
            <strong>{averageText(ratings.average)}</strong> out of 5 on average, from {ratings.count} {ratings.count === 1 ? "rating" : "ratings"} of visitors in this period.
          </p>
          <table data-testid="ratings-per-agent">
            <caption>Ratings per agent the chat was assigned to when rated</caption>
            <thead>
              <tr>
                <th scope="col">Agent</th>
                <th scope="col">Ratings</th>
                <th scope="col">Average</th>
              </tr>
            </thead>
            <tbody>
              {ratings.agents.map((a) => (
                <tr key={a.agentId ?? ""}>
                  <th scope="row">{creditedTo(a)}</th>
                  <td>{a.count}</td>
                  <td>{averageText(a.average)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">All chats of this site</th>
                <td>{ratings.count}</td>
                <td>{averageText(ratings.average)}</td>
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
  const same = sameLines(series);
  return (
    <ul className="legend list-plain" aria-label="Chart legend">
      {series.map((s, i) => (
        <li key={s.event}>
          <Swatch style={s.style} /> {s.label}: {s.total}
          {same[i] && <span className="muted"> (the same line as {same[i]})</span>}
        </li>
      ))}
    </ul>
  );
}

function Chart({ days, series, title }: { days: string[]; series: DrawnSeries[]; title: string }) {
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
    <svg className="chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`${title}, per day, ${days[0]} to ${days[days.length - 1]}; figures in the tables below`}>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={pad.l} x2={W - pad.r} y1={y(t)} y2={y(t)} stroke="#e3e7ec" />
          <text x={pad.l - 4} y={y(t) + 4} textAnchor="end">
            {t}
          </text>
        </g>
      ))}
      {days.map((d, i) =>
        i % labelEvery === 0 ? (
          <text key={d} x={x(i)} y={H - 6} textAnchor="middle">
            {d.slice(5)}
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
