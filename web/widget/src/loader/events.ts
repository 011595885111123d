// DOM events Beckon dispatches on document (listed in api.ts). A host listener that throws is
// reported by the browser; dispatchEvent itself does not throw.
export const emit = (name: string, detail: Record<string, unknown>): void => {
  document.dispatchEvent(new CustomEvent(name, { detail }));
};
