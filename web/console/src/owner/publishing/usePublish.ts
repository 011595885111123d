// Publishing the draft, for the publish dialog and the first publication alike: unsaved changes
// are saved first (a draft the server refuses is not published), then the draft goes live.
import { useState } from "react";
import { api } from "../../api/http";
import type { DomainInfo } from "../../api/types";
import { useT } from "../../i18n/index";
import { english, type T } from "../../i18n/t";

export const publishedText = (version: number, t: T = english) => t("publishing.published", { version });

export function usePublish({ domain, dirty, save, onPublished }: { domain: DomainInfo; dirty: boolean; save: (opts?: { quiet?: boolean }) => Promise<boolean>; onPublished: (version: number) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const t = useT();
  /** Resolves to the version now live, or null (the reason is in `error`). */
  const publish = async (): Promise<number | null> => {
    setBusy(true);
    setError("");
    try {
      if (dirty && !(await save({ quiet: true }))) {
        setError(t("publishing.notSaved"));
        return null;
      }
      const r = await api.POST("/api/v1/owner/domains/{id}/publish", { params: { path: { id: domain.id } } });
      onPublished(r.version);
      return r.version;
    } catch (e) {
      setError(t("publishing.notPublished", { error: (e as Error).message }));
      return null;
    } finally {
      setBusy(false);
    }
  };
  return { publish, busy, error, setError, setBusy };
}
