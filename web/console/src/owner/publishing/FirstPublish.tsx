// The first publication: nothing is live yet, so there is nothing to compare with and no dialog to
// confirm. The owner reads beside the button exactly what goes live (goingLive: "A button for
// WhatsApp at the bottom right") and publishes in one click. Later publications go through the
// dialog with what changed (PublishDialog.tsx). What the draft holds that will not show is listed
// with why (LeftOut).
import type { Config } from "@beckon/widget/config";
import type { DomainInfo } from "../../api/types";
import { goingLive } from "./changes";
import { LeftOut } from "./LeftOut";
import { usePublish } from "./usePublish";
import { useT } from "../../i18n/index";

export function FirstPublish({ domain, config, dirty, save, onPublished }: { domain: DomainInfo; config: Config; dirty: boolean; save: (opts?: { quiet?: boolean }) => Promise<boolean>; onPublished: (version: number) => void }) {
  const { publish, busy, error } = usePublish({ domain, dirty, save, onPublished });
  const t = useT();
  const live = goingLive(config, t);
  return (
    <div className="card first-publish">
      <div className="first-publish-what" id="first-publish-what">
        {live.length ? (
          <>
            <p>{t("publishing.notYetPuts", { domain: domain.name })}</p>
            <ul className="change-list" aria-label={t("publishing.whatGoesLive")}>
              {live.map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </ul>
          </>
        ) : (
          <p>{t("publishing.notYetPick")}</p>
        )}
        <LeftOut config={config} />
        {dirty && live.length > 0 && <p className="muted">{t("publishing.savedFirst")}</p>}
      </div>
      <button className="primary" onClick={publish} disabled={busy || !live.length} aria-describedby="first-publish-what">
        {t(busy ? "publishing.publishing" : "publishing.publish")}
      </button>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
