// The preview page at a visitor's whole viewport (e.g. 1280 × 800), scaled down to fit the
// preview's column and the screen's height, so every button is where a visitor sees it and in
// view at any scroll position of the editor (the preview sticks to the top beside it).
import { useLayoutEffect, useRef, useState, type Ref } from "react";
import { fitScale } from "../lib/preview";

type Viewport = { width: number; height: number };

export function ScaledFrame({ frameRef, viewport, label }: { frameRef: Ref<HTMLIFrameElement>; viewport: Viewport; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    // The sticky preview's own scroller (the console's <main>) is the height it may use.
    const scroller = el.closest("main") ?? document.documentElement;
    const measure = () => {
      const panel = el.closest(".preview-stick");
      const layout = el.closest(".editor-layout");
      // Side by side, the preview sticks to the top while the editor scrolls: it must fit the
      // height below where it starts when the editor is scrolled to the top (the most it is
      // ever pushed down). Stacked below the form, it scrolls with it and fits its width only.
      let height = Infinity;
      if (panel && layout && getComputedStyle(panel).position === "sticky") {
        const layoutTop = layout.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop;
        const frameBox = el.querySelector(".preview-viewport") ?? el;
        const inPanel = frameBox.getBoundingClientRect().top - panel.getBoundingClientRect().top;
        height = scroller.clientHeight - layoutTop - inPanel - 16 - 2; // margin, borders
      }
      setScale(fitScale(viewport, el.clientWidth, height));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    observer.observe(scroller);
    // What sits above the editor (a message, the list of problems) moves where the preview starts.
    const screens = el.closest(".editor-layout")?.parentElement;
    if (screens) observer.observe(screens);
    return () => observer.disconnect();
  }, [viewport]);

  const s = scale || 1;
  return (
    <div ref={box} className="preview-box">
      <p className="muted hint preview-size">
        {label}, {viewport.width} × {viewport.height} px{scale && scale < 1 ? `, shown at ${Math.round(scale * 100)} %` : ""}
      </p>
      <div className="preview-viewport" style={{ width: viewport.width * s, height: viewport.height * s, visibility: scale ? "visible" : "hidden" }}>
        <iframe
          ref={frameRef}
          className="preview-frame"
          title="Preview of your buttons"
          src="/console/preview.html"
          width={viewport.width}
          height={viewport.height}
          style={{ transform: `scale(${s})` }}
        />
      </div>
    </div>
  );
}
