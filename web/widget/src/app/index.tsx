// The lazy React app of the widget (docs/architecture.md "Contracts"): the loader
// imports beckon-app.js on first need and calls (embed.ts builds the surface context)
//
//   open(action, trigger, loaderState, base)   a click on a surface button, or CNB.open
//   resume(loaderState, base)                  at start, when this browser holds an open chat
//   continueFromLink(loaderState, base, token) a link from the visitor's e-mail opened the page
//
// which come down to
//
//   openSurface(action, ctx)   opens the surface of a surface action (WhatsApp/Facebook pop-outs,
//                              Facebook widget, IFRAME, TALLY, INTERCOM, CHAT). Opening the action
//                              that is open closes it (a toggle, spec §4.4); another one replaces it.
//   closeSurface()             closes the open surface (slide-out, focus back to its trigger).
//
// One React root lives in the open shadow root of a container (div.cnb-m-host) appended to <body>
// when this chunk loads (again if the page has removed it), with the surfaces' stylesheet (app.css,
// chat/chat.css) inside: the page's CSS does not reach the surfaces, and ours does not touch the
// page (app.css says what still crosses the boundary). Opening a surface also toggles the
// floating main button: an expanded multi/dots button holding the trigger collapses (by its own
// toggle, so the loader emits cnb:collapse), and focus returns to that toggle on close. A surface
// opens on the side of its button (place(): the container's data-side and data-edge, app.css).
//
// Warm-up (warm.tsx): when the chunk arrives before any surface is open and the pointer or the focus
// is on a surface button, the surface that button opens (chat, pop-outs) is rendered in idle time
// beside the real one, hidden and inert with a context that emits nothing, and unmounted after the
// frame that lays it out: the click renders it anew, faster. Opening a surface ends a warm-up.
//
// Events, through ctx.emit (dispatched on document by the loader):
//   cnb:expand  { actionId, actionType, buttonId }  a surface opened (spec §4.4 "fires an expand event")
//   cnb:close   { actionId, actionType, buttonId }  it closed (or handed over: Intercom, the Facebook widget)
//   cnb:chat-unread { actionId, count, from?, text? }  agent messages the visitor has not seen (0: seen);
//                                                from/text: the reply that raised the count while the
//                                                chat was closed, said once by a polite live region here
// buttonId is the data-button-id of the trigger's button, or null.
import { createRoot, type Root } from "react-dom/client";
import type { ReactNode } from "react";
import type { Action, Config } from "../config/types.gen";
import type { SurfaceContext } from "./context";
import { surfaceFor } from "./surfaces/index";
import { resumeChat, surfaceContext, type LoaderState } from "./embed";
import { loadChunk } from "./chunks";
import { createChatApi, TEXT } from "./chat/core/api";
import { chatStorage } from "./chat/core/storage";
import { idle, intended, warmSteps } from "./warm";
import { language, ownTexts, surfaceRtl, t } from "./i18n/index";
import { loadLanguage } from "./i18n/load";
import { forLanguage, readerLanguage } from "../shared/lang";
import css from "./app.css?raw";
import chatCss from "./chat/chat.css?raw";

export type { SurfaceContext, SurfaceProps } from "./context";
// The app's Preact, for its own lazy chunks (./chunks.ts, app.build.mjs): one copy, one set of hooks.
export { jsx, jsxs, Fragment } from "react/jsx-runtime";
export { useEffect, useRef, useState } from "react";
// … and its catalogue, in the language it speaks.
export { locale, t, texts } from "./i18n/index";
// … and what the surfaces handed over to a third party's SDK share with the others.
export { Modal } from "./modal/Modal";
export { modalProps } from "./surfaces/modalProps";
export { modalOptions, prop } from "./options";
export { messengerUrl, openTab } from "./surfaces/Popout";
export { Welcome } from "./surfaces/Welcome";

type Open = { action: Action; ctx: SurfaceContext; open: boolean; key: number; back: HTMLElement | null; buttonId: string | null };

const CSS = css + chatCss;

let root: Root | null = null;
let host: HTMLElement | null = null;
let current: Open | null = null;
let seq = 0;
/** The warm-up's current step (rendered hidden; parked: display none, no frame styles or lays it out), or null. */
let warm: { n: ReactNode; parked: boolean } | null = null;

