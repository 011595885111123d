import type { Action, Button, Condition, Config, Domain } from "../../src/config/types.gen";
import type { Decision, RuntimeParams } from "../../src/loader/decide/types";

export const params = (over: Partial<RuntimeParams> = {}): RuntimeParams => ({
  domain: "www.example.com",
  now: new Date("2025-01-06T12:00:00Z"),
  url: "https://www.example.com/",
  desktop: true,
  debug: false,
  reportStats: false,
  ...over,
});

export const domain = (over: Partial<Domain> = {}): Domain => ({ id: "d1", name: "example.com", ...over });

export const button = (id: string, over: Partial<Button> = {}): Button => ({
  id,
  active: true,
  domainId: "d1",
  type: "SINGLE",
  actions: ["a1"],
  ...over,
});

export const action = (id: string, over: Partial<Action> = {}): Action => ({
  id,
  actionType: "PHONE",
  actionValue: "+31201234567",
  ...over,
});

export const cond = (id: string, over: Partial<Condition>): Condition => ({
  id,
  filterType: "INCLUDE",
  conditionType: "URL",
  matchType: "SUBSTRING",
  matchValue: "",
  ...over,
});

export const config = (over: Partial<Config> = {}): Config => ({
  userId: "u1",
  domains: [domain()],
  buttons: [button("b1")],
  actions: [action("a1")],
  conditions: [],
  ...over,
});

/** "button:action,action" per rendered button — what a visitor sees. */
export const shown = (d: Decision): string[] => d.buttons.map((b) => b.button.id + ":" + b.actions.map((a) => a.id).join(","));
