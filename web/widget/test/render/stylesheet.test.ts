// @vitest-environment happy-dom
/// <reference types="node" />
// Static checks of beckon.css; its layout and hostile-page behaviour are checked in a real browser
// by the end-to-end tests.
import { afterEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { removeButtons, renderButtons } from "../../src/loader/render/index";
import { action, decision, env } from "./fixtures";

const CSS = readFileSync(resolve(__dirname, "../../src/styles/beckon.css"), "utf8");
const rules = CSS.replace(/\/\*[\s\S]*?\*\//g, "");

afterEach(() => {
  removeButtons(Array.from(document.querySelectorAll<HTMLElement>(".call-now-button")));
  document.body.innerHTML = "";
  document.head.innerHTML = "";
});

describe("beckon.css", () => {
  it("sets the loaded marker the runtime waits for", () => {
    expect(rules).toMatch(/\.call-now-button\s*\{[^}]*--cnb-loaded:\s*1;/);
    const style = document.createElement("style");
    style.textContent = ".call-now-button { --cnb-loaded: 1; }";
    document.head.appendChild(style);
    const root = renderButtons(decision({}, [action("a")]), env())[0];
    expect(getComputedStyle(root).getPropertyValue("--cnb-loaded").trim()).toBe("1");
  });

  it("uses px only, never units relative to the host's fonts", () => {
    expect(rules).not.toMatch(/\d(r?em|ex|ch|rlh|lh)\b/);
  });

  it("resets the widget's own elements with class selectors and !important", () => {
    expect(rules).toMatch(/\.call-now-button\s*\{\s*all:\s*initial\s*!important/);
    expect(rules).toMatch(/\.call-now-button :not\(path\)\s*\{\s*all:\s*unset\s*!important/);
  });

  it("every declaration outside keyframes and @property is !important, except custom properties and ::after", () => {
    const body = rules.replace(/@keyframes[^{]*\{([^{}]*\{[^}]*\})*\s*\}/g, "").replace(/@property[^}]*\}/g, "");
    const decls = body.match(/[{;]\s*[a-z-]+\s*:[^;{}]*/g) || [];
    const loose = decls.map((d: string) => d.slice(1).trim()).filter((d: string) => !/!important$/.test(d) && !d.startsWith("--"));
    expect(loose).toEqual([]);
  });

  it("animates only without a reduced-motion preference", () => {
    const i = rules.indexOf("@media (prefers-reduced-motion: no-preference)");
    expect(i).toBeGreaterThan(-1);
    const end = rules.indexOf("\n}", i);
    for (const a of ["shake .cnb-fx", "tada .cnb-fx", "sonar] .cnb-fx::after"]) {
      const at = rules.indexOf("cnb-anim-" + a);
      expect(at).toBeGreaterThan(i);
      expect(at).toBeLessThan(end);
    }
    // sonar-light rings in the keyframes' fallback colour, sonar-dark sets its own
    expect(rules).toContain(".cnb-anim-sonar-dark");
    expect(rules).toMatch(/@keyframes cnb-sonar[^}]*var\(--cnb-c,\s*#fffc\)/);
    expect(rules.slice(0, i)).not.toMatch(/animation:\s*cnb-/);
  });

  it("styles every placement (by its axis classes) and type class", () => {
    // Each root carries cnb-{vertical}-{horizontal} and cnb-{vertical} cnb-{horizontal} (render.test.ts).
    for (const c of ["bottom", "middle", "top", "left", "center", "right"]) expect(rules).toMatch(new RegExp("\\.cnb-" + c + "\\b(?!-)"));
    for (const c of ["full", "dots", "expand", "rtl"]) expect(rules).toContain(".cnb-" + c);
    // multi is every list-bearing type but full: hidden until expanded
    expect(rules).toMatch(/\.call-now-button:not\(\.cnb-full\):not\(\.cnb-expand\) \.cnb-list\s*\{\s*display:\s*none/);
    expect(rules).toMatch(/:focus-visible\s*\{\s*outline:/);
  });
});
