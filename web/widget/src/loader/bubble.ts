// The notification bubble on a chat button (spec §4.5): the extras chunk draws it for the welcome
// messages before the app is loaded (chat-resume.ts), the app for unread agent messages
// (app/embed.ts). Its look is inline with !important: the loader's stylesheet unsets everything
// inside .call-now-button, and the bubble needs neither the app's stylesheet nor a rule in
// beckon.css that every page would download.

const LOOK =
  "position:absolute;top:-4px;inset-inline-end:-4px;border-radius:10px;background:#d32f2f;color:#fff;" +
  "font:700 12px/20px system-ui,sans-serif;text-align:center;box-sizing:border-box;pointer-events:none;";

/**
 * Sets the bubble on the buttons of action `actionId`: `text` is the count ("" for a dot without
 * one), null removes it. Hidden from screen readers: the chat announces its own messages.
 */
export function setBubble(actionId: string, text: string | null): void {
  for (const b of Array.from(document.querySelectorAll(`.call-now-button [data-action-id="${CSS.escape(actionId)}"]`))) {
    let s = b.querySelector<HTMLElement>(".cnb-c-badge");
    if (text == null) {
      s?.remove();
      continue;
    }
    if (!s) {
      s = document.createElement("span");
      s.className = "cnb-c-badge";
      s.setAttribute("aria-hidden", "true");
      b.appendChild(s);
    }
    s.style.cssText = (LOOK + (text ? "min-width:20px;height:20px;padding:0 6px" : "width:12px;height:12px")).replace(/;|$/g, "!important;");
    s.textContent = text;
  }
}
