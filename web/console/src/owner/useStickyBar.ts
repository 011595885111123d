// A bar that sticks to the top of the console's scroller (<main>) covers what scrolls under it:
// while it sticks, the scroller's scroll-padding keeps focused fields and scrolled-to parts below
// it (the browser honours scroll-padding when it scrolls a focused element into view).
import { useLayoutEffect, type RefObject } from "react";

export function useStickyBar(bar: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const el = bar.current;
    const scroller = el?.closest("main");
    if (!el || !scroller) return;
    const update = () => {
      const sticks = getComputedStyle(el).position === "sticky";
      scroller.style.scrollPaddingTop = sticks ? `${Math.ceil(el.getBoundingClientRect().height) + 8}px` : "";
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(el);
    observer.observe(scroller);
    return () => {
      observer.disconnect();
      scroller.style.scrollPaddingTop = "";
    };
  }, [bar]);
}