/** Inert (no focus, no clicks, nothing for assistive technology); React 18 does not pass an `inert` prop on. */
const inert = (e: HTMLElement | null) => {
  if (e) e.inert = true;
};

/** What the polite live region says: the last reply that arrived while the chat was closed. */
let said = "";

function draw(): void {
  const c = current;
  const S = c && surfaceFor(c.action);
  root!.render(
    <>
      <style>{CSS}</style>
      <p className="cnb-c-sr" role="status">
        {said}
      </p>
      {c && S ? <S key={c.key} action={c.action} ctx={c.ctx} open={c.open} returnFocus={c.back} onClosed={() => closed(c.key)} /> : null}
      {warm ? (
        <div className={"cnb-m-warm" + (warm.parked ? " cnb-m-parked" : "")} aria-hidden="true" ref={inert}>
          {warm.n}
        </div>
      ) : null}
    </>,
  );
}

const detail = (c: Open) => ({ actionId: c.action.id, actionType: c.action.actionType, buttonId: c.buttonId });

function closed(key: number): void {
  const c = current;
  if (!c || c.key != key) return;
  current = null;
  draw();
  c.ctx.emit("cnb:close", detail(c));
}

/** The trigger's button root; an expanded multi/dots one is collapsed, and its toggle gets the focus back. */
function collapse(trigger: HTMLElement | null): { back: HTMLElement | null; buttonId: string | null } {
  const r = trigger?.closest<HTMLElement>(".call-now-button");
  const t = r?.querySelector<HTMLElement>(".cnb-toggle");
  const inList = !!t && t != trigger && !!r && r.classList.contains("cnb-expand");
  if (inList) t!.click();
  return { back: inList ? t! : trigger, buttonId: r?.getAttribute("data-button-id") ?? null };
}

/** The container in the page, with its shadow root and stylesheet (again if the page removed it). */
function mount(): void {
  if (!host) {
    host = document.createElement("div");
    host.className = "cnb-m-host";
    root = createRoot(host.attachShadow({ mode: "open" }));
    draw();
    // A reply while the chat is closed (cnb:chat-unread with its text): said once.
    document.addEventListener("cnb:chat-unread", (e) => {
      const d = (e as CustomEvent<{ from?: string; text?: string }>).detail;
      if (d.text == null) return;
      said = (d.from ? t("chat.newMessageFrom", { name: d.from }) : t("chat.newMessage")) + ": " + d.text;
      draw();
    });
  }
  if (!host.isConnected) document.body.appendChild(host);
  // The surfaces speak the widget's language; right to left for Arabic and Hebrew, and, as the
  // buttons are, on a right-to-left page (app.css uses logical properties).
  host.setAttribute("lang", language());
  host.setAttribute("dir", surfaceDir());
}

/**
 * The widget's language for this config (the domain's, else the page's …: shared/lang.ts), with
 * the owner's words for it (the domain's `texts`): null when its texts are in, else a promise of
 * them (the chunk is usually in already: it starts loading with this one, below).
 */
function speak(l: LoaderState, base: string): Promise<void> | null {
  const d = (l.decision && l.decision.domain) || (l.config && l.config.domains && l.config.domains[0]) || undefined;
  const lang = readerLanguage(d);
  ownTexts(forLanguage(d && d.properties && d.properties.texts, lang));
  return loadLanguage(lang, base);
}

// The chunk usually arrives before the click (prefetched on hover/focus): the empty container and
// its stylesheet go in now, so the stylesheet is parsed before the click, not between click and paint.
if (document.body) {
  // The page's language starts loading with the app (the owner's, if another, when a surface opens).
  void loadLanguage(readerLanguage(undefined), new URL(".", import.meta.url).href);
  mount();
  idle(() => {
    const a = !current && intended();
    if (!a || !surfaceFor(a)) return;
    const steps = warmSteps(a, matchMedia("(hover: none)").matches);
    const last = steps.length - 1;
    // A step per idle task, each short of a long task at 4× CPU throttle. Those before the last run
    // the code only (taken out again in the same task); the last is rendered parked, then shown
    // (hidden) with its style computed at once, leaving its layout to the frame that follows (an
    // idle period comes after a frame), and the next idle task takes it out.
    const step = (i: number) => {
      warm = i <= last + 1 ? { n: steps[Math.min(i, last)], parked: i <= last } : null;
      draw();
      if (i < last) (warm = null), draw();
      if (i == last + 1) (host!.shadowRoot!.lastElementChild as Element & { checkVisibility?(): boolean }).checkVisibility?.();
      if (i <= last + 1) idle(() => !current && step(i + 1));
    };
    step(0);
  });
}

