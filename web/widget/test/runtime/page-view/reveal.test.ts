// @vitest-environment happy-dom
// The loader's page-view flow with the real decision, renderer and extras chunk; only fetch and
// timers are mocked. Here: the stylesheet reveal and the animation stylesheet.
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Config } from "../../../src/config/types.gen";
import { boot } from "../../../src/loader/boot";
import { config } from "../fixtures";
import { chunk, flags, isRevealed, revealed, roots, settle, styleLoaded, widget } from "../helpers";
import { pageViewHooks, w } from "./setup";

pageViewHooks();

describe("stylesheet reveal (spec §2.1, §4.2)", () => {
  beforeEach(() => vi.useFakeTimers());
  const start = async () => {
    w.CNB_DATA = config({ options: { cssLocation: "https://cdn.beckon.test/beckon.css" } });
    const [root] = await widget().start();
    return root;
  };

  it("reveals on the link's load event", async () => {
    const root = await start();
    expect(isRevealed(root)).toBe(false);
    styleLoaded();
    document.querySelector("link")!.dispatchEvent(new Event("load"));
    await revealed(root);
  });

  it("polls every 200 ms when no load event comes", async () => {
    const root = await start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(isRevealed(root)).toBe(false);
    styleLoaded();
    await vi.advanceTimersByTimeAsync(199);
    expect(isRevealed(root)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await revealed(root);
  });

  it("gives up after 100 attempts, logging in debug mode", async () => {
    flags({ "cnb.debug": "true" });
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const root = await start();
    await vi.advanceTimersByTimeAsync(200 * 99);
    expect(info).not.toHaveBeenCalledWith("Beckon:", "stylesheet not applied:", expect.anything());
    await vi.advanceTimersByTimeAsync(200);
    await vi.advanceTimersByTimeAsync(1); // the chunk, which writes the line, is imported in a task of its own
    expect(info).toHaveBeenCalledWith("Beckon:", "stylesheet not applied:", "https://cdn.beckon.test/beckon.css");
    expect(vi.getTimerCount()).toBe(0);
    styleLoaded();
    await vi.advanceTimersByTimeAsync(200 * 10);
    expect(isRevealed(root)).toBe(false);
  });

  it("a later render ends the wait of the earlier one", async () => {
    const c = config({ options: { cssLocation: "https://cdn.beckon.test/beckon.css" } });
    w.CNB_DATA = c;
    const wd = widget();
    const [first] = await wd.start();
    const [second] = await wd.render(c);
    const reads = vi.spyOn(window, "getComputedStyle");
    await vi.advanceTimersByTimeAsync(400);
    // Only the later render polls. (Reads of the page's other elements are the collision watchers'
    // of earlier tests here, whose widgets are never stopped: not the stylesheet's poll.)
    const roots = reads.mock.calls.map(([el]) => el).filter((el) => el.classList.contains("call-now-button"));
    expect(roots).toEqual([second, second]);
    styleLoaded();
    await vi.advanceTimersByTimeAsync(200);
    await revealed(second);
    expect(isRevealed(first)).toBe(false);
    expect(first.isConnected).toBe(false);
  });
});

describe("the animation stylesheet, loaded by the chunk after reveal", () => {
  const anims = () => Array.from(document.querySelectorAll("link"), (l) => l.getAttribute("href")).filter((h) => /anim/.test(h!));
  const animated = (options: Config["options"] = {}) => {
    const c = config({ options });
    c.buttons[0].options = { animation: "SHAKE" };
    return c;
  };

  it("comes once from the stylesheet's folder when a shown button is animated", async () => {
    const c = animated({ cssLocation: "https://cdn.beckon.test/css/beckon.css?v=2" });
    w.CNB_DATA = c;
    const wd = widget();
    await wd.start();
    await settle();
    expect(anims()).toEqual([]); // not before the buttons show
    styleLoaded();
    document.querySelector("link")!.dispatchEvent(new Event("load"));
    await settle();
    expect(anims()).toEqual(["https://cdn.beckon.test/css/beckon-anim.css"]);
    await wd.render(c);
    await settle();
    expect(anims()).toHaveLength(1);
  });

  it("beside the loader by default; not for buttons without animation", async () => {
    styleLoaded();
    w.CNB_DATA = config();
    boot("https://cdn.beckon.test/static/beckon.js", chunk());
    await vi.waitFor(() => expect(roots().length).toBe(1));
    await settle();
    expect(anims()).toEqual([]);
    await (w.CNB as { render(d: unknown): Promise<unknown> }).render(animated());
    await settle();
    expect(anims()).toEqual(["https://cdn.beckon.test/static/beckon-anim.css"]);
  });
});
