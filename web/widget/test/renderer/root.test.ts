// @vitest-environment happy-dom
// createRoot (src/app/runtime/react-dom-client.ts) as the app uses it: one root in a shadow root,
// rendered again and again (at once: the warm-up relies on it), and emptied with render(null).
import { afterEach, describe, expect, it } from "vitest";
import { createRoot } from "../../src/app/runtime/react-dom-client";
import { h } from "./helpers";

afterEach(() => {
  document.body.innerHTML = "";
});

describe("createRoot", () => {
  it("renders into a shadow root at once, updates it in place and empties it with render(null)", () => {
    const host = document.body.appendChild(document.createElement("div"));
    const shadow = host.attachShadow({ mode: "open" });
    const root = createRoot(shadow);
    root.render([h("style", { key: "s" }, ":host{}"), h("div", { key: "d", role: "dialog" }, "one")]);
    const dialog = shadow.querySelector('[role="dialog"]')!;
    expect(dialog.textContent).toBe("one");
    root.render([h("style", { key: "s" }, ":host{}"), h("div", { key: "d", role: "dialog" }, "two")]);
    expect(shadow.querySelector('[role="dialog"]')).toBe(dialog);
    expect(dialog.textContent).toBe("two");
    root.render(null);
    expect(shadow.childNodes.length).toBe(0);
    root.render(h("p", null, "again"));
    expect(shadow.innerHTML).toBe("<p>again</p>");
  });
});
