// The runtime parameters (spec §3.2) and the decision they produce. Pure data: no DOM.
import type { Action, Button, Config, Domain } from "../../config/types.gen";
import type { Warning } from "../messages";

export type RuntimeParams = {
  /** Host name of the page, e.g. "www.example.com". */
  domain: string;
  /** The moment schedules are evaluated at. */
  now: Date;
  /** Full page URL. */
  url: string;
  /** The viewport is a desktop one (display.ts). */
  desktop: boolean;
  debug: boolean;
  ip?: string;
  reportStats: boolean;
  /** Visitor country (ISO 3166-1 alpha-2) when a geo lookup ran; null when it failed or did not run. */
  countryCode?: string | null;
  /** Agents available per CHAT condition lookup; absent or false means unavailable. */
  agentsAvailable?: boolean;
  /** Browser time zone (Intl), used when neither action nor domain names one. */
  browserTimeZone?: string;
  /** Debug switches from storage (spec §9). */
  disableScheduler?: boolean;
  disableConditions?: boolean;
};

export type DecidedButton = {
  button: Button;
  domain: Domain;
  /** Surviving actions, in the button's order, already cut to the type's limit. */
  actions: Action[];
};

export type Decision = {
  /** The domain that matched the page host (first in config order), if any. */
  domain: Domain | null;
  buttons: DecidedButton[];
  /** Warnings produced while deciding, e.g. invalid LINK values (logged by the extras chunk). */
  warnings: Warning[];
};

export type Decide = (config: Config, params: RuntimeParams) => Decision;