/** The surfaces' direction: right to left in an RTL language or on an RTL page (a declaration: mount() runs before this line). */
function surfaceDir(): "rtl" | "ltr" {
  return surfaceRtl() ? "rtl" : "ltr";
}

/**
 * The surface opens on the side of the button that opened it (its trigger, else the action's button
 * on the page: CNB.open, a resumed chat): left for a cnb-left one, else right, mirrored on RTL pages
 * as the buttons are (both are logical sides); above a bottom or middle one, below a top one.
 */
function place(action: Action, trigger: HTMLElement | null): void {
  const own = Array.from(document.querySelectorAll<HTMLElement>(".call-now-button [data-action-id]")).find((e) => e.dataset.actionId == action.id);
  const r = (trigger || own)?.closest(".call-now-button");
  const c = r ? r.classList : { contains: () => false };
  // The button's side is in the page's direction, the surface's in the widget's language's
  // (mount()): an Arabic widget on a left-to-right page swaps them back.
  const flip = !!r && getComputedStyle(r).direction != surfaceDir();
  host!.setAttribute("data-side", c.contains("cnb-left") != flip ? "start" : "end");
  host!.setAttribute("data-edge", c.contains("cnb-top") ? "top" : "bottom");
}

export function openSurface(action: Action, ctx: SurfaceContext): void {
  if (current?.open && current.action.id == action.id) return closeSurface();
  if (!surfaceFor(action)) return;
  mount(); // again if the page replaced <body>'s content
  place(action, ctx.trigger);
  const prev = current;
  const { back, buttonId } = collapse(ctx.trigger);
  warm = null;
  current = { action, ctx, open: true, key: ++seq, back: back ?? prev?.back ?? null, buttonId };
  draw();
  if (prev) prev.ctx.emit("cnb:close", detail(prev));
  ctx.emit("cnb:expand", detail(current));
}

export function closeSurface(): void {
  if (current?.open) {
    current = { ...current, open: false };
    draw();
  }
}

/** The loader's click (or CNB.open) on a surface action: trigger is the clicked element, base the loader's folder. */
export function open(action: Action, trigger: Element | null | undefined, l: LoaderState, base: string): void {
  const go = () => openSurface(action, surfaceContext(l, trigger, base));
  const wait = speak(l, base);
  if (wait) void wait.then(go);
  else go();
}

/**
 * A link from the visitor's e-mail opened this page (`#cnb-continue=…` on the owner's page, or
 * Beckon's own /c/ page): the conversation becomes this browser's and its chat opens. Resolves to
 * what went wrong, in words for the visitor, or "" when the chat opened.
 */
export async function continueFromLink(l: LoaderState, base: string, token: string): Promise<string> {
  await speak(l, base);
  const link = await loadChunk("continued").catch(() => null);
  const api = createChatApi({ apiRoot: (l.config!.options && l.config!.options.apiRoot) || "" });
  const problem = link ? await link.keepContinued(api, chatStorage(), token) : TEXT.networkText;
  if (!problem) open(link!.chatAction(l.config), null, l, base);
  return problem;
}

/** The loader found a stored open chat: resume it for the chat button shown on this page, if any. */
export function resume(l: LoaderState, base: string): void {
  const id = document.querySelector(".call-now-button [data-action-type=CHAT]")?.getAttribute("data-action-id");
  const a = id && l.config && l.config.actions && l.config.actions.find((x) => x.id == id);
  if (a) void (speak(l, base) || Promise.resolve()).then(() => resumeChat(a, surfaceContext(l, null, base), () => open(a, null, l, base)));
}
