// What changed between two configs, in the owner's words ("WhatsApp number changed", "Phone call
// hidden on Saturdays"): the publish dialog shows it for the published version → the draft; and
// what a first publication puts live ("A button for WhatsApp at the bottom right"). Pure; the words
// are in the console's language given (`t`, i18n/en/builder.ts "publishing"), English by default.
import type { Action, Button, Config, Domain, Schedule } from "@beckon/widget/config";
import { english, type T } from "../../i18n/t";
import { ACTION_TYPES, BUTTON_TYPE_NAMES, placeIn, showsBranding, WEEKDAYS } from "../catalogue";
import { type Day, weekWindows, WHOLE_DAY, windowText } from "../schedule";
import { ACTION_LIMIT } from "@beckon/widget";
import { buttonActions } from "../builder/edits";
import { decided, type Device, missedText, onlyText, shownOn } from "../visibility";

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** "WhatsApp", "WhatsApp and Call", "WhatsApp, Call and E-mail" (in British English, no comma before "and"). */
const andList = (names: string[], t: T): string => new Intl.ListFormat(t("builder.locale"), { type: "conjunction" }).format(names);

/** Days by index (Monday = 0) as "Saturdays", "Saturdays and Sundays", "Mondays, Tuesdays and Fridays". */
export function dayList(days: number[], t: T = english): string {
  return andList(days.map((i) => t(`catalogue.${WEEKDAYS[i]}s`)), t);
}

/** What the owner calls an action: its channel, and its label when two actions share a channel. */
function actionNamer(config: Config, t: T): (a: Action) => string {
  const actions = config.actions ?? [];
  return (a) => {
    const type = ACTION_TYPES[a.actionType];
    const channel = type ? t(type.label) : a.actionType;
    const twins = actions.filter((x) => x.actionType === a.actionType).length > 1;
    return twins && a.labelText ? t("publishing.named", { channel, label: a.labelText }) : channel;
  };
}

/**
 * What the owner calls a button: "The button" when there is one, else by its place; `within` a
 * sentence ("added to the button").
 */
function buttonNamer(config: Config, t: T): (b: Button, within?: boolean) => string {
  const buttons = config.buttons ?? [];
  return (b, within = false) => {
    if (buttons.length <= 1) return t(within ? "publishing.theButtonIn" : "publishing.theButton");
    const i = buttons.findIndex((x) => x.id === b.id);
    return t(within ? "publishing.buttonIn" : "publishing.button", { n: i + 1 });
  };
}

const indices = (keep: (i: number) => unknown): number[] => WEEKDAYS.map((_, i) => i).filter(keep);

function scheduleChanges(name: string, before: Schedule | undefined, after: Schedule | undefined, locale: string | undefined, t: T): string[] {
  const wasAlways = !before || before.showAlways;
  const isAlways = !after || after.showAlways;
  if (wasAlways && isAlways) return [];
  if (isAlways) return [t("publishing.shownAlways", { name })];
  const out: string[] = [];
  if (!!after?.outsideHours !== (!wasAlways && !!before?.outsideHours)) {
    out.push(t(after?.outsideHours ? "publishing.shownOutside" : "publishing.shownDuring", { name }));
  }
  const was = wasAlways ? Array<Day>(7).fill(WHOLE_DAY) : weekWindows(before);
  const now = weekWindows(after);
  const hidden = indices((i) => was[i] && !now[i]);
  const shown = indices((i) => !was[i] && now[i]);
  if (hidden.length) out.push(t("publishing.hiddenOn", { name, days: dayList(hidden, t) }));
  if (shown.length) out.push(t("publishing.shownOn", { name, days: dayList(shown, t) }));
  out.push(...hoursChanges(name, wasAlways ? null : was, now, locale, t));
  if (!wasAlways && (before?.timezone ?? "") !== (after?.timezone ?? "")) out.push(t("publishing.zoneChanged", { name }));
  return out;
}

/**
 * The hours in words: one line when every open day shares its window ("hours set to 09:00–17:00"),
 * else one per new window with its days ("hours set to 10:00–14:00 on Saturdays"). was: the week
 * before, or null when the action was offered at all times.
 */
