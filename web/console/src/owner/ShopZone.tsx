// The shop's time zone, which a domain's opening hours follow for every visitor: the choices
// (every zone the browser knows, with the owner's own and the current one always among them) and
// the plain notice a domain without one shows, with the one-click fix of taking the owner's
// browser's zone. Which zone applies is worded by ../lib/zone.ts.
import { browserZone, NO_SHOP_ZONE } from "../lib/zone";
import { timezones, type Option } from "./catalogue";

/** The zones to pick from: the browser's list, plus `also` (the owner's, the current) when missing. */
export function zoneOptions(...also: (string | null | undefined)[]): Option<string>[] {
  const zones = [...new Set([...also.filter((z): z is string => !!z), ...timezones()])].sort((a, b) => a.localeCompare(b));
  return zones.map((z) => ({ value: z, label: z }));
}

/** What the "no zone" choice of a zone field says. */
export const NO_ZONE_CHOICE = "None: each visitor's own clock";

/** The notice of a domain without a time zone; `fix(zone)` sets the owner's browser's zone. */
export function NoShopZone({ fix, fixLabel }: { fix: (zone: string) => void; /** The button's words after the zone ("Use X"); default: "as your shop's time zone". */ fixLabel?: string }) {
  const zone = browserZone();
  return (
    <div className="warning row" role="note" aria-label="Time zone of the opening hours">
      <span>{NO_SHOP_ZONE}</span>
      <button type="button" onClick={() => fix(zone)}>
        Use {zone} {fixLabel ?? "as your shop's time zone"}
      </button>
    </div>
  );
}
