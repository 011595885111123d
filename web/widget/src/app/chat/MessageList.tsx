// The chat's message list (spec §4.5), announced to screen readers (role="log"): the welcome
// text, stored messages (the visitor's on one side, the site's on the other with name and
// avatar), the visitor's pending messages, attachments by type, timestamps where they apply, and
// the connection's system lines. The newest message stays in view as messages come and as their
// pictures load.
import { useLayoutEffect, useRef, type ReactElement, type SyntheticEvent } from "react";
import { safeHref } from "./core/profile";
import { buildTimeline, type Entry } from "./core/timeline";
import type { Attachment, ChatMessage } from "./core/types";
import type { Pending } from "./core/outbox";
import type { SystemLine } from "./session";
import { locale, t } from "../i18n/index";

export type MessageListProps = {
  welcome: string[];
  messages: ChatMessage[];
  pending: Pending[];
  personaId: string | null;
  system: SystemLine[];
  onRetry(clientId: string): void;
};

const clock = (t: number): string => {
  try {
    return new Date(t).toLocaleTimeString(locale(), { hour: "2-digit", minute: "2-digit" });
  } catch {
    return new Date(t).toISOString().slice(11, 16);
  }
};

function Attachments({ list }: { list: Attachment[] }) {
  if (!list || !list.length) return null;
  return (
    <span className="cnb-c-atts">
      {list.map((a, i) => {
        const href = safeHref(a.url);
        if (!href) return null;
        const name = a.name || href.split("/").pop() || "attachment";
        const type = (a.type || "").toLowerCase();
        if (type.startsWith("image"))
          return (
            <a key={i} className="cnb-c-att cnb-c-img" href={href} target="_blank" rel="noopener noreferrer">
              <img src={href} alt={name} loading="lazy" />
            </a>
          );
        if (type.startsWith("video")) return <video key={i} className="cnb-c-att" src={href} controls preload="metadata" aria-label={name} />;
        if (type.startsWith("audio")) return <audio key={i} className="cnb-c-att" src={href} controls preload="metadata" aria-label={name} />;
        return (
          <a key={i} className="cnb-c-att cnb-c-file" href={href} target="_blank" rel="noopener noreferrer" download={name}>
            {name}
          </a>
        );
      })}
    </span>
  );
}

function Row({ e, onRetry }: { e: Entry; onRetry(id: string): void }) {
  const m = e.kind == "message" ? e.message : null;
  const p = e.kind == "pending" ? e.pending : null;
  const sender = m && e.agent ? m.sender : null;
  const avatar = sender && safeHref(sender.avatarUrl);
  const text = m ? m.text : p!.text;
  const attachments = m ? m.attachments : p!.attachments;
  const cls =
    "cnb-c-row " +
    (e.agent ? "cnb-c-them" : "cnb-c-me") +
    (p ? (p.state == "failed" ? " cnb-c-failed" : " cnb-c-pending") : "");
  return (
    <li className={cls} data-seq={m ? m.seq : undefined} data-client-id={p ? p.clientId : undefined}>
      {e.showTime ? (
        <time className="cnb-c-time" dateTime={new Date(e.time).toISOString()}>
          {clock(e.time)}
        </time>
      ) : null}
      <span className="cnb-c-line">
        {e.agent ? (
          avatar ? (
            <img className="cnb-c-av" src={avatar} alt="" />
          ) : (
            <span className="cnb-c-av cnb-c-av0" aria-hidden="true">
              {((sender && sender.name) || "?").slice(0, 1).toUpperCase()}
            </span>
          )
        ) : null}
        {/* Laid out by its own words' direction (a Latin message in an Arabic chat reads left to right);
            the names are <bdi>, isolated, so they do not decide it. */}
        <span className="cnb-c-bubble" dir="auto">
          {sender && sender.name && e.showTime ? <bdi className="cnb-c-name">{sender.name}</bdi> : null}
          {sender && sender.name && !e.showTime ? <bdi className="cnb-c-sr">{sender.name}: </bdi> : null}
          {text ? <span className="cnb-c-text">{text}</span> : null}
          <Attachments list={attachments} />
          {p && p.state == "pending" ? <span className="cnb-c-state">{t("chat.sending")}</span> : null}
          {p && p.state == "failed" ? (
            <span className="cnb-c-state">
              Not sent{p.error ? ` (${p.error})` : ""}.{" "}
              <button type="button" className="cnb-c-link" onClick={() => onRetry(p.clientId)}>
                Try again
              </button>
            </span>
          ) : null}
        </span>
      </span>
    </li>
  );
}

export function MessageList(p: MessageListProps) {
  const ref = useRef<HTMLOListElement>(null);
  const entries = buildTimeline(p.messages, p.pending, p.personaId);
  const count = entries.length + p.system.length;

  // Keep the newest in view.
  useLayoutEffect(() => {
    const el = ref.current;
    const box = el && (el.closest(".cnb-m-bd") as HTMLElement | null);
    if (box) box.scrollTop = box.scrollHeight;
  }, [count]);

  // A picture that loads after its message was laid out makes the thread taller: the newest message
  // stays in view if the reader was at the end before it grew (not when they had scrolled back).
  const loaded = (e: SyntheticEvent) => {
    const box = ref.current!.closest(".cnb-m-bd")!;
    if (box.scrollHeight - box.scrollTop - box.clientHeight - (e.target as HTMLElement).offsetHeight < 32) box.scrollTop = box.scrollHeight;
  };

  // System lines go after the messages of their time.
  const rows: Array<{ key: string; node: ReactElement; time: number }> = entries.map((e) => ({
    key: e.key,
    time: e.time,
    node: <Row key={e.key} e={e} onRetry={p.onRetry} />,
  }));
  for (const s of p.system) {
    let at = rows.length;
    while (at > 0 && rows[at - 1].time > s.time && rows[at - 1].key[0] != "p") at--;
    rows.splice(at, 0, {
      key: "s" + s.id,
      time: s.time,
      node: (
        <li key={"s" + s.id} className="cnb-c-row cnb-c-sys">
          {s.text}
        </li>
      ),
    });
  }

  return (
    // role="log" (implicitly aria-live="polite") is not allowed on a list: a box around it.
    <div role="log" aria-label={t("chat.tabChat")}>
      <ol className="cnb-c-log" ref={ref} onLoadCapture={loaded}>
        {p.welcome.map((w, i) => (
          <li key={"w" + i} className="cnb-c-row cnb-c-them cnb-c-welcome">
            <span className="cnb-c-line">
              <span className="cnb-c-bubble" dir="auto">
                <span className="cnb-c-text">{w}</span>
              </span>
            </span>
          </li>
        ))}
        {rows.map((r) => r.node)}
      </ol>
    </div>
  );
}
