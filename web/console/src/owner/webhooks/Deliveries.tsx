// A webhook's latest deliveries (the server keeps the last 100): event, state, attempts, the
// endpoint's last answer, when; "Send again" on each. Asked again every few seconds while one is
// still being tried.
import { useCallback, useEffect, useState } from "react";
import { api } from "../../api/http";
import type { Webhook, WebhookDelivery } from "../../api/types";
import { shortTime } from "../../lib/time";
import { answerText, anyPending, deliveryState, eventLabel } from "./labels";
import { useT } from "../../i18n/index";
import { consoleLocale } from "../../i18n/locale";

/** How often the log is asked again while a delivery is pending. */
const REFRESH_MS = 2000;

export function Deliveries({ hook, refresh }: { hook: Webhook; refresh: number }) {
  const t = useT();
  const [list, setList] = useState<WebhookDelivery[] | null>(null);
  const [status, setStatus] = useState("");
  const load = useCallback(() => {
    api.GET("/api/v1/owner/webhooks/{id}/deliveries", { params: { path: { id: hook.id } } }).then(
      (r) => setList(r.deliveries),
      (e) => setStatus(e.message),
    );
  }, [hook.id]);
  useEffect(load, [load, refresh]);
  useEffect(() => {
    if (!list || !anyPending(list)) return;
    const timer = setTimeout(load, REFRESH_MS);
    return () => clearTimeout(timer);
  }, [list, load]);

  const again = async (d: WebhookDelivery) => {
    await api.POST("/api/v1/owner/webhooks/{id}/deliveries/{deliveryId}/resend", { params: { path: { id: hook.id, deliveryId: d.id } } }).then(
      () => setStatus(t("deliveries.resent", { event: eventLabel(d.type, t) })),
      (e) => setStatus(e.message),
    );
    load();
  };

  return (
    <section className="card stack" id={`deliveries-${hook.id}`} aria-labelledby={`deliveries-${hook.id}-h`}>
      <div className="row preview-head">
        <h2 id={`deliveries-${hook.id}-h`}>{t("deliveries.title", { url: hook.url })}</h2>
        <button onClick={load}>{t("deliveries.refresh")}</button>
      </div>
      <p role="status">{status}</p>
      {list === null ? (
        <p className="muted">{t("app.loading")}</p>
      ) : list.length === 0 ? (
        <p className="muted">{t("deliveries.none")}</p>
      ) : (
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">{t("deliveries.event")}</th>
                <th scope="col">{t("deliveries.status")}</th>
                <th scope="col">{t("deliveries.attempts")}</th>
                <th scope="col">{t("deliveries.response")}</th>
                <th scope="col">{t("deliveries.last")}</th>
                <th scope="col">{t("deliveries.next")}</th>
                <th scope="col">
                  <span className="visually-hidden">{t("deliveries.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((d) => (
                <tr key={d.id}>
                  <td>{eventLabel(d.type, t)}</td>
                  <td>
                    <span className={`status-pill delivery-${d.status}`}>{deliveryState(d, t)}</span>
                    {d.lastError && d.status !== "succeeded" && <div className="muted hint">{d.lastError}</div>}
                  </td>
                  <td>{d.attempts}</td>
                  <td>{answerText(d, t)}</td>
                  <td>{shortTime(d.lastAttemptAt, undefined, consoleLocale())}</td>
                  <td>{shortTime(d.nextAttemptAt, undefined, consoleLocale())}</td>
                  <td>
                    <button onClick={() => again(d)} aria-label={t("deliveries.againLabel", { event: eventLabel(d.type, t), time: shortTime(d.createdAt, undefined, consoleLocale()) })}>
                      {t("deliveries.again")}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
