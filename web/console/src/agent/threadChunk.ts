// The conversation's thread and its virtualising library (react-virtuoso) are a chunk of their
// own, about 20 KiB gzip that the login screen and the chat list do not need. The inbox fetches
// it as it opens (prefetchThread), so it is there by the time a chat is. Not React.lazy: a lazy
// component suspends at its first render even when its chunk has arrived, and React throttles
// showing a Suspense boundary's content (up to 300 ms), which opening a chat would wait for.
import { useEffect, useState } from "react";

type ThreadModule = typeof import("./MessageThread");

let loaded: ThreadModule | undefined;
const load = () => import("./MessageThread").then((m) => (loaded = m));

export const prefetchThread = () => void load().catch(() => {});

/** The thread component: at once when its chunk is here, undefined until then, an Error if it could not be fetched. */
export function useMessageThread(): ThreadModule["MessageThread"] | Error | undefined {
  const [module, setModule] = useState<ThreadModule | Error | undefined>(loaded);
  useEffect(() => {
    if (!module) load().then(setModule, (e: unknown) => setModule(e instanceof Error ? e : new Error(String(e))));
  }, [module]);
  return module instanceof Error ? module : module?.MessageThread;
}
