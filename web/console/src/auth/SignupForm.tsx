// Sign-up (only when the server runs with --allow-signup): name, e-mail, password and the
// organisation's name; the server names every problem beside its field, and logs the new owner in
// (the console then opens on the empty Domains screen with the first steps).
import { useState, type FormEvent } from "react";
import { ApiError, type Problem } from "../api/http";
import { useSession, type SignupFields } from "./session";

export function SignupForm({ onLogin }: { onLogin: () => void }) {
  const { signup } = useSession();
  const [fields, setFields] = useState<SignupFields>({ name: "", email: "", password: "", organisation: "" });
  const [problems, setProblems] = useState<Problem[]>([]);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
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
      setError(err instanceof ApiError && err.problems.length ? "Please correct the fields marked." : (err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const field = (k: keyof SignupFields, label: string, type: string, autoComplete: string, required = true) => (
    <label>
      {label}
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
        <h1 id="signup-title">Create your Beckon account</h1>
        <p className="muted">A button on your site in a few steps; you can invite colleagues later.</p>
        {field("name", "Your name", "text", "name")}
        {field("email", "E-mail", "email", "username")}
        {field("password", "Password (at least 8 characters)", "password", "new-password")}
        {field("organisation", "Business name (optional)", "text", "organization", false)}
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <button className="primary" type="submit" disabled={busy}>
          {busy ? "Creating your account…" : "Create the account"}
        </button>
        <p>
          Have an account?{" "}
          <button type="button" className="link" onClick={onLogin}>
            Log in
          </button>
        </p>
      </form>
    </main>
  );
}
