// Says new chat messages to screen readers: a polite live region holding the latest few. The
// thread itself is a log with live announcing off (MessageThread.tsx says why); this region sits
// outside the conversation so that a message's text is found once inside it.
import { useCallback, useState } from "react";

/** Lines kept in the region: enough for a burst, few enough that the DOM stays small. */
const KEPT = 3;

type Line = { id: number; text: string };

/** [the live region to render, announce(text)]. */
export function useAnnouncer() {
  const [lines, setLines] = useState<Line[]>([]);
  const announce = useCallback((text: string) => setLines((l) => [...l.slice(1 - KEPT), { id: (l.at(-1)?.id ?? 0) + 1, text }]), []);
  const region = (
    <div className="visually-hidden" aria-live="polite" aria-relevant="additions">
      {lines.map((l) => (
        <p key={l.id}>{l.text}</p>
      ))}
    </div>
  );
  return [region, announce] as const;
}
