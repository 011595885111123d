// Which clock a button's opening hours follow, in the owner's words. The widget reads the hours in
// the action's own zone, else the domain's (the shop's), else each visitor's own clock
// (web/widget/src/loader/decide/decide.ts, spec §5.1). The console names that zone wherever hours
// are set or previewed, so what it says is what visitors get. Pure, but for browserZone (and the
// words' default language: the console's as it is now).
import { tNow, type Translate } from "../i18n/index";

/** The zone of the browser the console runs in (the owner's), "UTC" when Intl cannot tell. */
export function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/** The zone a schedule is read in, and whose it is; zone null: each visitor's own clock. */
export type HoursZone = { zone: string | null; whose: "action" | "shop" | "visitor" };

export function hoursZone(shopZone: string | null | undefined, actionZone?: string | null): HoursZone {
  if (actionZone) return { zone: actionZone, whose: "action" };
  if (shopZone) return { zone: shopZone, whose: "shop" };
  return { zone: null, whose: "visitor" };
}

/** The owner's words for the clock hours follow: "Europe/Berlin, your shop's time zone". */
export function hoursZoneText({ zone, whose }: HoursZone, t: Translate = tNow): string {
  if (whose === "visitor") return t("zone.visitor");
  return t(whose === "shop" ? "zone.shop" : "zone.action", { zone: zone ?? "" });
}
