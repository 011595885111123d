// After a chat has ended: "E-mail me this conversation" (when the server sends mail and the
// profile has an address), then where it went, or why it could not (the server's words).
import { useState } from "react";
import { t } from "../i18n/index";

export const TRANSCRIPT = {
  get ask() {
    return t("transcript.ask");
  },
  sent: (email: string) => t("transcript.sent", { email }),
};

/** `session`: the chat's (session.ts), of which this asks only for the mail. */
export function Transcript({ session }: { session: { transcript(): Promise<string> } }) {
  const [state, setState] = useState<{ sending?: boolean; sent?: string; problem?: string }>({});
  if (state.sent)
    return (
      <p className="cnb-c-pt cnb-c-gone" role="status">
        {TRANSCRIPT.sent(state.sent)}
      </p>
    );
  const ask = () => {
    setState({ sending: true });
    session.transcript().then(
      (sent) => setState({ sent }),
      (e: Error) => setState({ problem: e.message }),
    );
  };
  return (
    <>
      <button type="button" className="cnb-c-btn cnb-c-new" disabled={state.sending} onClick={ask}>
        {TRANSCRIPT.ask}
      </button>
      {state.problem ? (
        <p className="cnb-c-herr" role="alert">
          {state.problem}
        </p>
      ) : null}
    </>
  );
}
