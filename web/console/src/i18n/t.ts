// The translation function the console's pure code takes (summaries, checks, option tables): `t` of
// useT() in the console's language; English where none is given (the unit tests read English).
import { translate, type Translate } from "./index";

export type T = Translate;

export const english: T = (key, vars) => translate("en", key, vars);