function hoursChanges(name: string, was: Day[] | null, now: Day[], locale: string | undefined, t: T): string[] {
  const text = (w: Day) => (w ? windowText(w, locale, t) : "");
  const open = now.filter(Boolean);
  const shared = open.every((w) => text(w) === text(open[0]));
  if (shared && open.length) {
    const before = was?.filter(Boolean) ?? [];
    const wasShared = before.every((w) => text(w) === text(before[0]));
    const same = was && wasShared && before.length && text(before[0]) === text(open[0]);
    return same ? [] : [t("publishing.hoursSet", { name, hours: text(open[0]) })];
  }
  // Days open now whose window is new to them, grouped by that window.
  const groups = new Map<string, number[]>();
  now.forEach((w, i) => {
    if (!w || (was && text(was[i]) === text(w))) return;
    groups.set(text(w), [...(groups.get(text(w)) ?? []), i]);
  });
  return [...groups].map(([hours, days]) => t("publishing.hoursSetOn", { name, hours, days: dayList(days, t) }));
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

/**
 * An action's main value changed: "WhatsApp number changed" (English: the question without "Your";
 * other languages may say the channel and the question, "WhatsApp: „Ihre WhatsApp-Nummer“ geändert").
 */
function valueChanged(name: string, type: Action["actionType"], t: T): string {
  const info = ACTION_TYPES[type];
  const channel = info ? t(info.label) : type;
  const question = info?.value.label ? t(info.value.label) : type;
  const bare = question.replace(/^Your /, "");
  const value = bare.charAt(0).toUpperCase() + bare.slice(1);
  return t("publishing.valueChanged", { value, channel, question, which: name === channel ? "" : t("publishing.which", { name }) });
}

function actionChanges(name: string, before: Action, after: Action, locale: string | undefined, t: T): string[] {
  const out: string[] = [];
  const type = ACTION_TYPES[after.actionType];
  const channel = (a: Action) => (ACTION_TYPES[a.actionType] ? t(ACTION_TYPES[a.actionType].label) : a.actionType);
  if (before.actionType !== after.actionType) out.push(t("publishing.typeChanged", { from: channel(before), to: channel(after) }));
  else if (before.actionValue !== after.actionValue) out.push(valueChanged(name, after.actionType, t));
  if ((before.labelText ?? "") !== (after.labelText ?? "")) out.push(after.labelText ? t("publishing.labelChanged", { name, label: after.labelText }) : t("publishing.labelRemoved", { name }));
  if (LOOK_FIELDS.some((k) => !same(before[k], after[k]))) out.push(t("publishing.lookChanged", { name }));
  const props = new Set([...Object.keys(before.properties ?? {}), ...Object.keys(after.properties ?? {})]);
  for (const key of props) {
    if ((before.properties?.[key] ?? "") === (after.properties?.[key] ?? "")) continue;
    const field = type?.properties.find((p) => p.key === key);
    const label = field ? t(field.label) : key;
    out.push(t("publishing.propertyChanged", { name, field: label.toLowerCase(), Field: label }));
  }
  out.push(...scheduleChanges(name, before.schedule, after.schedule, locale, t));
  // A chat's hours it stays open outside of (../chatHours.ts): they change what it says, not when it shows.
  if (!same(before.openingHours, after.openingHours)) out.push(t("publishing.openingHoursChanged", { name }));
  return out;
}

/**
 * What changed on a button. `told`: the channels already said to be added or removed as such (not
 * said again as added to or removed from the button).
 */
function buttonChanges(name: string, within: string, before: Button, after: Button, nameAction: (id: string) => string, told: { added: Set<string>; removed: Set<string> }, t: T): string[] {
  const out: string[] = [];
  if (before.active !== after.active) out.push(t(after.active ? "publishing.turnedOn" : "publishing.turnedOff", { name }));
  if (before.type !== after.type) out.push(t("publishing.isNow", { name, type: t(BUTTON_TYPE_NAMES[after.type]) }));
  const bo = before.options ?? {};
  const ao = after.options ?? {};
  if ((bo.placement ?? "BOTTOM_RIGHT") !== (ao.placement ?? "BOTTOM_RIGHT")) out.push(t("publishing.movedTo", { name, place: t(placeIn(ao.placement ?? "BOTTOM_RIGHT")) }));
  if (!same({ ...bo, placement: undefined }, { ...ao, placement: undefined }) || !same(before.multiButtonOptions, after.multiButtonOptions)) out.push(t("publishing.behaviourChanged", { name }));
  const added = after.actions.filter((id) => !before.actions.includes(id));
  const removed = before.actions.filter((id) => !after.actions.includes(id));
  for (const id of added) if (!told.added.has(nameAction(id))) out.push(t("publishing.addedTo", { channel: nameAction(id), button: within }));
  for (const id of removed) if (!told.removed.has(nameAction(id))) out.push(t("publishing.removedFrom", { channel: nameAction(id), button: within }));
  const kept = before.actions.filter((id) => after.actions.includes(id));
  if (!added.length && !removed.length && !same(kept, after.actions.filter((id) => before.actions.includes(id)))) out.push(t("publishing.channelOrder"));
  if (!same(before.conditions ?? [], after.conditions ?? [])) out.push(t("publishing.whereChanged", { name }));
  return out;
}

/**
 * What visitors get, one line a button the widget shows (visibility.ts: its own decision, the
 * visit's rules taken as met), with the channels it shows: "A button for WhatsApp at the bottom
 * right", "A button for WhatsApp and Call at the top left (phones only)". Empty when no button
 * shows anything. The first publication says this; later ones say it beside what changed.
 */
export function goingLive(config: Config, t: T = english): string[] {
  const name = actionNamer(config, t);
  return (config.buttons ?? []).flatMap((b, i) => {
    const devices = shownOn(config, i);
    if (!devices.length) return [];
    const channels = shownChannels(config, i, devices);
    return [t("publishing.goingLive", { channels: andList(channels.map(name), t), place: t(placeIn(b.options?.placement ?? "BOTTOM_RIGHT")), only: onlyText(devices, t) })];
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
export function leftOut(config: Config, t: T = english): string[] {
  const name = actionNamer(config, t);
  const buttonName = buttonNamer(config, t);
  return (config.buttons ?? []).flatMap((b, i) => {
    const channels = buttonActions(config, i);
    if (!channels.length) return [];
    // "Button 2 (Call and E-mail)", and inside a sentence "button 2 (Call and E-mail)".
    const titled = (within: boolean) => (config.buttons.length > 1 ? t("publishing.buttonWith", { button: buttonName(b, within), channels: andList(channels.map(name), t) }) : buttonName(b, within));
    const title = titled(false);
    if (b.active === false) return [t("publishing.switchedOff", { title })];
    const missed = missedText(config, i, t);
    if (missed) return [t("publishing.missed", { title, missed })];
    const devices = shownOn(config, i);
    if (!devices.length) return [];
    const shown = shownChannels(config, i, devices);
    const cut = channels.filter((a) => !shown.includes(a));
    if (!cut.length) return [];
    const limit = ACTION_LIMIT[b.type];
    const why = cut.length + shown.length > limit ? t("publishing.limit", { count: limit, type: t(BUTTON_TYPE_NAMES[b.type]) }) : t("publishing.cannotUse");
    return [t("publishing.cut", { channels: andList(cut.map(name), t), title: titled(true), why })];
  });
}

/** The label of each domain setting on Settings (catalogue keys), by its property. */
const SETTING_LABELS: Record<string, string> = {
  scale: "domainSettings.scale",
  zindex: "domainSettings.zindex",
  allowMultipleButtons: "domainSettings.several",
  trackGA: "domainSettings.ga",
  trackConversion: "domainSettings.conversions",
  avoidCollisions: "domainSettings.collisions",
  debug: "domainSettings.debug",
  waitForConsent: "domainSettings.consent",
  language: "languages.language",
};
/** Settings whose absence means on. */
const ON_UNLESS_OFF = new Set(["avoidCollisions"]);

/**
 * The domain's settings that changed (Settings, saved to the draft's domain entry), each named as
 * Settings labels it: "Settings: “Wait for the visitor's consent” switched on", "Settings: “Scale
 * of every button” changed"; the legal notice once whichever of its fields changed, the owner's
 * words once per language.
 */
function settingChanges(before: Domain, after: Domain, t: T): string[] {
  const out: string[] = [];
  const said = new Set<string>();
  const say = (line: string) => (said.has(line) ? undefined : (said.add(line), out.push(line)));
  if (showsBranding(before.type) !== showsBranding(after.type)) say(t(showsBranding(after.type) ? "publishing.settingOn" : "publishing.settingOff", { setting: t("domainSettings.branding") }));
  const b: Record<string, unknown> = { ...before.properties };
  const a: Record<string, unknown> = { ...after.properties };
  const languageName = (tag: string) => new Intl.DisplayNames(t("builder.locale"), { type: "language" }).of(tag) ?? tag;
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (same(b[key], a[key])) continue;
    if (key === "texts") {
      const bt = (b.texts ?? {}) as Record<string, unknown>;
      const at = (a.texts ?? {}) as Record<string, unknown>;
      for (const lang of new Set([...Object.keys(bt), ...Object.keys(at)])) {
        if (!same(bt[lang], at[lang])) say(t("publishing.settingChanged", { setting: t("languages.ownInGroup", { language: languageName(lang) }) }));
      }
      continue;
    }
    if (key.startsWith("chat-legal-")) {
      say(t("publishing.settingChanged", { setting: t("legal.title") }));
      continue;
    }
    const setting = SETTING_LABELS[key] ? t(SETTING_LABELS[key]) : key;
    const on = (v: unknown) => (v === undefined && ON_UNLESS_OFF.has(key) ? true : v === true);
    const isSwitch = [b[key], a[key]].every((v) => v === undefined || typeof v === "boolean");
    if (isSwitch && on(b[key]) === on(a[key])) continue; // unticked is off, as unset was
    say(isSwitch ? t(on(a[key]) ? "publishing.settingOn" : "publishing.settingOff", { setting }) : t("publishing.settingChanged", { setting }));
  }
  return out;
}

/**
 * The changes from `before` (the published config; null before the first publication) to `after`
 * (the draft), one plain sentence each, in the order the owner meets them: channels, buttons,
 * rules, settings. Empty when nothing changed. Times are written in `locale` (the browser's when
 * undefined), as the builder's time fields show them.
 */
export function summarizeChanges(before: Config | null, after: Config, locale?: string, t: T = english): string[] {
  if (!before) return goingLive(after, t);
  const out: string[] = [];
  const nameBefore = actionNamer(before, t);
  const nameAfter = actionNamer(after, t);
  const told = { added: new Set<string>(), removed: new Set<string>() };
  const beforeActions = new Map((before.actions ?? []).map((a) => [a.id, a]));
  const afterActions = new Map((after.actions ?? []).map((a) => [a.id, a]));
  const inUse = (c: Config, id: string) => (c.buttons ?? []).some((b) => b.actions.includes(id));

  for (const a of after.actions ?? []) {
    const b = beforeActions.get(a.id);
    if (!b) {
      if (inUse(after, a.id)) {
        out.push(t("publishing.added", { name: nameAfter(a) }));
        told.added.add(nameAfter(a));
      }
    } else out.push(...actionChanges(nameAfter(a), b, a, locale, t));
  }
  for (const b of before.actions ?? []) {
    if (!afterActions.has(b.id) && inUse(before, b.id)) {
      out.push(t("publishing.removed", { name: nameBefore(b) }));
      told.removed.add(nameBefore(b));
    }
  }

  const nameButtonBefore = buttonNamer(before, t);
  const nameButtonAfter = buttonNamer(after, t);
  const beforeButtons = new Map(before.buttons.map((b) => [b.id, b]));
  const afterIds = new Set(after.buttons.map((b) => b.id));
  const actionName = (id: string) => {
    const a = afterActions.get(id) ?? beforeActions.get(id);
    return a ? (afterActions.has(id) ? nameAfter(a) : nameBefore(a)) : id;
  };
  // A button whose rules changed says so itself; otherwise the rules' change is said once below.
  let whereTold = false;
  for (const b of after.buttons) {
    const old = beforeButtons.get(b.id);
    if (!old) {
      if (b.actions.length > 1) out.push(t("publishing.newButtonWith", { channels: b.actions.map(actionName).join(", ") }));
      else out.push(b.actions[0] ? t("publishing.newButtonOf", { channel: actionName(b.actions[0]) }) : t("publishing.newButton"));
    } else {
      // Channels added to or removed from a button that are told as added or removed are not told again.
      out.push(...buttonChanges(nameButtonAfter(b), nameButtonAfter(b, true), old, b, actionName, told, t));
      whereTold ||= !same(old.conditions ?? [], b.conditions ?? []);
    }
  }
  for (const b of before.buttons) if (!afterIds.has(b.id)) out.push(t("publishing.removed", { name: nameButtonBefore(b) }));
  if (!same(before.buttons.map((b) => b.id).filter((id) => afterIds.has(id)), after.buttons.map((b) => b.id).filter((id) => beforeButtons.has(id)))) out.push(t("publishing.buttonOrder"));

  if (!same(before.conditions ?? [], after.conditions ?? []) && !whereTold) out.push(t("publishing.rulesChanged"));

  const bd = before.domains[0];
  const ad = after.domains[0];
  if (bd && ad) {
    if (bd.name !== ad.name || !same(bd.aliases ?? [], ad.aliases ?? [])) out.push(t("publishing.siteAddress", { name: ad.name }));
    if ((bd.timezone ?? "") !== (ad.timezone ?? "")) out.push(ad.timezone ? t("publishing.zoneTo", { zone: ad.timezone }) : t("publishing.zoneRemoved"));
    out.push(...settingChanges(bd, ad, t));
  }
  if (!same(before.options, after.options)) out.push(t("publishing.pageOptions"));
  if (!out.length && !same(before, after)) out.push(t("publishing.otherSettings"));
  return out;
}
