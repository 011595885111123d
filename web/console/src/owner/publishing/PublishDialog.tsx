// "Publish…": a modal dialog (the native <dialog>: focus moves in, Esc closes, the page behind is
// inert) listing what changed since the published version in plain words (changes.ts), then
// publishing (usePublish: unsaved changes are saved first). A first publication has nothing to
// compare with: FirstPublish.tsx says what goes live and publishes in one click. Beside the
// changes: what visitors will then get, and what the draft holds that will not show, with why (LeftOut).
import { useRef, useState } from "react";
import type { Config } from "@beckon/widget/config";
import { api, ApiError, modelConfig } from "../../api/http";
import type { DomainInfo } from "../../api/types";
import { goingLive, summarizeChanges } from "./changes";
import { LeftOut } from "./LeftOut";
import { publishedText, usePublish } from "./usePublish";
import { useT } from "../../i18n/index";

export function PublishDialog({ domain, config, dirty, save, onPublished }: { domain: DomainInfo; config: Config | null; dirty: boolean; save: (opts?: { quiet?: boolean }) => Promise<boolean>; onPublished: (version: number) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const t = useT();
  const [changes, setChanges] = useState<string[] | null>(null);
  // Before the first publication the changes are what goes live; after it, what goes live is said too.
  const [firstTime, setFirstTime] = useState(false);
  const [status, setStatus] = useState("");
  const { publish: publishDraft, busy, error, setError, setBusy } = usePublish({ domain, dirty, save, onPublished });

  const open = async () => {
    if (!config) return;
    setStatus("");
    setError("");
    setChanges(null);
    dialog.current?.showModal();
    try {
      const published = await api.GET("/api/v1/owner/domains/{id}/config/published", { params: { path: { id: domain.id } } }).then(modelConfig, (e) => {
        if (e instanceof ApiError && e.status === 404) return null;
        throw e;
      });
      setFirstTime(!published);
      setChanges(summarizeChanges(published, config, undefined, t));
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const publish = async () => {
    const version = await publishDraft();
    if (version === null) return;
    dialog.current?.close();
    setStatus(publishedText(version, t));
  };
  const nothing = changes !== null && changes.length === 0;
  return (
    <div className="row">
      <button className="primary" onClick={open} disabled={!config}>
        {t("publishing.publishDialog")}
      </button>
      <span role="status">{status}</span>
      <dialog ref={dialog} className="dialog" aria-labelledby="publish-dialog-h" onClose={() => setBusy(false)}>
        <h3 id="publish-dialog-h">{t("publishing.publishDomain", { domain: domain.name })}</h3>
        {changes === null && !error && <p className="muted">{t("publishing.comparing")}</p>}
        {nothing && <p>{t("publishing.noChanges")}</p>}
        {changes && changes.length > 0 && (
          <>
            <p>{domain.config.publishedVersion ? t("publishing.changesSince", { version: domain.config.publishedVersion }) : t("publishing.visitorsWillGet")}</p>
            <ul className="change-list" aria-label={t("publishing.changes")}>
              {changes.map((c, i) => (
                <li key={i}>{c}</li>
              ))}
            </ul>
            {!firstTime && config && <LiveList config={config} />}
          </>
        )}
        {changes && config && <LeftOut config={config} />}
        {dirty && <p className="muted">{t("publishing.savedFirst")}</p>}
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <div className="row dialog-actions">
          <button className="primary" onClick={publish} disabled={busy || changes === null || nothing}>
            {t(busy ? "publishing.publishing" : "publishing.publishNow")}
          </button>
          <button onClick={() => dialog.current?.close()}>{t("app.cancel")}</button>
        </div>
      </dialog>
    </div>
  );
}

/** What visitors get once published (goingLive: the widget's own decision). */
function LiveList({ config }: { config: Config }) {
  const t = useT();
  const live = goingLive(config, t);
  return (
    <>
      <p>{t(live.length ? "publishing.thenGet" : "publishing.thenNoButton")}</p>
      {live.length > 0 && (
        <ul className="change-list" aria-label={t("publishing.whatVisitorsGet")}>
          {live.map((l, i) => (
            <li key={i}>{l}</li>
          ))}
        </ul>
      )}
    </>
  );
}
