// "Canned replies": the organisation's ready-made answers, listed by shortcut, added, changed and
// removed here (removing asks first: ConfirmDialog). Owners always; agents when an owner ticked
// "Agents may edit canned replies" (the server decides: http/canned.rs). Agents use them in the
// reply box by typing "/" (agent/Composer.tsx).
import { useState, type FormEvent } from "react";
import { api, ApiError } from "../api/http";
import type { CannedReply, User } from "../api/types";
import { ConfirmDialog } from "../app/ConfirmDialog";
import { problemsAt } from "../lib/problems";
import { refreshCanned, useCanned } from "./useCanned";

type Draft = { shortcut: string; text: string };

export function CannedRepliesPage({ me }: { me: User }) {
  const list = useCanned(me.id);
  const [status, setStatus] = useState("");
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<CannedReply | null>(null);
  /** The box shows the owner's choice at once, before the server has it. */
  const [allowing, setAllowing] = useState<boolean | null>(null);
  const owner = me.role === "owner";
  const reload = () => refreshCanned(me.id).catch((e: Error) => setStatus(e.message));

  const remove = async (r: CannedReply) => {
    setRemoving(null);
    try {
      await api.DELETE("/api/v1/owner/canned-replies/{id}", { params: { path: { id: r.id } } });
      setStatus(`/${r.shortcut} was removed.`);
    } catch (e) {
      setStatus((e as Error).message);
    }
    reload();
  };

  const allowAgents = async (allowed: boolean) => {
    setAllowing(allowed);
    try {
      await api.PUT("/api/v1/owner/canned-reply-settings", { body: { agentsMayEdit: allowed } });
      setStatus(allowed ? "Agents may now edit canned replies." : "Only owners may edit canned replies now.");
    } catch (e) {
      setStatus((e as Error).message);
    }
    await reload();
    setAllowing(null);
  };

  if (!list) return <p className="muted loading">Loading…</p>;
  return (
    <div className="page stack canned-page">
      <h1 tabIndex={-1}>Canned replies</h1>
      <p className="hint">
        Ready-made answers for the whole team. In a chat's reply box, type <kbd>/</kbd> and a shortcut (or a word of the text), choose with the arrow keys and
        press Enter: the reply goes into the box for you to change before you send it. Placeholders are filled in: <code>{"{visitor.name}"}</code> (or
        “there” when the visitor gave no name), <code>{"{agent.name}"}</code> (your name) and <code>{"{domain}"}</code> (the site).
      </p>
      <p role="status">{status}</p>
      {!list.canEdit ? (
        <p>Only owners may change canned replies here.</p>
      ) : (
        <>
          {list.replies.length === 0 ? (
            <p className="muted">No canned replies yet.</p>
          ) : (
            <ul className="canned-list">
              {list.replies.map((r) => (
                <li key={r.id} className="card">
                  {editing === r.id ? (
                    <CannedForm
                      key={r.id}
                      initial={r}
                      label={`Change /${r.shortcut}`}
                      submitLabel="Save changes"
                      onCancel={() => setEditing(null)}
                      save={(d) => api.PUT("/api/v1/owner/canned-replies/{id}", { params: { path: { id: r.id } }, body: d })}
                      onSaved={(saved) => {
                        setEditing(null);
                        setStatus(`/${saved.shortcut} was saved.`);
                        reload();
                      }}
                    />
                  ) : (
                    <div className="canned-item">
                      <div>
                        <strong className="canned-shortcut">/{r.shortcut}</strong>
                        <p className="canned-text">{r.text}</p>
                      </div>
                      <div className="row">
                        <button onClick={() => setEditing(r.id)}>Edit /{r.shortcut}</button>
                        <button className="danger" onClick={() => setRemoving(r)}>
                          Delete /{r.shortcut}
                        </button>
                      </div>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
          <section className="card stack" aria-labelledby="add-canned">
            <h2 id="add-canned">Add a canned reply</h2>
            <CannedForm
              initial={{ shortcut: "", text: "" }}
              label="Add a canned reply"
              submitLabel="Add canned reply"
              save={(d) => api.POST("/api/v1/owner/canned-replies", { body: d })}
              onSaved={(saved) => {
                setStatus(`/${saved.shortcut} was added.`);
                reload();
              }}
            />
          </section>
        </>
      )}
      {owner && (
        <section className="stack" aria-labelledby="canned-who">
          <h2 id="canned-who">Who may edit</h2>
          <label className="check">
            <input type="checkbox" checked={allowing ?? list.agentsMayEdit} onChange={(e) => allowAgents(e.target.checked)} />
            Agents may edit canned replies
          </label>
          <p className="hint">Owners always may. Every agent can use them in the reply box either way.</p>
        </section>
      )}
      <ConfirmDialog open={removing !== null} title={`Delete /${removing?.shortcut ?? ""}?`} confirmLabel="Delete" onConfirm={() => removing && remove(removing)} onCancel={() => setRemoving(null)}>
        <p>Nobody on the team will find it in the reply box any more.</p>
      </ConfirmDialog>
    </div>
  );
}

/** A canned reply's shortcut and text, with the server's reasons next to the field when refused. */
function CannedForm({
  initial,
  label,
  submitLabel,
  save,
  onSaved,
  onCancel,
}: {
  initial: Draft;
  label: string;
  submitLabel: string;
  save: (d: Draft) => Promise<CannedReply>;
  onSaved: (r: CannedReply) => void;
  onCancel?: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const id = label.replace(/[^a-z0-9]+/gi, "-").toLowerCase();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const saved = await save({ shortcut: draft.shortcut.trim(), text: draft.text });
      setError(null);
      if (!onCancel) setDraft({ shortcut: "", text: "" });
      onSaved(saved);
    } catch (err) {
      setError(err instanceof ApiError ? err : new ApiError(0, (err as Error).message));
    } finally {
      setBusy(false);
    }
  };
  const problems = error?.problems ?? [];
  const shortcutError = problemsAt(problems, "shortcut").join("; ") || (error?.status === 409 ? error.message : "");
  const textError = problemsAt(problems, "text").join("; ");
  const otherError = error && !shortcutError && !textError ? error.message : "";
  return (
    <form className="stack canned-form" onSubmit={submit} aria-label={label}>
      <div className="field">
        <label htmlFor={`${id}-shortcut`}>Shortcut</label>
        <div className="shortcut-input">
          <span aria-hidden="true">/</span>
          <input
            id={`${id}-shortcut`}
            required
            maxLength={32}
            value={draft.shortcut}
            autoFocus={!!onCancel}
            aria-invalid={shortcutError ? true : undefined}
            aria-describedby={`${id}-shortcut-hint${shortcutError ? ` ${id}-shortcut-err` : ""}`}
            onChange={(e) => setDraft({ ...draft, shortcut: e.target.value })}
          />
        </div>
        <span className="hint" id={`${id}-shortcut-hint`}>
          Lower-case letters, digits, - and _; at most 32.
        </span>
        {shortcutError && (
          <span className="field-error" id={`${id}-shortcut-err`}>
            {shortcutError}
          </span>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-text`}>Text</label>
        <textarea
          id={`${id}-text`}
          required
          rows={3}
          value={draft.text}
          aria-invalid={textError ? true : undefined}
          aria-describedby={textError ? `${id}-text-err` : undefined}
          onChange={(e) => setDraft({ ...draft, text: e.target.value })}
        />
        {textError && (
          <span className="field-error" id={`${id}-text-err`}>
            {textError}
          </span>
        )}
      </div>
      {otherError && (
        <p className="error" role="alert">
          {otherError}
        </p>
      )}
      <div className="row">
        <button type="submit" className="primary" disabled={busy}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
