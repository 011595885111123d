// What clicking an action does (spec §3.1 action types, §5.2 action values). Pure: no DOM.
//
// actionValue and the property keys each type reads (property values are strings; the
// *-link-type and dialog-type values are compared case-insensitively):
//
// | type      | actionValue             | property                   | values / effect                                   |
// |-----------|-------------------------|----------------------------|---------------------------------------------------|
// | PHONE     | phone number            | –                          | tel: + digits, a leading + kept; "tel:…" as is     |
// | SMS       | phone number            | message                    | sms:{number}?body={message}                       |
// | EMAIL     | address                 | cc, bcc, subject, body     | mailto:…?cc=&bcc=&subject=&body= (cc/bcc: spaces removed) |
// | WHATSAPP  | phone number            | message                    | https://wa.me/{number}?text={message}             |
// |           |                         | whatsapp-dialog-type       | "popout" → surface (fallback: the wa.me link)     |
// | TELEGRAM  | user name ("@" allowed) | –                          | https://t.me/{user}                               |
// | SIGNAL    | phone number            | –                          | https://signal.me/#p/+{number}                    |
// | VIBER     | number / public account  | viber-link-type            | CHAT (default) viber://chat?number=%2B{number}    |
// |           |                         |                            | ADD_NUMBER viber://add?number={number}            |
// |           |                         |                            | PA_CHAT viber://pa?chatURI={uri}&context=&text=   |
// |           |                         | viber-text, viber-content  | PA_CHAT text and context                          |
// | SKYPE     | Skype id                | skype-link-type / skype-param-type | CHAT in either → skype:{id}?chat, else skype:{id}?call |
// | LINE      | LINE id ("@…" for an OA)| line-link-type             | MESSAGE (default) https://line.me/R/oaMessage/{id}/?{message}; without an id https://line.me/R/msg/text/?{message} |
// |           |                         |                            | PROFILE https://line.me/R/ti/p/{id}                |
// |           |                         | line-message               | prefilled text                                    |
// | ZALO      | number / OA id / code   | zalo-link-type             | PERSONAL (default) https://zalo.me/{number}; OA https://zalo.me/{oaid}; GROUP or INVITE https://zalo.me/g/{code} |
// | WECHAT    | WeChat id or web link   | wechat-link-type           | CHAT (default) and WEIXIN_CHAT: weixin://dl/chat?{id}; an http(s) value is used as is |
// | FACEBOOK  | page id or name         | facebook-ref               | https://m.me/{page}?ref={ref}                     |
// |           |                         | facebook-dialog-type       | "widget" or "popout" → surface (fallback: the m.me link) |
// | MAP       | address                 | map-query-type             | "q" (default) https://maps.google.com?q=; "daddr" or "directions" ?daddr= |
// | LINK      | http(s) URL             | link-target                | default "_self"                                   |
// |           |                         | link-download              | "true" (download="") or a file name               |
// |           |                         | link-download-enabled      | when present, "true" enables link-download        |
// | ANCHOR    | element id ("#" allowed)| –                          | anchor, scrolled to smoothly by the renderer       |
// | IFRAME    | http(s) URL             | iframe-title               | surface (fallback: the URL); read by the app       |
// | TALLY     | form id or tally.so URL | tally-* (shared/tally.ts)  | surface (fallback: https://tally.so/r/{formId})    |
// | INTERCOM  | app id                  | intercom-* (app)           | surface                                           |
// | CHAT      | –                       | chatmodal-* (app)          | surface                                           |
//
// Phone normalisation for chat-related links (WhatsApp, Signal, Viber, Zalo) keeps digits only and
// strips leading zeros (spec §5.2: leading plus, leading zeros, spaces, hyphens, parentheses).
// The WhatsApp and Messenger links are also built by shared/chat-links.ts for the pop-outs; one table of
// cases (crates/model/tests/fixtures/rules/chat-links.json) tests both.
// All prefilled texts are encoded with encodeURIComponent.
import type { Action } from "../../config/types.gen";
import type { ActionLink } from "./types";
import { isHttpUrl } from "./validate";
import { tallyId } from "../../shared/tally";
import { enc, qs } from "../../shared/chat-links";
import type { Warning } from "../messages";

