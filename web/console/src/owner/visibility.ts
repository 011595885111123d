// What visitors actually get from a config, button by button, on a desktop and on a phone, and
// why a button they will not get is left out. The answer is the widget's own decision
// (web/widget/src/loader/decide/decide.ts) on the domain's home page, with every page, country,
// agent and hours rule taken as met: those depend on the visit (the builder shows them where they
// are set); what is left are the owner's choices that hide a button whatever the visit: switched
// off, no channel, the device, "Allow several buttons on a page" off, its place taken by an earlier
// button. For the last two it proposes one-click fixes, each checked with the same decision. Pure;
// its words are in the console's language given (`t`), English by default.
import type { Button, Config, Placement } from "@beckon/widget/config";
import { collides, decide, displayOk, type DecidedButton, type RuntimeParams } from "@beckon/widget";
import { english, type T } from "../i18n/t";
import { PLACEMENTS, placeIn } from "./catalogue";

export type Device = "desktop" | "phone";
export const DEVICES: Device[] = ["desktop", "phone"];

/** Why a button does not show on a device; `by` is the index of the button that shows instead. */
export type Reason = { why: "off" } | { why: "empty" } | { why: "device" } | { why: "one-only"; by: number } | { why: "place"; by: number } | { why: "widget" };

/** A button's fate on one device: shown, or the reasons it is not (several may apply at once). */
export type Fate = { shows: true } | { shows: false; reasons: Reason[] };

/** A one-click change that makes a hidden button show without hiding another. */
export type Fix = { label: string; apply: (c: Config) => Config };

/** The widget's decision for `device`, every rule that depends on the visit taken as met. */
export function decided(config: Config, device: Device): DecidedButton[] {
  const domain = config.domains[0]?.name ?? "";
  // The epoch, not the clock: hours are switched off here (disableScheduler), the time is never read.
  const params: RuntimeParams = { domain, url: `https://${domain}/`, now: new Date(0), desktop: device === "desktop", debug: false, reportStats: false, disableConditions: true, disableScheduler: true };
  return decide(config, params).buttons;
}

const shownIds = (config: Config, device: Device): Set<string> => new Set(decided(config, device).map((d) => d.button.id));

const severalAllowed = (c: Config): boolean => !!c.domains[0]?.properties?.allowMultipleButtons;

/** The config with "Allow several buttons on a page" on. */
export const allowSeveral = (c: Config): Config => ({
  ...c,
  domains: c.domains.map((d, i) => (i === 0 ? { ...d, properties: { ...d.properties, allowMultipleButtons: true } } : d)),
});

/** The config with button `b` moved to `placement`. */
export const moveButton = (c: Config, b: number, placement: Placement): Config => ({
  ...c,
  buttons: c.buttons.map((x, i) => (i === b ? { ...x, options: { ...x.options, placement } } : x)),
});

const placementOf = (b: Button): Placement => b.options?.placement ?? "BOTTOM_RIGHT";

/** Button `b`'s fate on `device`. */
export function fate(config: Config, b: number, device: Device): Fate {
  const button = config.buttons[b];
  if (shownIds(config, device).has(button.id)) return { shows: true };
  if (button.active === false) return { shows: false, reasons: [{ why: "off" }] };
  const channels = new Set((config.actions ?? []).map((a) => a.id));
  if (!button.actions.some((id) => channels.has(id))) return { shows: false, reasons: [{ why: "empty" }] };
  if (!displayOk(button.options?.displayMode, device === "desktop")) return { shows: false, reasons: [{ why: "device" }] };
  const index = (id: string) => config.buttons.findIndex((x) => x.id === id);
  const reasons: Reason[] = [];
  if (!severalAllowed(config)) {
    const first = config.buttons.findIndex((x, i) => i < b && shownIds(config, device).has(x.id));
    if (first >= 0) reasons.push({ why: "one-only", by: first });
  }
  // With several allowed, an earlier button that the widget keeps in the same place.
  const several = allowSeveral(config);
  const kept = shownIds(several, device);
  if (!kept.has(button.id)) {
    const blocker = several.buttons.find((x, i) => i < b && kept.has(x.id) && collides(x, button));
    if (blocker) reasons.push({ why: "place", by: index(blocker.id) });
  }
  return { shows: false, reasons: reasons.length ? reasons : [{ why: "widget" }] };
}

/** Button `b`'s fate on each device. */
export const fates = (config: Config, b: number): Record<Device, Fate> => ({ desktop: fate(config, b, "desktop"), phone: fate(config, b, "phone") });

