// Ids that tie labels and descriptions to their elements. React's useId would do, but the embed's
// renderer (runtime/) does without it: this costs fewer bytes, and nothing here is rendered on a server.
import { useState } from "react";

let n = 0;

/** An id unique in the page, stable for the component's life. */
export const useUid = (): string => useState(() => "" + ++n)[0];
