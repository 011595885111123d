import { describe, expect, it } from "vitest";
import type { Action, ActionType } from "../../src/config/types.gen";
import { actionLink } from "../../src/loader/actions/links";
import { warningText, type Warning } from "../../src/loader/messages";

/** The console text of an invalid link's warning (the extras chunk writes it). */
const errorText = (v: ReturnType<typeof actionLink>) => (v.kind == "invalid" ? warningText(v.error as Warning) : v.kind);

const act = (actionType: ActionType, actionValue: string, properties?: Record<string, string>): Action => ({
  id: "a1",
  actionType,
  actionValue,
  properties,
});
const hrefOf = (a: Action) => {
  const l = actionLink(a);
  if (l.kind != "href") throw new Error("expected href, got " + JSON.stringify(l));
  return l.href;
};

describe("PHONE", () => {
  it("keeps digits and a leading +", () => {
    expect(hrefOf(act("PHONE", "+31 (0)20-123 45 67"))).toBe("tel:+310201234567");
    expect(hrefOf(act("PHONE", " 020 123.45.67 "))).toBe("tel:0201234567");
  });
  it("keeps a value that already starts with tel: as is", () => {
    expect(hrefOf(act("PHONE", "tel:+1-800-555-0100"))).toBe("tel:+1-800-555-0100");
    expect(hrefOf(act("PHONE", "TEL:123"))).toBe("TEL:123");
  });
  it("is a plain link without target", () => {
    expect(actionLink(act("PHONE", "123"))).toEqual({ kind: "href", href: "tel:123" });
  });
  it("cleans numbers: tel keeps a leading +, chat apps drop it and leading zeros", () => {
    expect(hrefOf(act("PHONE", "+1 (555) 010-0"))).toBe("tel:+15550100");
    expect(hrefOf(act("SIGNAL", "+00 31-6 (12) 34"))).toBe("https://signal.me/#p/+3161234");
  });
});

describe("SMS", () => {
  it("builds sms: with the cleaned number", () => {
    expect(hrefOf(act("SMS", "+31 6 1234 5678"))).toBe("sms:+31612345678");
  });
  it("adds the message as an encoded body", () => {
    expect(hrefOf(act("SMS", "0612345678", { message: "Hi & hello? 100% 😀" }))).toBe(
      "sms:0612345678?body=Hi%20%26%20hello%3F%20100%25%20%F0%9F%98%80",
    );
  });
});

describe("EMAIL", () => {
  it("plain address", () => {
    expect(hrefOf(act("EMAIL", "info@example.com"))).toBe("mailto:info@example.com");
  });
  it("strips a mailto: prefix from the value", () => {
    expect(hrefOf(act("EMAIL", "mailto:info@example.com"))).toBe("mailto:info@example.com");
  });
  it("adds cc and bcc without spaces, subject and body, all encoded", () => {
    expect(
      hrefOf(
        act("EMAIL", "info@example.com", {
          cc: "a@x.nl, b@x.nl",
          bcc: " c@x.nl ",
          subject: "Quote request #12",
          body: "Hello,\nI'd like a quote & more.",
        }),
      ),
    ).toBe(
      "mailto:info@example.com?cc=a%40x.nl%2Cb%40x.nl&bcc=c%40x.nl&subject=Quote%20request%20%2312" +
        "&body=Hello%2C%0AI'd%20like%20a%20quote%20%26%20more.",
    );
  });
  it("leaves out empty parameters", () => {
    expect(hrefOf(act("EMAIL", "info@example.com", { cc: "", subject: "Hi" }))).toBe(
      "mailto:info@example.com?subject=Hi",
    );
  });
});

