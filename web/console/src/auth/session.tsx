// Who is logged in: /me on start, login and logout; a 401 from any call (or the realtime socket's
// close 4001) returns to the login form, which then says the login ended. When /me cannot reach
// the server (offline, the console opened from the service worker's copy, a proxy answering for a
// server that is down), the console says so and asks again when the network is back and every few
// seconds, instead of showing the login form.
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { api, isUnreachable, setCsrfToken, setUnauthorizedHandler } from "../api/http";
import type { Session } from "../api/types";
import { reconnectDelay } from "../lib/backoff";

type SessionState = {
  session: Session | null;
  loading: boolean;
  /** /me could not reach the server: who is logged in is not known yet (it is asked again). */
  unreachable: boolean;
  /** Asks /me again now (it is also asked when the network is back, and every few seconds). */
  retry: () => void;
  /** The server ended this login (logged out elsewhere, password changed, account removed). */
  ended: boolean;
  /** True from a login through the form until the first screen took focus (see landing.ts). */
  arrivedByLogin: boolean;
  landed: () => void;
  login: (email: string, password: string) => Promise<void>;
  /** Sign-up (when the server allows it): a new owner and organisation, logged in at once. */
  signup: (fields: SignupFields) => Promise<void>;
  logout: () => Promise<void>;
};

export type SignupFields = { email: string; name: string; password: string; organisation: string };

const Ctx = createContext<SessionState | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(null);
  const [loading, setLoading] = useState(true);
  const [unreachable, setUnreachable] = useState(false);
  const retryNow = useRef<() => void>(() => {});
  const retry = useCallback(() => retryNow.current(), []);
  const [ended, setEnded] = useState(false);
  const current = useRef<Session | null>(null);
  const [arrivedByLogin, setArrivedByLogin] = useState(false);
  const landed = useCallback(() => setArrivedByLogin(false), []);

  const accept = useCallback((s: Session | null) => {
    setCsrfToken(s?.csrfToken ?? "");
    current.current = s;
    setSession(s);
    if (s) setEnded(false);
  }, []);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      if (current.current) setEnded(true);
      accept(null);
    });
    let settled = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      clearTimeout(timer);
      api.GET("/api/v1/auth/me").then(
        (s) => settle(s),
        (e: unknown) => {
          if (settled) return;
          if (!isUnreachable(e)) return settle(null);
          setUnreachable(true);
          setLoading(false);
          clearTimeout(timer); // asks that overlapped (the button, the online event) keep one timer
          timer = setTimeout(ask, reconnectDelay(attempt++));
        },
      );
    };
    const settle = (s: Session | null) => {
      if (settled) return;
      stop();
      setUnreachable(false);
      accept(s);
      setLoading(false);
    };
    const stop = () => {
      settled = true;
      clearTimeout(timer);
      removeEventListener("online", ask);
      retryNow.current = () => {};
    };
    addEventListener("online", ask);
    retryNow.current = ask;
    ask();
    return stop;
  }, [accept]);

  const login = useCallback(
    async (email: string, password: string) => {
      const s = await api.POST("/api/v1/auth/login", { body: { email, password } });
      setArrivedByLogin(true);
      accept(s);
    },
    [accept],
  );
  const signup = useCallback(
    async (fields: SignupFields) => {
      const s = await api.POST("/api/v1/auth/signup", { body: fields });
      setArrivedByLogin(true);
      accept(s);
    },
    [accept],
  );
  const logout = useCallback(async () => {
    current.current = null; // this tab's own logout: its socket's close 4001 is expected
    await api.POST("/api/v1/auth/logout").catch(() => {});
    accept(null);
  }, [accept]);

  return <Ctx.Provider value={{ session, loading, unreachable, retry, ended, arrivedByLogin, landed, login, signup, logout }}>{children}</Ctx.Provider>;
}

export function useSession(): SessionState {
  const s = useContext(Ctx);
  if (!s) throw new Error("useSession outside SessionProvider");
  return s;
}
