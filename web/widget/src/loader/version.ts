// The release label (spec §7): window.CNB.version (api.ts), also sent with error reports
// (calls/errors.ts). A leaf, so that neither imports the other's module graph.
export const VERSION = "1.0.109";