describe("WHATSAPP", () => {
  it("normalises the number (leading +, zeros, spaces, hyphens, parentheses)", () => {
    expect(hrefOf(act("WHATSAPP", "+31 (6) 123-456 78"))).toBe("https://wa.me/31612345678");
    expect(hrefOf(act("WHATSAPP", "0031 6 12345678"))).toBe("https://wa.me/31612345678");
  });
  it("prefills the message", () => {
    expect(hrefOf(act("WHATSAPP", "31612345678", { message: "Hello, is this available?" }))).toBe(
      "https://wa.me/31612345678?text=Hello%2C%20is%20this%20available%3F",
    );
  });
  it("opens the pop-out surface with the wa.me link as fallback", () => {
    expect(actionLink(act("WHATSAPP", "+31612345678", { "whatsapp-dialog-type": "popout", message: "Hi there" }))).toEqual({
      kind: "surface",
      fallbackHref: "https://wa.me/31612345678?text=Hi%20there",
    });
  });
  it("an empty or other dialog type opens the app link", () => {
    expect(actionLink(act("WHATSAPP", "316", { "whatsapp-dialog-type": "" })).kind).toBe("href");
    expect(actionLink(act("WHATSAPP", "316", { "whatsapp-dialog-type": "widget" })).kind).toBe("href");
    expect(actionLink(act("WHATSAPP", "316", { "whatsapp-dialog-type": "POPOUT" })).kind).toBe("surface");
  });
});

describe("TELEGRAM and SIGNAL", () => {
  it("t.me link, '@' optional", () => {
    expect(hrefOf(act("TELEGRAM", "beckon_support"))).toBe("https://t.me/beckon_support");
    expect(hrefOf(act("TELEGRAM", "@beckon_support"))).toBe("https://t.me/beckon_support");
  });
  it("signal.me link with the normalised number", () => {
    expect(hrefOf(act("SIGNAL", "+31 6-1234 5678"))).toBe("https://signal.me/#p/+31612345678");
  });
});

describe("VIBER", () => {
  it("personal chat is the default, with an encoded +", () => {
    expect(hrefOf(act("VIBER", "+31 6 1234 5678"))).toBe("viber://chat?number=%2B31612345678");
    expect(hrefOf(act("VIBER", "+31612345678", { "viber-link-type": "CHAT" }))).toBe("viber://chat?number=%2B31612345678");
    expect(hrefOf(act("VIBER", "+31612345678", { "viber-link-type": "chat" }))).toBe("viber://chat?number=%2B31612345678");
  });
  it("add contact", () => {
    expect(hrefOf(act("VIBER", "+31 612345678", { "viber-link-type": "ADD_NUMBER" }))).toBe("viber://add?number=31612345678");
  });
  it("public account (bot) chat with context and text", () => {
    expect(hrefOf(act("VIBER", "beckonbot", { "viber-link-type": "PA_CHAT" }))).toBe("viber://pa?chatURI=beckonbot");
    expect(
      hrefOf(act("VIBER", "beckonbot", { "viber-link-type": "PA_CHAT", "viber-content": "web site", "viber-text": "Hi & bye" })),
    ).toBe("viber://pa?chatURI=beckonbot&context=web%20site&text=Hi%20%26%20bye");
  });
  it("other link types fall back to a chat", () => {
    expect(hrefOf(act("VIBER", "+31 612345678", { "viber-link-type": "GROUP_INVITE" }))).toBe("viber://chat?number=%2B31612345678");
  });
});

describe("SKYPE", () => {
  it("call is the default", () => {
    expect(hrefOf(act("SKYPE", "beckon.support"))).toBe("skype:beckon.support?call");
  });
  it("chat by link type or by param type", () => {
    expect(hrefOf(act("SKYPE", "beckon.support", { "skype-link-type": "chat" }))).toBe("skype:beckon.support?chat");
    expect(hrefOf(act("SKYPE", "beckon.support", { "skype-link-type": "SKYPE", "skype-param-type": "CHAT" }))).toBe(
      "skype:beckon.support?chat",
    );
    expect(hrefOf(act("SKYPE", "beckon.support", { "skype-param-type": "chat" }))).toBe("skype:beckon.support?chat");
  });
  it("other param types call", () => {
    expect(hrefOf(act("SKYPE", "beckon.support", { "skype-param-type": "USERINFO" }))).toBe("skype:beckon.support?call");
  });
});

