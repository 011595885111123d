// Loads the table of the widget's language: a chunk per language, beckon-lang-{xx}.js beside the
// app chunk (app.build.mjs), so a page downloads its language only. The app starts loading the
// page's language as it loads (index.tsx); a surface opens once its texts are in.
import { setLanguage } from "./index";
import type { Lang } from "../../shared/lang";

let asked: Lang | null = null;
let loading: Promise<void> | null = null;
let ready = false;

const chunk = (l: Lang, base: string) => import(/* @vite-ignore */ new URL(`beckon-lang-${l}.js`, base).href) as Promise<{ default: object }>;

/** Loads (once per language) and switches to `l`: null when its texts are in, else a promise of them. */
export function loadLanguage(l: Lang, base: string): Promise<void> | null {
  if (l == asked) return ready ? null : loading;
  asked = l;
  ready = false;
  return (loading = chunk(l, base)
    // A language's chunk that fails to load: English's (the chat still works).
    .catch(() => (l == "en" ? Promise.reject(new Error("texts")) : chunk("en", base)))
    .then(
      (m) => {
        // A later call asked for another language meanwhile: that one's texts are wanted.
        if (asked == l) setLanguage(l, m.default), (ready = true);
      },
      () => {
        ready = true;
      },
    ));
}
