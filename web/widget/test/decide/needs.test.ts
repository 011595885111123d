import { expect, it } from "vitest";
import { decide } from "../../src/loader/decide/decide";
import { decisionKey, hasTimedSchedule, needsChat, needsGeo } from "../../src/loader/decide/needs";
import { action, button, cond, config, domain, params } from "./helpers";

const conds = [
  cond("geo", { conditionType: "GEO", matchType: "COUNTRY_CODE", matchValue: "NL" }),
  cond("chat", { conditionType: "CHAT", matchType: "AGENTS_AVAILABLE" }),
  cond("url", { matchValue: "/x" }),
];

it("needsGeo / needsChat: an active button has such a condition", () => {
  expect(needsGeo(config({ conditions: conds }))).toBe(false);
  expect(needsGeo(config({ conditions: conds, buttons: [button("b1", { conditions: ["url", "geo"] })] }))).toBe(true);
  expect(needsChat(config({ conditions: conds, buttons: [button("b1", { conditions: ["url", "geo"] })] }))).toBe(false);
  expect(needsChat(config({ conditions: conds, buttons: [button("b1", { conditions: ["chat"] })] }))).toBe(true);
  // inactive buttons and dangling ids do not count
  expect(needsGeo(config({ conditions: conds, buttons: [button("b1", { active: false, conditions: ["geo"] })] }))).toBe(false);
  expect(needsChat(config({ conditions: [], buttons: [button("b1", { conditions: ["chat"] })] }))).toBe(false);
  expect(needsGeo({ userId: "u", domains: [], buttons: [] })).toBe(false);
});

it("hasTimedSchedule: an action of an active button is not showAlways", () => {
  const timed = action("t", { schedule: { showAlways: false, start: "09:00", stop: "17:00" } });
  const always = action("s", { schedule: { showAlways: true } });
  expect(hasTimedSchedule(config({ actions: [action("a1"), always] , buttons: [button("b1", { actions: ["a1", "s"] })] }))).toBe(false);
  expect(hasTimedSchedule(config({ actions: [action("a1"), timed], buttons: [button("b1", { actions: ["a1", "t"] })] }))).toBe(true);
  expect(hasTimedSchedule(config({ actions: [action("a1"), timed], buttons: [button("b1")] }))).toBe(false); // not referenced
  expect(hasTimedSchedule(config({ actions: [timed], buttons: [button("b1", { active: false, actions: ["t"] })] }))).toBe(false);
});

it("decisionKey changes only when the rendered buttons or actions change", () => {
  const c = config({
    domains: [domain({ properties: { allowMultipleButtons: true } })],
    buttons: [button("b1", { type: "MULTI", actions: ["a1", "a2"] }), button("b2", { options: { placement: "TOP_LEFT" } })],
    actions: [action("a1"), action("a2")],
  });
  const k = decisionKey(decide(c, params()));
  expect(decisionKey(decide(c, params({ url: "https://example.com/other", now: new Date(0) })))).toBe(k);
  expect(decisionKey(decide(c, params({ domain: "example.org" })))).not.toBe(k);
  const reordered = { ...c, buttons: [button("b1", { type: "MULTI", actions: ["a2", "a1"] }), c.buttons[1]] };
  expect(decisionKey(decide(reordered, params()))).not.toBe(k);
  const fewer = { ...c, buttons: [button("b1", { type: "MULTI", actions: ["a1"] }), c.buttons[1]] };
  expect(decisionKey(decide(fewer, params()))).not.toBe(k);
  expect(decisionKey({ domain: null, buttons: [], warnings: [] })).toBe("[]");
  // ids with separators cannot collide
  const d = (bid: string, aids: string[]) => ({
    domain: null, warnings: [], buttons: [{ button: button(bid), domain: domain(), actions: aids.map((id) => action(id)) }],
  });
  expect(decisionKey(d("a", ["b,c"]))).not.toBe(decisionKey(d("a", ["b", "c"])));
  expect(decisionKey(d("a:b", ["c"]))).not.toBe(decisionKey(d("a", ["b:c"])));
});
