// WhatsApp and Messenger conversation links (spec §5.2) for the pop-outs' message bars
// (app/surfaces/Popout.tsx), and the query string the buttons' links (loader/actions/links.ts) share. links.ts
// writes its two wa.me / m.me links inline: calling these from the loader costs 42 B gzip it has
// no room for (bench/size.mjs). Both are tested on one table of cases,
// crates/model/tests/fixtures/rules/chat-links.json, so they cannot drift apart. Pure.

export const enc = encodeURIComponent;

/** "?k=v&…" from an object, values encoded; empty values are left out. */
export const qs = (o: Record<string, string | undefined>) => {
  let s = "";
  for (const k in o) if (o[k]) s += (s ? "&" : "?") + k + "=" + enc(o[k]!);
  return s;
};

/** A phone number for chat links: digits only, without leading zeros (spec §5.2). */
export const chatNumber = (v: string) => v.replace(/\D/g, "").replace(/^0+/, "");

/** https://wa.me/{number}?text={text} (no text parameter for an empty text). */
export const whatsappUrl = (number: string, text?: string) => "https://wa.me/" + chatNumber(number) + qs({ text });

/** https://m.me/{page}?ref={ref}&text={text}. */
export const messengerUrl = (page: string, ref?: string, text?: string) => "https://m.me/" + page.trim() + qs({ ref, text });
