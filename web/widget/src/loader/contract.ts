// The contract between the loader and its chunks (the extras chunk, extras.ts, and the app,
// app/embed.ts): the context the loader hands them and what the extras chunk gives back. Types
// only, and a leaf of the loader's imports, so the modules on either side of it import this file
// rather than each other.
import type { Action, Config, Domain } from "../config/types.gen";
import type { Decision } from "./decide/types";
import type { Rules } from "./render/show";
import type { DEBUG_LINES } from "./messages";
import type { warn } from "./log";

/**
 * What the loader shares with its chunks (the extras chunk and the app): its current render
 * and what the chunk may do to it. Property names cross bundles, so no minifier shortens them.
 */
export type Ctx = {
  /** The config of the current render, its decision and the roots drawn for it. */
  config?: Config;
  decision?: Decision;
  roots: HTMLElement[];
  /** Decides again for config with fresh runtime parameters. */
  decideAgain(): Decision;
  /** Replaces the rendered buttons by those of a decision (and reveals them). */
  show(d: Decision): void;
  /** Stops the re-evaluation of the current render; set by watch(). */
  stopWatching(): void;
  /** Drops the scroll rules of roots the loader removes; set by the chunk. */
  unwatchScroll(roots: HTMLElement[]): void;
  /**
   * The visitor's consent (CNB.consent, or a consent manager: consent/managers.ts): undefined
   * until given or refused. On a domain with waitForConsent, Beckon makes no request but its own
   * files and writes no storage until it is true (consent/rules.ts).
   */
  given?: boolean;
};

export type Extras = {
  /** Reports a Beckon error (with the { cnb: 1 } marker) to the config's errorReportingUrl. */
  report(err: unknown): void;
  /**
   * Sends the page view's statistics event for config c and its matched domain, and enables the
   * per-button events (views once the buttons are revealed, clicks) when it was sent.
   */
  stats(c: Config, domain: Domain | null): void;
  /** Starts re-evaluating the current render (after stopping the previous one). */
  watch(): void;
  /**
   * The current roots (ctx.roots) were revealed: watch the scroll rules, and load the animation
   * stylesheet from css's folder (css: the stylesheet's URL) when a root is animated.
   */
  reveal(rules: Rules, css: string): void;
  /** Click analytics for an action of a button of the domain. */
  click(domain: Domain | null, action: Action): void;
  /** A debug line (spec §4.1) with its argument, written when c (the config it is about, if any) is in debug mode. */
  log(c: Config | undefined, line: keyof typeof DEBUG_LINES, arg: unknown): void;
  /** A warning (spec §8), always written. */
  warn: typeof warn;
  /** ctx.given has changed (CNB.consent): start or stop what waited for consent. */
  consent(): void;
};
