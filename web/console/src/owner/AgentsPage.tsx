// The organisation's accounts: add an agent (or owner), remove one, reset a password; and whether
// this server e-mails them about visitors nobody answered.
import { Fragment, useCallback, useEffect, useState, type FormEvent } from "react";
import { api, ApiError, type Problem } from "../api/http";
import type { Notifications, Role, User } from "../api/types";
import { problemsAt } from "../lib/problems";
import { waitText } from "./notifications";
import { consoleLanguage, useT } from "../i18n/index";
import { withParts } from "../i18n/parts";

export function AgentsPage({ me }: { me: User }) {
  const t = useT();
  const [agents, setAgents] = useState<User[]>([]);
  const [notifications, setNotifications] = useState<Notifications | null>(null);
  const [status, setStatus] = useState("");
  const [resetting, setResetting] = useState<string | null>(null);
  const reload = useCallback(() => {
    api.GET("/api/v1/owner/agents").then(
      (r) => (setAgents(r.agents), setNotifications(r.notifications)),
      (e) => setStatus(e.message),
    );
  }, []);
  useEffect(reload, [reload]);

  const remove = async (u: User) => {
    if (!confirm(t("agents.confirmRemove", { name: u.name }))) return;
    await api.DELETE("/api/v1/owner/agents/{id}", { params: { path: { id: u.id } } }).then(
      () => setStatus(t("agents.removed", { name: u.name })),
      (e) => setStatus(e.message),
    );
    reload();
  };

  return (
    <div className="page stack">
      <h1>{t("agents.title")}</h1>
      <p role="status">{status}</p>
      {/* On a phone the table scrolls sideways in its own box, not the whole screen. */}
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">{t("agents.name")}</th>
              <th scope="col">{t("agents.email")}</th>
              <th scope="col">{t("agents.role")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("agents.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {agents.map((u) => (
              <Fragment key={u.id}>
                <tr>
                  <td>{u.name}</td>
                  <td>{u.email}</td>
                  <td>{t(`agents.role_${u.role}`)}</td>
                  <td className="row">
                    <button aria-expanded={resetting === u.id} onClick={() => setResetting(resetting === u.id ? null : u.id)}>
                      {t("agents.reset", { name: u.name })}
                    </button>
                    {u.id !== me.id && (
                      <button className="danger" onClick={() => remove(u)}>
                        {t("agents.remove", { name: u.name })}
                      </button>
                    )}
                  </td>
                </tr>
                {resetting === u.id && (
                  <tr>
                    <td colSpan={4}>
                      <ResetPassword
                        user={u}
                        onDone={(message) => {
                          setResetting(null);
                          if (message) setStatus(message);
                        }}
                      />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
      <AddAgent onAdded={(u) => (setStatus(t("agents.added", { name: u.name })), reload())} />
      {notifications && <EmailNotifications notifications={notifications} />}
    </div>
  );
}

/** What this server mails, or where e-mail would help when it mails nothing. */
function EmailNotifications({ notifications }: { notifications: Notifications }) {
  const t = useT();
  const wait = waitText(notifications.delaySeconds, consoleLanguage());
  return (
    <section className="stack" aria-labelledby="email-notifications">
      <h2 id="email-notifications">{t("agents.emailTitle")}</h2>
      {notifications.email ? (
        <p>{t("agents.emailOn", { wait })}</p>
      ) : (
        <p className="warning" role="note">
          {withParts(t("agents.emailOff"), { smtpUrl: <code>--smtp-url</code>, mailFrom: <code>--mail-from</code> })}
        </p>
      )}
    </section>
  );
}

/** A new password for an account (its sessions end), with the server's reasons when refused. */
function ResetPassword({ user, onDone }: { user: User; onDone: (message?: string) => void }) {
  const t = useT();
  const [password, setPassword] = useState("");
  const [error, setError] = useState("");
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await api.POST("/api/v1/owner/agents/{id}/password", { params: { path: { id: user.id } }, body: { password } });
      onDone(t("agents.resetDone", { name: user.name }));
    } catch (err) {
      const e2 = err as ApiError;
      setError(e2.problems?.map((p) => p.message).join("; ") || e2.message);
    }
  };
  return (
    <form className="row" onSubmit={submit} aria-label={t("agents.newPassword", { name: user.name })}>
      <label>
        <span>{t("agents.newPassword", { name: user.name })}</span>
        <input
          type="password"
          autoComplete="new-password"
          required
          autoFocus
          value={password}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `reset-${user.id}-err` : undefined}
          onChange={(e) => setPassword(e.target.value)}
        />
        {error && (
          <span className="field-error" id={`reset-${user.id}-err`}>
            {error}
          </span>
        )}
      </label>
      <button className="primary" type="submit">
        {t("agents.saveNewPassword")}
      </button>
      <button type="button" onClick={() => onDone()}>
        {t("app.cancel")}
      </button>
    </form>
  );
}

function AddAgent({ onAdded }: { onAdded: (u: User) => void }) {
  const t = useT();
  const [form, setForm] = useState<{ name: string; email: string; password: string; role: Role }>({ name: "", email: "", password: "", role: "agent" });
  const [problems, setProblems] = useState<Problem[]>([]);
  const [error, setError] = useState("");
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError("");
    try {
      const u = await api.POST("/api/v1/owner/agents", { body: form });
      setProblems([]);
      setForm({ name: "", email: "", password: "", role: "agent" });
      onAdded(u);
    } catch (err) {
      if (err instanceof ApiError && err.problems.length) setProblems(err.problems);
      else setError((err as Error).message);
    }
  };
  const field = (key: "name" | "email" | "password", label: string, type = "text") => {
    const errors = problemsAt(problems, key);
    return (
      <label>
        <span>{label}</span>
        <input
          type={type}
          value={form[key]}
          required
          autoComplete={key === "password" ? "new-password" : "off"}
          aria-invalid={errors.length ? true : undefined}
          aria-describedby={errors.length ? `agent-${key}-err` : undefined}
          onChange={(e) => setForm({ ...form, [key]: e.target.value })}
        />
        {errors.length > 0 && (
          <span className="field-error" id={`agent-${key}-err`}>
            {errors.join("; ")}
          </span>
        )}
      </label>
    );
  };
  return (
    <form className="card stack" onSubmit={submit} aria-labelledby="add-agent-h">
      <h2 id="add-agent-h">{t("agents.addTitle")}</h2>
      <div className="grid-fields">
        {field("name", t("agents.name"))}
        {field("email", t("agents.email"), "email")}
        {field("password", t("agents.password"), "password")}
        <label>
          <span>{t("agents.role")}</span>
          <select value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value === "owner" ? "owner" : "agent" })}>
            <option value="agent">{t("agents.roleAgent")}</option>
            <option value="owner">{t("agents.roleOwner")}</option>
          </select>
        </label>
      </div>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <div>
        <button className="primary" type="submit">
          {t("agents.add")}
        </button>
      </div>
    </form>
  );
}
