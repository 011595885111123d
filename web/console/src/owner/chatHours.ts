// A live chat has one set of opening hours, and the owner says what happens outside them: the chat
// stays and takes messages, telling visitors when someone is back ("We're back tomorrow at
// 09:00": the action's `openingHours`, web/widget/src/app/chat/core/away.ts), or the chat is
// hidden (the action's `schedule`, spec §5.1, as for every channel). The config keeps two fields,
// so this reads the one set from either and writes it to the field the choice names, clearing
// the other. A chat saved with both (before the builder had one set) reads as hidden outside its
// `schedule`, which is what visitors got: hidden outside those hours, "We're back" never showed
// then. Pure.
import type { Action, Schedule } from "@beckon/widget/config";

/** What a chat does outside its hours: stay and take messages, or hide. */
export type OutsideHours = "messages" | "hide";

export type ChatHours = { hours: Schedule | undefined; outside: OutsideHours };

const limited = (s: Schedule | undefined): s is Schedule => !!s && !s.showAlways;

/** The chat's hours and what it does outside them, as visitors get them. */
export function chatHours(action: Pick<Action, "schedule" | "openingHours">): ChatHours {
  if (limited(action.schedule)) return { hours: action.schedule, outside: "hide" };
  return { hours: action.openingHours ?? action.schedule, outside: "messages" };
}

/**
 * The action with these hours in the field `outside` names and none in the other. Taking
 * messages ignores "outside these hours instead" (when someone is back is when the hours open),
 * so it is not carried there.
 */
export function withChatHours<A extends Pick<Action, "schedule" | "openingHours">>(action: A, hours: Schedule | undefined, outside: OutsideHours): A {
  const { schedule: _schedule, openingHours: _opening, ...rest } = action;
  if (!hours) return rest as A;
  if (outside === "hide") return { ...rest, schedule: hours } as A;
  const { outsideHours: _inverted, ...opening } = hours;
  return { ...rest, openingHours: opening } as A;
}
