// Entry of dist/beckon.js (a classic script, safe with async). The script's own URL is captured
// at once: document.currentScript is only set while the script first runs.
import { boot } from "./boot";

let scriptUrl = "";
try {
  const s = document.currentScript as HTMLScriptElement | null;
  scriptUrl = (s && s.src) || "";
} catch {
  /* no currentScript: the stylesheet's folder is used */
}
boot(window, document, scriptUrl);
