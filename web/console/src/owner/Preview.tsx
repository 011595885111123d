// The live preview: the real widget, framed, rendering the unsaved config with the owner's
// choice of time (in a time zone), page URL, visitor country and agent availability, on a phone
// at its real size (the default: readable beside the editor) or on the desktop, fitted to the
// column or at 100 %.
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";
import type { Config } from "@beckon/widget/config";
import { previewConfig, previewPath, type PreviewControls, type Screen, type Zoom } from "../lib/preview";
import { ScaledFrames, SCREEN_NAMES } from "./ScaledFrames";
import { browserZone, hoursZone, hoursZoneText } from "../lib/zone";
import { timezones } from "./catalogue";
import { consoleLanguage, useT } from "../i18n/index";

function nowLocal(zone: string): string {
  const parts = new Intl.DateTimeFormat("sv-SE", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date());
  return parts.replace(" ", "T");
}

/**
 * `note`: the line under the frames (default: they show the unsaved draft). `children`: shown right
 * under the frames and kept in view with them (the first publication's Publish button).
 */
export function Preview({ config, note, children }: { config: Config; note?: string; children?: ReactNode }) {
  const t = useT();
  const domain = config.domains[0];
  const zone = domain?.timezone || browserZone();
  const [controls, setControls] = useState<PreviewControls>(() => ({
    localTime: nowLocal(zone),
    timezone: zone,
    url: `https://${domain?.name ?? "example.com"}/`,
    country: "",
    agentsAvailable: true,
  }));
  const set = <K extends keyof PreviewControls>(k: K, v: PreviewControls[K]) => setControls((c) => ({ ...c, [k]: v }));
  // The time is typed in the shop's zone until the owner picks another: a zone set in the builder
  // (or in Settings) is followed, at the same time of day.
  const [zonePicked, setZonePicked] = useState(false);
  useEffect(() => {
    if (!zonePicked) setControls((c) => (c.timezone === zone ? c : { ...c, timezone: zone }));
  }, [zone, zonePicked]);
  const applied = hoursZone(domain?.timezone);

  // The stand-in page speaks the console's language (src/preview/main.ts).
  const lang = consoleLanguage();
  const [screen, setScreen] = useState<Screen>("mobile");
  const [zoom, setZoom] = useState<Zoom>("fit");
  const placement = config.buttons[0]?.options?.placement ?? "BOTTOM_RIGHT";

  const group = useId();
  const frames = useRef(new Map<Screen, HTMLIFrameElement>());
  const frameRef = useCallback((screen: Screen, frame: HTMLIFrameElement | null) => {
    if (frame) frames.current.set(screen, frame);
    else frames.current.delete(screen);
  }, []);
  /** Counts the preview pages' "ready" messages: a new frame needs the config too. */
  const [ready, setReady] = useState(0);
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin === location.origin && e.data?.type === "beckon-preview-ready") setReady((n) => n + 1);
    };
    addEventListener("message", onMessage);
    return () => removeEventListener("message", onMessage);
  }, []);

  // Re-render shortly after the last change (typing in the editor is not re-rendered per key).
  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => {
      const message = {
        type: "beckon-preview",
        config: previewConfig(config, controls, location.origin),
        path: previewPath(controls.url),
        country: controls.country.trim().toUpperCase(),
        agentsAvailable: controls.agentsAvailable,
        page: { lang, label: t("preview.pageLabel"), heading: t("preview.pageHeading"), text: t("preview.pageText") },
      };
      for (const frame of frames.current.values()) frame.contentWindow?.postMessage(message, location.origin);
    }, 200);
    return () => clearTimeout(timer);
    // t is new each render; the words change with the language.
  }, [ready, config, controls, lang]);

  return (
    <section aria-labelledby="preview-h" className="stack preview">
      {/* The frames come first and stay in view beside the editor; what the visitor brings is below. */}
      <div className="stack preview-stick">
        <div className="row preview-head">
          <h2 id="preview-h" tabIndex={-1}>
            {t("preview.title")}
          </h2>
          <div className="row preview-choices">
            <fieldset className="inline-choice">
              <legend className="visually-hidden">{t("preview.screen")}</legend>
              {(["mobile", "desktop"] as const).map((c) => (
                <label key={c} className="check">
                  <input type="radio" name={group} checked={screen === c} onChange={() => setScreen(c)} />
                  <span>{t(SCREEN_NAMES[c])}</span>
                </label>
              ))}
            </fieldset>
            {screen === "desktop" && (
              <label className="check">
                <input type="checkbox" checked={zoom === "actual"} onChange={(e) => setZoom(e.target.checked ? "actual" : "fit")} />
                <span>{t("preview.actualSize")}</span>
              </label>
            )}
          </div>
        </div>
        <ScaledFrames screen={screen} zoom={zoom} placement={placement} frameRef={frameRef} />
        {children}
      </div>
      <p className="muted hint">{note ?? t("preview.note")}</p>
      <p className="hint" data-testid="preview-zone">
        {applied.whose === "visitor" ? t("preview.zoneYours", { zone: hoursZoneText(applied, t), browser: browserZone() }) : t("preview.zone", { zone: hoursZoneText(applied, t) })}
      </p>
      <div className="grid-fields preview-controls">
        <label>
          <span>{t("preview.time")}</span>
          <input type="datetime-local" value={controls.localTime} onChange={(e) => set("localTime", e.target.value)} />
        </label>
        <label>
          <span>{t("preview.timeZone")}</span>
          <select value={controls.timezone} onChange={(e) => (setZonePicked(true), set("timezone", e.target.value))}>
            {[...new Set([controls.timezone, ...timezones()])].map((z) => (
              <option key={z}>{z}</option>
            ))}
          </select>
        </label>
        <label>
          <span>{t("preview.url")}</span>
          <input type="url" value={controls.url} onChange={(e) => set("url", e.target.value)} />
        </label>
        <label>
          <span>{t("preview.country")}</span>
          <input type="text" maxLength={2} placeholder={t("preview.countryPlaceholder")} value={controls.country} onChange={(e) => set("country", e.target.value)} />
        </label>
        <label className="check">
          <input type="checkbox" checked={controls.agentsAvailable} onChange={(e) => set("agentsAvailable", e.target.checked)} />
          <span>{t("preview.online")}</span>
        </label>
      </div>
    </section>
  );
}
