// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BAD_CONFIG, NO_DATA, NO_VIEWPORT, OK, parseConfig, startup, takeData } from "../../src/loader/startup";
import { addViewport, config, removeViewport } from "./fixtures";

const w = window as unknown as { CNB_DATA?: unknown };

describe("startup result codes (spec §4.1)", () => {
  beforeEach(() => addViewport());
  afterEach(() => {
    removeViewport();
    delete w.CNB_DATA;
  });

  it("0 for a valid config, with a plain copy of it", () => {
    const raw = config();
    const r = startup(raw, document);
    expect(r.code).toBe(OK);
    expect(r.config).toEqual(raw);
    expect(r.config).not.toBe(raw);
  });

  it("1 when there is no data", () => {
    expect(startup(undefined, document).code).toBe(NO_DATA);
    expect(startup(null, document).code).toBe(NO_DATA);
  });

  it("2 when the page has no viewport meta tag", () => {
    removeViewport();
    const r = startup(config(), document);
    expect(r.code).toBe(NO_VIEWPORT);
  });

  it("3 when the data is not a config", () => {
    for (const raw of [42, "nope", true, [], {}, { userId: 1, domains: [], buttons: [] }, { userId: "u", domains: {}, buttons: [] }])
      expect(startup(raw, document).code, JSON.stringify(raw)).toBe(BAD_CONFIG);
  });

  it("accepts the config as JSON text", () => {
    expect(startup(JSON.stringify(config()), document).code).toBe(OK);
  });

  it("accepts omitted actions, conditions and options, and null fields as absent", () => {
    const c = config();
    delete c.actions;
    delete c.conditions;
    delete c.options;
    expect(startup(c, document).code).toBe(OK);
    const n = startup({ ...config(), conditions: null, options: null, buttons: [{ ...config().buttons[0], conditions: null }] }, document);
    expect(n.code).toBe(OK);
    expect(n.config!.conditions).toBeUndefined();
    expect("conditions" in n.config!.buttons[0]).toBe(false);
  });

  it("copies action properties as strings", () => {
    const c = config({ actions: [{ id: "act-1", actionType: "TALLY", actionValue: "abc", properties: { "tally-hide-title": true } as never }] });
    expect(parseConfig(c)!.actions![0].properties).toEqual({ "tally-hide-title": "true" });
  });
});

describe("hostile or malformed data gives code 3, never an exception", () => {
  beforeEach(() => addViewport());
  afterEach(() => removeViewport());

  const cases: Array<[string, () => unknown]> = [
    ["a getter that throws", () => Object.defineProperty({ ...config() }, "buttons", { enumerable: true, get() { throw new Error("boom"); } })],
    ["a toJSON that throws", () => ({ ...config(), toJSON() { throw new Error("boom"); } })],
    ["a proxy that throws on every trap", () => new Proxy({}, { get() { throw new Error("trap"); }, ownKeys() { throw new Error("trap"); } })],
    ["a cycle", () => { const c: Record<string, unknown> = { ...config() }; c.self = c; return c; }],
    ["a BigInt", () => ({ ...config(), userId: BigInt(1) })],
    ["a function instead of the config", () => () => 1],
    ["a Symbol", () => Symbol("x")],
    ["buttons not an array", () => ({ ...config(), buttons: "x" })],
    ["domains missing", () => { const c: Partial<ReturnType<typeof config>> = config(); delete c.domains; return c; }],
    ["userId a number", () => ({ ...config(), userId: 7 })],
    ["a null button", () => ({ ...config(), buttons: [null] })],
    ["a button without id", () => ({ ...config(), buttons: [{ ...config().buttons[0], id: 5 }] })],
    ["button actions not ids", () => ({ ...config(), buttons: [{ ...config().buttons[0], actions: [{}] }] })],
    ["button active a string", () => ({ ...config(), buttons: [{ ...config().buttons[0], active: "yes" }] })],
    ["button options an array", () => ({ ...config(), buttons: [{ ...config().buttons[0], options: [] }] })],
    ["scroll a number", () => ({ ...config(), buttons: [{ ...config().buttons[0], options: { scroll: 3 } }] })],
    ["actions an object", () => ({ ...config(), actions: {} })],
    ["an action value a number", () => ({ ...config(), actions: [{ id: "a", actionType: "PHONE", actionValue: 1 }] })],
    ["properties an array", () => ({ ...config(), actions: [{ id: "a", actionType: "PHONE", actionValue: "1", properties: [] }] })],
    ["schedule a string", () => ({ ...config(), actions: [{ id: "a", actionType: "PHONE", actionValue: "1", schedule: "always" }] })],
    ["an action without id", () => ({ ...config(), actions: [{ actionType: "PHONE", actionValue: "1" }] })],
    ["conditions of strings", () => ({ ...config(), conditions: ["c"] })],
    ["a condition without matchValue", () => ({ ...config(), conditions: [{ id: "c", filterType: "INCLUDE", conditionType: "URL", matchType: "EXACT" }] })],
    ["domain aliases not strings", () => ({ ...config(), domains: [{ id: "d", name: "x", aliases: [1] }] })],
    ["domain properties a string", () => ({ ...config(), domains: [{ id: "d", name: "x", properties: "pro" }] })],
    ["multiButtonOptions an array", () => ({ ...config(), buttons: [{ ...config().buttons[0], multiButtonOptions: [] }] })],
    ["options a string", () => ({ ...config(), options: "x" })],
    ["apiRoot an object", () => ({ ...config(), options: { apiRoot: {} } })],
    ["huge arrays of junk", () => ({ ...config(), buttons: Array.from({ length: 100000 }, (_, i) => (i % 2 ? "junk" : { id: i })) })],
    ["deep nesting", () => { let v: unknown = 1; for (let i = 0; i < 20000; i++) v = [v]; return { ...config(), junk: v }; }],
    ["broken JSON text", () => "{userId:"],
  ];
  for (const [name, make] of cases)
    it(name, () => {
      const raw = make();
      expect(() => startup(raw, document)).not.toThrow();
      expect(startup(raw, document).code).toBe(BAD_CONFIG);
    });
});

describe("takeData", () => {
  afterEach(() => {
    try {
      delete w.CNB_DATA;
    } catch {
      /* non-configurable case */
    }
  });

  it("returns CNB_DATA and deletes it", () => {
    const c = config();
    w.CNB_DATA = c;
    expect(takeData(window)).toBe(c);
    expect("CNB_DATA" in window).toBe(false);
  });

  it("returns undefined when absent", () => {
    expect(takeData(window)).toBeUndefined();
  });

  it("clears a non-configurable property instead of throwing", () => {
    const o: Record<string, unknown> = {};
    Object.defineProperty(o, "CNB_DATA", { value: config(), writable: true, configurable: false });
    expect(takeData(o)).toBeTruthy();
    expect(o.CNB_DATA).toBeUndefined();
  });

  it("turns a throwing getter into code 3", () => {
    const o = {};
    Object.defineProperty(o, "CNB_DATA", { configurable: true, get() { throw new Error("boom"); } });
    const raw = takeData(o);
    addViewport();
    expect(startup(raw, document).code).toBe(BAD_CONFIG);
    expect("CNB_DATA" in o).toBe(false);
    removeViewport();
  });
});
