// What files a domain's chats accept (docs/attachments.md): the largest size and the types, which
// the server reads from each file's bytes. Its own section of the domain's settings, saved on its
// own (PUT /api/v1/owner/domains/{id}/attachments).
import { useEffect, useState } from "react";
import { api, ApiError } from "../api/http";
import type { AttachmentLimits } from "../api/types";
import { useStatusFor } from "../lib/useStatusFor";

const MB = 1024 * 1024;

/** The types an owner picks from (others set through the API are kept, listed after). */
export const FILE_TYPES: { type: string; label: string }[] = [
  { type: "image/png", label: "PNG pictures" },
  { type: "image/jpeg", label: "JPEG pictures" },
  { type: "image/gif", label: "GIF pictures" },
  { type: "image/webp", label: "WebP pictures" },
  { type: "application/pdf", label: "PDF" },
  { type: "text/plain", label: "Plain text" },
  { type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", label: "Word (.docx)" },
  { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", label: "Excel (.xlsx)" },
  { type: "application/vnd.openxmlformats-officedocument.presentationml.presentation", label: "PowerPoint (.pptx)" },
  { type: "application/vnd.oasis.opendocument.text", label: "OpenDocument text" },
  { type: "application/zip", label: "ZIP archives" },
  { type: "image/svg+xml", label: "SVG (always downloaded, never shown)" },
];

export function FileLimits({ domainId }: { domainId: string }) {
  const [limits, setLimits] = useState<AttachmentLimits | null>(null);
  const [status, setStatus] = useStatusFor([limits]);
  const [loadError, setLoadError] = useState("");
  useEffect(() => {
    api.GET("/api/v1/owner/domains/{id}/attachments", { params: { path: { id: domainId } } }).then(setLimits, (e: Error) => setLoadError(e.message));
  }, [domainId]);
  if (!limits) return <p className="muted">{loadError || "Loading…"}</p>;
  const others = limits.types.filter((t) => !FILE_TYPES.some((f) => f.type === t));
  const toggle = (type: string, on: boolean) => setLimits({ ...limits, types: on ? [...limits.types, type] : limits.types.filter((t) => t !== type) });
  const save = async () => {
    try {
      const saved = await api.PUT("/api/v1/owner/domains/{id}/attachments", { params: { path: { id: domainId } }, body: limits });
      setLimits(saved);
      setStatus("File settings saved.", [saved]);
    } catch (e) {
      setStatus(e instanceof ApiError && e.problems.length ? e.problems.map((p) => p.message).join("; ") : (e as Error).message);
    }
  };
  return (
    <section className="stack" aria-labelledby="files-h">
      <h3 id="files-h">Files in chats</h3>
      <label className="file-size">
        <span>Largest file (MB)</span>
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
        <legend>Files visitors and agents may send (read from each file's contents)</legend>
        <div className="grid-fields">
          {FILE_TYPES.map((f) => (
            <label key={f.type} className="inline">
              <input type="checkbox" checked={limits.types.includes(f.type)} onChange={(e) => toggle(f.type, e.target.checked)} />
              <span>{f.label}</span>
            </label>
          ))}
        </div>
        {others.length > 0 && <p className="muted">Also accepted (set through the API): {others.join(", ")}</p>}
      </fieldset>
      <div className="row">
        <button className="primary" onClick={save}>
          Save file settings
        </button>
        <span aria-live="polite">{status}</span>
      </div>
    </section>
  );
}
