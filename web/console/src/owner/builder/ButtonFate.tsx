// Where the owner builds a button, what the widget will do with it: when it will not show on a
// screen it is meant for (another button already at its place, "Allow several buttons on a page"
// off: ../visibility.ts), say so and offer the fix in one click. Nothing is shown while it shows.
import type { Config } from "@beckon/widget/config";
import { buttonName, fixes, missedText } from "../visibility";
import type { Draft } from "./useDraft";
import { useT } from "../../i18n/index";

export function ButtonFate({ config, b, replace }: { config: Config; b: number; replace: Draft["replace"] }) {
  const t = useT();
  const text = missedText(config, b, t);
  // A live region that stays mounted, so the warning is announced as it appears.
  return (
    <div role="status" className="button-fate">
      {text && (
        <div className="warn stack-tight" data-testid="button-fate">
          <p>
            <strong>{buttonName(b, t)}</strong> {text}
          </p>
          <div className="row">
            {fixes(config, b, t).map((f) => (
              <button key={f.label} onClick={() => replace((c) => f.apply(c))}>
                {f.label}
              </button>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
