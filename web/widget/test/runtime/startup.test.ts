// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseConfig, startup, takeData } from "../../src/loader/startup";
import { addViewport, config, removeViewport } from "./fixtures";

const w = window as unknown as { CNB_DATA?: unknown };
const code = (raw: unknown) => startup(raw)[0];

describe("startup result codes (spec §4.1)", () => {
  beforeEach(() => addViewport());
  afterEach(() => {
    removeViewport();
    delete w.CNB_DATA;
  });

  it("0 for a valid config, with the config", () => {
    const raw = config();
    const [c, out] = startup(raw);
    expect(c).toBe(0);
    expect(out).toEqual(config());
  });

  it("1 when there is no data", () => {
    expect(code(undefined)).toBe(1);
    expect(code(null)).toBe(1);
  });

  it("2 when the page has no viewport meta tag, with the config when there is one", () => {
    removeViewport();
    expect(startup(config())).toEqual([2, config()]);
    expect(startup({ userId: 7 })).toEqual([2, undefined]);
  });

  it("3 when the data is not a config", () => {
    for (const raw of [42, "nope", true, [], {}, { userId: 1, domains: [], buttons: [] }, { userId: "u", domains: {}, buttons: [] }])
      expect(code(raw), JSON.stringify(raw)).toBe(3);
  });

  it("accepts the config as JSON text", () => {
    expect(code(JSON.stringify(config()))).toBe(0);
  });

  it("accepts omitted actions, conditions and options, and null fields as absent", () => {
    const c = config();
    delete c.actions;
    delete c.conditions;
    delete c.options;
    expect(code(c)).toBe(0);
    expect(code({ ...config(), conditions: null, options: null, buttons: [{ ...config().buttons[0], conditions: null, options: null }] })).toBe(0);
  });

  it("action properties become strings (null an empty one)", () => {
    const c = config({ actions: [{ id: "act-1", actionType: "TALLY", actionValue: "abc", properties: { "tally-hide-title": true, "tally-x": null } as never }] });
    expect(parseConfig(c)!.actions![0].properties).toEqual({ "tally-hide-title": "true", "tally-x": "" });
    expect(parseConfig(JSON.stringify(c))!.actions![0].properties).toEqual({ "tally-hide-title": "true", "tally-x": "" });
  });
});

describe("hostile or malformed data gives code 3, never an exception", () => {
  beforeEach(() => addViewport());
  afterEach(() => removeViewport());

  const cases: Array<[string, () => unknown]> = [
    ["a getter that throws", () => Object.defineProperty({ ...config() }, "buttons", { enumerable: true, get() { throw new Error("boom"); } })],
    ["a proxy that throws on every trap", () => new Proxy({}, { get() { throw new Error("trap"); }, ownKeys() { throw new Error("trap"); } })],
    ["a BigInt", () => ({ ...config(), userId: BigInt(1) })],
    ["a function instead of the config", () => () => 1],
    ["a Symbol", () => Symbol("x")],
    ["buttons not an array", () => ({ ...config(), buttons: "x" })],
    ["domains missing", () => { const c: Partial<ReturnType<typeof config>> = config(); delete c.domains; return c; }],
    ["userId a number", () => ({ ...config(), userId: 7 })],
    ["a null button", () => ({ ...config(), buttons: [null] })],
    ["a button that is a string", () => ({ ...config(), buttons: ["b"] })],
    ["button actions not a list", () => ({ ...config(), buttons: [{ ...config().buttons[0], actions: "act-1" }] })],
    ["button conditions not a list", () => ({ ...config(), buttons: [{ ...config().buttons[0], conditions: 5 }] })],
    ["actions an object", () => ({ ...config(), actions: {} })],
    ["an action that is a number", () => ({ ...config(), actions: [1] })],
    ["an action value a number", () => ({ ...config(), actions: [{ id: "a", actionType: "PHONE", actionValue: 1 }] })],
    ["an action without value", () => ({ ...config(), actions: [{ id: "a", actionType: "PHONE" }] })],
    ["properties a string", () => ({ ...config(), actions: [{ id: "a", actionType: "PHONE", actionValue: "1", properties: "x" }] })],
    ["conditions of strings", () => ({ ...config(), conditions: ["c"] })],
    ["a domain that is a number", () => ({ ...config(), domains: [1] })],
    ["huge arrays of junk", () => ({ ...config(), buttons: Array.from({ length: 100000 }, (_, i) => (i % 2 ? "junk" : { id: i })) })],
    ["broken JSON text", () => "{userId:"],
  ];
  for (const [name, make] of cases)
    it(name, () => {
      const raw = make();
      expect(() => startup(raw)).not.toThrow();
      expect(code(raw)).toBe(3);
    });

  // Fields nothing reads are never walked: a config with them is still a config.
  const ignored: Array<[string, () => unknown]> = [
    ["a toJSON that throws", () => ({ ...config(), toJSON() { throw new Error("boom"); } })],
    ["a cycle", () => { const c: Record<string, unknown> = { ...config() }; c.self = c; return c; }],
    ["deep nesting", () => { let v: unknown = 1; for (let i = 0; i < 20000; i++) v = [v]; return { ...config(), junk: v }; }],
  ];
  for (const [name, make] of ignored) it(name + " is not read", () => expect(code(make())).toBe(0));
});

describe("takeData", () => {
  afterEach(() => {
    Reflect.deleteProperty(w, "CNB_DATA");
  });

  it("returns CNB_DATA and deletes it", () => {
    const c = config();
    w.CNB_DATA = c;
    expect(takeData()).toBe(c);
    expect("CNB_DATA" in window).toBe(false);
  });

  it("returns undefined when absent", () => {
    expect(takeData()).toBeUndefined();
  });

  it("turns a throwing getter into code 3", () => {
    Object.defineProperty(window, "CNB_DATA", { configurable: true, get() { throw new Error("boom"); } });
    const raw = takeData();
    addViewport();
    expect(code(raw)).toBe(3);
    expect("CNB_DATA" in window).toBe(false);
    removeViewport();
  });

  // Last: the property stays on window (as `var CNB_DATA = …` in a classic script makes it).
  it("clears a non-configurable property instead of throwing", () => {
    Object.defineProperty(window, "CNB_DATA", { value: config(), writable: true, configurable: false });
    expect(takeData()).toBeTruthy();
    expect(w.CNB_DATA).toBeUndefined();
  });
});
