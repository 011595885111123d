// The organisation's accounts: add an agent (or owner), remove one, reset a password; and whether
// this server e-mails them about visitors nobody answered.
import { Fragment, useCallback, useEffect, useState, type FormEvent } from "react";
import { api, ApiError, type Problem } from "../api/http";
import type { Notifications, Role, User } from "../api/types";
import { problemsAt } from "../lib/problems";
import { waitText } from "./notifications";

export function AgentsPage({ me }: { me: User }) {
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
    if (!confirm(`Remove ${u.name}? Their chats become unassigned.`)) return;
    await api.DELETE("/api/v1/owner/agents/{id}", { params: { path: { id: u.id } } }).then(
      () => setStatus(`${u.name} was removed.`),
      (e) => setStatus(e.message),
    );
    reload();
  };

  return (
    <div className="page stack">
      <h1>Agents</h1>
      <p role="status">{status}</p>
      <table>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">E-mail</th>
            <th scope="col">Role</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {agents.map((u) => (
            <Fragment key={u.id}>
              <tr>
                <td>{u.name}</td>
                <td>{u.email}</td>
                <td>{u.role}</td>
                <td className="row">
                  <button aria-expanded={resetting === u.id} onClick={() => setResetting(resetting === u.id ? null : u.id)}>
                    Reset password of {u.name}
                  </button>
                  {u.id !== me.id && (
                    <button className="danger" onClick={() => remove(u)}>
                      Remove {u.name}
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
      <AddAgent onAdded={(u) => (setStatus(`${u.name} was added.`), reload())} />
      {notifications && <EmailNotifications notifications={notifications} />}
    </div>
  );
}

/** What this server mails, or where e-mail would help when it mails nothing. */
function EmailNotifications({ notifications }: { notifications: Notifications }) {
  const wait = waitText(notifications.delaySeconds);
  return (
    <section className="stack" aria-labelledby="email-notifications">
      <h2 id="email-notifications">E-mail notifications</h2>
      {notifications.email ? (
        <p>
          On: everyone here who is not online is e-mailed about a visitor's message nobody has read {wait}, and a
          visitor is e-mailed an agent's reply they have not seen {wait}.
        </p>
      ) : (
        <p className="warning" role="note">
          Off: this server sends no e-mail, so a visitor who writes while nobody is online is not told anyone will
          answer, and a reply they did not see never reaches them. Whoever runs Beckon can turn it on with an SMTP
          server (<code>--smtp-url</code> and <code>--mail-from</code>; see docs/notifications.md).
        </p>
      )}
    </section>
  );
}

/** A new password for an account (its sessions end), with the server's reasons when refused. */
function ResetPassword({ user, onDone }: { user: User; onDone: (message?: string) => void }) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState("");
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await api.POST("/api/v1/owner/agents/{id}/password", { params: { path: { id: user.id } }, body: { password } });
      onDone(`${user.name}'s password was reset; their sessions ended.`);
    } catch (err) {
      const e2 = err as ApiError;
      setError(e2.problems?.map((p) => p.message).join("; ") || e2.message);
    }
  };
  return (
    <form className="row" onSubmit={submit} aria-label={`New password for ${user.name}`}>
      <label>
        <span>New password for {user.name}</span>
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
        Save the new password
      </button>
      <button type="button" onClick={() => onDone()}>
        Cancel
      </button>
    </form>
  );
}

function AddAgent({ onAdded }: { onAdded: (u: User) => void }) {
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
      <h2 id="add-agent-h">Add an account</h2>
      <div className="grid-fields">
        {field("name", "Name")}
        {field("email", "E-mail", "email")}
        {field("password", "Password (at least 8 characters)", "password")}
        <label>
          <span>Role</span>
          <select value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value === "owner" ? "owner" : "agent" })}>
            <option value="agent">Agent (answers chats)</option>
            <option value="owner">Owner (also configures)</option>
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
          Add the account
        </button>
      </div>
    </form>
  );
}
