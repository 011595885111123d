import { afterEach, describe, expect, it, vi } from "vitest";
import { act, within } from "@testing-library/react";
import type { Action } from "../../src/config/types.gen";
import type { SurfaceContext } from "../../src/app/context";
import { closeSurface, openSurface } from "../../src/app/index";
import { CLOSE_MS } from "../../src/app/modal/Modal";

const wa: Action = { id: "wa", actionType: "WHATSAPP", actionValue: "31612345678", properties: { "whatsapp-dialog-type": "popout" } };
const frame: Action = { id: "fr", actionType: "IFRAME", actionValue: "https://example.com/", properties: { "iframe-title": "Menu" } };

function page() {
  document.body.innerHTML = `
    <div class="call-now-button cnb-multi cnb-expand" data-button-id="b1">
      <button class="cnb-toggle" aria-expanded="true">toggle</button>
      <div class="cnb-list"><button class="cnb-act" data-action-id="wa">WhatsApp</button></div>
    </div>
    <button id="single" data-action-id="fr">Open</button>`;
  const root = document.querySelector<HTMLElement>(".call-now-button")!;
  const toggle = root.querySelector<HTMLElement>(".cnb-toggle")!;
  toggle.addEventListener("click", () => root.classList.toggle("cnb-expand"));
  return { root, toggle, act: root.querySelector<HTMLElement>(".cnb-act")!, single: document.getElementById("single")! };
}

const ctx = (trigger: HTMLElement | null, emit = vi.fn()): SurfaceContext => ({
  config: { userId: "u", domains: [], buttons: [] },
  domain: null,
  trigger,
  staticRoot: "/static/",
  debug: false,
  emit,
});

// React (these tests' renderer) puts the focus back after each commit on the element that had it
// before, here the container (document.activeElement while the focus is inside its shadow root);
// a browser ignores focus() on an element that cannot take the focus, happy-dom does not. As in a
// browser, then:
const focus = HTMLElement.prototype.focus;
HTMLElement.prototype.focus = function (this: HTMLElement, o?: FocusOptions) {
  if (this.matches("a[href],button,input,textarea,select,iframe,[tabindex]")) focus.call(this, o);
};

/** Queries inside the surfaces' shadow root (the container is created on first use). */
const host = () => document.querySelector<HTMLElement>(".cnb-m-host");
const screen = () => within((host()?.shadowRoot ?? document.body) as unknown as HTMLElement);

const wait = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)));

afterEach(async () => {
  act(() => closeSurface());
  await wait(CLOSE_MS + 20);
});

describe("openSurface / closeSurface", () => {
  it("mounts one host, its stylesheet inside its shadow root, collapses the multi button and fires the expand event", async () => {
    const p = page();
    const emit = vi.fn();
    p.act.focus();
    act(() => openSurface(wa, ctx(p.act, emit)));
    expect(document.querySelectorAll(".cnb-m-host").length).toBe(1);
    expect(host()!.shadowRoot!.querySelector("style")!.textContent).toContain(":host");
    expect(document.querySelector("style")).toBeNull(); // nothing in the page's own styles
    expect(screen().getByRole("dialog", { name: "WhatsApp" })).toBeTruthy();
    expect(p.root.classList.contains("cnb-expand")).toBe(false);
    expect(emit).toHaveBeenCalledWith("cnb:expand", { actionId: "wa", actionType: "WHATSAPP", buttonId: "b1" });

    act(() => closeSurface());
    expect(screen().getByRole("dialog").classList.contains("cnb-m-out")).toBe(true);
    await wait(CLOSE_MS + 20);
    expect(screen().queryByRole("dialog")).toBeNull();
    expect(emit).toHaveBeenLastCalledWith("cnb:close", { actionId: "wa", actionType: "WHATSAPP", buttonId: "b1" });
    expect(document.activeElement).toBe(p.toggle); // the action itself is hidden in the collapsed list
  });

  it("toggles: opening the open action again closes it; focus returns to the trigger", async () => {
    const p = page();
    act(() => openSurface(frame, ctx(p.single)));
    expect(screen().getByRole("dialog", { name: "Menu" })).toBeTruthy();
    expect(p.root.classList.contains("cnb-expand")).toBe(true); // a button elsewhere is left alone
    act(() => openSurface(frame, ctx(p.single)));
    await wait(CLOSE_MS + 20);
    expect(screen().queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(p.single);
    act(() => openSurface(frame, ctx(p.single)));
    expect(screen().getByRole("dialog", { name: "Menu" })).toBeTruthy();
    expect(document.querySelectorAll(".cnb-m-host").length).toBe(1);
  });

  it("another surface replaces the open one", async () => {
    const p = page();
    const emit = vi.fn();
    act(() => openSurface(frame, ctx(p.single, emit)));
    act(() => openSurface(wa, ctx(p.single, emit)));
    expect(screen().getAllByRole("dialog").map((d) => d.getAttribute("aria-labelledby") && d.querySelector("h2")!.textContent)).toEqual(["WhatsApp"]);
    expect(emit.mock.calls.map((c) => c[0])).toEqual(["cnb:expand", "cnb:close", "cnb:expand"]);
  });

  it("ignores actions without a surface", () => {
    act(() => openSurface({ id: "p", actionType: "PHONE", actionValue: "1" }, ctx(null)));
    expect(screen().queryByRole("dialog")).toBeNull();
  });
});
