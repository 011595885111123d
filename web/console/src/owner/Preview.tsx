// The live preview: the real widget, framed, rendering the unsaved config with the owner's
// choice of time (in a time zone), page URL, visitor country, screen size and agent availability.
import { useEffect, useRef, useState } from "react";
import type { Config } from "../../../widget/src/config/types.gen";
import { previewConfig, previewPath, VIEWPORTS, type PreviewControls } from "../lib/preview";
import { ScaledFrame } from "./ScaledFrame";
import { timezones } from "./catalogue";

function nowLocal(zone: string): string {
  const parts = new Intl.DateTimeFormat("sv-SE", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date());
  return parts.replace(" ", "T");
}

/** `note`: the line under the frame (default: it shows the unsaved draft). */
export function Preview({ config, note }: { config: Config; note?: string }) {
  const domain = config.domains[0];
  const zone = domain?.timezone || Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  const [controls, setControls] = useState<PreviewControls>(() => ({
    localTime: nowLocal(zone),
    timezone: zone,
    url: `https://${domain?.name ?? "example.com"}/`,
    country: "",
    viewport: "desktop",
    agentsAvailable: true,
  }));
  const frame = useRef<HTMLIFrameElement>(null);
  /** Counts the preview page's "ready" messages: a new frame (another screen size) needs the config again. */
  const [ready, setReady] = useState(0);
  const set = <K extends keyof PreviewControls>(k: K, v: PreviewControls[K]) => setControls((c) => ({ ...c, [k]: v }));

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
    const t = setTimeout(() => {
      frame.current?.contentWindow?.postMessage(
        {
          type: "beckon-preview",
          config: previewConfig(config, controls, location.origin),
          path: previewPath(controls.url),
          country: controls.country.trim().toUpperCase(),
          agentsAvailable: controls.agentsAvailable,
        },
        location.origin,
      );
    }, 200);
    return () => clearTimeout(t);
  }, [ready, config, controls]);

  return (
    <section aria-labelledby="preview-h" className="stack preview">
      {/* The frame comes first and stays in view beside the editor; what the visitor brings is below. */}
      <div className="stack preview-stick">
      <div className="row preview-head">
        <h2 id="preview-h">Live preview</h2>
        <fieldset className="inline-choice">
          <legend className="visually-hidden">Screen</legend>
          {(["mobile", "desktop"] as const).map((v) => (
            <label key={v} className="check">
              <input type="radio" name="preview-viewport" checked={controls.viewport === v} onChange={() => set("viewport", v)} />
              <span>{v === "mobile" ? "Phone" : "Desktop"}</span>
            </label>
          ))}
        </fieldset>
      </div>
      <ScaledFrame frameRef={frame} viewport={VIEWPORTS[controls.viewport]} label={controls.viewport === "mobile" ? "Phone" : "Desktop"} key={controls.viewport} />
      </div>
      <p className="muted hint">{note ?? "The real widget with your unsaved changes. Nothing is published until you publish."}</p>
      <div className="grid-fields preview-controls">
        <label>
          <span>Time</span>
          <input type="datetime-local" value={controls.localTime} onChange={(e) => set("localTime", e.target.value)} />
        </label>
        <label>
          <span>Time zone of that time</span>
          <select value={controls.timezone} onChange={(e) => set("timezone", e.target.value)}>
            {[...new Set([controls.timezone, ...timezones()])].map((z) => (
              <option key={z}>{z}</option>
            ))}
          </select>
        </label>
        <label>
          <span>Page URL</span>
          <input type="url" value={controls.url} onChange={(e) => set("url", e.target.value)} />
        </label>
        <label>
          <span>Visitor's country (code)</span>
          <input type="text" maxLength={2} placeholder="e.g. JP" value={controls.country} onChange={(e) => set("country", e.target.value)} />
        </label>
        <label className="check">
          <input type="checkbox" checked={controls.agentsAvailable} onChange={(e) => set("agentsAvailable", e.target.checked)} />
          <span>An agent is online</span>
        </label>
      </div>
    </section>
  );
}
