// The page-level JS API, window.CNB (docs/architecture.md "Contracts"):
//
//   CNB.version                       "1.0.109"
//   CNB.render(data?, addObservers = true): Promise<HTMLElement[]>
//       Renders again, removing the buttons rendered before, from `data` (a config object as in
//       CNB_DATA, or its JSON text) or, without data, from the config read at startup. Resolves to
//       the rendered button roots (empty when nothing applies now, or when the data is not a
//       config / the page has no viewport meta tag). Never rejects. Roots are returned at once and
//       revealed when the stylesheet applies. addObservers=false skips the 60 s timer and the
//       resize observer (a one-off preview).
//   CNB.consent(given: boolean)
//       The visitor's consent (docs/javascript-api.md): on a domain with waitForConsent, Beckon
//       makes no request but its own files and writes no storage before CNB.consent(true).
//   CNB.open(actionId): boolean
//       Opens the surface (modal, chat, iframe …) of an action of the current config; false when
//       no such action.
//
// Events dispatched on document (CustomEvent, detail as shown):
//   cnb:click    { actionId, actionType, buttonId }   every click on an action
//   cnb:open     { actionId, actionType }             a surface is being opened
//   cnb:expand   { buttonId }                         a multi button expanded
//   cnb:collapse { buttonId }                         a multi button collapsed
import type { Widget } from "./widget";
import { VERSION } from "./version";

export type CnbApi = {
  version: string;
  render(data?: unknown, addObservers?: boolean): Promise<HTMLElement[]>;
  open(actionId: string): boolean;
  consent(given: boolean): void;
};

export function installApi(widget: Widget): void {
  const api: CnbApi = { version: VERSION, render: widget.render, open: widget.open, consent: widget.consent };
  (window as { CNB?: CnbApi }).CNB = api;
}