describe("LINE", () => {
  it("message to an official account is the default (id percent-encoded)", () => {
    expect(hrefOf(act("LINE", "@beckon"))).toBe("https://line.me/R/oaMessage/%40beckon/");
    expect(hrefOf(act("LINE", "@beckon", { "line-link-type": "MESSAGE", "line-message": "Hello there" }))).toBe(
      "https://line.me/R/oaMessage/%40beckon/?Hello%20there",
    );
  });
  it("without an id the text is shared", () => {
    expect(hrefOf(act("LINE", "", { "line-message": "Hi?" }))).toBe("https://line.me/R/msg/text/?Hi%3F");
  });
  it("profile", () => {
    expect(hrefOf(act("LINE", "@beckon", { "line-link-type": "PROFILE" }))).toBe("https://line.me/R/ti/p/@beckon");
  });
});

describe("ZALO", () => {
  it("personal chat by number is the default", () => {
    expect(hrefOf(act("ZALO", "+84 912 345 678"))).toBe("https://zalo.me/84912345678");
    expect(hrefOf(act("ZALO", "0912-345-678", { "zalo-link-type": "PERSONAL" }))).toBe("https://zalo.me/912345678");
  });
  it("official account", () => {
    expect(hrefOf(act("ZALO", "4318876543210", { "zalo-link-type": "OA" }))).toBe("https://zalo.me/4318876543210");
  });
  it("group invite", () => {
    expect(hrefOf(act("ZALO", "abcdef123", { "zalo-link-type": "GROUP" }))).toBe("https://zalo.me/g/abcdef123");
    expect(hrefOf(act("ZALO", "g/abcdef123", { "zalo-link-type": "INVITE" }))).toBe("https://zalo.me/g/abcdef123");
  });
});

describe("WECHAT", () => {
  it("weixin chat link for both link types", () => {
    expect(hrefOf(act("WECHAT", "beckon_cs"))).toBe("weixin://dl/chat?beckon_cs");
    expect(hrefOf(act("WECHAT", "beckon_cs", { "wechat-link-type": "WEIXIN_CHAT" }))).toBe("weixin://dl/chat?beckon_cs");
  });
  it("a web link is used as is", () => {
    expect(hrefOf(act("WECHAT", "https://u.wechat.com/AbC", { "wechat-link-type": "CHAT" }))).toBe("https://u.wechat.com/AbC");
  });
});

describe("FACEBOOK", () => {
  it("m.me link, with ref when set", () => {
    expect(hrefOf(act("FACEBOOK", "beckonpage"))).toBe("https://m.me/beckonpage");
    expect(hrefOf(act("FACEBOOK", "beckonpage", { "facebook-ref": "from site" }))).toBe("https://m.me/beckonpage?ref=from%20site");
  });
  it("widget and popout open a surface with the m.me fallback", () => {
    for (const t of ["widget", "popout"])
      expect(actionLink(act("FACEBOOK", "1612461540", { "facebook-dialog-type": t }))).toEqual({
        kind: "surface",
        fallbackHref: "https://m.me/1612461540",
      });
  });
});

describe("MAP", () => {
  it("shows a location by default", () => {
    expect(hrefOf(act("MAP", "Dam 1, 1012 JS Amsterdam"))).toBe("https://maps.google.com?q=Dam%201%2C%201012%20JS%20Amsterdam");
    expect(hrefOf(act("MAP", "Dam 1", { "map-query-type": "q" }))).toBe("https://maps.google.com?q=Dam%201");
  });
  it("directions", () => {
    expect(hrefOf(act("MAP", "Dam 1", { "map-query-type": "directions" }))).toBe("https://maps.google.com?daddr=Dam%201");
    expect(hrefOf(act("MAP", "Dam 1", { "map-query-type": "daddr" }))).toBe("https://maps.google.com?daddr=Dam%201");
  });
});

