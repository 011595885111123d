// What changed between two configs, in the owner's words ("WhatsApp number changed", "Phone call
// hidden on Saturdays"): the publish dialog shows it for the published version → the draft; and
// what a first publication puts live ("A button for WhatsApp at the bottom right"). Pure.
import type { Action, Button, Config, Schedule } from "@beckon/widget/config";
import { ACTION_TYPES, BUTTON_TYPES, PLACEMENTS, WEEKDAYS } from "../catalogue";
import { type Day, weekWindows, WHOLE_DAY, windowText } from "../schedule";
import { ACTION_LIMIT } from "@beckon/widget";
import { buttonActions } from "../builder/edits";
import { decided, type Device, missedText, onlyText, shownOn } from "../visibility";

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

const plural = (day: string) => `${day}s`;

// The console writes British English: no comma before "and".
const andFormat = new Intl.ListFormat("en-GB", { type: "conjunction" });

/** "WhatsApp", "WhatsApp and Call", "WhatsApp, Call and E-mail". */
const andList = (names: string[]): string => andFormat.format(names);

/** "Saturdays", "Saturdays and Sundays", "Mondays, Tuesdays and Fridays". */
export function dayList(days: string[]): string {
  return andList(days.map(plural));
}

/** What the owner calls an action: its channel, and its label when two actions share a channel. */
function actionNamer(config: Config): (a: Action) => string {
  const actions = config.actions ?? [];
  return (a) => {
    const channel = ACTION_TYPES[a.actionType]?.label ?? a.actionType;
    const twins = actions.filter((x) => x.actionType === a.actionType).length > 1;
    return twins && a.labelText ? `${channel} "${a.labelText}"` : channel;
  };
}

/** What the owner calls a button: "The button" when there is one, else by its place. */
function buttonNamer(config: Config): (b: Button) => string {
  const buttons = config.buttons ?? [];
  return (b) => {
    if (buttons.length <= 1) return "The button";
    const i = buttons.findIndex((x) => x.id === b.id);
    return `Button ${i + 1}`;
  };
}

const label = <T extends string>(list: { value: T; label: string }[], v: T | undefined) => list.find((o) => o.value === v)?.label ?? String(v ?? "");

function scheduleChanges(name: string, before: Schedule | undefined, after: Schedule | undefined, locale?: string): string[] {
  const wasAlways = !before || before.showAlways;
  const isAlways = !after || after.showAlways;
  if (wasAlways && isAlways) return [];
  if (isAlways) return [`${name} shown at all times`];
  const out: string[] = [];
  if (!!after?.outsideHours !== (!wasAlways && !!before?.outsideHours)) {
    out.push(after?.outsideHours ? `${name} shown outside its hours` : `${name} shown during its hours`);
  }
  const was = wasAlways ? Array<Day>(7).fill(WHOLE_DAY) : weekWindows(before);
  const now = weekWindows(after);
  const hidden = WEEKDAYS.filter((_, i) => was[i] && !now[i]);
  const shown = WEEKDAYS.filter((_, i) => !was[i] && now[i]);
  if (hidden.length) out.push(`${name} hidden on ${dayList(hidden)}`);
  if (shown.length) out.push(`${name} shown on ${dayList(shown)}`);
  out.push(...hoursChanges(name, wasAlways ? null : was, now, locale));
  if (!wasAlways && (before?.timezone ?? "") !== (after?.timezone ?? "")) out.push(`${name} time zone changed`);
  return out;
}

/**
 * The hours in words: one line when every open day shares its window ("hours set to 09:00–17:00"),
 * else one per new window with its days ("hours set to 10:00–14:00 on Saturdays"). was: the week
 * before, or null when the action was offered at all times.
 */
function hoursChanges(name: string, was: Day[] | null, now: Day[], locale?: string): string[] {
  const text = (w: Day) => (w ? windowText(w, locale) : "");
  const open = now.filter(Boolean);
  const shared = open.every((w) => text(w) === text(open[0]));
  if (shared && open.length) {
    const before = was?.filter(Boolean) ?? [];
    const wasShared = before.every((w) => text(w) === text(before[0]));
    const same = was && wasShared && before.length && text(before[0]) === text(open[0]);
    return same ? [] : [`${name} hours set to ${text(open[0])}`];
  }
  // Days open now whose window is new to them, grouped by that window.
  const groups = new Map<string, string[]>();
  now.forEach((w, i) => {
    if (!w || (was && text(was[i]) === text(w))) return;
    groups.set(text(w), [...(groups.get(text(w)) ?? []), WEEKDAYS[i]]);
  });
  return [...groups].map(([window, days]) => `${name} hours set to ${window} on ${dayList(days)}`);
}

const LOOK_FIELDS: (keyof Action)[] = [
  "backgroundColor",
  "iconEnabled",
  "iconClass",
  "iconColor",
  "iconText",
  "iconType",
  "iconBackgroundImage",
  "labelTextColor",
  "labelBackgroundColor",
];

