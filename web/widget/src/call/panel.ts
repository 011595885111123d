// The call panel (docs/configuration.md "A call button on a desktop"): on a device that cannot
// place calls (src/shared/device.ts), a click on a PHONE, SMS or WHATSAPP button shows this
// instead of following a dead tel:/sms: link: the number, "Copy" (the clipboard API, else a
// selected field and execCommand, with a confirmation), a QR code of the link to scan with a
// phone, and for WhatsApp "Open WhatsApp Web". A chunk of its own (dist/beckon-call.js) that the
// loader imports on such a click, with its QR library (qrcode-generator) in it: nothing of it
// loads before. Plain DOM in a shadow root (no React: a few elements); a dialog (role, name,
// focus kept inside, Esc and the close button close it, focus back to the button); in the reader's
// language and direction; no animation when the visitor asks for reduced motion.
import qrcode from "qrcode-generator";
import type { Action, Domain } from "../config/types.gen";
import { direction, readerLanguage } from "../shared/lang";
import { callTexts } from "./texts";

export type CallKind = "PHONE" | "SMS" | "WHATSAPP";

const CSS = `:host{all:initial;position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;background:rgba(0,0,0,.4);font:14px/20px system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#222}
.p{background:#fff;border-radius:12px;box-shadow:0 8px 32px rgba(0,0,0,.25);padding:20px 24px;width:300px;max-width:calc(100vw - 32px);text-align:center;animation:i .15s ease-out}
@keyframes i{from{opacity:0;transform:scale(.96)}}
@media (prefers-reduced-motion:reduce){.p{animation:none}}
h2{margin:0 0 12px;font-size:16px;line-height:22px;font-weight:600;padding-inline-end:28px;text-align:start}
.x{position:absolute;inset-inline-end:10px;top:10px;width:32px;height:32px;border:0;border-radius:50%;background:none;font-size:20px;cursor:pointer;color:#444}
.x:hover{background:#eee}
.n{display:flex;gap:8px;align-items:center}
input{flex:1;min-width:0;font:inherit;font-size:18px;padding:6px 8px;border:1px solid #bbb;border-radius:6px;direction:ltr;text-align:center;color:#111;background:#fff}
button,a.w{font:inherit;font-weight:600;padding:8px 14px;border-radius:6px;border:0;background:#1a56db;color:#fff;cursor:pointer;text-decoration:none;display:inline-block}
:focus-visible{outline:3px solid #1a56db;outline-offset:2px}
.s{min-height:20px;margin:6px 0 0;color:#0a6b2d;font-size:13px}
.q{margin:8px auto 4px;width:176px;height:176px}
.q svg{width:100%;height:100%}
.h{margin:0;color:#555;font-size:13px}
.w{margin-top:12px}
.box{position:relative}`;

export type CallPanel = { kind: CallKind; number: string; href: string; web?: string };

/** What the panel shows for an action and the link the loader built for it (pure). */
export function callPanel(action: Action, href: string): CallPanel {
  const kind = action.actionType as CallKind;
  const number = action.actionValue.replace(/^(tel|sms):/i, "").trim();
  const digits = number.replace(/[^\d]/g, "");
  const text = (action.properties && action.properties.message) || "";
  return kind == "WHATSAPP"
    ? { kind, number, href, web: "https://web.whatsapp.com/send?phone=" + digits + (text ? "&text=" + encodeURIComponent(text) : "") }
    : { kind, number, href };
}

/** The QR code of `text` as an SVG (its modules as one path), scannable by any phone camera. */
export function qrSvg(text: string): string {
  const qr = qrcode(0, "M");
  qr.addData(text);
  qr.make();
  return qr.createSvgTag({ cellSize: 4, margin: 4, scalable: true });
}

let open: { host: HTMLElement; back: HTMLElement | null } | null = null;

/** Closes the panel; focus goes back to the button that opened it. */
export function closeCallPanel(): void {
  if (!open) return;
  const { host, back } = open;
  open = null;
  host.remove();
  back?.focus({ preventScroll: true });
}

/** Shows the panel for a click on `trigger` (a PHONE, SMS or WHATSAPP action's button). */
export function showCallPanel(action: Action, href: string, trigger: HTMLElement | null, domain: Domain | null): void {
  closeCallPanel();
  const p = callPanel(action, href);
  const lang = readerLanguage(domain);
  const t = callTexts(lang);
  // The number isolated left to right (U+2066 … U+2069): "+31 20 …" stays whole in Arabic and Hebrew.
  const fill = (s: string) => s.replace("{{number}}", "\u2066" + p.number + "\u2069");
  const host = document.createElement("div");
  host.className = "cnb-call-host";
  host.setAttribute("lang", lang);
  host.setAttribute("dir", direction(lang));
  const root = host.attachShadow({ mode: "open" });
  const title = p.kind == "SMS" ? t.titleSms : p.kind == "WHATSAPP" ? t.titleWhatsApp : t.title;
  const scan = p.kind == "SMS" ? t.scanSms : p.kind == "WHATSAPP" ? t.scanWhatsApp : t.scan;
  root.innerHTML = `<style>${CSS}</style><div class="p box" role="dialog" aria-modal="true" aria-labelledby="h"><h2 id="h"></h2>
<button type="button" class="x"></button><div class="n"><input readonly><button type="button" class="c"></button></div>
<p class="s" role="status"></p><div class="q" role="img"></div><p class="h"></p></div>`;
  const $ = <E extends Element>(s: string) => root.querySelector(s) as E;
  $("h2").textContent = fill(title);
  const close = $<HTMLButtonElement>(".x");
  close.textContent = "×";
  close.setAttribute("aria-label", t.close);
  const field = $<HTMLInputElement>("input");
  field.value = p.number;
  field.setAttribute("aria-label", t.number);
  const copy = $<HTMLButtonElement>(".c");
  copy.textContent = t.copy;
  const status = $<HTMLElement>(".s");
  const qr = $<HTMLElement>(".q");
  qr.innerHTML = qrSvg(p.href); // our own SVG markup of the link's modules: no visitor text in it
  qr.setAttribute("aria-label", scan);
  $("p.h").textContent = scan;
  if (p.web) {
    const a = document.createElement("a");
    a.className = "w";
    a.href = p.web;
    a.target = "_blank";
    a.rel = "noopener";
    a.textContent = t.web;
    $(".p").appendChild(a);
  }
  copy.addEventListener("click", () => {
    const said = (ok: boolean) => (status.textContent = ok ? t.copied : t.copyFailed);
    const fallback = () => {
      field.select();
      let ok = false;
      try {
        ok = document.execCommand("copy");
      } catch {
        /* the visitor copies the selected number */
      }
      said(ok);
    };
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(p.number).then(() => said(true), fallback);
    else fallback();
  });
  close.addEventListener("click", closeCallPanel);
  // A click on the backdrop closes; Esc closes; Tab stays inside.
  host.addEventListener("click", (e) => e.composedPath()[0] == host && closeCallPanel());
  root.addEventListener("keydown", (e) => {
    const k = e as KeyboardEvent;
    if (k.key == "Escape") return closeCallPanel();
    if (k.key != "Tab") return;
    const stops = Array.from(root.querySelectorAll<HTMLElement>("button, input, a"));
    const at = stops.indexOf(root.activeElement as HTMLElement);
    const next = k.shiftKey ? (at <= 0 ? stops.length - 1 : at - 1) : at == stops.length - 1 ? 0 : at + 1;
    k.preventDefault();
    stops[next].focus();
  });
  document.body.appendChild(host);
  open = { host, back: trigger };
  copy.focus();
}
