// @vitest-environment happy-dom
/// <reference types="node" />
// Static checks of beckon.css and beckon-anim.css; their layout and hostile-page behaviour are checked in a real browser
// by the end-to-end tests.
import { afterEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { removeButtons, renderButtons } from "../../src/loader/render/index";
import { action, decision, env } from "./fixtures";

const read = (f: string) => readFileSync(resolve(__dirname, "../../src/styles/" + f), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
/** beckon.css bundles its two parts (the hosted embed carries the parts its config uses). */
const rules = read("beckon-core.css") + read("beckon-lists.css");
/** Loaded after the buttons show, only for roots with an animation. */
const anim = read("beckon-anim.css");

afterEach(() => {
  removeButtons(Array.from(document.querySelectorAll<HTMLElement>(".call-now-button")));
  document.body.innerHTML = "";
  document.head.innerHTML = "";
});

describe("beckon.css", () => {
  it("sets the loaded marker the runtime waits for", () => {
    // Per button type, in the part that styles it: a root whose part is missing stays hidden.
    expect(read("beckon-core.css")).toMatch(/\.cnb-single\s*\{\s*--cnb-loaded:\s*1;/);
    expect(read("beckon-lists.css")).toMatch(/\.cnb-full, \.cnb-multi, \.cnb-dots\s*\{\s*--cnb-loaded:\s*1;/);
    expect(read("beckon.css")).toMatch(/@import "\.\/beckon-core\.css";\s*@import "\.\/beckon-lists\.css";/);
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
    // no pseudo-element content from the page
    const pseudo = rules.match(/(\.call-now-button ::\w+,\s*)+\.call-now-button ::\w+\s*\{\s*content:\s*none\s*!important/)!;
    expect(pseudo[0]).toContain("::before");
    expect(pseudo[0]).toContain("::after");
  });

  it.each([
    ["beckon.css", rules],
    ["beckon-anim.css", anim],
  ])("every declaration of %s outside keyframes and @property is !important, except custom properties", (_, css) => {
    const body = css.replace(/@keyframes[^{]*\{([^{}]*\{[^}]*\})*\s*\}/g, "").replace(/@property[^}]*\}/g, "");
    const decls = body.match(/[{;]\s*[a-z-]+\s*:[^;{}]*/g) || [];
    const loose = decls.map((d: string) => d.slice(1).trim()).filter((d: string) => !/!important$/.test(d) && !d.startsWith("--"));
    expect(loose).toEqual([]);
  });

  it("animates only from beckon-anim.css, without a reduced-motion preference", () => {
    // nothing of the animations in the critical stylesheet: the buttons look the same at rest without them
    expect(rules).not.toMatch(/cnb-anim|cnb-fx|@keyframes|@property|animation|--cnb-[tc]\b/);
    const i = anim.indexOf("@media (prefers-reduced-motion: no-preference)");
    expect(i).toBeGreaterThan(-1);
    const end = anim.indexOf("\n}", i);
    for (const a of ["cnb-anim-shake .cnb-fx", "cnb-anim-tada .cnb-fx", "cnb-anim-sonar] .cnb-fx::after"]) {
      const at = anim.indexOf(a);
      expect(at).toBeGreaterThan(i);
      expect(at).toBeLessThan(end);
    }
    // no registered property: registering one recomputes the style of every element of the page
    expect(anim).not.toMatch(/@property|registerProperty/);
    // shake and tada move .cnb-fx through --cnb-t (animatable under the !important reset)
    expect(anim).toMatch(/cnb-anim-shake \.cnb-fx \{ transform: var\(--cnb-t,none\) !important;/);
    // sonar animates only transform and opacity (the compositor runs it)
    const sonar = anim.slice(anim.indexOf("@keyframes cnb-sonar"));
    expect(sonar.match(/[a-z-]+(?=:)/g)!.sort()).toEqual(["opacity", "opacity", "transform", "transform"]);
    // sonar-light in the fallback colour, sonar-dark sets its own
    expect(anim).toContain(".cnb-anim-sonar-dark");
    expect(anim).toMatch(/background: var\(--cnb-c,#fffc\)/);
    expect(anim.slice(0, i)).not.toMatch(/animation:\s*cnb-/);
  });

  it("styles every placement (by its axis classes) and type class", () => {
    // Each root carries cnb-{vertical}-{horizontal} and cnb-{vertical} cnb-{horizontal} (render.test.ts).
    for (const c of ["bottom", "middle", "top", "left", "center", "right"]) expect(rules).toMatch(new RegExp("\\.cnb-" + c + "\\b(?!-)"));
    for (const c of ["full", "dots", "expand", "rtl"]) expect(rules).toContain(".cnb-" + c);
    // a menu's list (multi, dots: after the toggle) is hidden until expanded
    expect(rules).toMatch(/:not\(\.cnb-expand\) > \.cnb-toggle \+ \.cnb-list\s*\{\s*display:\s*none/);
    expect(rules).toMatch(/:focus-visible\s*\{[^}]*\boutline:/);
  });
});
