// The loader build of a hosted embed whose published config has single buttons only (no lists part,
// src/shared/features.ts; web/widget/build.mjs builds it with the flag false): a button of another
// type, given through CNB.render, is skipped with a warning rather than drawn as something else.
import { describe, expect, it, vi } from "vitest";
import { decide } from "../../src/loader/decide/decide";
import { warningText } from "../../src/loader/messages";
import { button, config, domain, params, shown } from "./helpers";

vi.mock("../../src/shared/features", () => ({ LISTS: false, HOURS_BY_DAY: false, FIRST_SCREEN: false }));

describe("a loader without the lists part", () => {
  it("decides single buttons as before and skips the others with a warning naming the type", () => {
    const c = config({
      domains: [domain({ properties: { allowMultipleButtons: true } })],
      buttons: [button("b1", { type: "MULTI", options: { placement: "BOTTOM_LEFT" } }), button("b2")],
    });
    const d = decide(c, params());
    expect(shown(d)).toEqual(["b2:a1"]);
    expect(d.warnings.map(warningText)).toEqual(["This embed draws the button types of its published configuration only; render others with beckon.js. Skipped a button of type MULTI"]);
  });
  it("reads hours by day as absent (the build without that part)", () => {
    const closedEveryDay = { showAlways: false, timezone: "UTC", start: "00:00", stop: "00:00", hours: Array(7).fill(null) };
    const c = config({ actions: [{ id: "a1", actionType: "PHONE", actionValue: "1", schedule: closedEveryDay }] });
    expect(shown(decide(c, params()))).toEqual(["b1:a1"]); // the whole day, as start/stop say
  });
});
