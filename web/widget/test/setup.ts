// The widget's tests read the English texts (the embed loads them as the chunk beckon-lang-en.js).
import { en } from "../src/app/i18n/en";
import { setLanguage } from "../src/app/i18n/index";

setLanguage("en", en);
