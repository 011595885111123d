// Sign-up (only when the server runs with --allow-signup): name, e-mail, password and the
// organisation's name; the server names every problem beside its field, and logs the new owner in
// (the console then opens on the empty Domains screen with the first steps).
import { useState, type FormEvent } from "react";
import { ApiError, type Problem } from "../api/http";
import { useSession, type SignupFields } from "./session";
import { useT } from "../i18n/index";

export function SignupForm({ onLogin }: { onLogin: () => void }) {
  const { signup } = useSession();
  const [fields, setFields] = useState<SignupFields>({ name: "", email: "", password: "", organisation: "" });
  const [problems, setProblems] = useState<Problem[]>([]);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const t = useT();
  const set = (k: keyof SignupFields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [k]: e.target.value }));
  const problem = (k: string) => problems.find((p) => p.path === k)?.message;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError("");
    setProblems([]);
    try {
      await signup(fields);
    } catch (err) {
      if (err instanceof ApiError && err.problems.length) setProblems(err.problems);
      // The marked fields are said in the console's language, at render; anything else in the server's words.
      setError(err instanceof ApiError && err.problems.length ? "" : (err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const field = (k: keyof SignupFields, type: string, autoComplete: string, required = true) => (
    <label>
      {t(`signup.${k}`)}
      <input type={type} autoComplete={autoComplete} required={required} value={fields[k]} onChange={set(k)} aria-invalid={problem(k) ? true : undefined} aria-describedby={problem(k) ? `signup-${k}-error` : undefined} />
      {problem(k) && (
        <span id={`signup-${k}-error`} className="field-error">
          {problem(k)}
        </span>
      )}
    </label>
  );
  return (
    <main className="login">
      <form className="card login-card" onSubmit={submit} aria-labelledby="signup-title">
        <h1 id="signup-title">{t("signup.title")}</h1>
        <p className="muted">{t("signup.intro")}</p>
        {field("name", "text", "name")}
        {field("email", "email", "username")}
        {field("password", "password", "new-password")}
        {field("organisation", "text", "organization", false)}
        {(error || problems.length > 0) && (
          <p className="error" role="alert">
            {error || t("signup.correct")}
          </p>
        )}
        <button className="primary" type="submit" disabled={busy}>
          {busy ? t("signup.creating") : t("signup.create")}
        </button>
        <p>
          {t("signup.haveAccount")}{" "}
          <button type="button" className="link" onClick={onLogin}>
            {t("signup.logIn")}
          </button>
        </p>
      </form>
    </main>
  );
}
