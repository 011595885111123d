// The organisation's webhooks (docs/webhooks.md): the list, adding one (its signing secret is
// shown once, with Copy), removing one (asked first), sending a test event, and each one's
// deliveries with "Send again".
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { api, ApiError, type Problem } from "../../api/http";
import type { DomainInfo, Webhook, WebhookCreated } from "../../api/types";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { copyKeys, copyOrSelect } from "../../lib/clipboard";
import { useT } from "../../i18n/index";
import { withParts } from "../../i18n/parts";
import { problemsAt } from "../../lib/problems";
import { Deliveries } from "./Deliveries";
import { eventLabel } from "./labels";

export function WebhooksPage() {
  const t = useT();
  const [hooks, setHooks] = useState<Webhook[]>([]);
  const [events, setEvents] = useState<string[]>([]);
  const [domains, setDomains] = useState<DomainInfo[]>([]);
  const [status, setStatus] = useState("");
  const [created, setCreated] = useState<WebhookCreated | null>(null);
  const [removing, setRemoving] = useState<Webhook | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  // A test event's delivery: the log shown reloads to show it.
  const [sent, setSent] = useState(0);
  const reload = useCallback(() => {
    api.GET("/api/v1/owner/webhooks").then(
      (r) => (setHooks(r.webhooks), setEvents(r.events)),
      (e) => setStatus(e.message),
    );
  }, []);
  useEffect(reload, [reload]);
  useEffect(() => {
    api.GET("/api/v1/owner/domains").then((r) => setDomains(r.domains), () => {});
  }, []);
  const domainName = (id?: string | null) => (id ? (domains.find((d) => d.id === id)?.name ?? t("webhooks.oneDomain")) : t("webhooks.allDomains"));

  const remove = async (h: Webhook) => {
    setRemoving(null);
    await api.DELETE("/api/v1/owner/webhooks/{id}", { params: { path: { id: h.id } } }).then(
      () => setStatus(t("webhooks.deleted", { url: h.url })),
      (e) => setStatus(e.message),
    );
    if (open === h.id) setOpen(null);
    if (created?.webhook.id === h.id) setCreated(null);
    reload();
  };
  const test = async (h: Webhook) => {
    await api.POST("/api/v1/owner/webhooks/{id}/test", { params: { path: { id: h.id } } }).then(
      () => {
        setStatus(t("webhooks.testSent", { url: h.url }));
        setOpen(h.id);
        setSent((n) => n + 1);
      },
      (e) => setStatus(e.message),
    );
  };

  return (
    <div className="page stack">
      <h1>{t("webhooks.title")}</h1>
      <p className="muted">{t("webhooks.intro")}</p>
      <p role="status">{status}</p>
      {created && <Secret created={created} onDone={() => setCreated(null)} />}
      {hooks.length === 0 ? (
        <p className="muted">{t("webhooks.none")}</p>
      ) : (
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">{t("webhooks.address")}</th>
                <th scope="col">{t("webhooks.events")}</th>
                <th scope="col">{t("webhooks.domain")}</th>
                <th scope="col">
                  <span className="visually-hidden">{t("webhooks.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {hooks.map((h) => (
                <tr key={h.id}>
                  <td className="webhook-url">{h.url}</td>
                  <td>{h.events.map((e) => eventLabel(e, t)).join(", ")}</td>
                  <td>{domainName(h.domainId)}</td>
                  <td className="row">
                    <button aria-expanded={open === h.id} aria-controls={open === h.id ? `deliveries-${h.id}` : undefined} onClick={() => setOpen(open === h.id ? null : h.id)}>
                      {t("webhooks.deliveries")}
                      <span className="visually-hidden">{t("webhooks.deliveriesTo", { url: h.url })}</span>
                    </button>
                    <button onClick={() => test(h)}>
                      {t("webhooks.test")}
                      <span className="visually-hidden">{t("webhooks.testTo", { url: h.url })}</span>
                    </button>
                    <button className="danger" onClick={() => setRemoving(h)}>
                      {t("webhooks.delete")}
                      <span className="visually-hidden">{t("webhooks.deleteTo", { url: h.url })}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {open && hooks.some((h) => h.id === open) && <Deliveries hook={hooks.find((h) => h.id === open)!} refresh={sent} />}
      <AddWebhook
        events={events}
        domains={domains}
        onAdded={(c) => {
          setCreated(c);
          setStatus(t("webhooks.added", { url: c.webhook.url }));
          reload();
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        title={t("webhooks.deleteTitle")}
        confirmLabel={t("webhooks.deleteConfirm")}
        onConfirm={() => removing && remove(removing)}
        onCancel={() => setRemoving(null)}
      >
        <p>{t("webhooks.deleteBody", { url: removing?.url ?? "" })}</p>
      </ConfirmDialog>
    </div>
  );
}

/** The new webhook's signing secret: shown this once, with Copy. */
function Secret({ created, onDone }: { created: WebhookCreated; onDone: () => void }) {
  const t = useT();
  const [said, setSaid] = useState("");
  const code = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [created]);
  return (
    <section className="card stack notice-secret" aria-labelledby="webhook-secret-h">
      <h2 id="webhook-secret-h" ref={heading} tabIndex={-1}>
        {t("webhooks.secretTitle", { url: created.webhook.url })}
      </h2>
      <p>{withParts(t("webhooks.secretBody"), { header: <code>webhook-signature</code> })}</p>
      <code ref={code} className="secret" tabIndex={0} aria-label={t("webhooks.secret")}>
        {created.secret}
      </code>
      <div className="row">
        <button onClick={async () => setSaid((await copyOrSelect(created.secret, code.current)) === "copied" ? t("clipboard.copied") : t("clipboard.selected", { keys: copyKeys() }))}>
          {t("webhooks.copySecret")}
        </button>
        <button onClick={onDone}>{t("webhooks.kept")}</button>
        <span role="status">{said}</span>
      </div>
    </section>
  );
}

function AddWebhook({ events, domains, onAdded }: { events: string[]; domains: DomainInfo[]; onAdded: (c: WebhookCreated) => void }) {
  const t = useT();
  const [url, setUrl] = useState("");
  const [chosen, setChosen] = useState<string[]>([]);
  const [domainId, setDomainId] = useState("");
  const [problems, setProblems] = useState<Problem[]>([]);
  const [error, setError] = useState("");
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError("");
    try {
      const c = await api.POST("/api/v1/owner/webhooks", { body: { url, events: chosen, domainId: domainId || null } });
      setProblems([]);
      setUrl("");
      setChosen([]);
      setDomainId("");
      onAdded(c);
    } catch (err) {
      if (err instanceof ApiError && err.problems.length) setProblems(err.problems);
      else setError((err as Error).message);
    }
  };
  const urlErrors = problemsAt(problems, "url");
  const eventErrors = problemsAt(problems, "events");
  const domainErrors = problemsAt(problems, "domainId");
  return (
    <form className="card stack" onSubmit={submit} aria-labelledby="add-webhook-h" noValidate>
      <h2 id="add-webhook-h">{t("webhooks.addTitle")}</h2>
      <label className="field">
        <span>{t("webhooks.endpoint")}</span>
        <input
          type="url"
          inputMode="url"
          placeholder="https://example.com/beckon-webhook"
          value={url}
          autoComplete="off"
          aria-invalid={urlErrors.length ? true : undefined}
          aria-describedby={urlErrors.length ? "webhook-url-err" : undefined}
          onChange={(e) => setUrl(e.target.value)}
        />
        {urlErrors.length > 0 && (
          <span className="field-error" id="webhook-url-err">
            {urlErrors.join("; ")}
          </span>
        )}
      </label>
      <fieldset aria-describedby={eventErrors.length ? "webhook-events-err" : undefined}>
        <legend>{t("webhooks.eventsToSend")}</legend>
        <div className="stack">
          {events.map((ev) => (
            <label key={ev} className="check">
              <input
                type="checkbox"
                checked={chosen.includes(ev)}
                onChange={(e) => setChosen(e.target.checked ? [...chosen, ev] : chosen.filter((c) => c !== ev))}
              />
              <span>
                {eventLabel(ev, t)} <code className="muted">{ev}</code>
              </span>
            </label>
          ))}
        </div>
        {eventErrors.length > 0 && (
          <span className="field-error" id="webhook-events-err">
            {eventErrors.join("; ")}
          </span>
        )}
      </fieldset>
      {domains.length > 1 && (
        <label className="field">
          <span>{t("webhooks.domain")}</span>
          <select value={domainId} onChange={(e) => setDomainId(e.target.value)} aria-describedby={domainErrors.length ? "webhook-domain-err" : undefined}>
            <option value="">{t("webhooks.allDomains")}</option>
            {domains.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </select>
          {domainErrors.length > 0 && (
            <span className="field-error" id="webhook-domain-err">
              {domainErrors.join("; ")}
            </span>
          )}
        </label>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <div>
        <button className="primary" type="submit">
          {t("webhooks.add")}
        </button>
      </div>
    </form>
  );
}
