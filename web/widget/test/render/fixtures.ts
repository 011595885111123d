// Decision fixtures for the renderer tests.
import { vi, type Mock } from "vitest";
import type { Action, Button, Domain } from "../../src/config/types.gen";
import type { Decision } from "../../src/loader/decide/types";
import type { RenderEnv } from "../../src/loader/render/index";

export const domain = (over: Partial<Domain> = {}): Domain => ({ id: "dom-1", name: "localhost", type: "FREE", properties: {}, ...over });

export const action = (id: string, over: Partial<Action> = {}): Action => ({
  id,
  actionType: "PHONE",
  actionValue: "+31 20 123 4567",
  ...over,
});

export const button = (over: Partial<Button> = {}): Button => ({
  id: "btn-1",
  active: true,
  domainId: "dom-1",
  type: "SINGLE",
  actions: [],
  options: { placement: "BOTTOM_RIGHT", position: "FIXED" },
  ...over,
});

/** A decision with one button holding the given actions. */
export function decision(b: Partial<Button>, actions: Action[], d: Partial<Domain> = {}): Decision {
  const dom = domain(d);
  return { domain: dom, buttons: [{ button: button({ ...b, actions: actions.map((a) => a.id) }), domain: dom, actions }], warnings: [] };
}

export type TestEnv = RenderEnv & {
  onAction: Mock<RenderEnv["onAction"]>;
  onToggle: Mock<NonNullable<RenderEnv["onToggle"]>>;
  warn: Mock<RenderEnv["warn"]>;
};

export function env(): TestEnv {
  return { onAction: vi.fn(), onToggle: vi.fn(), warn: vi.fn() };
}

export const isHidden = (el: HTMLElement) =>
  el.style.getPropertyValue("display") == "none" && el.style.getPropertyPriority("display") == "important";
