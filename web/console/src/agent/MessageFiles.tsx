// The files of a message: pictures as thumbnails (a click, or Enter, opens the picture large in a
// modal dialog that Esc closes), other files as their name, size, type and a download link. Thumbnails
// have a fixed height, so a row's height does not change when its picture arrives (the thread is
// virtualised: MessageThread.tsx).
import { useRef, useState } from "react";
import { isPicture } from "@beckon/widget";
import type { Attachment } from "../api/types";
import { useT } from "../i18n/index";
import { consoleLocale } from "../i18n/locale";
import { fileSize } from "../lib/files";

function Picture({ a }: { a: Attachment }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const t = useT();
  return (
    <>
      <button
        type="button"
        className="file-thumb"
        aria-label={t("files.openPicture", { name: a.name || t("files.file") })}
        onClick={() => {
          setOpen(true);
          dialog.current?.showModal();
        }}
      >
        <img src={a.url} alt="" loading="lazy" height={96} />
      </button>
      <dialog ref={dialog} className="dialog picture-dialog" aria-label={a.name} onClose={() => setOpen(false)}>
        {open && <img src={a.url} alt={a.name} />}
        <div className="row dialog-actions">
          <a href={a.url} download={a.name}>
            {t("files.download")}
          </a>
          <button type="button" onClick={() => dialog.current?.close()}>
            {t("files.close")}
          </button>
        </div>
      </dialog>
    </>
  );
}

export function MessageFiles({ attachments }: { attachments: Attachment[] }) {
  const t = useT();
  if (!attachments.length) return null;
  return (
    <ul className="message-files">
      {attachments.map((a) => (
        <li key={a.url}>
          {isPicture(a.type) ? (
            <Picture a={a} />
          ) : (
            <a className="file-link" href={a.url} download={a.name}>
              <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                <path fill="none" stroke="currentColor" strokeWidth="2" d="M6 2h8l4 4v16H6zM14 2v4h4" />
              </svg>{" "}
              {a.name || t("files.file")} <span className="muted">({a.size != null ? `${fileSize(a.size, t, consoleLocale())}, ` : ""}{a.type})</span>
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
