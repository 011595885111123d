// Animated welcome messages (spec §4.5, §9): the first message shows at once, each next one
// `spacing` ms after the previous; typing dots show for the last spacing − 500 ms before each.
// Without animation every message shows at once. The list is a polite live region.
import { useEffect, useState } from "react";

/** How many of n messages show, and whether the typing dots show, as time passes. */
export function useAnimated(n: number, animate: boolean, spacing: number): { shown: number; typing: boolean } {
  const [s, set] = useState({ shown: animate ? Math.min(n, 1) : n, typing: false });
  useEffect(() => {
    if (!animate) return;
    const ts: ReturnType<typeof setTimeout>[] = [];
    for (let i = 1; i < n; i++) {
      if (spacing > 500) ts.push(setTimeout(() => set({ shown: i, typing: true }), (i - 1) * spacing + 500));
      ts.push(setTimeout(() => set({ shown: i + 1, typing: false }), i * spacing));
    }
    return () => ts.forEach(clearTimeout);
  }, [n, animate, spacing]);
  return s;
}

export function Welcome({ messages, animate, spacing }: { messages: string[]; animate: boolean; spacing: number }) {
  const { shown, typing } = useAnimated(messages.length, animate, spacing);
  return (
    <div className="cnb-m-msgs">
      <div className="cnb-m-msgs" role="log" aria-live="polite">
        {messages.slice(0, shown).map((m, i) => (
          <p className="cnb-m-msg" key={i} dir="auto">
            {m}
          </p>
        ))}
      </div>
      {typing ? (
        <div className="cnb-m-typing" aria-hidden="true">
          <span className="cnb-m-dot" />
          <span className="cnb-m-dot" />
          <span className="cnb-m-dot" />
        </div>
      ) : null}
    </div>
  );
}
