// A status line ("Draft saved.", "Version 1 is now the draft.") that is true of one state of the
// screen only: it is shown while that state lasts (the same draft, the same live version) and is
// gone as soon as it changes, so it never outlives what it says.
import { useCallback, useState } from "react";

/** Whether two lists hold the same values (by identity), in order. */
export const sameState = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((x, i) => Object.is(x, b[i]));

/**
 * `current`: the values the status is about (e.g. [draft config, published version]). Returns the
 * text (empty once `current` differs from the values it was said about) and a setter; `about`
 * defaults to `current` as it is when the setter is called.
 */
export function useStatusFor(current: readonly unknown[]): [string, (text: string, about?: readonly unknown[]) => void] {
  const [status, setStatus] = useState<{ text: string; about: readonly unknown[] }>({ text: "", about: [] });
  const set = useCallback((text: string, about?: readonly unknown[]) => setStatus({ text, about: about ?? current }), [current]);
  return [status.text && sameState(status.about, current) ? status.text : "", set];
}
