// Publishing the draft, for the publish dialog and the first publication alike: unsaved changes
// are saved first (a draft the server refuses is not published), then the draft goes live.
import { useState } from "react";
import { api } from "../../api/http";
import type { DomainInfo } from "../../api/types";

export const SAVED_FIRST = "Your unsaved changes are saved first.";

export const publishedText = (version: number) => `Published: version ${version} is live.`;

export function usePublish({ domain, dirty, save, onPublished }: { domain: DomainInfo; dirty: boolean; save: (opts?: { quiet?: boolean }) => Promise<boolean>; onPublished: (version: number) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  /** Resolves to the version now live, or null (the reason is in `error`). */
  const publish = async (): Promise<number | null> => {
    setBusy(true);
    setError("");
    try {
      if (dirty && !(await save({ quiet: true }))) {
        setError("The draft could not be saved: fix the problems shown on the page, then publish.");
        return null;
      }
      const r = await api.POST("/api/v1/owner/domains/{id}/publish", { params: { path: { id: domain.id } } });
      onPublished(r.version);
      return r.version;
    } catch (e) {
      setError(`Not published: ${(e as Error).message}`);
      return null;
    } finally {
      setBusy(false);
    }
  };
  return { publish, busy, error, setError, setBusy };
}
