import { useEffect, useState, type FormEvent } from "react";
import { api, ApiError } from "../api/http";
import { useSession } from "./session";
import { SignupForm } from "./SignupForm";
import { useT } from "../i18n/index";

export function LoginPage() {
  // Sign-up is offered only when the server allows it (beckon serve --allow-signup).
  const [signupOn, setSignupOn] = useState(false);
  const [signingUp, setSigningUp] = useState(false);
  useEffect(() => {
    api.GET("/api/v1/auth/signup").then(
      (r) => setSignupOn(r.enabled),
      () => setSignupOn(false),
    );
  }, []);
  if (signingUp) return <SignupForm onLogin={() => setSigningUp(false)} />;
  return <LoginForm signup={signupOn ? () => setSigningUp(true) : null} />;
}

function LoginForm({ signup }: { signup: (() => void) | null }) {
  const { login, ended } = useSession();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  /** A wrong e-mail or password (worded at render: the language may change meanwhile). */
  const [wrong, setWrong] = useState(false);
  const t = useT();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError("");
    setWrong(false);
    try {
      await login(email, password);
    } catch (err) {
      const status = err instanceof ApiError ? err.status : 0;
      if (status === 401) setWrong(true);
      else setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="login">
      <form className="card login-card" onSubmit={submit} aria-labelledby="login-title">
        <h1 id="login-title">{t("login.title")}</h1>
        <p className="muted">{t("login.intro")}</p>
        {ended && !error && !wrong && (
          <p className="notice" role="status">
            {t("login.ended")}
          </p>
        )}
        <label>
          {t("login.email")}
          <input type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label>
          {t("login.password")}
          <input type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        {(error || wrong) && (
          <p className="error" role="alert">
            {wrong ? t("login.wrong") : error}
          </p>
        )}
        <button className="primary" type="submit" disabled={busy}>
          {busy ? t("login.loggingIn") : t("login.logIn")}
        </button>
        {signup && (
          <p>
            {t("login.newHere")}{" "}
            <button type="button" className="link" onClick={signup}>
              {t("login.create")}
            </button>
          </p>
        )}
      </form>
    </main>
  );
}
