// What the draft holds that visitors will not get, and why (changes.ts leftOut: the widget's own
// decision), in the publish summaries; nothing when everything shows.
import type { Config } from "@beckon/widget/config";
import { leftOut } from "./changes";
import { useT } from "../../i18n/index";

export function LeftOut({ config }: { config: Config }) {
  const t = useT();
  const lines = leftOut(config, t);
  if (!lines.length) return null;
  return (
    <div className="warning left-out">
      <p>{t("publishing.willNotShow")}</p>
      <ul className="change-list" aria-label={t("publishing.whatWillNotShow")}>
        {lines.map((l, i) => (
          <li key={i}>{l}</li>
        ))}
      </ul>
    </div>
  );
}
