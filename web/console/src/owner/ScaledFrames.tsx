// The preview page at a visitor's whole viewport (e.g. 1280 × 800), scaled down to fit the
// preview's column and the screen's height, so every button is where a visitor sees it and in
// view at any scroll position of the editor (the preview sticks to the top beside it). Two
// screens (desktop and phone) stand side by side at the same height on screen.
import { useLayoutEffect, useRef, useState } from "react";
import { FRAME_GAP, fitScales, sideBySideFits, VIEWPORTS, type Screen } from "../lib/preview";

export const SCREEN_NAMES: Record<Screen, string> = { desktop: "Desktop", mobile: "Phone" };
const FRAME_TITLES: Record<Screen, string> = { desktop: "Preview of your buttons on a desktop", mobile: "Preview of your buttons on a phone" };

export function ScaledFrames({
  screens,
  frameRef,
  onRoom,
}: {
  screens: Screen[];
  /** Called with each screen's frame as it mounts (and with null as it goes). */
  frameRef: (screen: Screen, frame: HTMLIFrameElement | null) => void;
  /** Says whether the desktop and the phone would fit side by side in the room there is. */
  onRoom: (sideBySide: boolean) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [scales, setScales] = useState<number[]>([]);
  const key = screens.join();

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    // The sticky preview's own scroller (the console's <main>) is the height it may use.
    const scroller = el.closest("main") ?? document.documentElement;
    const viewports = (key.split(",") as Screen[]).map((s) => VIEWPORTS[s]);
    const measure = () => {
      const panel = el.closest(".preview-stick");
      const layout = el.closest(".editor-layout");
      // Side by side with the editor, the preview sticks to the top while the editor scrolls: it
      // must fit the height below where it starts when the editor is scrolled to the top (the
      // most it is ever pushed down). Stacked below the form, it scrolls with it and fits its
      // width only.
      let height = Infinity;
      if (panel && layout && getComputedStyle(panel).position === "sticky") {
        const layoutTop = layout.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop;
        const frameBox = el.querySelector(".preview-viewport") ?? el;
        const inPanel = frameBox.getBoundingClientRect().top - panel.getBoundingClientRect().top;
        height = scroller.clientHeight - layoutTop - inPanel - below(el, panel) - 16 - 2; // margin, borders
      }
      const width = el.clientWidth - 2 * viewports.length; // each frame's borders
      setScales(fitScales(viewports, width, height));
      onRoom(sideBySideFits(width, height));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    observer.observe(scroller);
    // What sits above the editor (a message, the list of problems) moves where the preview starts.
    const screensEl = el.closest(".editor-layout")?.parentElement;
    if (screensEl) observer.observe(screensEl);
    // So does what the panel shows under the frames (the first publication's Publish button),
    // including what appears there after this ran (the panel grows with it).
    for (const after of followingSiblings(el)) observer.observe(after);
    const panel = el.closest(".preview-stick");
    if (panel) observer.observe(panel);
    return () => observer.disconnect();
  }, [key, onRoom]);

  return (
    <div ref={box} className="preview-box" style={{ gap: FRAME_GAP }}>
      {screens.map((screen, i) => {
        const viewport = VIEWPORTS[screen];
        const measured = scales.length === screens.length ? scales[i] : 0;
        const s = measured || 1;
        return (
          <figure key={screen} className="preview-figure" style={{ width: viewport.width * s + 2 }}>
            {/* Narrow (the phone beside the desktop), the caption wraps between its parts only. */}
            <figcaption className="muted hint preview-size">
              {SCREEN_NAMES[screen]}, <span className="nowrap">{viewport.width} × {viewport.height} px</span>
              {measured && measured < 1 ? (
                <>
                  , <span className="nowrap">shown at {Math.round(measured * 100)} %</span>
                </>
              ) : null}
            </figcaption>
            <div className="preview-viewport" style={{ width: viewport.width * s, height: viewport.height * s, visibility: measured ? "visible" : "hidden" }}>
              <iframe
                ref={(frame) => frameRef(screen, frame)}
                className="preview-frame"
                title={FRAME_TITLES[screen]}
                src="/console/preview.html"
                width={viewport.width}
                height={viewport.height}
                style={{ transform: `scale(${s})` }}
              />
            </div>
          </figure>
        );
      })}
    </div>
  );
}

function followingSiblings(el: Element): Element[] {
  const out: Element[] = [];
  for (let n = el.nextElementSibling; n; n = n.nextElementSibling) out.push(n);
  return out;
}

/** The height the panel gives to what follows the frames, with the gaps before each. */
function below(el: Element, panel: Element): number {
  const gap = parseFloat(getComputedStyle(panel).rowGap) || 0;
  return followingSiblings(el).reduce((h, n) => h + n.getBoundingClientRect().height + gap, 0);
}
