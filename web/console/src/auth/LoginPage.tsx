import { useEffect, useState, type FormEvent } from "react";
import { api, ApiError } from "../api/http";
import { useSession } from "./session";
import { SignupForm } from "./SignupForm";

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

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError("");
    try {
      await login(email, password);
    } catch (err) {
      const status = err instanceof ApiError ? err.status : 0;
      setError(status === 401 ? "Wrong e-mail or password." : (err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="login">
      <form className="card login-card" onSubmit={submit} aria-labelledby="login-title">
        <h1 id="login-title">Beckon console</h1>
        <p className="muted">Log in to answer chats and configure your buttons.</p>
        {ended && !error && (
          <p className="notice" role="status">
            Your login ended: you logged out elsewhere, your password was changed or your account was removed. Log in again.
          </p>
        )}
        <label>
          E-mail
          <input type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label>
          Password
          <input type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <button className="primary" type="submit" disabled={busy}>
          {busy ? "Logging in…" : "Log in"}
        </button>
        {signup && (
          <p>
            New here?{" "}
            <button type="button" className="link" onClick={signup}>
              Create an account
            </button>
          </p>
        )}
      </form>
    </main>
  );
}
