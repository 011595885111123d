// Spanish: one file per area of the console under ./es/, as ./en/ has them. Neutral Spanish,
// "tú", as the console's labels are short imperatives.
import type { ConsoleCatalogue } from "./en";
import frame from "./es/frame";
import agent from "./es/agent";
import owner from "./es/owner";
import builder from "./es/builder";

export default {
  ...frame,
  ...agent,
  ...owner,
  ...builder,
} satisfies ConsoleCatalogue;
