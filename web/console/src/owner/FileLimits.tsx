// What files a domain's chats accept (docs/attachments.md): the largest size and the types, which
// the server reads from each file's bytes. Its own section of the domain's settings, saved on its
// own (PUT /api/v1/owner/domains/{id}/attachments).
import { useEffect, useState } from "react";
import { api, ApiError } from "../api/http";
import type { AttachmentLimits } from "../api/types";
import { useStatusFor } from "../ui/useStatusFor";
import { useT } from "../i18n/index";

const MB = 1024 * 1024;

/** The types an owner picks from, with the catalogue key of each one's name (others set through the API are kept, listed after). */
export const FILE_TYPES: { type: string; label: string }[] = [
  { type: "image/png", label: "fileLimits.png" },
  { type: "image/jpeg", label: "fileLimits.jpeg" },
  { type: "image/gif", label: "fileLimits.gif" },
  { type: "image/webp", label: "fileLimits.webp" },
  { type: "application/pdf", label: "fileLimits.pdf" },
  { type: "text/plain", label: "fileLimits.text" },
  { type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", label: "fileLimits.docx" },
  { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", label: "fileLimits.xlsx" },
  { type: "application/vnd.openxmlformats-officedocument.presentationml.presentation", label: "fileLimits.pptx" },
  { type: "application/vnd.oasis.opendocument.text", label: "fileLimits.odt" },
  { type: "application/zip", label: "fileLimits.zip" },
  { type: "image/svg+xml", label: "fileLimits.svg" },
];

export function FileLimits({ domainId }: { domainId: string }) {
  const t = useT();
  const [limits, setLimits] = useState<AttachmentLimits | null>(null);
  const [status, setStatus] = useStatusFor([limits]);
  const [loadError, setLoadError] = useState("");
  useEffect(() => {
    api.GET("/api/v1/owner/domains/{id}/attachments", { params: { path: { id: domainId } } }).then(setLimits, (e: Error) => setLoadError(e.message));
  }, [domainId]);
  if (!limits) return <p className="muted">{loadError || t("app.loading")}</p>;
  const others = limits.types.filter((x) => !FILE_TYPES.some((f) => f.type === x));
  const toggle = (type: string, on: boolean) => setLimits({ ...limits, types: on ? [...limits.types, type] : limits.types.filter((x) => x !== type) });
  const save = async () => {
    try {
      const saved = await api.PUT("/api/v1/owner/domains/{id}/attachments", { params: { path: { id: domainId } }, body: limits });
      setLimits(saved);
      setStatus(t("fileLimits.saved"), [saved]);
    } catch (e) {
      setStatus(e instanceof ApiError && e.problems.length ? e.problems.map((p) => p.message).join("; ") : (e as Error).message);
    }
  };
  return (
    <section className="stack" aria-labelledby="files-h">
      <h3 id="files-h">{t("fileLimits.title")}</h3>
      <label className="file-size">
        <span>{t("fileLimits.largest")}</span>
        <input
          type="number"
          min={1}
          max={100}
          step={1}
          value={Math.round(limits.maxBytes / MB)}
          onChange={(e) => setLimits({ ...limits, maxBytes: Math.max(1, Number(e.target.value) || 1) * MB })}
        />
      </label>
      <fieldset>
        <legend>{t("fileLimits.types")}</legend>
        <div className="grid-fields">
          {FILE_TYPES.map((f) => (
            <label key={f.type} className="inline">
              <input type="checkbox" checked={limits.types.includes(f.type)} onChange={(e) => toggle(f.type, e.target.checked)} />
              <span>{t(f.label)}</span>
            </label>
          ))}
        </div>
        {others.length > 0 && <p className="muted">{t("fileLimits.also", { types: others.join(", ") })}</p>}
      </fieldset>
      <div className="row">
        <button className="primary" onClick={save}>
          {t("fileLimits.save")}
        </button>
        <span aria-live="polite">{status}</span>
      </div>
    </section>
  );
}
