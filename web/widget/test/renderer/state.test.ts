// @vitest-environment happy-dom
// State (src/app/runtime/hooks.ts, scheduler.ts): changes render later and together, a component
// renders again only when its state changed, and a parent's render renders its children.
import { afterEach, describe, expect, it } from "vitest";
import { h, mount, rendered, useReducer, useRef, useState, type Setter } from "./helpers";

afterEach(() => {
  document.body.innerHTML = "";
});

describe("state", () => {
  it("renders two state changes of an event handler once, after the handler, with both applied", async () => {
    const { container, render } = mount();
    let renders = 0;
    function Form() {
      const [a, setA] = useState("");
      const [b, setB] = useState(0);
      renders++;
      return h("button", { onClick: () => (setA("x"), setB((n) => n + 1), setB((n) => n + 1)) }, a + b);
    }
    render(h(Form, null));
    const button = container.querySelector("button")!;
    button.click();
    expect(button.textContent).toBe("0"); // not yet: rendered in a microtask
    expect(renders).toBe(1);
    await rendered();
    expect(button.textContent).toBe("x2");
    expect(renders).toBe(2);
  });

  it("does not render again when the state is set to what it is (Object.is)", async () => {
    const { render } = mount();
    const s: Setter<number> = {};
    let renders = 0;
    function C() {
      const [n, set] = useState(NaN);
      s.set = set;
      renders++;
      return n;
    }
    render(h(C, null));
    s.set!(NaN);
    s.set!((n) => n);
    await rendered();
    expect(renders).toBe(1);
    s.set!(1);
    await rendered();
    expect(renders).toBe(2);
  });

  it("keeps setters and refs across renders, reads lazy initial state once, and reduces actions in order", async () => {
    const { container, render } = mount();
    const seen = new Set<unknown>();
    let inits = 0;
    let dispatch: (a: number) => void = () => {};
    function C() {
      const [v, set] = useState(() => ++inits);
      const [sum, add] = useReducer((s: number, a: number) => s * 10 + a, 0);
      const ref = useRef(0);
      ref.current++;
      seen.add(set).add(add).add(ref);
      dispatch = add;
      return h("p", null, `${v} ${sum} ${ref.current}`);
    }
    render(h(C, null));
    dispatch(1);
    dispatch(2);
    await rendered();
    render(h(C, null));
    expect(container.textContent).toBe("1 12 3");
    expect(inits).toBe(1);
    expect(seen.size).toBe(3);
  });

  it("renders a child with its parent, once, when both changed", async () => {
    const { container, render } = mount();
    const parent: Setter<number> = {};
    const child: Setter<number> = {};
    const renders: string[] = [];
    function Child({ p }: { p: number }) {
      const [c, set] = useState(0);
      child.set = set;
      renders.push("child");
      return h("i", null, `${p}/${c}`);
    }
    function Parent() {
      const [p, set] = useState(0);
      parent.set = set;
      renders.push("parent");
      return h("b", null, h(Child, { p }));
    }
    render(h(Parent, null));
    renders.length = 0;
    child.set!(2); // the child first: the parent still renders first, and the child only with it
    parent.set!(1);
    await rendered();
    expect(renders).toEqual(["parent", "child"]);
    expect(container.textContent).toBe("1/2");
  });

  it("leaves children passed in as props alone when only their container's state changed (React's bail-out)", async () => {
    const { container, render } = mount();
    const box: Setter<boolean> = {};
    let inner = 0;
    const Inner = () => (inner++, h("span", null, "inner"));
    function Box({ children }: { children?: unknown }) {
      const [open, set] = useState(false);
      box.set = set;
      return h("div", { className: open ? "open" : "" }, children);
    }
    render(h(Box, null, h(Inner, null)));
    box.set!(true);
    await rendered();
    expect(container.firstElementChild!.className).toBe("open");
    expect(inner).toBe(1);
  });

  it("ignores state set after unmounting", async () => {
    const { container, render } = mount();
    const s: Setter<number> = {};
    let renders = 0;
    function C() {
      const [n, set] = useState(0);
      s.set = set;
      renders++;
      return n;
    }
    render(h(C, null));
    render(null);
    s.set!(1);
    await rendered();
    expect(renders).toBe(1);
    expect(container.childNodes.length).toBe(0);
  });
});
