// The shop's time zone, which a domain's opening hours follow for every visitor: the choices
// (every zone the browser knows, with the owner's own and the current one always among them) and
// the plain notice a domain without one shows, with the one-click fix of taking the owner's
// browser's zone. Which zone applies is worded by ../lib/zone.ts.
import { useT } from "../i18n/index";
import { browserZone } from "../lib/zone";
import { timezones, type Option } from "./catalogue";

/** The zones to pick from: the browser's list, plus `also` (the owner's, the current) when missing. */
export function zoneOptions(...also: (string | null | undefined)[]): Option<string>[] {
  const zones = [...new Set([...also.filter((z): z is string => !!z), ...timezones()])].sort((a, b) => a.localeCompare(b));
  return zones.map((z) => ({ value: z, label: z }));
}

/** The notice of a domain without a time zone; `fix(zone)` sets the owner's browser's zone (`andSave`: and saves it). */
export function NoShopZone({ fix, andSave }: { fix: (zone: string) => void; andSave?: boolean }) {
  const t = useT();
  const zone = browserZone();
  return (
    <div className="warning row" role="note" aria-label={t("zone.noticeLabel")}>
      <span>{t("zone.notice")}</span>
      <button type="button" onClick={() => fix(zone)}>
        {t(andSave ? "zone.useAndSave" : "zone.use", { zone })}
      </button>
    </div>
  );
}
