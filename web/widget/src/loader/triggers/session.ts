// The session's state for triggers: how many page views this tab has had, and which buttons have
// opened their action by themselves. In sessionStorage (one key, "cnb.session", gone with the
// tab) once Beckon may write storage (consent/rules.ts); until then in memory for the page view:
// this page counts as the session's first, and an openAction may open once in it.
// Pure parsing here; the storage object is passed in.

export const SESSION_KEY = "cnb.session";

export type Session = { views: number; opened: string[] };

/** The stored state, or a fresh one for anything unreadable (a hostile or older value). */
export function parseSession(text: string | null | undefined): Session {
  try {
    const v = JSON.parse(text || "");
    const views = typeof v.views == "number" && v.views >= 0 ? v.views : 0;
    const opened = Array.isArray(v.opened) ? v.opened.filter((x: unknown) => typeof x == "string") : [];
    return { views, opened };
  } catch {
    return { views: 0, opened: [] };
  }
}

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/**
 * The session of this tab. count(store) counts this page view in the stored state (once per page
 * view; without a store, in memory) and saves; save(store) writes the state; forget(store) removes it.
 */
export function createSession() {
  const s: Session = { views: 1, opened: [] };
  let counted = false;
  const save = (store: Store | undefined) => {
    try {
      store?.setItem(SESSION_KEY, JSON.stringify(s));
    } catch {
      /* storage full or blocked: memory only */
    }
  };
  return {
    state: s,
    count(store: Store | undefined) {
      if (counted || !store) return;
      counted = true;
      let stored: Session = { views: 0, opened: [] };
      try {
        stored = parseSession(store.getItem(SESSION_KEY));
      } catch {
        /* unreadable: a fresh session */
      }
      s.views = stored.views + 1;
      s.opened = [...new Set([...stored.opened, ...s.opened])];
      save(store);
    },
    save,
    forget(store: Store | undefined) {
      counted = false;
      try {
        store?.removeItem(SESSION_KEY);
      } catch {
        /* nothing stored */
      }
    },
  };
}

export type SessionState = ReturnType<typeof createSession>;
