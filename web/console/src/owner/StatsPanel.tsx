// Page views, views per button and clicks per button or action, per day, as a plain SVG line
// chart, with the same figures as tables (totals, and per day) for screen readers and keyboard
// users. Buttons and actions are named from the domain's config (the draft being edited).
import { useEffect, useMemo, useState } from "react";
import type { Config } from "../../../widget/src/config/types.gen";
import { api } from "../api/http";
import type { DomainInfo, StatsAnswer } from "../api/types";
import { BREAKDOWNS, breakdownCounts, daysBetween, itemNames, niceTicks, seriesLabel, toSeries, type Breakdown } from "../lib/chart";

const COLOURS = ["#1f5fbf", "#b3261e", "#1e7a3c", "#8a4b00", "#6b3fa0", "#00707a"];
const RANGES = [7, 30, 90];

export function StatsPanel({ domain, config }: { domain: DomainInfo; config: Config | null }) {
  const [days, setDays] = useState(30);
  const [by, setBy] = useState<Breakdown>("overview");
  const [data, setData] = useState<StatsAnswer | null>(null);
  const [error, setError] = useState("");
  useEffect(() => {
    const to = new Date();
    const from = new Date(to.getTime() - (days - 1) * 86_400_000);
    const iso = (d: Date) => d.toISOString().slice(0, 10);
    api<StatsAnswer>(`/v1/owner/domains/${domain.id}/stats?from=${iso(from)}&to=${iso(to)}`).then(setData, (e) => setError(e.message));
  }, [domain.id, days]);

  const names = useMemo(() => itemNames(config), [config]);

  if (error) return <p className="error">{error}</p>;
  if (!data) return <p className="muted">Loading…</p>;
  const dayList = daysBetween(data.from.slice(0, 10), data.to.slice(0, 10));
  const all = toSeries(breakdownCounts(data.counts, data.items ?? [], by), dayList).map((s) => ({ ...s, label: seriesLabel(s.event, names) }));
  const series = all.slice(0, COLOURS.length); // the chart draws the largest; the table lists all
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
                    {i < COLOURS.length && (
                      <span aria-hidden="true" style={{ color: COLOURS[i] }}>
                        ■{" "}
                      </span>
                    )}
                    {s.label}
                  </th>
                  <td>{s.total}</td>
                </tr>
              ))}
            </tbody>
          </table>
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
    </section>
  );
}

function Chart({ days, series, title }: { days: string[]; series: { event: string; label: string; points: number[] }[]; title: string }) {
  const W = 640;
  const H = 220;
  const pad = { l: 36, r: 8, t: 8, b: 24 };
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
      {series.map((s, si) => (
        <polyline key={s.event} fill="none" stroke={COLOURS[si]} strokeWidth={2} points={s.points.map((v, i) => `${x(i)},${y(v)}`).join(" ")}>
          <title>{s.label}</title>
        </polyline>
      ))}
    </svg>
  );
}
