// A surface handed over to a third party's own widget (the Facebook chat plugin, Intercom's
// messenger): `show` loads and shows it, and the surface closes at once (nothing of ours stays
// on screen). When `show` fails, `fallback` may handle it (true: done, the surface closes);
// otherwise the surface shows a modal of its own: the hook returns true then. Closing from
// outside before that closes the surface.
import { useEffect, useState } from "react";
import type { Action } from "../../config/types.gen";
import type { SurfaceProps } from "../context";

export function useHandOver({ action, open, onClosed }: SurfaceProps, show: (a: Action) => Promise<void>, fallback?: () => boolean): boolean {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    show(action).then(
      () => live && onClosed(),
      () => live && (fallback && fallback() ? onClosed() : setFailed(true)),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (!open && !failed) onClosed();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  return failed;
}
