// A language's whole table: its own texts, English's where it lacks one (key by key). Run at
// build time (app.build.mjs writes each beckon-lang-{xx}.js from it) and by the catalogue test.
// A plural text (an object with `other`) is taken whole from the language that has it: its
// categories are that language's (Japanese has no `one`; Arabic has six).
type Tree = { [k: string]: string | Tree };

export function withFallback(english: Tree, own: Tree): Tree {
  const out: Tree = {};
  for (const [k, base] of Object.entries(english)) {
    const mine = own[k];
    if (typeof base == "string" || "other" in base) out[k] = mine ?? base;
    else out[k] = withFallback(base, mine && typeof mine == "object" ? mine : {});
  }
  return out;
}
