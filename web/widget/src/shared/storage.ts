// Browser storage with an in-memory fallback (spec §9): when localStorage is missing, blocked
// (sandboxed iframes, privacy modes) or throws on a call (quota), values live in memory for the
// page view. For the chat app's persona / channel keys (storage-keys.ts); the loader itself only
// reads its debug switches (flag.ts).

export type Store = {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
};

export function createStorage(getLocal: () => Storage | null | undefined): Store {
  const mem = new Map<string, string>();
  let local: Storage | null | undefined;
  try {
    local = getLocal();
  } catch {
    local = null;
  }
  return {
    get(key) {
      if (mem.has(key)) return mem.get(key) as string;
      try {
        return local ? local.getItem(key) : null;
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        local!.setItem(key, value);
        mem.delete(key);
      } catch {
        mem.set(key, value);
      }
    },
    remove(key) {
      mem.delete(key);
      try {
        local!.removeItem(key);
      } catch {
        /* memory copy already gone */
      }
    },
  };
}

/** The page's store: localStorage when usable. */
export const storage: Store = /* @__PURE__ */ createStorage(() => window.localStorage);
