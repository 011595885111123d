// German: one file per area of the console under ./de/, as ./en/ has them. Labels are verbs and
// nouns; where a sentence addresses the agent it says "Sie".
import type { ConsoleCatalogue } from "./en";
import frame from "./de/frame";
import agent from "./de/agent";
import owner from "./de/owner";
import builder from "./de/builder";

export default {
  ...frame,
  ...agent,
  ...owner,
  ...builder,
} satisfies ConsoleCatalogue;
