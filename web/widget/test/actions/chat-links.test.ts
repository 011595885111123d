import { expect, it } from "vitest";
import { messengerUrl, whatsappUrl } from "../../src/shared/chat-links";
import { actionLink } from "../../src/loader/actions/links";
import type { Action } from "../../src/config/types.gen";
import { chatLinks } from "../rules";

const action = (actionType: string, actionValue: string, properties: Record<string, string>) =>
  ({ id: "a", actionType, actionValue, properties }) as unknown as Action;
const hrefOf = (a: Action) => (actionLink(a) as { href: string }).href;

it.each(chatLinks.whatsapp)("WhatsApp $number with $text is $url (shared table)", ({ number, text, url }) => {
  expect(whatsappUrl(number, text)).toBe(url);
  // The button builds the same link from its prefilled message.
  expect(hrefOf(action("WHATSAPP", number, { message: text }))).toBe(url);
});

it.each(chatLinks.messenger)("Messenger $page, ref $ref, text $text is $url (shared table)", ({ page, ref, text, url }) => {
  expect(messengerUrl(page, ref, text)).toBe(url);
  if (!text) expect(hrefOf(action("FACEBOOK", page, { "facebook-ref": ref }))).toBe(url);
});
