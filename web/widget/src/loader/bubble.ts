// The notification bubble on a chat button (spec §4.5), drawn by the extras chunk (chat-resume.ts):
// for the welcome messages before the app is loaded, and for unread agent messages as the app
// tells them (the cnb:chat-unread event), so the app chunk carries none of this. Its look is inline with !important: the loader's stylesheet unsets everything
// inside .call-now-button, and the bubble needs neither the app's stylesheet nor a rule in
// beckon.css that every page would download.
// A chat inside a multi/dots button is hidden while the menu is collapsed: the menu's toggle, the
// control the visitor sees, gets the bubble too, and says it in its accessible name ("Contact us,
// 1 unread message"). The loader redraws the toggle on every open and close (render/index.ts):
// a MutationObserver on its aria-expanded takes the toggle's own name anew and says the count again.

import type { Action } from "../config/types.gen";

const LOOK =
  "position:absolute;top:-4px;inset-inline-end:-4px;border-radius:10px;background:#d32f2f;color:#fff;" +
  "font:700 12px/20px system-ui,sans-serif;text-align:center;box-sizing:border-box;pointer-events:none;";

/** Puts the bubble on element e (text: the count, "" a dot), or removes it (null). */
function badge(e: Element, text: string | null): void {
  let s = e.querySelector<HTMLElement>(":scope > .cnb-c-badge");
  if (text == null) return s?.remove();
  if (!s) {
    s = document.createElement("span");
    s.className = "cnb-c-badge";
    s.setAttribute("aria-hidden", "true");
    e.appendChild(s);
  }
  s.style.cssText = (LOOK + (text ? "min-width:20px;height:20px;padding:0 6px" : "width:12px;height:12px")).replace(/;|$/g, "!important;");
  s.textContent = text;
}

/** Per toggle: its bubble text, what it says of it, and its own aria-label as the loader set it. */
const toggles = new WeakMap<HTMLElement, { text: string | null; unread: string; own: string | null }>();

function markToggle(t: HTMLElement): void {
  const m = toggles.get(t)!;
  // On the root, at the toggle's corner (the root is as big as the toggle; the list and labels are
  // absolutely placed): not inside the toggle, whose visible text stays its label.
  badge(t.parentElement!, m.text);
  // The loader names the toggle by aria-label ("Contact options" in the reader's language), or by its label's text.
  const name = m.own || (t.querySelector(".cnb-l")?.textContent || "").trim();
  if (m.text != null) t.setAttribute("aria-label", name + ", " + m.unread);
  else if (m.own) t.setAttribute("aria-label", m.own);
  else t.removeAttribute("aria-label");
}

/**
 * Sets the bubble on the buttons of action `actionId`: `text` is the count ("" for a dot without
 * one), null removes it. Hidden from screen readers: the chat announces its own messages, and a
 * menu's toggle says `unread` ("2 unread messages") in its name.
 */
export function setBubble(actionId: string, text: string | null, unread = "1 unread message"): void {
  for (const b of Array.from(document.querySelectorAll(`.call-now-button [data-action-id="${CSS.escape(actionId)}"]`))) {
    badge(b, text);
    const t = b.closest(".call-now-button")?.querySelector<HTMLElement>(".cnb-toggle");
    if (!t) continue;
    if (!toggles.has(t))
      new MutationObserver(() => {
        toggles.get(t)!.own = t.getAttribute("aria-label");
        markToggle(t);
      }).observe(t, { attributeFilter: ["aria-expanded"] });
    const own = toggles.has(t) ? toggles.get(t)!.own : t.getAttribute("aria-label");
    toggles.set(t, { text, unread, own });
    markToggle(t);
  }
}

/**
 * The bubble on the chat buttons of action a for `count` unread messages: the count when the
 * action's show-notification-count is true, a dot otherwise; removed at 0 (the chat opened).
 */
export const showBubble = (a: Action, count: number): void =>
  setBubble(
    a.id,
    count ? (/^\s*true\s*$/i.test(String((a.properties || {})["show-notification-count"])) ? String(count) : "") : null,
    count + " unread message" + (count > 1 ? "s" : ""),
  );
