// Spanish: one file per area of the console under ./es/, as ./en/ has them. Neutral Spanish,
// "tú", as the console's labels are short imperatives.
import type { ConsoleCatalogue } from "./en";
import frame from "./es/frame";
import builder from "./es/builder";

export default { ...frame, ...builder } satisfies ConsoleCatalogue;
