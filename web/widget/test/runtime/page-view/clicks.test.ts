// @vitest-environment happy-dom
// The loader's page-view flow with the real decision, renderer and extras chunk; only fetch and
// timers are mocked. Here: clicks and scroll rules.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { config } from "../fixtures";
import { isRevealed, revealed, resetPage, settle, styleLoaded, widget } from "../helpers";
import { pageViewHooks, w, held } from "./setup";

pageViewHooks();

describe("clicks (spec §7)", () => {
  const events = () => {
    const seen: Array<[string, unknown]> = [];
    for (const t of ["cnb:click", "cnb:open", "cnb:expand", "cnb:collapse"])
      document.addEventListener(t, (e) => seen.push([t, (e as CustomEvent).detail]));
    return seen;
  };

  const tracked = () => config({ domains: [{ id: "dom-1", name: "localhost", properties: { trackGA: true, trackConversion: true } }] });

  it("analytics per domain properties (at once: the chunk is there) and a cnb:click event", async () => {
    styleLoaded();
    const gtag = vi.fn();
    w.gtag = gtag;
    w.gtag_report_conversion = vi.fn();
    w.CNB_DATA = tracked();
    const [root] = await widget().start();
    await settle();
    const seen = events();
    const a = root.querySelector<HTMLAnchorElement>("[data-action-id=act-1]")!;
    a.addEventListener("click", (e) => e.preventDefault()); // no navigation in the test page
    a.click();
    expect(gtag).toHaveBeenCalledWith("event", "click", { event_category: "Beckon Button", event_label: "PHONE +31 20 123 4567" });
    expect(w.gtag_report_conversion).toHaveBeenCalledTimes(1);
    expect(seen).toContainEqual(["cnb:click", { actionId: "act-1", actionType: "PHONE", buttonId: "btn-1" }]);
  });

  it("a click that opens a surface is tracked a task later, after the surface has started opening", async () => {
    styleLoaded();
    const gtag = vi.fn();
    w.gtag = gtag;
    const c = tracked();
    c.actions = [{ id: "act-1", actionType: "CHAT", actionValue: "" }];
    w.CNB_DATA = c;
    const [root] = await widget().start();
    await settle();
    const seen = events();
    root.querySelector<HTMLElement>("[data-action-id=act-1]")!.click();
    expect(seen.map(([name]) => name)).toEqual(["cnb:open", "cnb:click"]);
    expect(gtag).not.toHaveBeenCalled();
    await settle();
    expect(gtag).toHaveBeenCalledWith("event", "click", { event_category: "Beckon Button", event_label: "CHAT " });
  });

  it("a click before the chunk arrives is tracked when it arrives; its event does not wait", async () => {
    styleLoaded();
    const gtag = vi.fn();
    w.gtag = gtag;
    w.CNB_DATA = tracked();
    const h = held();
    const [root] = await widget(h.load).start();
    const seen = events();
    const a = root.querySelector<HTMLAnchorElement>("[data-action-id=act-1]")!;
    a.addEventListener("click", (e) => e.preventDefault());
    a.click();
    expect(seen).toEqual([["cnb:click", { actionId: "act-1", actionType: "PHONE", buttonId: "btn-1" }]]);
    await settle();
    expect(gtag).not.toHaveBeenCalled();
    h.arrive();
    await settle();
    expect(gtag).toHaveBeenCalledWith("event", "click", { event_category: "Beckon Button", event_label: "PHONE +31 20 123 4567" });
    expect(gtag).toHaveBeenCalledWith("event", "conversion");
  });

  it("no analytics when the domain does not ask for it", async () => {
    styleLoaded();
    const gtag = vi.fn();
    w.gtag = gtag;
    w.CNB_DATA = config();
    const [root] = await widget().start();
    await settle();
    const a = root.querySelector<HTMLAnchorElement>("a")!;
    a.addEventListener("click", (e) => e.preventDefault());
    a.click();
    await settle();
    expect(gtag).not.toHaveBeenCalled();
  });

  it("a surface action dispatches cnb:open then cnb:click", async () => {
    w.CNB_DATA = config({ actions: [{ id: "act-1", actionType: "CHAT", actionValue: "" }] });
    const [root] = await widget().start();
    const seen = events();
    root.querySelector<HTMLElement>("[data-action-id=act-1]")!.click();
    expect(seen).toEqual([
      ["cnb:open", { actionId: "act-1", actionType: "CHAT" }],
      ["cnb:click", { actionId: "act-1", actionType: "CHAT", buttonId: "btn-1" }],
    ]);
  });

  it("toggling a multi button dispatches cnb:expand and cnb:collapse", async () => {
    const c = config();
    c.buttons[0].type = "MULTI";
    w.CNB_DATA = c;
    const [root] = await widget().start();
    const seen = events();
    const t = root.querySelector<HTMLElement>(".cnb-toggle")!;
    t.click();
    t.click();
    expect(seen).toEqual([
      ["cnb:expand", { buttonId: "btn-1" }],
      ["cnb:collapse", { buttonId: "btn-1" }],
    ]);
  });
});

describe("scroll rules, watched by the chunk after reveal (spec §2.3)", () => {
  beforeEach(() => styleLoaded());
  const scrolled = (rule: object) => {
    const c = config();
    c.buttons[0].options = { scroll: rule };
    return c;
  };
  const scrollTo = async (y: number) => {
    window.scrollTo(0, y);
    window.dispatchEvent(new Event("scroll"));
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  };

  it("a button shown from revealAtHeight on; a later render drops its rule and listener", async () => {
    const add = vi.spyOn(window, "addEventListener");
    const rem = vi.spyOn(window, "removeEventListener");
    const scrolls = (spy: typeof add) => spy.mock.calls.filter(([t]) => t == "scroll");
    w.CNB_DATA = scrolled({ revealAtHeight: 300, hideAtHeight: 1500 });
    const wd = widget();
    const [root] = await wd.start();
    expect(isRevealed(root)).toBe(false);
    await settle();
    expect(scrolls(add)).toHaveLength(1);
    await scrollTo(400);
    await revealed(root);
    await scrollTo(1600);
    expect(isRevealed(root)).toBe(false);
    await wd.render(config());
    expect(scrolls(rem)).toHaveLength(1);
    expect(scrolls(rem)[0][1]).toBe(scrolls(add)[0][1]);
  });

  it("a button with a rule stays hidden until the chunk applies the rule; one without shows at once", async () => {
    const h = held();
    w.CNB_DATA = scrolled({ hideAtHeight: 500 });
    const [root] = await widget(h.load).start();
    expect(isRevealed(root)).toBe(false);
    h.arrive();
    await revealed(root);
    resetPage();
    styleLoaded();
    w.CNB_DATA = scrolled({ revealAtHeight: 0, hideAtHeight: 0 });
    const [plain] = await widget(held().load).start();
    await revealed(plain);
  });

  it("a render replaced before the chunk arrives hands it nothing", async () => {
    const h = held();
    w.CNB_DATA = scrolled({ revealAtHeight: 300 });
    const wd = widget(h.load);
    const [first] = await wd.start();
    const [second] = await wd.render(scrolled({ revealAtHeight: 300 }));
    h.arrive();
    await settle();
    await scrollTo(400);
    expect(first.isConnected).toBe(false);
    expect(isRevealed(first)).toBe(false);
    await revealed(second);
  });
});