/** True when the owner sees the reason where they set it (switched off, no channel picked, phones or desktops only): no surprise. */
const expected = (r: Reason) => r.why === "off" || r.why === "empty" || r.why === "device";

/** The devices button `b` is meant for (switched on, with a channel, its display mode) but will not show on. */
export function missedOn(config: Config, b: number): Device[] {
  const f = fates(config, b);
  return DEVICES.filter((d) => {
    const x = f[d];
    return !x.shows && !x.reasons.some(expected);
  });
}

/** The ids shown on each device, for comparing before and after a fix. */
const shownAll = (c: Config) => DEVICES.map((d) => shownIds(c, d));

/**
 * The one-click fixes for button `b` (none when it shows wherever it is meant to): turn on "Allow
 * several buttons on a page" when that alone is enough; else move it to the first free place,
 * nearest first (its own row, then the others), turning "several" on with it when needed. A fix
 * counts only when, by the widget's decision, the button then shows on every device it was meant
 * for and every button shown before still shows.
 */
export function fixes(config: Config, b: number, t: T = english): Fix[] {
  const missed = missedOn(config, b);
  if (!missed.length) return [];
  const before = shownAll(config);
  const id = config.buttons[b].id;
  const works = (c: Config) => {
    const after = shownAll(c);
    const meant = DEVICES.filter((d, i) => missed.includes(d) || before[i].has(id));
    return meant.every((d) => after[DEVICES.indexOf(d)].has(id)) && before.every((set, i) => [...set].every((x) => after[i].has(x)));
  };
  const several = !severalAllowed(config);
  if (several && works(allowSeveral(config))) return [{ label: t("builder.allowSeveral"), apply: allowSeveral }];
  const current = placementOf(config.buttons[b]);
  const row = current.split("_")[0];
  const order = [...PLACEMENTS.filter((p) => p.value.startsWith(row)), ...PLACEMENTS.filter((p) => !p.value.startsWith(row))].filter((p) => p.value !== current);
  for (const p of order) {
    const apply = (c: Config) => moveButton(several ? allowSeveral(c) : c, b, p.value);
    if (works(apply(config))) {
      const place = t(placeIn(p.value));
      return [{ label: t(several ? "builder.allowAndMove" : "builder.moveTo", { place }), apply }];
    }
  }
  return [];
}

/** "Button 2" as the builder's list names it. */
export const buttonName = (b: number, t: T = english) => t("builder.button", { n: b + 1 });

/** A reason in the owner's words, naming the button that shows instead by `name`. */
export function reasonText(config: Config, b: number, r: Reason, t: T = english): string {
  switch (r.why) {
    case "off":
      return t("builder.whySwitchedOff");
    case "empty":
      return t("builder.whyEmpty");
    case "device":
      return t(config.buttons[b].options?.displayMode === "MOBILE_ONLY" ? "builder.whyPhonesOnly" : "builder.whyDesktopsOnly");
    case "one-only":
      return t("builder.whyOneOnly", { button: buttonName(r.by, t) });
    case "place":
      return t("builder.whyPlace", { button: buttonName(r.by, t), place: t(placeIn(placementOf(config.buttons[r.by]))) });
    default:
      return t("builder.whyWidget");
  }
}

/**
 * What the owner is told about button `b`, or null when it shows wherever it is meant to: "will not
 * show (on phones): <reasons>". Reasons differ by device only through earlier device-only buttons;
 * the first device's reasons are given.
 */
export function missedText(config: Config, b: number, t: T = english): string | null {
  const missed = missedOn(config, b);
  if (!missed.length) return null;
  const f = fate(config, b, missed[0]);
  const reasons = (f.shows ? [] : f.reasons.map((r) => reasonText(config, b, r, t))).join(t("builder.reasonsJoin"));
  return t(missed.length === 2 ? "builder.willNotShow" : missed[0] === "phone" ? "builder.willNotShowPhones" : "builder.willNotShowDesktops", { reasons });
}

/** The devices button `b` shows on (empty: none). */
export const shownOn = (config: Config, b: number): Device[] => DEVICES.filter((d) => fate(config, b, d).shows);

/** " (phones only)", " (desktops only)", or "" when it shows on both. */
export const onlyText = (devices: Device[], t: T = english) => (devices.length === 1 ? t(devices[0] === "phone" ? "builder.phonesOnly" : "builder.desktopsOnly") : "");
