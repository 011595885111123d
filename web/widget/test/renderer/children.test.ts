// @vitest-environment happy-dom
// Children matched by key, else by position and type (src/app/runtime/diff.ts): kept children keep
// their DOM node, their state and the focus.
import { afterEach, describe, expect, it } from "vitest";
import { h, makeCounter, mount, rendered, useState, type Setter } from "./helpers";

afterEach(() => {
  document.body.innerHTML = "";
});

const list = (keys: string[]) => h("ul", null, keys.map((k) => h("li", { key: k }, h("button", null, k))));
const items = (c: HTMLElement) => Array.from(c.querySelectorAll("li"));

describe("children", () => {
  it("moves keyed children with their DOM nodes, and adds and removes by key", () => {
    const { container, render } = mount();
    render(list(["a", "b", "c", "d"]));
    const [a, b, c, d] = items(container);
    render(list(["d", "a", "b", "c"]));
    expect(items(container)).toEqual([d, a, b, c]);
    render(list(["b", "c", "d", "a"]));
    expect(items(container)).toEqual([b, c, d, a]);
    render(list(["c", "x", "a"]));
    const now = items(container);
    expect(now[0]).toBe(c);
    expect(now[2]).toBe(a);
    expect(now[1].textContent).toBe("x");
    expect(b.isConnected || d.isConnected).toBe(false);
  });

  it("keeps the focus of a child that stays in place while a sibling moves around it", () => {
    const { container, render } = mount();
    render(list(["a", "b", "c"]));
    const b = items(container)[1].querySelector("button")!;
    b.focus();
    // Each step moves one child, never b (moving an element takes the focus away from it).
    const steps = [["b", "c", "a"], ["a", "b", "c"], ["b", "a", "c"], ["x", "b", "a", "c"], ["b"]];
    for (const keys of steps) {
      render(list(keys));
      expect(items(container).map((li) => li.textContent)).toEqual(keys);
      expect(document.activeElement).toBe(b);
    }
  });

  it("matches unkeyed children by position, also when one before them renders nothing, so their state stays", () => {
    const { container, render } = mount();
    const { Counter, counter } = makeCounter();
    const draw = (banner: boolean) => render(h("div", null, banner ? h("p", null, "banner") : null, h(Counter, null)));
    draw(false);
    const out = container.querySelector("output")!;
    counter.set!(5);
    return rendered().then(() => {
      draw(true);
      expect(container.querySelector("output")).toBe(out);
      expect(out.textContent).toBe("5");
      expect(container.firstElementChild!.firstElementChild!.tagName).toBe("P");
      draw(false);
      expect(container.querySelector("output")).toBe(out);
      expect(out.textContent).toBe("5");
    });
  });

  it("remounts a child whose component or key changes", () => {
    const { container, render } = mount();
    const { Counter: A, counter } = makeCounter();
    const B = () => h("output", null, "b");
    render(h(A, { key: 1 }));
    const first = container.querySelector("output");
    counter.set!(3);
    return rendered().then(() => {
      expect(first!.textContent).toBe("3");
      render(h(A, { key: 2 }));
      expect(container.querySelector("output")).not.toBe(first);
      expect(container.querySelector("output")!.textContent).toBe("0");
      render(h(B, null));
      expect(container.querySelector("output")!.textContent).toBe("b");
      expect(container.querySelectorAll("output").length).toBe(1);
    });
  });

  it("places what a component renders among its siblings when it re-renders alone", async () => {
    const { container, render } = mount();
    const s: Setter<number> = {};
    function Many() {
      const [n, set] = useState(1);
      s.set = set;
      return Array.from({ length: n }, (_, i) => h("i", { key: i }, i));
    }
    render(h("p", null, h("b", null, "first"), h(Many, null), h("b", null, "last")));
    s.set!(3);
    await rendered();
    expect(container.querySelector("p")!.innerHTML).toBe("<b>first</b><i>0</i><i>1</i><i>2</i><b>last</b>");
    s.set!(0);
    await rendered();
    expect(container.querySelector("p")!.innerHTML).toBe("<b>first</b><b>last</b>");
  });
});
