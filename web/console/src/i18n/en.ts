// The console's English texts, the catalogue de.ts and es.ts are checked against
// (test/i18n.test.ts) and fall back to per key (./index.ts). One file per area of the console under
// ./en/, each a set of groups ("inbox": {...}); keys are "group.key".
import frame from "./en/frame";
import agent from "./en/agent";
import owner from "./en/owner";
import builder from "./en/builder";

export const en = {
  ...frame,
  ...agent,
  ...owner,
  ...builder,
};
export type ConsoleMessages = typeof en;
export type ConsoleCatalogue = { [G in keyof ConsoleMessages]?: { [K in keyof ConsoleMessages[G]]?: string } };
