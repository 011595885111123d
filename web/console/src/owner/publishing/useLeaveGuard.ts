// Leaving with unsaved changes asks first: a reload, closing the tab or another site through the
// browser's own beforeunload prompt; another console screen, by a link or by the browser's Back
// and Forward, through the router's guard. The same domain's screens (its tabs, its own entry in
// the list) keep the draft, so they pass.
import { useEffect } from "react";
import { guardNavigation } from "../../lib/router";
import { consoleLanguage, translate } from "../../i18n/index";

/** The question, in the console's language at the moment it is asked. */
const leaveQuestion = () => translate(consoleLanguage(), "publishing.leaveQuestion");

export function useLeaveGuard(dirty: boolean, domainId: string) {
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    addEventListener("beforeunload", warn);
    const here = `domains/${domainId}`;
    const release = guardNavigation((path) => path === here || path.startsWith(`${here}/`) || confirm(leaveQuestion()));
    return () => {
      removeEventListener("beforeunload", warn);
      release();
    };
  }, [dirty, domainId]);
}