const surface = (fallbackHref?: string): ActionLink => ({ kind: "surface", fallbackHref });
const invalid = (error: Warning): ActionLink => ({ kind: "invalid", error });
/** The pop-out surface when asked for, else the plain link. */
const pop = (on: boolean, href: string) => (on ? surface(href) : href);

export const actionLink = (action: Action): ActionLink => {
  const value = action.actionValue.trim();
  const type = action.actionType;
  const props = action.properties || {};
  const withoutSpaces = (text = "") => text.replace(/\s/g, "");
  // Most type-specific keys carry the type as prefix: own("ref") is "facebook-ref" for FACEBOOK.
  const own = (key: string) => props[type.toLowerCase() + "-" + key] || "";
  const linkType = own("link-type").toUpperCase();
  const dialogType = own("dialog-type");
  const message = own("message");
  const digits = value.replace(/\D/g, "");
  const tel = (value[0] === "+" ? "+" : "") + digits;
  const chatNumber = digits.replace(/^0+/, "");
  const encoded = enc(value);
  const http = isHttpUrl(value);
  const downloadEnabled = own("download-enabled");
  const download = own("download");
  const bad = invalid(["link"]);
  // Every type's link for this value (cheap string work); a string is a plain link. Own keys only.
  const links: Record<string, string | ActionLink> = {
    __proto__: null as never,
    PHONE: /^tel:/i.test(value) ? value : "tel:" + tel,
    SMS: "sms:" + tel + qs({ body: props.message }),
    EMAIL: "mailto:" + value.replace(/^mailto:/i, "") + qs({ cc: withoutSpaces(props.cc), bcc: withoutSpaces(props.bcc), subject: props.subject, body: props.body }),
    WHATSAPP: pop(/^popout$/i.test(dialogType), "https://wa.me/" + chatNumber + qs({ text: props.message })),
    FACEBOOK: pop(/^(popout|widget)$/i.test(dialogType), "https://m.me/" + value + qs({ ref: own("ref") })),
    TELEGRAM: "https://t.me/" + value.replace(/^@/, ""),
    SIGNAL: "https://signal.me/#p/+" + chatNumber,
    VIBER:
      "viber://" +
      (linkType === "ADD_NUMBER"
        ? "add?number=" + chatNumber
        : linkType === "PA_CHAT"
          ? "pa" + qs({ chatURI: value, context: own("content"), text: own("text") })
          : "chat?number=%2B" + chatNumber),
    SKYPE: "skype:" + value + (/CHAT/.test(linkType + own("param-type").toUpperCase()) ? "?chat" : "?call"),
    LINE:
      "https://line.me/R/" +
      (linkType === "PROFILE"
        ? "ti/p/" + value
        : value
          ? "oaMessage/" + encoded + "/" + (message ? "?" + enc(message) : "")
          : "msg/text/?" + enc(message)),
    ZALO: "https://zalo.me/" + (/^(GROUP|INVITE)$/.test(linkType) ? "g/" + value.replace(/^g\//, "") : linkType === "OA" ? value : chatNumber),
    WECHAT: http ? value : "weixin://dl/chat?" + value,
    MAP: "https://maps.google.com?" + (/^(daddr|directions)$/i.test(own("query-type")) ? "daddr" : "q") + "=" + encoded,
    LINK: http ? { kind: "href", href: value, target: own("target") || "_self", ...downloadAttribute(downloadEnabled, download) } : bad,
    ANCHOR: { kind: "anchor", targetId: value.replace(/^#/, "") },
    IFRAME: http ? surface(value) : bad,
    TALLY: surface("https://tally.so/r/" + tallyId(value)),
    INTERCOM: surface(),
    CHAT: surface(),
  };
  const link = links[type] || invalid(["action", type]);
  return typeof link === "string" ? { kind: "href", href: link } : link;
};

/**
 * A link's download attribute: link-download-enabled "true" turns it on (any other value off);
 * without that switch, a link-download value turns it on. Its value is the file name, "" for the
 * URL's own ("true" as the name means the URL's own too).
 */
function downloadAttribute(enabled: string, name: string): { download?: string } {
  const on = enabled ? enabled === "true" : !!name;
  return on ? { download: name === "true" ? "" : name } : {};
}
