// The live chat window (spec §2.4, §4.5, §5.3, §8) inside the message modal of type "chat".
//
// Props: action (the CHAT action; its chatmodal-* properties, see app/options.ts) · domain
// (the config's domain: id, type for the branding line, properties for the legal notice before a
// chat exists) · apiRoot · staticRoot (sounds under {staticRoot}/audio/) · debug (shows the
// System messages and Profile tabs) · onClose (after the modal's slide-out) · onUnread?(n, arrived?) (agent
// messages the visitor has not seen; the chat button's bubble) · open? (false: close from
// outside, the slide-out plays, then onClose) · returnFocus? (see Modal) · warm? (rendered hidden
// ahead of a click, app/index.tsx: a session of its own that never starts, disposed on unmount;
// the page's session is not touched).
// Header: the title, the status text as subtext (or who is typing; core/presence.ts statusLine:
// the spec's default only while an agent is online), and the agent bar with the presence dot and
// Online/Away (any online agent → online); the dialog carries cnb-c-online or cnb-c-away, which
// greys the header icon when away. While nobody is online the chat says the visitor may leave a
// message, how the answer reaches them, and when someone is back (core/away.ts). Once ended, the
// visitor may ask for the conversation by e-mail (Transcript.tsx).
// The message box says when a draft is over the server's limit (core/limit.ts) and sends nothing
// until it fits. When the chat opens on its messages (a stored profile: a returning visitor, a
// continuation link) and after the profile's Save and "Start a new chat" (the visitor asked to
// write) the focus goes to the message box as soon as it is usable, the dialog holding it while
// connecting; not on open on a touch screen (no keyboard raised before the visitor asks: Modal).
//
// End Chat asks first, inside the window (an alertdialog: "End Chat" or "Keep chatting", the
// latter focused; Esc keeps chatting and the focus goes back to the menu button). Once the chat has
// ended (End Chat, or the agent ended it) the visitor may rate it above "Start a new chat"
// (RatingForm.tsx), which takes the focus when it appears.
//
// The chat itself (connection, messages, outbox) is a session per domain (session.ts) that
// outlives the window, so closing the window keeps counting unread messages.
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import type { Action, Domain } from "../../config/types.gen";
import { branded, Modal, touchScreen } from "../modal/Modal";
import { TEXT } from "./core/api";
import { ATTENTION } from "./core/attention";
import { charactersOver, MAX_MESSAGE_CHARS } from "./core/limit";
import { statusLine } from "./core/presence";
import { MessageBar } from "../modal/MessageBar";
import { Glyph } from "../glyphs";
import { MessageList } from "./MessageList";
import { modalOptions } from "../options";
import { ProfileForm } from "./ProfileForm";
import { useChunk } from "../chunks";
import type { Attachment } from "./core/wire.gen";
import { createChatSession, pageSession, SYSTEM, type ChatSession, type ChatView, type UnreadListener } from "./session";
import { list, plural, t, texts } from "../i18n/index";

export type ChatWindowProps = {
  action: Action;
  domain: Pick<Domain, "id"> & Partial<Domain>;
  apiRoot: string;
  staticRoot: string;
  debug?: boolean;
  onClose: () => void;
  onUnread?: UnreadListener;
  open?: boolean;
  returnFocus?: HTMLElement | null;
  warm?: boolean;
  /** A session to use instead of the page's shared one (tests). */
  session?: ChatSession;
};

export type Tab = "chat" | "system" | "profile";

/** The chat window's texts, in the widget's language (../i18n). */
export const TEXTS = texts("chat");

/** Whether the input is usable, and its placeholder (spec §4.5, §5.3, §8). */
export function inputState(v: ChatView, o: { placeholder?: string }): { disabled: boolean; placeholder: string } {
  if (!v.persona) return { disabled: true, placeholder: TEXTS.completeProfile };
  if (v.phase == "ended") return { disabled: true, placeholder: TEXTS.ended };
  if (v.phase == "error" || v.connectFailed) return { disabled: true, placeholder: TEXTS.couldNotConnect };
  if (v.phase == "live") return { disabled: false, placeholder: o.placeholder || t("modal.placeholder") };
  return { disabled: true, placeholder: TEXTS.connecting };
}

