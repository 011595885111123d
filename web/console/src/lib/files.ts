// Files in a chat, in the console's language: sizes ("2,5 MB" in German) and why a file cannot
// be sent. The rules (units, the domain's limits) are the widget's (one piece of code for the
// visitor's tray and the agent's reply box); only the words are the console's.
import { sizeIn, type FileFault } from "@beckon/widget";
import type { Translate } from "../i18n/locale";

/** "10 MB", "2.5 MB", "512 KB", "100 bytes" with the locale's decimal sign. */
export function fileSize(bytes: number, t: Translate, locale?: string): string {
  const [n, unit] = sizeIn(bytes);
  return unit === "bytes" ? t("files.bytes", { count: n }) : t(`files.${unit}`, { n: new Intl.NumberFormat(locale, { useGrouping: false }).format(n) });
}

/** A file refused before its upload: why (fileFault), with what it needs to say so. */
export type FileProblem = { fault: FileFault; name: string; type: string; maxBytes: number };

export function problemText(p: FileProblem, t: Translate, locale?: string): string {
  return t(`files.${p.fault}`, { name: p.name, type: p.type, max: fileSize(p.maxBytes, t, locale) });
}