/** "WhatsApp number" from the builder's field label ("Your WhatsApp number"). */
function valueName(t: Action["actionType"]): string {
  const v = ACTION_TYPES[t]?.value as unknown;
  const text = typeof v === "string" ? v : ((v as { label?: string } | undefined)?.label ?? "Value");
  const bare = text.replace(/^Your /, "");
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}

function actionChanges(name: string, before: Action, after: Action, locale?: string): string[] {
  const out: string[] = [];
  const type = ACTION_TYPES[after.actionType];
  if (before.actionType !== after.actionType) out.push(`${ACTION_TYPES[before.actionType]?.label ?? before.actionType} changed to ${type?.label ?? after.actionType}`);
  else if (before.actionValue !== after.actionValue) out.push(`${valueName(after.actionType)} changed${name === type?.label ? "" : ` (${name})`}`);
  if ((before.labelText ?? "") !== (after.labelText ?? "")) out.push(after.labelText ? `${name}: label changed to "${after.labelText}"` : `${name}: label removed`);
  if (LOOK_FIELDS.some((k) => !same(before[k], after[k]))) out.push(`${name}: look changed`);
  const props = new Set([...Object.keys(before.properties ?? {}), ...Object.keys(after.properties ?? {})]);
  for (const key of props) {
    if ((before.properties?.[key] ?? "") === (after.properties?.[key] ?? "")) continue;
    const field = type?.properties.find((p) => p.key === key);
    out.push(`${name}: ${(field?.label ?? key).toLowerCase()} changed`);
  }
  out.push(...scheduleChanges(name, before.schedule, after.schedule, locale));
  return out;
}

function buttonChanges(name: string, before: Button, after: Button, nameAction: (id: string) => string): string[] {
  const out: string[] = [];
  if (before.active !== after.active) out.push(after.active ? `${name} turned on` : `${name} turned off`);
  if (before.type !== after.type) out.push(`${name} is now ${label(BUTTON_TYPES, after.type).replace(/ \(.*\)$/, "").toLowerCase()}`);
  const bo = before.options ?? {};
  const ao = after.options ?? {};
  if ((bo.placement ?? "BOTTOM_RIGHT") !== (ao.placement ?? "BOTTOM_RIGHT")) out.push(`${name} moved to ${label(PLACEMENTS, ao.placement ?? "BOTTOM_RIGHT").toLowerCase()}`);
  if (!same({ ...bo, placement: undefined }, { ...ao, placement: undefined }) || !same(before.multiButtonOptions, after.multiButtonOptions)) out.push(`${name}: look or behaviour changed`);
  const added = after.actions.filter((id) => !before.actions.includes(id));
  const removed = before.actions.filter((id) => !after.actions.includes(id));
  for (const id of added) out.push(`${nameAction(id)} added to ${name.toLowerCase()}`);
  for (const id of removed) out.push(`${nameAction(id)} removed from ${name.toLowerCase()}`);
  const kept = before.actions.filter((id) => after.actions.includes(id));
  if (!added.length && !removed.length && !same(kept, after.actions.filter((id) => before.actions.includes(id)))) out.push(`Order of the channels changed`);
  if (!same(before.conditions ?? [], after.conditions ?? [])) out.push(`${name}: where it shows changed`);
  return out;
}

/**
 * What visitors get, one line a button the widget shows (visibility.ts: its own decision, the
 * visit's rules taken as met), with the channels it shows: "A button for WhatsApp at the bottom
 * right", "A button for WhatsApp and Call at the top left (phones only)". Empty when no button
 * shows anything. The first publication says this; later ones say it beside what changed.
 */
export function goingLive(config: Config): string[] {
  const name = actionNamer(config);
  return (config.buttons ?? []).flatMap((b, i) => {
    const devices = shownOn(config, i);
    if (!devices.length) return [];
    const channels = shownChannels(config, i, devices);
    const where = `at the ${label(PLACEMENTS, b.options?.placement ?? "BOTTOM_RIGHT").toLowerCase()}`;
    return [`A button for ${andList(channels.map(name))} ${where}${onlyText(devices)}`];
  });
}

/** The channels of button `i` the widget shows (on the first of `devices`), in its order. */
const shownChannels = (config: Config, i: number, devices: Device[]): Action[] => decided(config, devices[0]).find((d) => d.button.id === config.buttons[i].id)?.actions ?? [];

/**
 * What the draft holds that visitors will not get, and why, one line each: a button switched off;
 * a button hidden on a screen it is meant for ("Button 2 (Call) will not show: Button 1 already
 * takes the bottom right, …"); channels beyond what the button's type shows. A button without a
 * channel holds nothing to leave out.
 */
