// @vitest-environment happy-dom
// Effects and refs (src/app/runtime/effects.ts, diff.ts): refs and layout effects right after the
// DOM is in place, before the browser can paint; useEffect after the paint; children's before
// their parent's; every cleanup before the next run and on unmount.
import { afterEach, describe, expect, it } from "vitest";
import { h, mount, painted, rendered, useEffect, useLayoutEffect, useRef, useState, type Setter } from "./helpers";

afterEach(() => {
  document.body.innerHTML = "";
});

/** A component logging its effects' runs and cleanups as "name kind dep" / "name kind dep cleanup". */
function logging(log: string[]) {
  return function Logged({ name, dep, children }: { name: string; dep: number; children?: unknown }) {
    useLayoutEffect(() => {
      log.push(`${name} layout ${dep}`);
      return () => void log.push(`${name} layout ${dep} cleanup`);
    }, [dep]);
    useEffect(() => {
      log.push(`${name} effect ${dep}`);
      return () => void log.push(`${name} effect ${dep} cleanup`);
    }, [dep]);
    return h("div", { id: name }, children);
  };
}

describe("effects", () => {
  it("runs layout effects before render returns, children first, and effects only after the next paint", async () => {
    const log: string[] = [];
    const L = logging(log);
    const { render } = mount();
    render(h(L, { name: "parent", dep: 1 }, h(L, { name: "a", dep: 1 }), h(L, { name: "b", dep: 1 })));
    expect(log).toEqual(["a layout 1", "b layout 1", "parent layout 1"]);
    await rendered();
    await Promise.resolve();
    expect(log.length).toBe(3); // not before the paint
    await painted();
    expect(log.slice(3)).toEqual(["a effect 1", "b effect 1", "parent effect 1"]);
  });

  it("runs every cleanup before the effects again when a dependency changed, and none when none did", async () => {
    const log: string[] = [];
    const L = logging(log);
    const { render } = mount();
    const draw = (p: number, c: number) => render(h(L, { name: "parent", dep: p }, h(L, { name: "child", dep: c })));
    draw(1, 1);
    await painted();
    log.length = 0;
    draw(1, 1);
    await painted();
    expect(log).toEqual([]);
    draw(2, 2);
    await painted();
    expect(log).toEqual([
      "child layout 1 cleanup",
      "parent layout 1 cleanup",
      "child layout 2",
      "parent layout 2",
      "child effect 1 cleanup",
      "parent effect 1 cleanup",
      "child effect 2",
      "parent effect 2",
    ]);
  });

  it("runs the effects still due before rendering again (as React), so none is skipped", () => {
    const log: string[] = [];
    const L = logging(log);
    const { render } = mount();
    render(h(L, { name: "x", dep: 1 }));
    render(h(L, { name: "x", dep: 2 })); // before any paint
    expect(log).toEqual(["x layout 1", "x effect 1", "x layout 1 cleanup", "x layout 2"]);
  });

  it("unmounts with every cleanup, parents first, and takes the DOM out", async () => {
    const log: string[] = [];
    const L = logging(log);
    const { container, render } = mount();
    render(h("section", null, h(L, { name: "parent", dep: 1 }, h(L, { name: "child", dep: 1 }))));
    await painted();
    log.length = 0;
    render(null);
    expect(log).toEqual(["parent layout 1 cleanup", "parent effect 1 cleanup", "child layout 1 cleanup", "child effect 1 cleanup"]);
    expect(container.childNodes.length).toBe(0);
    await painted();
    expect(log.length).toBe(4);
  });

  it("sets object and callback refs before layout effects run, and clears them on unmount", () => {
    const { render } = mount();
    const seen: Array<Element | null> = [];
    const byCallback: Array<Element | null> = [];
    const cb = (e: Element | null) => void byCallback.push(e);
    let ref: { current: Element | null } = { current: null };
    function Dialog() {
      ref = useRef<Element | null>(null);
      useLayoutEffect(() => {
        seen.push(ref.current, document.getElementById("box"));
      }, []);
      return h("div", { id: "box", ref }, h("span", { ref: cb }));
    }
    render(h(Dialog, null));
    expect(seen[0]).not.toBeNull();
    expect(seen[0]).toBe(seen[1]); // set, and in the document
    expect(byCallback.length).toBe(1);
    expect(byCallback[0]!.tagName).toBe("SPAN");
    render(null);
    expect(ref.current).toBeNull();
    expect(byCallback).toEqual([byCallback[0], null]);
  });

  it("renders a state change made by a layout effect before the browser can paint", async () => {
    const { container, render } = mount();
    const s: Setter<number> = {};
    function Measure() {
      const [n, set] = useState(0);
      const [w, setW] = useState("");
      s.set = set;
      useLayoutEffect(() => setW("measured " + n), [n]);
      return h("p", null, w);
    }
    render(h(Measure, null));
    await rendered();
    expect(container.textContent).toBe("measured 0");
    s.set!(1);
    await rendered();
    expect(container.textContent).toBe("measured 1");
  });
});
