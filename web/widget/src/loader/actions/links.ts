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
// | TALLY     | form id or tally.so URL | tally-* (see tally.ts)     | surface (fallback: https://tally.so/r/{formId})    |
// | INTERCOM  | app id                  | intercom-* (app)           | surface                                           |
// | CHAT      | –                       | chatmodal-* (app)          | surface                                           |
//
// Phone normalisation for chat-related links (WhatsApp, Signal, Viber, Zalo) keeps digits only and
// strips leading zeros (spec §5.2: leading plus, leading zeros, spaces, hyphens, parentheses).
// The WhatsApp and Messenger links are also built by chat-links.ts for the pop-outs; one table of
// cases (crates/model/tests/fixtures/rules/chat-links.json) tests both.
// All prefilled texts are encoded with encodeURIComponent.
import type { Action } from "../../config/types.gen";
import type { ActionLink } from "./types";
import { isHttpUrl } from "./validate";
import { tallyId } from "./tally";
import { enc, qs } from "./chat-links";
import type { Warning } from "../messages";

const surface = (fallbackHref?: string): ActionLink => ({ kind: "surface", fallbackHref });
const invalid = (error: Warning): ActionLink => ({ kind: "invalid", error });
/** The pop-out surface when asked for, else the plain link. */
const pop = (on: boolean, href: string) => (on ? surface(href) : href);

export const actionLink = (a: Action): ActionLink => {
  const v = a.actionValue.trim(), T = a.actionType, props = a.properties || {};
  const nospace = (s = "") => s.replace(/\s/g, "");
  // Most type-specific keys carry the type as prefix: x("ref") is "facebook-ref" for FACEBOOK.
  const x = (k: string) => props[T.toLowerCase() + "-" + k] || "";
  const lt = x("link-type").toUpperCase(), dt = x("dialog-type"), m = x("message");
  const digits = v.replace(/\D/g, ""), tel = (v[0] == "+" ? "+" : "") + digits, chat = digits.replace(/^0+/, "");
  const e = enc(v), http = isHttpUrl(v), on = x("download-enabled"), d = x("download");
  const bad = invalid(["link"]);
  // Every type's link for this value (cheap string work); a string is a plain link. Own keys only.
  const links: Record<string, string | ActionLink> = {
    __proto__: null as never,
    PHONE: /^tel:/i.test(v) ? v : "tel:" + tel,
    SMS: "sms:" + tel + qs({ body: props.message }),
    EMAIL: "mailto:" + v.replace(/^mailto:/i, "") + qs({ cc: nospace(props.cc), bcc: nospace(props.bcc), subject: props.subject, body: props.body }),
    WHATSAPP: pop(/^popout$/i.test(dt), "https://wa.me/" + chat + qs({ text: props.message })),
    FACEBOOK: pop(/^(popout|widget)$/i.test(dt), "https://m.me/" + v + qs({ ref: x("ref") })),
    TELEGRAM: "https://t.me/" + v.replace(/^@/, ""),
    SIGNAL: "https://signal.me/#p/+" + chat,
    VIBER:
      "viber://" +
      (lt == "ADD_NUMBER"
        ? "add?number=" + chat
        : lt == "PA_CHAT"
          ? "pa" + qs({ chatURI: v, context: x("content"), text: x("text") })
          : "chat?number=%2B" + chat),
    SKYPE: "skype:" + v + (/CHAT/.test(lt + x("param-type").toUpperCase()) ? "?chat" : "?call"),
    LINE:
      "https://line.me/R/" +
      (lt == "PROFILE" ? "ti/p/" + v : v ? "oaMessage/" + e + "/" + (m ? "?" + enc(m) : "") : "msg/text/?" + enc(m)),
    ZALO: "https://zalo.me/" + (/^(GROUP|INVITE)$/.test(lt) ? "g/" + v.replace(/^g\//, "") : lt == "OA" ? v : chat),
    WECHAT: http ? v : "weixin://dl/chat?" + v,
    MAP: "https://maps.google.com?" + (/^(daddr|directions)$/i.test(x("query-type")) ? "daddr" : "q") + "=" + e,
    LINK: http
      ? { kind: "href", href: v, target: x("target") || "_self", ...((on ? on == "true" : d) ? { download: d == "true" ? "" : d } : {}) }
      : bad,
    ANCHOR: { kind: "anchor", targetId: v.replace(/^#/, "") },
    IFRAME: http ? surface(v) : bad,
    TALLY: surface("https://tally.so/r/" + tallyId(v)),
    INTERCOM: surface(),
    CHAT: surface(),
  };
  const r = links[T] || invalid(["action", T]);
  return typeof r == "string" ? { kind: "href", href: r } : r;
};
