// Config builders for the browser tests: the smallest valid config, extended per test.

export const HOST = "shop.beckon.test";

export function domain(overrides = {}) {
  return { id: "dom-1", name: HOST, aliases: [], type: "FREE", properties: { allowMultipleButtons: true }, ...overrides };
}

export function action(id, actionType, actionValue, overrides = {}) {
  return { id, actionType, actionValue, labelText: "", iconEnabled: true, iconType: "FONT", backgroundColor: "#009900", iconColor: "#ffffff", ...overrides };
}

export function button(id, type, actionIds, options = {}, overrides = {}) {
  return { id, active: true, domainId: "dom-1", type, actions: actionIds, conditions: [], options: { placement: "BOTTOM_RIGHT", position: "FIXED", displayMode: "ALWAYS", animation: "NONE", ...options }, ...overrides };
}

export function config({ buttons, actions, conditions = [], domains = [domain()], options = {} }) {
  return { userId: "user-1", domains, buttons, actions, conditions, options: { cssLocation: "/static/beckon.css", ...options } };
}
