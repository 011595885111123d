// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ensureStylesheet, isStyled, POLL_ATTEMPTS, POLL_MS, whenStyled } from "../../src/loader/stylesheet";

const root = () => {
  const el = document.createElement("div");
  el.className = "call-now-button";
  document.body.appendChild(el);
  return el;
};
const markLoaded = () => {
  const s = document.createElement("style");
  s.id = "marker";
  s.textContent = ".call-now-button { --cnb-loaded: 1 }";
  document.head.appendChild(s);
};

describe("ensureStylesheet", () => {
  afterEach(() => {
    document.head.innerHTML = "";
  });

  it("injects one link and reuses it", () => {
    const a = ensureStylesheet(document, "https://cdn.example.com/beckon.css");
    const b = ensureStylesheet(document, "https://cdn.example.com/beckon.css");
    expect(a).toBe(b);
    expect(document.querySelectorAll("link").length).toBe(1);
    expect(a.rel).toBe("stylesheet");
    expect(a.parentNode).toBe(document.head);
  });

  it("reuses a link the page already has", () => {
    const l = document.createElement("link");
    l.rel = "stylesheet";
    l.setAttribute("href", "/static/beckon.css");
    document.head.appendChild(l);
    expect(ensureStylesheet(document, "/static/beckon.css")).toBe(l);
    expect(document.querySelectorAll("link").length).toBe(1);
  });
});

describe("whenStyled (spec §2.1, §4.2)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    document.head.innerHTML = "";
    document.body.innerHTML = "";
  });

  it("reveals at once when the marker already applies", () => {
    markLoaded();
    const r = root();
    expect(isStyled(r)).toBe(true);
    const ready = vi.fn();
    whenStyled(null, [r], ready, vi.fn());
    expect(ready).toHaveBeenCalledTimes(1);
  });

  it("reveals on the link's load event", () => {
    const link = document.createElement("link");
    const r = root();
    const ready = vi.fn();
    whenStyled(link, [r], ready, vi.fn());
    expect(ready).not.toHaveBeenCalled();
    markLoaded();
    link.dispatchEvent(new Event("load"));
    expect(ready).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(POLL_MS * 3);
    expect(ready).toHaveBeenCalledTimes(1);
  });

  it("polls every 200 ms when no load event comes", () => {
    const r = root();
    const ready = vi.fn();
    whenStyled(null, [r], ready, vi.fn());
    vi.advanceTimersByTime(POLL_MS * 5);
    expect(ready).not.toHaveBeenCalled();
    markLoaded();
    vi.advanceTimersByTime(POLL_MS - 1);
    expect(ready).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(ready).toHaveBeenCalledTimes(1);
  });

  it("gives up after 100 attempts", () => {
    const r = root();
    const ready = vi.fn();
    const giveUp = vi.fn();
    whenStyled(null, [r], ready, giveUp);
    vi.advanceTimersByTime(POLL_MS * (POLL_ATTEMPTS - 1));
    expect(giveUp).not.toHaveBeenCalled();
    vi.advanceTimersByTime(POLL_MS);
    expect(giveUp).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
    markLoaded();
    vi.advanceTimersByTime(POLL_MS * 10);
    expect(ready).not.toHaveBeenCalled();
  });

  it("stops when cancelled and does nothing for no roots", () => {
    const ready = vi.fn();
    const stop = whenStyled(null, [root()], ready, vi.fn());
    stop();
    markLoaded();
    vi.advanceTimersByTime(POLL_MS * 2);
    expect(ready).not.toHaveBeenCalled();
    whenStyled(null, [], ready, vi.fn());
    expect(vi.getTimerCount()).toBe(0);
    expect(ready).not.toHaveBeenCalled();
  });
});
