// What the chat says while nobody of the site is online and the owner takes messages (the chat
// action has no CHAT condition hiding it): that the visitor may leave a message, how the answer
// reaches them, and, when the owner gave opening hours (the action's openingHours, read by the
// same schedule code as the buttons'), when someone is back. Pure: the clock is a parameter.
import type { Schedule } from "../../../config/types.gen";
import { scheduledNow } from "../../../shared/schedule";
import { locale as locale_, t, texts } from "../../i18n/index";

const MINUTE = 60_000;
/** The search for the next opening steps this far at a time, then finds its minute. */
const STEP = 15 * MINUTE;
/** Hours that open later than this (or never) give no "back at" line. */
const HORIZON = 8 * 24 * 60 * MINUTE;

/**
 * The first minute after `now` when `hours` are open, or null: no hours (or `showAlways`: the
 * owner said not to tell), open now, or not open within a week. `zone`: the zone to read hours without their own in (the domain's).
 */
export function nextOpening(hours: Schedule | undefined, now: Date, zone?: string): Date | null {
  if (!hours || hours.showAlways) return null;
  const within = { ...hours, outsideHours: false };
  const open = (t: number) => scheduledNow(within, new Date(t), zone);
  const start = Math.floor(now.getTime() / MINUTE) * MINUTE;
  if (open(start)) return null;
  for (let t = start + STEP; t <= start + HORIZON; t += STEP) {
    if (!open(t)) continue;
    let first = t;
    while (first - MINUTE > start && open(first - MINUTE)) first -= MINUTE;
    return new Date(first);
  }
  return null;
}

/** When someone is back, in the visitor's words and clock: "today at 09:00", "tomorrow at …", "on Monday at …". */
export function backWhen(at: Date, now: Date, locale: string = locale_()): string {
  const time = at.toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit" });
  const day = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((day(at) - day(now)) / (24 * 60 * MINUTE));
  if (days <= 0) return t("away.today", { time });
  if (days == 1) return t("away.tomorrow", { time });
  return t("away.weekday", { day: at.toLocaleDateString(locale, { weekday: "long" }), time });
}

/** The invitations, in the widget's language. */
export const AWAY = texts("away");

/** The away notice: the invitation, and when someone is back if the owner's hours say. */
export function awayNotice(o: { byEmail: boolean; back: Date | null; now: Date; locale?: string }): string {
  const invite = o.byEmail ? AWAY.byEmail : AWAY.hereOnly;
  return o.back ? t("away.back", { invite, when: backWhen(o.back, o.now, o.locale) }) : invite;
}
