// How the Agents screen says when e-mail notifications go out. Pure.
import { translate, type ConsoleLang } from "../i18n/index";
import { durationText } from "../lib/figures";

/** When a notification waits `seconds`, in `lang`: "after 2 minutes", "after 90 seconds", "right away". */
export function waitText(seconds: number, lang: ConsoleLang): string {
  if (seconds <= 0) return translate(lang, "agents.now");
  const duration = seconds % 60 === 0 ? durationText(seconds / 60, "minute", lang) : durationText(seconds, "second", lang);
  return translate(lang, "agents.after", { duration });
}
