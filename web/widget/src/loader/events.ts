// DOM events Beckon dispatches on document (see docs in api.ts): cnb:click, cnb:open,
// cnb:expand, cnb:collapse.

export function emit(doc: Document, name: string, detail: Record<string, unknown>): void {
  try {
    doc.dispatchEvent(new CustomEvent(name, { detail }));
  } catch {
    /* a host listener that throws is reported by the browser, not by us */
  }
}
