// Runtime parameters (spec §3.2), read fresh for every decision.
import type { Config } from "../config/types.gen";
import type { RuntimeParams } from "./decide/types";
import { parseNow } from "./decide/now";
import { flag, type Store } from "./storage";

export type Lookups = { countryCode?: string | null; agentsAvailable?: boolean };

type ParamsWin = Pick<Window, "location" | "innerWidth" | "innerHeight">;

export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export function runtimeParams(config: Config, win: ParamsWin, store: Store, debug: boolean, lookups: Lookups): RuntimeParams {
  const o = config.options || {};
  return {
    domain: win.location.hostname,
    now: parseNow(o.date, new Date()),
    url: win.location.href,
    viewport: { width: win.innerWidth, height: win.innerHeight },
    debug,
    ip: o.ip,
    reportStats: o.reportStats !== false,
    browserTimeZone: browserTimeZone(),
    disableScheduler: flag(store, "cnb.disable-scheduler"),
    disableConditions: flag(store, "cnb.disable-conditions"),
    ...lookups,
  };
}
