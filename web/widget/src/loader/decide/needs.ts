// What the loader must fetch or watch for a config, and when a new decision needs a re-render.
import type { Action, Button, Condition, Config, ConditionType } from "../../config/types.gen";
import type { Decision } from "./types";

/** The button's conditions or actions, in the button's order; unknown ids are left out. */
export const refs = <K extends "conditions" | "actions">(c: Config, b: Button, k: K) =>
  (b[k] || []).map((id) => (c[k] || ([] as { id: string }[])).find((x) => x.id == id)).filter(Boolean) as
    (K extends "actions" ? Action : Condition)[];

const used = (c: Config, k: "conditions" | "actions", test: (x: Partial<Condition & Action>) => unknown) =>
  c.buttons.some((b) => b.active && refs(c, b, k).some(test));
const hasCondition = (t: ConditionType) => (c: Config): boolean => used(c, "conditions", (x) => x.conditionType == t);

/** A geo lookup is needed: an active button has a GEO condition. */
export const needsGeo = hasCondition("GEO");
/** An agents-available lookup is needed: an active button has a CHAT condition. */
export const needsChat = hasCondition("CHAT");
/** Re-evaluate every 60 s: an action of an active button has a schedule that is not showAlways. */
export const hasTimedSchedule = (c: Config): boolean => used(c, "actions", (a) => a.schedule && !a.schedule.showAlways);

/** Equal for two decisions iff they render the same buttons with the same actions in the same order. */
export const decisionKey = (d: Decision): string =>
  JSON.stringify(d.buttons.map((b) => [b.button.id, b.actions.map((a) => a.id)]));
