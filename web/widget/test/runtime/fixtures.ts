// Config fixtures for the runtime tests.
import type { Config } from "../../src/config/types.gen";

export function config(over: Partial<Config> = {}): Config {
  return {
    userId: "user-1",
    domains: [{ id: "dom-1", name: "localhost", type: "PRO", properties: {} }],
    buttons: [
      {
        id: "btn-1",
        active: true,
        domainId: "dom-1",
        type: "SINGLE",
        actions: ["act-1"],
        options: { placement: "BOTTOM_RIGHT", position: "FIXED", displayMode: "ALWAYS" },
      },
    ],
    actions: [{ id: "act-1", actionType: "PHONE", actionValue: "+31 20 123 4567" }],
    conditions: [],
    options: {},
    ...over,
  };
}

export function addViewport(doc: Document = document): void {
  if (!doc.querySelector('meta[name="viewport"]')) {
    const m = doc.createElement("meta");
    m.name = "viewport";
    m.content = "width=device-width";
    doc.head.appendChild(m);
  }
}

export function removeViewport(doc: Document = document): void {
  doc.querySelectorAll('meta[name="viewport"]').forEach((m) => m.remove());
}
