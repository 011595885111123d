// The preview page framed as a visitor's screen, sized by previewSize (lib/preview.ts): the phone
// at its real width (as tall as there is room, so its labels read as on a phone), the desktop's
// whole 1280 × 800 viewport scaled to fit, or at 100 % in a box that scrolls to where the button
// sits. Beside the editor the preview sticks to the top, so it must fit the height below where it
// starts; stacked under the form (narrow windows) it fits the console's visible height, so it is
// whole once brought into view.
import { useLayoutEffect, useRef, useState } from "react";
import { actualSizeScroll, previewSize, type Screen, type Shown, type Zoom } from "../lib/preview";
import { consoleLanguage, useT } from "../i18n/index";

/** The catalogue keys of each screen's name and of its frame's title. */
export const SCREEN_NAMES: Record<Screen, string> = { desktop: "preview.desktop", mobile: "preview.phone" };
const FRAME_TITLES: Record<Screen, string> = { desktop: "preview.frameDesktop", mobile: "preview.framePhone" };

export function ScaledFrames({
  screen,
  zoom,
  placement,
  frameRef,
}: {
  screen: Screen;
  zoom: Zoom;
  /** Where the first button sits ("BOTTOM_RIGHT" …): the corner a desktop at 100 % starts scrolled to. */
  placement: string;
  /** Called with the screen's frame as it mounts (and with null as it goes). */
  frameRef: (screen: Screen, frame: HTMLIFrameElement | null) => void;
}) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const viewportEl = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState<Shown | null>(null);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    // The console's scroller (<main>) is the height the preview may use.
    const scroller = el.closest("main") ?? document.documentElement;
    const measure = () => {
      const panel = el.closest(".preview-stick") ?? el.parentElement ?? el;
      const layout = el.closest(".editor-layout");
      const frameTop = el.getBoundingClientRect().top - panel.getBoundingClientRect().top;
      // Sticky beside the editor: the height below where the panel starts when the editor is
      // scrolled to the top (the most it is ever pushed down). Elsewhere: the visible height.
      // Sticky, what the panel shows under the frame (the first Publish) must fit too; stacked,
      // it may be scrolled to, and the frame alone fits the height.
      let above = 0; // stacked: "Show the preview" scrolls it to the top of the scroller
      let after = 0;
      if (layout && getComputedStyle(panel).position === "sticky") {
        above = layout.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop;
        after = below(el, panel);
      }
      const caption = el.querySelector(".preview-size")?.getBoundingClientRect().height ?? 0;
      const height = scroller.clientHeight - above - frameTop - caption - after - 8 - 2; // margin, borders
      setShown(previewSize(screen, zoom, { width: el.clientWidth - 2, height }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    observer.observe(scroller);
    // What sits above the editor (a message, the list of problems) moves where the preview starts.
    const screensEl = el.closest(".editor-layout")?.parentElement;
    if (screensEl) observer.observe(screensEl);
    // So does what the panel shows under the frame (the first publication's Publish button),
    // including what appears there after this ran (the panel grows with it).
    for (const after of followingSiblings(el)) observer.observe(after);
    const panel = el.closest(".preview-stick");
    if (panel) observer.observe(panel);
    return () => observer.disconnect();
  }, [screen, zoom]);

  // At 100 %, start where the button is.
  const actual = zoom === "actual" && screen === "desktop";
  useLayoutEffect(() => {
    const v = viewportEl.current;
    if (!v || !shown || !actual) return;
    const { left, top } = actualSizeScroll(placement, shown.viewport, shown.box);
    v.scrollTo({ left, top });
  }, [actual, placement, shown]);

  const s = shown?.scale ?? 1;
  const viewport = shown?.viewport ?? { width: 0, height: 0 };
  return (
    <div ref={box} className="preview-box">
      {/* A new frame per language: the widget reads the stand-in page's language as it starts. */}
      <figure key={`${screen}-${consoleLanguage()}`} className="preview-figure" style={{ width: (shown?.box.width ?? 0) + 2 }}>
        <figcaption className="muted hint preview-size">
          {t(SCREEN_NAMES[screen])}, <span className="nowrap">{viewport.width} × {viewport.height} px</span>
          {shown ? (
            <>
              , <span className="nowrap">{s < 1 ? t("preview.shownAt", { percent: Math.round(s * 100) }) : t("preview.actual")}</span>
            </>
          ) : null}
        </figcaption>
        <div
          ref={viewportEl}
          className={`preview-viewport ${actual ? "actual" : ""}`}
          style={{ width: shown?.box.width, height: shown?.box.height, visibility: shown ? "visible" : "hidden" }}
          // At 100 % the desktop scrolls in its box: keyboard users scroll it too.
          {...(actual ? { tabIndex: 0, role: "region", "aria-label": t("preview.scrolls") } : {})}
        >
          <iframe
            ref={(frame) => frameRef(screen, frame)}
            className="preview-frame"
            title={t(FRAME_TITLES[screen])}
            src="/console/preview.html"
            width={viewport.width || undefined}
            height={viewport.height || undefined}
            style={{ transform: s === 1 ? undefined : `scale(${s})` }}
          />
        </div>
      </figure>
    </div>
  );
}

function followingSiblings(el: Element): Element[] {
  const out: Element[] = [];
  for (let n = el.nextElementSibling; n; n = n.nextElementSibling) out.push(n);
  return out;
}

/** The height the panel gives to what follows the frame, with the gaps before each. */
function below(el: Element, panel: Element): number {
  if (!panel.contains(el) || panel === el) return 0;
  const gap = parseFloat(getComputedStyle(panel).rowGap) || 0;
  return followingSiblings(el).reduce((h, n) => h + n.getBoundingClientRect().height + gap, 0);
}