export function leftOut(config: Config): string[] {
  const name = actionNamer(config);
  const buttonName = buttonNamer(config);
  return (config.buttons ?? []).flatMap((b, i) => {
    const channels = buttonActions(config, i);
    if (!channels.length) return [];
    const title = config.buttons.length > 1 ? `${buttonName(b)} (${andList(channels.map(name))})` : buttonName(b);
    if (b.active === false) return [`${title} is switched off`];
    const missed = missedText(config, i);
    if (missed) return [`${title} ${missed}`];
    const devices = shownOn(config, i);
    if (!devices.length) return [];
    const shown = shownChannels(config, i, devices);
    const cut = channels.filter((a) => !shown.includes(a));
    if (!cut.length) return [];
    const limit = ACTION_LIMIT[b.type];
    const why = cut.length + shown.length > limit ? `a ${label(BUTTON_TYPES, b.type).replace(/ \(.*\)$/, "").toLowerCase()} button shows ${limit === 1 ? "one channel" : `${limit} channels at most`}` : "the widget cannot use it";
    return [`${andList(cut.map(name))} on ${title.charAt(0).toLowerCase() + title.slice(1)} will not show: ${why}`];
  });
}

/**
 * The changes from `before` (the published config; null before the first publication) to `after`
 * (the draft), one plain sentence each, in the order the owner meets them: channels, buttons,
 * rules, settings. Empty when nothing changed. Times are written in `locale` (the browser's when
 * undefined), as the builder's time fields show them.
 */
export function summarizeChanges(before: Config | null, after: Config, locale?: string): string[] {
  if (!before) return goingLive(after);
  const out: string[] = [];
  const nameBefore = actionNamer(before);
  const nameAfter = actionNamer(after);
  const beforeActions = new Map((before.actions ?? []).map((a) => [a.id, a]));
  const afterActions = new Map((after.actions ?? []).map((a) => [a.id, a]));
  const inUse = (c: Config, id: string) => (c.buttons ?? []).some((b) => b.actions.includes(id));

  for (const a of after.actions ?? []) {
    const b = beforeActions.get(a.id);
    if (!b) {
      if (inUse(after, a.id)) out.push(`${nameAfter(a)} added`);
    } else out.push(...actionChanges(nameAfter(a), b, a, locale));
  }
  for (const b of before.actions ?? []) {
    if (!afterActions.has(b.id) && inUse(before, b.id)) out.push(`${nameBefore(b)} removed`);
  }

  const nameButtonBefore = buttonNamer(before);
  const nameButtonAfter = buttonNamer(after);
  const beforeButtons = new Map(before.buttons.map((b) => [b.id, b]));
  const afterIds = new Set(after.buttons.map((b) => b.id));
  const actionName = (id: string) => {
    const a = afterActions.get(id) ?? beforeActions.get(id);
    return a ? (afterActions.has(id) ? nameAfter(a) : nameBefore(a)) : id;
  };
  for (const b of after.buttons) {
    const old = beforeButtons.get(b.id);
    if (!old) out.push(`${b.actions.length > 1 ? "A button with " + b.actions.map(actionName).join(", ") : "A " + (b.actions[0] ? actionName(b.actions[0]) + " button" : "button")} added`);
    else {
      // Channels added to or removed from a button are already told as added or removed.
      const lines = buttonChanges(nameButtonAfter(b), old, b, actionName).filter((l) => {
        const m = /^(.*) (added to|removed from) /.exec(l);
        return !m || !out.includes(`${m[1]} ${m[2] === "added to" ? "added" : "removed"}`);
      });
      out.push(...lines);
    }
  }
  for (const b of before.buttons) if (!afterIds.has(b.id)) out.push(`${nameButtonBefore(b)} removed`);
  if (!same(before.buttons.map((b) => b.id).filter((id) => afterIds.has(id)), after.buttons.map((b) => b.id).filter((id) => beforeButtons.has(id)))) out.push("Order of the buttons changed");

  if (!same(before.conditions ?? [], after.conditions ?? [])) {
    const changed = new Set(out.filter((l) => l.endsWith("where it shows changed")));
    if (!changed.size) out.push("Page, country or availability rules changed");
  }

  const bd = before.domains[0];
  const ad = after.domains[0];
  if (bd && ad) {
    if (bd.name !== ad.name || !same(bd.aliases ?? [], ad.aliases ?? [])) out.push(`Site address changed to ${ad.name}`);
    if ((bd.timezone ?? "") !== (ad.timezone ?? "")) out.push(ad.timezone ? `Time zone changed to ${ad.timezone}` : "Time zone removed: hours follow each visitor's own clock");
    if (!same(bd.properties, ad.properties) || bd.type !== ad.type) out.push("Site settings changed");
  }
  if (!same(before.options, after.options)) out.push("Page-wide options changed");
  if (!out.length && !same(before, after)) out.push("Other settings changed");
  return out;
}