/** The session's current view; a change re-renders (the session is an external store). */
const useView = (s: ChatSession): ChatView => useSyncExternalStore(s.subscribe, s.view);

/** Focuses the element when it appears (a stable callback: called on mount only). */
const focusOnMount = (el: HTMLElement | null) => el && el.focus({ preventScroll: true });

const typingText = (names: string[]) => (names.length ? plural("chat.typing", names.length, { names: list(names) }) : "");

export function ChatWindow(p: ChatWindowProps) {
  const opts = modalOptions(p.action, "chat");
  const [session] = useState<ChatSession>(
    () => p.session || (p.warm ? createChatSession({ apiRoot: "", staticRoot: "", domainId: "" }) : pageSession(p.apiRoot, p.staticRoot, p.domain)),
  );
  const v = useView(session);
  const [tab, setTab] = useState<Tab>(() => (session.view().persona ? "chat" : "profile"));
  const [menu, setMenu] = useState(false);
  const [text, setText] = useState("");
  const box = useRef<HTMLTextAreaElement & HTMLInputElement>(null);
  /** The visitor asked to write (open on the messages, Save, "Start a new chat"): the box takes the focus once usable. */
  const focusBox = useRef(tab == "chat" && !p.warm && !touchScreen());
  /** End Chat asks first (the confirmation is shown while true). */
  const [asking, setAsking] = useState(false);
  const askId = useId();

  useEffect(() => {
    session.setOnUnread(p.onUnread);
  }, [session, p.onUnread]);
  // A layout effect: its cleanup runs on unmount even when the tree goes before effects ran.
  useLayoutEffect(() => (p.warm ? () => session.dispose() : undefined), [session]);
  useEffect(() => {
    if (p.warm) return;
    session.setOpen(true);
    session.begin();
    return () => session.setOpen(false);
  }, [session]);

  // The button that had the focus is gone by now: the dialog holds it until the box is enabled,
  // unless the visitor has moved it somewhere else meanwhile.
  useEffect(() => {
    const el = box.current;
    if (!focusBox.current || !el) return;
    const dialog = el.closest<HTMLElement>('[role="dialog"]');
    const at = (el.getRootNode() as Document | ShadowRoot).activeElement;
    if (at && at != dialog && at != el.ownerDocument.body) focusBox.current = false;
    else if (el.disabled) dialog?.focus({ preventScroll: true });
    else {
      el.focus({ preventScroll: true });
      focusBox.current = false;
    }
  });

  const online = v.presence.online;
  // The away notice is in the chat's chunk (live.ts), loaded when the window opens; searched once
  // per change of who is online, not on every keystroke's render.
  const parts = useChunk("live", !p.warm);
  const away = useMemo(() => {
    if (!parts || !v.presenceKnown || online) return "";
    const now = new Date();
    return parts.awayNotice({ byEmail: v.repliesByEmail, back: parts.nextOpening(p.action.openingHours, now, p.domain.timezone), now });
  }, [parts, v.presenceKnown, online, v.repliesByEmail, p.action.openingHours, p.domain.timezone]);

  const input = inputState(v, opts);
  const over = charactersOver(text);
  const pick = (t: Tab) => {
    setTab(t);
    setMenu(false);
  };
  const askToEnd = () => {
    setMenu(false);
    setTab("chat");
    setAsking(true);
  };
  /** Back to the chat: the focus goes to the menu button the question came from. */
  const keepChatting = (e: { currentTarget: EventTarget | null }) => {
    setAsking(false);
    (e.currentTarget as HTMLElement).closest("[role=dialog]")?.querySelector<HTMLElement>(".cnb-m-menu")?.focus();
  };
  const endChat = (e: { currentTarget: EventTarget | null }) => {
    if (session.endChat()) {
      setText("");
      setAsking(false);
    } else keepChatting(e);
  };
  // Files (docs/attachments.md): the tray that uploads them is a chunk of its own, as is what an
  // ended chat shows (chat/ended.tsx); both load while a chat is live, so they are in when needed
  // (../chunks.ts), and the tray on the first file chosen, pasted or dropped before that.
  const [incoming, setIncoming] = useState<File[]>([]);
  const live = !p.warm && (v.phase == "live" || v.phase == "ended");
  const ended = useChunk("ended", live);
  const Tray = useChunk("files", live || incoming.length > 0)?.FilesTray;
  const [files, setFiles] = useState<[Attachment[], boolean]>([[], false]);
  const [round, setRound] = useState(0);
  const picker = useRef<HTMLInputElement>(null);
  const addFiles = (list: FileList | null) => {
    if (!list || !list.length) return;
    setIncoming((f) => [...f, ...list]);
  };
  const send = (t: string) => {
    if (!files[1] && session.send(t, files[0])) {
      setText("");
      setRound((r) => r + 1);
    }
  };

  const items: Array<{ label: string; run(): void; current?: boolean; disabled?: boolean }> = [
    { label: TEXTS.tabChat, run: () => pick("chat"), current: tab == "chat" },
  ];
  if (p.debug) {
    items.push({ label: TEXTS.tabSystem, run: () => pick("system"), current: tab == "system" });
    items.push({ label: TEXTS.tabProfile, run: () => pick("profile"), current: tab == "profile" });
  }
  items.push({ label: TEXTS.endChat, run: askToEnd, disabled: v.phase != "live" });

  const agentBar = opts.showAgentBar ? (
    <span className="cnb-c-ab" role="status">
      <span className={"cnb-c-pres " + (online ? "cnb-c-on" : "cnb-c-off")} aria-hidden="true" />
      <span className="cnb-c-avail">{online ? TEXTS.online : TEXTS.away}</span>
      {opts.agentBarMessage ? <span className="cnb-c-status">{opts.agentBarMessage}</span> : null}
    </span>
  ) : undefined;

  // Said before the profile too: a visitor knows the chat takes messages before filling it in.
  const awayNote =
    away && v.phase != "ended" ? (
      <p className="cnb-c-away" role="status">
        {away}
      </p>
    ) : null;
  let body;
  if (tab == "profile") {
    body = (
      <>
        {awayNote}
        <ProfileForm
          persona={v.persona}
          properties={session.properties()}
          accepted={(v.persona && v.persona.legalNoticeAccepted) || 0}
          onSave={(f) => {
            session.saveProfile(f);
            focusBox.current = true;
            setTab("chat");
          }}
        />
      </>
    );
  } else if (tab == "system") {
    body = (
      <ol className="cnb-c-syslog" aria-label={TEXTS.tabSystem}>
        {v.system.map((s) => (
          <li key={s.id} className="cnb-c-sys">
            {new Date(s.time).toISOString().slice(11, 19)} {s.text}
          </li>
        ))}
      </ol>
    );
  } else if (v.phase == "error" && v.error) {
    const e = v.error;
    body = (
      <div className="cnb-c-panel" role="alert">
        {e.kind == "network" ? <h3 className="cnb-c-ph">{TEXT.networkTitle}</h3> : null}
        {e.kind == "setup" ? <h3 className="cnb-c-ph">{TEXT.setupTitle}</h3> : null}
        <p className="cnb-c-pt">{e.text}</p>
        {e.kind != "ended" ? (
          <button type="button" className="cnb-c-btn" onClick={() => session.restart()}>
            {TEXTS.retry}
          </button>
        ) : null}
      </div>
    );
  } else {
    body = (
      <>
        {v.banner ? (
          <p className="cnb-c-banner" role="status">
            {ATTENTION.banner}
          </p>
        ) : null}
        {awayNote}
        {v.historyError ? (
          <p className="cnb-c-herr" role="alert">
            {TEXT.history}
          </p>
        ) : null}
        <MessageList
          welcome={opts.messages}
          messages={v.messages}
          pending={v.pending}
          personaId={v.personaId}
          system={v.system.filter((s) => s.text != SYSTEM.connecting && s.text != SYSTEM.connected)}
          onRetry={(id) => session.retry(id)}
        />
        {v.phase == "ended" && v.error ? (
          <p className="cnb-c-pt cnb-c-gone" role="status">
            {v.error.text}
          </p>
        ) : null}
        {v.phase == "ended" && ended ? <ended.RatingForm state={v.rating} onRate={session.rate} /> : null}
        {v.phase == "ended" ? (
          <button
            type="button"
            className="cnb-c-btn cnb-c-new"
            ref={focusOnMount} // the focus stays in the chat (the menu item or the message box is gone)
            onClick={() => {
              focusBox.current = true;
              session.restart();
            }}
          >
            {TEXTS.newChat}
          </button>
        ) : null}
        {v.phase == "ended" && v.repliesByEmail && v.persona && v.persona.email && ended ? <ended.Transcript session={session} /> : null}
      </>
    );
  }

  return (
    <Modal
      {...opts} // header, colours and size; Modal reads only its own props of the rest
      type="chat"
      subtext={typingText(v.presence.typing) || statusLine(opts.subtext, v.presenceKnown ? online : null)}
      onMenu={() => setMenu((m) => !m)}
      menuExpanded={menu}
      agentBar={agentBar}
      branding={branded(p.domain)}
      className={"cnb-c " + (online ? "cnb-c-online" : "cnb-c-away")}
      footer={
        <>
        {Tray && v.channel && v.personaId ? (
          <Tray
            url={`${p.apiRoot}/v1/chat/public/channel/${v.channel.id}/attachments?personaId=${v.personaId}`}
            incoming={incoming}
            onTaken={() => setIncoming([])}
            round={round}
            onChange={(ready, busy) => setFiles([ready, busy])}
          />
        ) : null}
        <MessageBar
          multiline
          allowEmpty={files[0].length > 0}
          onFiles={input.disabled ? undefined : addFiles}
          extra={
            <>
              <input ref={picker} type="file" multiple hidden onChange={(e) => (addFiles(e.currentTarget.files), (e.currentTarget.value = ""))} />
              <button type="button" className="cnb-m-send" aria-label={TEXTS.attach} disabled={input.disabled} onClick={() => picker.current!.click()}>
                <Glyph name="attach" />
              </button>
            </>
          }
          className="cnb-c-bar"
          label={TEXTS.message}
          fieldRef={box}
          problem={over ? plural("chat.tooLong", over, { max: MAX_MESSAGE_CHARS }) : undefined}
          value={text}
          onChange={(t) => {
            setText(t);
            session.input(t);
          }}
          onSend={send}
          placeholder={input.placeholder}
          disabled={input.disabled}
          sendColor={opts.sendColor}
        />
        </>
      }
      onClose={p.onClose}
      open={p.open}
      returnFocus={p.returnFocus}
      warm={p.warm}
    >
      {menu ? (
        <ul className="cnb-c-menu" role="menu" aria-label={TEXTS.menu}>
          {items.map((it) => (
            <li key={it.label} role="none">
              <button
                type="button"
                role="menuitem"
                className={"cnb-c-mi" + (it.current ? " cnb-c-cur" : "")}
                aria-current={it.current ? "page" : undefined}
                disabled={it.disabled}
                onClick={it.run}
              >
                {it.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {asking && v.phase == "live" ? (
        <div
          className="cnb-c-menu cnb-c-ask"
          role="alertdialog"
          aria-labelledby={askId}
          onKeyDown={(e) => {
            if (e.key == "Escape") {
              e.preventDefault(); // the chat stays open (Modal)
              keepChatting(e);
            }
          }}
        >
          <p id={askId}>{TEXTS.endAsk}</p>
          <button type="button" className="cnb-c-btn" onClick={endChat}>
            {TEXTS.endChat}
          </button>
          <button type="button" className="cnb-c-btn cnb-c-keep" ref={focusOnMount} onClick={keepChatting}>
            {TEXTS.endKeep}
          </button>
        </div>
      ) : null}
      {body}
    </Modal>
  );
}

export default ChatWindow;
