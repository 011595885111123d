// Every published version with who published it and when; any one shown in the live preview, and
// restored as the draft in one click (the server binds it to the domain as it is now).
import { useCallback, useEffect, useRef, useState } from "react";
import type { Config } from "@beckon/widget/config";
import { api, modelConfig } from "../../api/http";
import type { ConfigVersion, DomainInfo } from "../../api/types";
import { fullTime } from "../../lib/time";
import { useStatusFor } from "../../ui/useStatusFor";
import { Preview } from "../Preview";
import { useT } from "../../i18n/index";
import { consoleLocale } from "../../i18n/locale";

/** `draft`: the draft being edited; `onRestored` resolves to the draft the restore made. */
export function VersionHistory({ domain, draft, dirty, onRestored, refresh }: { domain: DomainInfo; draft: Config | null; dirty: boolean; onRestored: () => Promise<Config>; refresh: number }) {
  const [versions, setVersions] = useState<ConfigVersion[] | null>(null);
  const [viewing, setViewing] = useState<{ version: number; config: Config } | null>(null);
  // "Version 1 is now the draft" holds until the draft changes or a version is published.
  const [status, setStatus] = useStatusFor([draft, domain.config.publishedVersion, refresh]);
  const [error, setError] = useState("");
  const t = useT();
  // The preview opens below the list: it is brought into view, and focus goes to it (and back to
  // its version's Preview button when it closes).
  const shown = useRef<HTMLDivElement>(null);
  const shownVersion = viewing?.version;
  useEffect(() => {
    if (shownVersion === undefined || !shown.current) return;
    shown.current.scrollIntoView({ block: "start" });
    shown.current.focus({ preventScroll: true });
  }, [shownVersion]);
  const close = () => {
    const v = viewing?.version;
    setViewing(null);
    if (v !== undefined) document.getElementById(`preview-version-${v}`)?.focus();
  };

  const load = useCallback(async () => {
    try {
      const r = await api.GET("/api/v1/owner/domains/{id}/versions", { params: { path: { id: domain.id } } });
      setVersions(r.versions);
    } catch (e) {
      setError((e as Error).message);
    }
  }, [domain.id]);
  useEffect(() => {
    void load();
  }, [load, refresh]);

  const view = async (v: number) => {
    setError("");
    try {
      const r = await api.GET("/api/v1/owner/domains/{id}/versions/{version}", { params: { path: { id: domain.id, version: String(v) } } });
      setViewing({ version: v, config: modelConfig(r.config) });
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const restore = async (v: number) => {
    if (dirty && !confirm(t("publishing.restoreQuestion"))) return;
    setError("");
    try {
      await api.POST("/api/v1/owner/domains/{id}/versions/{version}/restore", { params: { path: { id: domain.id, version: String(v) } } });
      const restored = await onRestored();
      setStatus(t("publishing.restored", { version: v }), [restored, domain.config.publishedVersion, refresh]);
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <section className="stack" aria-labelledby="history-h">
      <h3 id="history-h">{t("publishing.history")}</h3>
      {versions?.length === 0 && <p className="muted">{t("publishing.nothingPublished")}</p>}
      {versions && versions.length > 0 && (
        <ol className="version-list" aria-label={t("publishing.versions")}>
          {versions.map((v) => (
            <li key={v.version} className="version" aria-current={viewing?.version === v.version ? "true" : undefined}>
              <span className="version-what">
                <strong>{t("publishing.version", { version: v.version })}</strong>
                {v.current && <span className="badge">{t("publishing.live")}</span>}
              </span>
              <span className="muted">
                {fullTime(v.publishedAt, consoleLocale())} · {v.publishedBy ? v.publishedBy.name : t("publishing.fromCommandLine")}
              </span>
              <span className="row version-actions">
                <button id={`preview-version-${v.version}`} onClick={() => view(v.version)} aria-label={t("publishing.previewVersion", { version: v.version })}>
                  {t("publishing.preview")}
                </button>
                <button onClick={() => restore(v.version)} aria-label={t("publishing.restoreVersion", { version: v.version })}>
                  {t("publishing.restore")}
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
      <p role="status">{status}</p>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {viewing && (
        <div ref={shown} tabIndex={-1} className="stack card version-preview" aria-label={t("publishing.versionInPreview", { version: viewing.version })} role="region">
          <div className="row">
            <strong>{t("publishing.showingVersion", { version: viewing.version })}</strong>
            <button onClick={close}>{t("publishing.closePreview")}</button>
          </div>
          <Preview key={viewing.version} config={viewing.config} note={t("publishing.previewNote", { version: viewing.version })} />
        </div>
      )}
    </section>
  );
}
