// Whether the browser says it has a network (navigator.onLine and its online/offline events).
// "Online" does not promise that the Beckon server answers; "offline" is certain.
import { useSyncExternalStore } from "react";

function subscribe(changed: () => void): () => void {
  addEventListener("online", changed);
  addEventListener("offline", changed);
  return () => {
    removeEventListener("online", changed);
    removeEventListener("offline", changed);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine);
}
