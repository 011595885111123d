// "Publish…": a modal dialog (the native <dialog>: focus moves in, Esc closes, the page behind is
// inert) listing what changed since the published version in plain words (changes.ts), then
// publishing (usePublish: unsaved changes are saved first). A first publication has nothing to
// compare with: FirstPublish.tsx says what goes live and publishes in one click.
import { useRef, useState } from "react";
import type { Config } from "../../../../widget/src/config/types.gen";
import { api, ApiError } from "../../api/http";
import type { DomainInfo } from "../../api/types";
import { summarizeChanges } from "./changes";
import { publishedText, SAVED_FIRST, usePublish } from "./usePublish";

export function PublishDialog({ domain, config, dirty, save, onPublished }: { domain: DomainInfo; config: Config | null; dirty: boolean; save: (opts?: { quiet?: boolean }) => Promise<boolean>; onPublished: (version: number) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [changes, setChanges] = useState<string[] | null>(null);
  const [status, setStatus] = useState("");
  const { publish: publishDraft, busy, error, setError, setBusy } = usePublish({ domain, dirty, save, onPublished });

  const open = async () => {
    if (!config) return;
    setStatus("");
    setError("");
    setChanges(null);
    dialog.current?.showModal();
    try {
      const published = await api<Config>(`/v1/owner/domains/${domain.id}/config/published`).catch((e) => {
        if (e instanceof ApiError && e.status === 404) return null;
        throw e;
      });
      setChanges(summarizeChanges(published, config));
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const publish = async () => {
    const version = await publishDraft();
    if (version === null) return;
    dialog.current?.close();
    setStatus(publishedText(version));
  };
  const nothing = changes !== null && changes.length === 0;
  return (
    <div className="row">
      <button className="primary" onClick={open} disabled={!config}>
        Publish…
      </button>
      <span role="status">{status}</span>
      <dialog ref={dialog} className="dialog" aria-labelledby="publish-dialog-h" onClose={() => setBusy(false)}>
        <h3 id="publish-dialog-h">Publish {domain.name}?</h3>
        {changes === null && !error && <p className="muted">Comparing with the published version…</p>}
        {nothing && <p>No changes since the published version.</p>}
        {changes && changes.length > 0 && (
          <>
            <p>{domain.config.publishedVersion ? `What changes for visitors since version ${domain.config.publishedVersion}:` : "What visitors will get:"}</p>
            <ul className="change-list" aria-label="Changes">
              {changes.map((c, i) => (
                <li key={i}>{c}</li>
              ))}
            </ul>
          </>
        )}
        {dirty && <p className="muted">{SAVED_FIRST}</p>}
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <div className="row dialog-actions">
          <button className="primary" onClick={publish} disabled={busy || changes === null || nothing}>
            {busy ? "Publishing…" : "Publish now"}
          </button>
          <button onClick={() => dialog.current?.close()}>Cancel</button>
        </div>
      </dialog>
    </div>
  );
}
