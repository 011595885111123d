// What the builder's controls do to the draft config, as pure functions (unit-tested in
// test/builder.test.ts): adding and removing a channel on a button, the button type Beckon
// proposes for its number of channels, moving an item in a list, and a button's page, country and
// agent rules (conditions of spec §3.1, each owned by one button).
import type { Action, ActionType, Button, ButtonType, Condition, Config, FilterType, MatchType } from "@beckon/widget/config";
import { freshId, newAction, newButton } from "../catalogue";

/**
 * The button type for `count` channels: one → a single round button, several → a button that
 * opens a list. A type the owner picked stays while it still fits (a full-width bar takes up to 5,
 * dots up to 10: crates/model's limits). No words are written beside a list button: left empty,
 * visitors see its + and screen readers name it in the visitor's language (the widget's "Contact
 * options"); words the owner types under "The button that opens the list" are theirs.
 */
export function proposedType(count: number, current: ButtonType): ButtonType {
  if (count <= 1) return current === "FULL" ? "FULL" : "SINGLE";
  if (current === "FULL" && count <= 5) return "FULL";
  if (current === "DOTS" && count <= 10) return "DOTS";
  return "MULTI";
}

/** `list` with the item at `from` moved to `to`. */
export function move<T>(list: T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return list;
  const next = [...list];
  const [x] = next.splice(from, 1);
  next.splice(to, 0, x);
  return next;
}

/**
 * Where an item dragged from `from` goes (move()'s `to`) when dropped before, after or on the
 * item at `target`: dropping just after the item above it, or just before the item below it,
 * leaves it where it is.
 */
export function dropIndex(from: number, target: number, position: "before" | "after" | "on"): number {
  if (position === "after" && target < from) return target + 1;
  if (position === "before" && target > from) return target - 1;
  return target;
}

/** The config with button `b` replaced by `f(button)`. */
export const updateButton = (c: Config, b: number, f: (x: Button) => Button): Config => ({ ...c, buttons: c.buttons.map((x, i) => (i === b ? f(x) : x)) });

/** The actions of button `b`, in its order (ids without an action are skipped). */
export function buttonActions(c: Config, b: number): Action[] {
  const all = c.actions ?? [];
  return (c.buttons[b]?.actions ?? []).map((id) => all.find((a) => a.id === id)).filter((a): a is Action => !!a);
}

/**
 * Adds a channel of `type` to button `b` (a first button is made when there is none): a new action
 * in its brand colour, at the end of the button's list, and the button type proposed for the new
 * count. Returns the config and the new action's id.
 */
export function addChannel(c: Config, b: number, type: ActionType): { config: Config; id: string } {
  const actions = c.actions ?? [];
  const id = freshId(type.toLowerCase(), actions);
  let config: Config = { ...c, actions: [...actions, newAction(id, type)] };
  if (!config.buttons[b]) config = { ...config, buttons: [...config.buttons, newButton(freshId("button", config.buttons), config.domains[0]?.id ?? "")] };
  const at = Math.min(b, config.buttons.length - 1);
  config = updateButton(config, at, (x) => {
    const ids = [...x.actions, id];
    return { ...x, actions: ids, type: proposedType(ids.length, x.type) };
  });
  return { config, id };
}

/** Removes action `id` from button `b`, and from the config when no other button uses it. */
export function removeChannel(c: Config, b: number, id: string): Config {
  let config = updateButton(c, b, (x) => {
    const ids = x.actions.filter((a) => a !== id);
    return { ...x, actions: ids, type: proposedType(ids.length, x.type) };
  });
  if (!config.buttons.some((x) => x.actions.includes(id))) config = { ...config, actions: (config.actions ?? []).filter((a) => a.id !== id) };
  return config;
}

/** A button's conditions of one kind, with their index in `config.conditions`. */
export function buttonConditions(c: Config, b: number, kind: Condition["conditionType"]): { condition: Condition; index: number }[] {
  const all = c.conditions ?? [];
  return (c.buttons[b]?.conditions ?? [])
    .map((id) => all.findIndex((x) => x.id === id))
    .filter((i) => i >= 0 && all[i].conditionType === kind)
    .map((index) => ({ condition: all[index], index }));
}

/** Adds a condition used by button `b`. */
export function addCondition(c: Config, b: number, condition: Omit<Condition, "id">): Config {
  const conditions = c.conditions ?? [];
  const id = freshId(`${condition.conditionType.toLowerCase()}-rule`, conditions);
  const config = { ...c, conditions: [...conditions, { id, ...condition }] };
  return updateButton(config, b, (x) => ({ ...x, conditions: [...(x.conditions ?? []), id] }));
}

/** Removes condition `id` from button `b`, and from the config when no other button uses it. */
export function removeCondition(c: Config, b: number, id: string): Config {
  let config = updateButton(c, b, (x) => ({ ...x, conditions: (x.conditions ?? []).filter((y) => y !== id) }));
  if (!config.buttons.some((x) => (x.conditions ?? []).includes(id))) config = { ...config, conditions: (config.conditions ?? []).filter((x) => x.id !== id) };
  return config;
}

/** The countries (ISO codes, upper case) of a GEO condition's value ("NL, BE" or "NL BE"). */
export const countryCodes = (matchValue: string): string[] => matchValue.toUpperCase().split(/[\s,]+/).filter(Boolean);

/** Page-rule wording (keys of the console's catalogue): how an address is compared (URL match types of spec §3.1). */
export const URL_MATCHES: { value: MatchType; label: string }[] = (["SUBSTRING", "SIMPLE", "EXACT", "REGEX"] as const).map((value) => ({ value, label: `builder.url${value}` }));
export const URL_FILTERS: { value: FilterType; label: string }[] = (["INCLUDE", "EXCLUDE"] as const).map((value) => ({ value, label: `builder.url${value}` }));

/** An action's own texts per language (`translations`): language tag → `labelText` or a property → text. */
export type Translations = Record<string, Record<string, string>>;

/** The languages `translations` gives the action's label in, in their order. */
export const labelLanguages = (translations: Translations | undefined): string[] =>
  Object.keys(translations ?? {}).filter((l) => typeof translations![l]?.labelText === "string");

/**
 * `translations` with the label in `lang` set to `text`. A blank text removes that label (the
 * widget would show an empty label, not the action's own); a language left with no text is
 * dropped, and so is `translations` when none is left (undefined). Other texts of a language
 * (written in the JSON editor, e.g. a chat's title) are kept.
 */
export function withLabelIn(translations: Translations | undefined, lang: string, text: string): Translations | undefined {
  const { labelText: _old, ...others } = translations?.[lang] ?? {};
  const texts = text.trim() ? { ...(translations?.[lang] ?? {}), labelText: text } : others;
  const next: Translations = { ...translations, [lang]: texts };
  if (!Object.keys(texts).length) delete next[lang];
  return Object.keys(next).length ? next : undefined;
}
