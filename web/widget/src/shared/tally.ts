// Tally form embeds (spec §5.2: hide-title, transparent-background and align-left flags).
//
// | property                       | value        | default |
// |--------------------------------|--------------|---------|
// | tally-hide-title               | "1" / "true" | on      |
// | tally-transparent-background   | "1" / "true" | off     |
// | tally-align-left               | "1" / "true" | on      |
// An empty string or "0"/"false" turns a flag off (the defaults follow the owner's settings form).
import type { Action } from "../config/types.gen";

/** The form id from an actionValue: a bare id or any tally.so URL ending in the id. */
export const tallyId = (v: string): string => /[^/?#]*(?=\/*([?#]|$))/.exec(v.trim())![0];

const flag = (a: Action, k: string, d: boolean): boolean => {
  const v = (a.properties || {})["tally-" + k];
  return v == null ? d : v == "1" || v == "true";
};

export const tallyEmbedUrl = (a: Action): string => {
  const q = [
    flag(a, "hide-title", true) && "hideTitle=1",
    flag(a, "transparent-background", false) && "transparentBackground=1",
    flag(a, "align-left", true) && "alignLeft=1",
  ].filter(Boolean);
  return "https://tally.so/embed/" + tallyId(a.actionValue) + (q.length ? "?" + q.join("&") : "");
};