describe("LINK", () => {
  it("opens in the same window by default", () => {
    expect(actionLink(act("LINK", "https://example.com/contact"))).toEqual({
      kind: "href",
      href: "https://example.com/contact",
      target: "_self",
    });
  });
  it("returns the configured target", () => {
    expect(actionLink(act("LINK", "http://example.com", { "link-target": "_blank" }))).toEqual({
      kind: "href",
      href: "http://example.com",
      target: "_blank",
    });
  });
  it("download: 'true' or a file name", () => {
    expect(actionLink(act("LINK", "https://example.com/a.pdf", { "link-download": "true" }))).toMatchObject({ download: "" });
    expect(actionLink(act("LINK", "https://example.com/a.pdf", { "link-download": "menu.pdf" }))).toMatchObject({
      download: "menu.pdf",
    });
    expect(
      actionLink(act("LINK", "https://example.com/a.pdf", { "link-download-enabled": "true", "link-download": "" })),
    ).toMatchObject({ download: "" });
  });
  it("no download attribute when not asked or switched off", () => {
    expect(actionLink(act("LINK", "https://example.com/a.pdf"))).not.toHaveProperty("download");
    expect(
      actionLink(act("LINK", "https://example.com/a.pdf", { "link-download-enabled": "0", "link-download": "menu.pdf" })),
    ).not.toHaveProperty("download");
  });
  it("rejects URLs that are not fully qualified http(s)", () => {
    for (const v of ["example.com", "/contact", "ftp://example.com", "javascript:alert(1)", "https://", "mailto:a@b.c", ""])
      expect(errorText(actionLink(act("LINK", v)))).toBe("Beckon only supports a fully qualified URL with http or https protocol");
  });
});

describe("ANCHOR", () => {
  it("targets the element id, '#' stripped", () => {
    expect(actionLink(act("ANCHOR", "#contact"))).toEqual({ kind: "anchor", targetId: "contact" });
    expect(actionLink(act("ANCHOR", "pricing"))).toEqual({ kind: "anchor", targetId: "pricing" });
  });
});

describe("surfaces", () => {
  it("IFRAME falls back to its URL; an invalid URL is invalid", () => {
    expect(actionLink(act("IFRAME", "https://example.com/form"))).toEqual({
      kind: "surface",
      fallbackHref: "https://example.com/form",
    });
    expect(actionLink(act("IFRAME", "example.com/form")).kind).toBe("invalid");
  });
  it("TALLY falls back to the form page", () => {
    expect(actionLink(act("TALLY", "wMxYz1"))).toEqual({ kind: "surface", fallbackHref: "https://tally.so/r/wMxYz1" });
    expect(actionLink(act("TALLY", "https://tally.so/r/wMxYz1"))).toEqual({
      kind: "surface",
      fallbackHref: "https://tally.so/r/wMxYz1",
    });
  });
  it("INTERCOM and CHAT open a surface without fallback", () => {
    expect(actionLink(act("INTERCOM", "abc123"))).toEqual({ kind: "surface" });
    expect(actionLink(act("CHAT", ""))).toEqual({ kind: "surface" });
  });
});

it("every action type of spec §3.1 gives a usable link for a sensible value", () => {
  const values: Record<ActionType, string> = {
    ANCHOR: "top", CHAT: "", EMAIL: "a@b.c", FACEBOOK: "p", IFRAME: "https://x.y", INTERCOM: "i", LINE: "@l",
    LINK: "https://x.y", MAP: "m", PHONE: "1", SIGNAL: "1", SKYPE: "s", SMS: "1", TALLY: "t", TELEGRAM: "t",
    VIBER: "1", WHATSAPP: "1", WECHAT: "w", ZALO: "1",
  };
  for (const [t, v] of Object.entries(values)) expect(actionLink(act(t as ActionType, v)).kind, t).not.toBe("invalid");
});

it("an unknown action type is invalid", () => {
  expect(errorText(actionLink(act("FAX" as ActionType, "1")))).toBe("Unknown action type FAX");
});
