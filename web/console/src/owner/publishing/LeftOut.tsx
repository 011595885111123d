// What the draft holds that visitors will not get, and why (changes.ts leftOut: the widget's own
// decision), in the publish summaries; nothing when everything shows.
import type { Config } from "@beckon/widget/config";
import { leftOut } from "./changes";

export function LeftOut({ config }: { config: Config }) {
  const lines = leftOut(config);
  if (!lines.length) return null;
  return (
    <div className="warning left-out">
      <p>Will not show:</p>
      <ul className="change-list" aria-label="What will not show">
        {lines.map((l, i) => (
          <li key={i}>{l}</li>
        ))}
      </ul>
    </div>
  );
}
