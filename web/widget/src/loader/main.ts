// Entry of dist/beckon.js (a classic script, safe with async). The script's own URL is read at
// once: document.currentScript is only set while the script first runs.
import { boot } from "./boot";

let src = "";
try {
  src = (document.currentScript as HTMLScriptElement).src || "";
} catch {
  /* no currentScript: the stylesheet's folder is used */
}
boot(src);
