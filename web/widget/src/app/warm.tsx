// Warming the first open up. The chunk is usually here because the pointer or the focus came to a
// surface button (the extras chunk prefetches it then: loader/chat-resume.ts). Before the click,
// in idle time, the app renders the surface that button opens, hidden from everyone (index.tsx:
// visibility hidden, aria-hidden, inert; the surfaces' `warm` prop keeps the focus where it is,
// listens to no key and starts no chat connection), lets the browser compute its style and layout
// in the next frame, then unmounts it. The click then finds the app's code run once (V8's inline
// caches and optimised code, the renderer's paths), the browser's style caches filled and the fonts
// shaped: bench/chat.mjs "click → painted chat window".
// The first render of a surface is too long for one task at 4× CPU throttle (a long task on hover),
// so it comes in steps, an idle task each: a message bar, the modal's frame with it, the chat's
// profile form in that, then the whole surface. Only the last one is left for a frame to style and lay out.
// On a screen without hover the warm-up runs at idle after the page's load (loader/chat-resume.ts),
// long before a tap, where no step can delay a click: the whole surface at once, a single step, so
// the page's load pays for one run of the code instead of four (bench/network.mjs "own script").
// Only surfaces that load nothing while rendered are warmed: the pop-outs and the chat, not the
// frames (their iframe would load) nor the third parties' hand-overs.
import type { ReactNode } from "react";
import type { Action, Config, Domain } from "../config/types.gen";
import { ProfileForm } from "./chat/ProfileForm";
import { MessageBar } from "./modal/MessageBar";
import { Modal } from "./modal/Modal";
import { surfaceFor } from "./surfaces/index";

const WARMED = /^(CHAT|WHATSAPP|FACEBOOK)$/;

/**
 * The action of the surface button under the pointer or holding the focus, as far as its button
 * tells (id and type; the config is the loader's until the click); null when there is none. On a
 * screen without hover (a phone: the extras chunk prefetched this chunk at idle, and the tap is the
 * first sign of intent), the first shown surface button that is warmed.
 */
export function intended(d: Document = document): Action | null {
  const selector = ".call-now-button button.cnb-act";
  const warmed = (button: Element | null | undefined) => !!button && WARMED.test(button.getAttribute("data-action-type") || "");
  const pointed = d.querySelector<HTMLElement>(selector + ":hover") || d.activeElement?.closest<HTMLElement>(selector);
  const touched = () => (matchMedia("(hover: none)").matches ? Array.from(d.querySelectorAll<HTMLElement>(selector)).find(warmed) : undefined);
  const button = pointed || touched();
  if (!warmed(button)) return null;
  return { id: button!.getAttribute("data-action-id"), actionType: button!.getAttribute("data-action-type"), actionValue: "", properties: {} } as Action;
}

/** fn in an idle period (within 1 s), or after 200 ms where there is no requestIdleCallback. */
export const idle = (fn: () => void): unknown =>
  typeof requestIdleCallback == "function" ? requestIdleCallback(() => fn(), { timeout: 1000 }) : setTimeout(fn, 200);

const none = () => {};

/** What the steps of the warm-up of action a render, in order: only the last when `whole`. */
export function warmSteps(a: Action, whole = false): ReactNode[] {
  const S = surfaceFor(a)!;
  const chat = a.actionType == "CHAT";
  const bar = <MessageBar multiline onSend={none} />;
  const shell = (body?: ReactNode) => (
    <Modal warm type="chat" title="" branding onClose={none} footer={bar}>
      {body}
    </Modal>
  );
  const ctx = { config: { actions: [a] } as Config, domain: { id: "" } as Domain, trigger: null, staticRoot: "", debug: false, emit: none };
  const surface = <S warm action={a} ctx={ctx} open returnFocus={null} onClosed={none} />;
  if (whole) return [surface];
  return [bar, shell(), chat ? shell(<ProfileForm persona={null} properties={{}} accepted={0} onSave={none} />) : null, surface].filter(Boolean);
}
