// What the loader must fetch or watch for a config, and when a new decision needs a re-render.
import type { Config, ConditionType } from "../../config/types.gen";
import type { Decision } from "./types";

const active = (c: Config) => (c.buttons || []).filter((b) => b.active);
const hasCondition = (c: Config, t: ConditionType) =>
  active(c).some((b) =>
    (b.conditions || []).some((id) => (c.conditions || []).some((x) => x.id == id && x.conditionType == t)),
  );

/** A geo lookup is needed: an active button has a GEO condition. */
export const needsGeo = (c: Config): boolean => hasCondition(c, "GEO");
/** An agents-available lookup is needed: an active button has a CHAT condition. */
export const needsChat = (c: Config): boolean => hasCondition(c, "CHAT");
/** Re-evaluate every 60 s: an action of an active button has a schedule that is not showAlways. */
export const hasTimedSchedule = (c: Config): boolean =>
  active(c).some((b) =>
    (b.actions || []).some((id) => (c.actions || []).some((a) => a.id == id && !!a.schedule && !a.schedule.showAlways)),
  );

/** Equal for two decisions iff they render the same buttons with the same actions in the same order. */
export const decisionKey = (d: Decision): string =>
  JSON.stringify(d.buttons.map((b) => [b.button.id, b.actions.map((a) => a.id)]));
