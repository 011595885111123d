// Copying a text the owner must take elsewhere (an embed snippet, a webhook's secret). The
// clipboard API exists only on https (and localhost) pages, and may be refused: then the text's
// element is selected and focused, and the owner copies it with the keyboard.

/** Selects all the text of `el` and focuses it, so the owner's Ctrl+C copies exactly that. */
export function selectText(el: HTMLElement) {
  el.focus();
  const range = document.createRange();
  range.selectNodeContents(el);
  const selection = getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}

/** Copies `text`, else selects `el`; answers which, for the caller to tell the owner (with copyKeys). */
export async function copyOrSelect(text: string, el: HTMLElement | null): Promise<"copied" | "selected"> {
  try {
    if (!navigator.clipboard) throw new Error("no clipboard on a plain http page");
    await navigator.clipboard.writeText(text);
    return "copied";
  } catch {
    if (el) selectText(el);
    return "selected";
  }
}

/** The keys that copy a selection on this device. */
export const copyKeys = () => (/Mac|iPhone|iPad/.test(navigator.platform) ? "⌘+C" : "Ctrl+C");
