// A translated sentence with elements inside it (a <code>, a <strong>): the {placeholders} named in
// `parts` become those elements, so that each language puts them where its grammar wants them.
import { Fragment, type ReactNode } from "react";

export function withParts(text: string, parts: Record<string, ReactNode>): ReactNode[] {
  // split() with a group alternates text and placeholder names: "a {x} b" → ["a ", "x", " b"].
  return text.split(/\{(\w+)\}/).map((s, i) => (i % 2 ? <Fragment key={i}>{s in parts ? parts[s] : `{${s}}`}</Fragment> : s));
}
