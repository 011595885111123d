import { describe, expect, it } from "vitest";
import { listenToManagers } from "../../src/loader/consent/managers";

function gtagArgs(..._: unknown[]) {
  // eslint-disable-next-line prefer-rest-params
  return arguments;
}

describe("listening to the page's consent managers", () => {
  it("a TCF CMP's events are passed on once decided", () => {
    let cb: ((tc: object, ok: boolean) => void) | undefined;
    const calls: unknown[][] = [];
    const page = { __tcfapi: (...a: unknown[]) => ((cb = a[2] as never), calls.push(a.slice(0, 2))) };
    const got: boolean[] = [];
    listenToManagers(page, (g) => got.push(g));
    expect(calls).toEqual([["addEventListener", 2]]);
    cb!({ gdprApplies: true, eventStatus: "cmpuishown" }, true);
    cb!({ gdprApplies: true, eventStatus: "useractioncomplete", purpose: { consents: { 1: true } } }, true);
    cb!({ gdprApplies: true, eventStatus: "useractioncomplete", purpose: { consents: {} } }, true);
    expect(got).toEqual([true, false]);
  });

  it("Consent Mode: the state already in the dataLayer, then later pushes", () => {
    const dataLayer: unknown[] = [gtagArgs("consent", "default", { functionality_storage: "denied" })];
    const got: boolean[] = [];
    listenToManagers({ dataLayer }, (g) => got.push(g));
    expect(got).toEqual([false]);
    dataLayer.push({ event: "page_view" });
    dataLayer.push(gtagArgs("consent", "update", { functionality_storage: "granted" }));
    expect(got).toEqual([false, true]);
    expect(dataLayer.length).toBe(3); // the page's own pushes still land
  });

  it("no manager, or one that throws, is no answer", () => {
    const got: boolean[] = [];
    listenToManagers({}, (g) => got.push(g));
    listenToManagers({ __tcfapi: () => { throw Error("cmp"); }, dataLayer: Object.freeze([]) }, (g) => got.push(g));
    expect(got).toEqual([]);
  });
});
