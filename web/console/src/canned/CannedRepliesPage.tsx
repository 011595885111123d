// "Canned replies": the organisation's ready-made answers, listed by shortcut, added, changed and
// removed here (removing asks first: ConfirmDialog). Owners always; agents when an owner ticked
// "Agents may edit canned replies" (the server decides: http/canned.rs). Agents use them in the
// reply box by typing "/" (agent/Composer.tsx).
import { useState, type FormEvent } from "react";
import { api, ApiError } from "../api/http";
import type { CannedReply, User } from "../api/types";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { problemsAt } from "../lib/problems";
import { refreshCanned, useCanned } from "./useCanned";
import { NO_VISITOR_NAME, shortcutOf } from "../lib/canned";
import { useT } from "../i18n/index";
import { withParts } from "../i18n/parts";

type Draft = { shortcut: string; text: string };

export function CannedRepliesPage({ me }: { me: User }) {
  const t = useT();
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
    } catch (e) {
      setStatus((e as Error).message);
      return void reload();
    }
    // Said once the list no longer shows it.
    await reload();
    setStatus(t("cannedReplies.removed", { shortcut: r.shortcut }));
  };

  const allowAgents = async (allowed: boolean) => {
    setAllowing(allowed);
    try {
      await api.PUT("/api/v1/owner/canned-reply-settings", { body: { agentsMayEdit: allowed } });
      setStatus(t(allowed ? "cannedReplies.allowed" : "cannedReplies.ownersNow"));
    } catch (e) {
      setStatus((e as Error).message);
    }
    await reload();
    setAllowing(null);
  };

  if (!list) return <p className="muted loading">{t("app.loading")}</p>;
  return (
    <div className="page stack canned-page">
      <h1 tabIndex={-1}>{t("cannedReplies.title")}</h1>
      <p className="hint">
        {withParts(t("cannedReplies.intro", { fallback: NO_VISITOR_NAME }), {
          slash: <kbd>/</kbd>,
          visitorName: <code>{"{visitor.name}"}</code>,
          agentName: <code>{"{agent.name}"}</code>,
          domain: <code>{"{domain}"}</code>,
        })}
      </p>
      <p role="status">{status}</p>
      {!list.canEdit ? (
        <p>{t("cannedReplies.ownersOnly")}</p>
      ) : (
        <>
          {list.replies.length === 0 ? (
            <p className="muted">{t("cannedReplies.none")}</p>
          ) : (
            <ul className="canned-list">
              {list.replies.map((r) => (
                <li key={r.id} className="card">
                  {editing === r.id ? (
                    <CannedForm
                      key={r.id}
                      id={`change-${r.id}`}
                      initial={r}
                      label={t("cannedReplies.change", { shortcut: r.shortcut })}
                      submitLabel={t("cannedReplies.saveChanges")}
                      onCancel={() => setEditing(null)}
                      save={(d) => api.PUT("/api/v1/owner/canned-replies/{id}", { params: { path: { id: r.id } }, body: d })}
                      onSaved={(saved) => {
                        setEditing(null);
                        setStatus(t("cannedReplies.saved", { shortcut: saved.shortcut }));
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
                        <button onClick={() => setEditing(r.id)}>{t("cannedReplies.edit", { shortcut: r.shortcut })}</button>
                        <button className="danger" onClick={() => setRemoving(r)}>
                          {t("cannedReplies.delete", { shortcut: r.shortcut })}
                        </button>
                      </div>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
          <section className="card stack" aria-labelledby="add-canned">
            <h2 id="add-canned">{t("cannedReplies.addTitle")}</h2>
            <CannedForm
              id="add-a-canned-reply"
              initial={{ shortcut: "", text: "" }}
              label={t("cannedReplies.addTitle")}
              submitLabel={t("cannedReplies.add")}
              save={(d) => api.POST("/api/v1/owner/canned-replies", { body: d })}
              onSaved={(saved) => {
                setStatus(t("cannedReplies.added", { shortcut: saved.shortcut }));
                reload();
              }}
            />
          </section>
        </>
      )}
      {owner && (
        <section className="stack" aria-labelledby="canned-who">
          <h2 id="canned-who">{t("cannedReplies.whoTitle")}</h2>
          <label className="check">
            <input type="checkbox" checked={allowing ?? list.agentsMayEdit} onChange={(e) => allowAgents(e.target.checked)} />
            {t("cannedReplies.agentsMay")}
          </label>
          <p className="hint">{t("cannedReplies.whoHint")}</p>
        </section>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t("cannedReplies.deleteTitle", { shortcut: removing?.shortcut ?? "" })}
        confirmLabel={t("cannedReplies.deleteConfirm")}
        onConfirm={() => removing && remove(removing)}
        onCancel={() => setRemoving(null)}
      >
        <p>{t("cannedReplies.deleteBody")}</p>
      </ConfirmDialog>
    </div>
  );
}

/** A canned reply's shortcut and text, with the server's reasons next to the field when refused; `id` prefixes its fields' ids. */
function CannedForm({
  id,
  initial,
  label,
  submitLabel,
  save,
  onSaved,
  onCancel,
}: {
  id: string;
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
  const t = useT();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const saved = await save({ shortcut: shortcutOf(draft.shortcut), text: draft.text });
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
        <label htmlFor={`${id}-shortcut`}>{t("cannedReplies.shortcut")}</label>
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
            // Shown as it will be kept: /Hours is /hours.
            onChange={(e) => setDraft({ ...draft, shortcut: e.target.value.toLowerCase() })}
          />
        </div>
        <span className="hint" id={`${id}-shortcut-hint`}>
          {t("cannedReplies.shortcutHint")}
        </span>
        {shortcutError && (
          <span className="field-error" id={`${id}-shortcut-err`}>
            {shortcutError}
          </span>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-text`}>{t("cannedReplies.text")}</label>
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
            {t("app.cancel")}
          </button>
        )}
      </div>
    </form>
  );
}
