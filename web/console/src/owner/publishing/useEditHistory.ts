// Undo and redo over the draft seam (builder/useDraft.ts): every change the builder makes through
// `set`/`replace` becomes a step (keystrokes in one field within a moment are one step, undo.ts),
// Ctrl+Z / Ctrl+Shift+Z (and Ctrl+Y) step back and forward while the hook is mounted, and
// `discard` drops the unsaved changes and the steps. The returned object is a Draft, so the builder
// uses it unchanged.
import { useCallback, useEffect, useRef, useState } from "react";
import type { Config } from "@beckon/widget/config";
import { setAt } from "../../lib/paths";
import type { Draft } from "../builder/useDraft";
import { changedPath, edit, redo, start, undo, type Edits } from "./undo";

export type EditHistory = Draft & {
  canUndo: boolean;
  canRedo: boolean;
  undo: () => void;
  redo: () => void;
  /** Back to the saved draft, forgetting the steps. */
  discard: () => Promise<void>;
};

/** `keys`: whether Ctrl+Z and Ctrl+Shift+Z act on the draft (while the builder shows). */
export function useEditHistory(draft: Draft, keys = true): EditHistory {
  const [h, setH] = useState<Edits<Config | null>>(() => start(draft.config));
  const history = useRef(h);
  history.current = h;
  const current = useRef(draft.config);
  current.current = draft.config;

  // A config that arrives from elsewhere (loaded, saved, restored) is the new present, not a step.
  useEffect(() => {
    if (draft.config !== history.current.present) {
      setH((x) => (x.present === null ? start(draft.config) : { ...x, present: draft.config }));
    }
  }, [draft.config]);

  const { replace: rawReplace } = draft;
  const apply = useCallback(
    (next: Config, key: string) => {
      setH((x) => edit(x, next, key, Date.now()));
      history.current = edit(history.current, next, key, Date.now());
      rawReplace(next);
    },
    [rawReplace],
  );
  const set = useCallback(
    (path: string, value: unknown) => {
      const c = current.current;
      if (c) apply(setAt(c, path, value), path);
    },
    [apply],
  );
  const replace = useCallback(
    (next: Config | ((c: Config) => Config)) => {
      const c = current.current;
      if (!c) return;
      const value = typeof next === "function" ? next(c) : next;
      // The builder replaces the whole config: the one field it changed names the step.
      apply(value, changedPath(c, value));
    },
    [apply],
  );
  const step = useCallback(
    (move: typeof undo) => {
      const x = move(history.current);
      if (x === history.current || !x.present) return;
      history.current = x;
      setH(x);
      rawReplace(x.present);
    },
    [rawReplace],
  );
  const doUndo = useCallback(() => step(undo), [step]);
  const doRedo = useCallback(() => step(redo), [step]);

  useEffect(() => {
    if (!keys) return;
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const k = e.key.toLowerCase();
      if (k === "z" && !e.shiftKey) doUndo();
      else if ((k === "z" && e.shiftKey) || k === "y") doRedo();
      else return;
      // The builder's fields are controlled by the draft: the browser's own undo would fight it.
      e.preventDefault();
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, [doUndo, doRedo, keys]);

  const { reload } = draft;
  const discard = useCallback(async () => {
    await reload();
    setH((x) => start(x.present));
    history.current = start(history.current.present);
  }, [reload]);
  return { ...draft, set, replace, canUndo: h.past.length > 0, canRedo: h.future.length > 0, undo: doUndo, redo: doRedo, discard };
}
