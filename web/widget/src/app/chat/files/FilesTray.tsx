// The files a visitor adds to a message (docs/attachments.md), in a chunk of its own
// (dist/beckon-files.js, loaded on the first file chosen, pasted or dropped: ChatWindow.tsx): each
// is checked against the domain's limits (core/files.ts), uploaded at once with its progress
// (upload.ts), and may be cancelled or removed; a failed one says why. The window sends the
// message with those uploaded (`onChange`), and a new `round` (after sending) empties the tray.
import { useEffect, useRef, useState } from "react";
import { t } from "../../i18n/index";
import { fileFault, sizeText } from "../core/files";
import type { Attachment, AttachmentLimits } from "../core/wire.gen";
import { uploadFile } from "../upload";
import { faultText, uploadErrorText } from "./words";

export type FilesTrayProps = {
  /** The chat's files URL (`…/channel/{id}/attachments?personaId=…`). */
  url: string;
  /** Files to add; `onTaken` says they were. */
  incoming: File[];
  onTaken(): void;
  /** Bumped after a message went: the tray empties. */
  round: number;
  /** The files uploaded, and whether any is still on its way. */
  onChange(ready: Attachment[], busy: boolean): void;
};

type Item = { key: number; name: string; size: number; progress: number; done?: Attachment; error?: string; abort: AbortController };

let next = 0;

export function FilesTray(p: FilesTrayProps) {
  const [items, setItems] = useState<Item[]>([]);
  const limits = useRef<Promise<AttachmentLimits | null> | null>(null);
  limits.current ||= fetch(p.url)
    .then((r) => (r.ok ? r.json() : null))
    .catch(() => null);
  const change = (key: number, patch: Partial<Item>) => setItems((l) => l.map((i) => (i.key == key ? { ...i, ...patch } : i)));

  useEffect(() => {
    if (!p.incoming.length) return;
    const files = p.incoming;
    p.onTaken();
    void limits.current!.then((l) =>
      files.forEach((f) => {
        const key = next++;
        const fault = l && fileFault(f, l);
        const error = fault ? faultText(f, fault, l) : undefined;
        const item: Item = { key, name: f.name, size: f.size, progress: 0, error, abort: new AbortController() };
        setItems((list) => [...list, item]);
        if (error) return;
        uploadFile(p.url, f, { signal: item.abort.signal, onProgress: (progress) => change(key, { progress }) }).then(
          (done) => change(key, { done, progress: 1 }),
          (e: Error) => e.name != "AbortError" && change(key, { error: uploadErrorText(f.name, e) }),
        );
      }),
    );
  }, [p.incoming]);

  useEffect(() => setItems((l) => (l.forEach((i) => i.abort.abort()), [])), [p.round]);

  useEffect(() => {
    p.onChange(
      items.filter((i) => i.done).map((i) => i.done!),
      items.some((i) => !i.done && !i.error),
    );
  }, [items]);

  if (!items.length) return null;
  return (
    <ul className="cnb-c-files" aria-label={t("files.tray")} style={{ listStyle: "none", margin: 0, padding: "4px 12px", fontSize: 13 }}>
      {items.map((i) => (
        <li key={i.key} style={{ display: "flex", gap: "0 8px", alignItems: "baseline", flexWrap: "wrap", margin: "2px 0" }}>
          <span style={{ overflowWrap: "anywhere" }}>
            {i.name} ({sizeText(i.size)})
          </span>
          {i.error ? (
            <span role="alert" style={{ color: "#b00020", flexBasis: "100%", order: 3 }}>
              {i.error}
            </span>
          ) : i.done ? null : (
            <progress max={1} value={i.progress} aria-label={t("files.uploading", { name: i.name })} style={{ width: 80 }} />
          )}
          {/* The visible word is in the name (WCAG "label in name"); the name says which file. */}
          <button
            type="button"
            className="cnb-c-link"
            aria-label={t(i.done || i.error ? "files.removeFile" : "files.cancelFile", { name: i.name })}
            onClick={() => setItems((l) => l.filter((x) => (x.key == i.key ? (x.abort.abort(), false) : true)))}
          >
            {t(i.done || i.error ? "files.remove" : "files.cancel")}
          </button>
        </li>
      ))}
    </ul>
  );
}
