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
// | VIBER     | number / bot URI / code | viber-link-type            | CHAT (default) viber://chat?number=%2B{number}    |
// |           |                         |                            | ADD_NUMBER viber://add?number={number}            |
// |           |                         |                            | PA_CHAT viber://pa?chatURI={uri}&context=&text=   |
// |           |                         |                            | PA_INFO viber://pa/info?uri={uri}                 |
// |           |                         |                            | FORWARD viber://forward?text={actionValue}        |
// |           |                         |                            | GROUP_INVITE / GROUP2_INVITE https://invite.viber.com/?g=|g2={code}&lang= |
// |           |                         | viber-text, viber-content  | PA_CHAT text and context                          |
// |           |                         | viber-lang                 | group invite language (default "en")              |
// | SKYPE     | Skype id(s)             | skype-link-type            | SKYPE (default) or CONFERENCE: skype:{ids};…?{param}; INVITE: https://join.skype.com/invite/{code}; CALL/CHAT are accepted as the param |
// |           |                         | skype-param-type           | CALL (default), CHAT, ADD, SENDFILE, USERINFO      |
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
// All prefilled texts are encoded with encodeURIComponent.
import type { Action } from "../../config/types.gen";
import type { ActionLink } from "./types";
import { isHttpUrl } from "./validate";
import { enc, prop, qs } from "./query";
import { tallyId } from "./tally";

export const LINK_ERROR = "Beckon only supports a fully qualified URL with http or https protocol";

/** Digits only, a leading + kept (PHONE, SMS). */
export const telNumber = (v: string): string => (v.trim()[0] == "+" ? "+" : "") + v.replace(/\D/g, "");
/** Number for chat apps: digits only, no leading zeros. */
export const chatNumber = (v: string): string => v.replace(/\D/g, "").replace(/^0+/, "");

const href = (h: string): ActionLink => ({ kind: "href", href: h });
const surface = (fallbackHref?: string): ActionLink => ({ kind: "surface", fallbackHref });
const invalid: ActionLink = { kind: "invalid", error: LINK_ERROR };

export const actionLink = (a: Action): ActionLink => {
  const v = (a.actionValue || "").trim();
  const p = (k: string) => prop(a, k);
  const t = (k: string) => p(k).toUpperCase();
  switch (a.actionType) {
    case "PHONE":
      return href(/^tel:/i.test(v) ? v : "tel:" + telNumber(v));
    case "SMS":
      return href("sms:" + telNumber(v) + qs("?", "body", p("message")));
    case "EMAIL": {
      const ns = (k: string) => p(k).replace(/\s/g, "");
      return href(
        "mailto:" + v.replace(/^mailto:/i, "") +
          qs("?", "cc", ns("cc"), "bcc", ns("bcc"), "subject", p("subject"), "body", p("body")),
      );
    }
    case "WHATSAPP": {
      const wa = "https://wa.me/" + chatNumber(v) + qs("?", "text", p("message"));
      return t("whatsapp-dialog-type") == "POPOUT" ? surface(wa) : href(wa);
    }
    case "FACEBOOK": {
      const fb = "https://m.me/" + v + qs("?", "ref", p("facebook-ref"));
      return /^(POPOUT|WIDGET)$/.test(t("facebook-dialog-type")) ? surface(fb) : href(fb);
    }
    case "TELEGRAM":
      return href("https://t.me/" + v.replace(/^@/, ""));
    case "SIGNAL":
      return href("https://signal.me/#p/+" + chatNumber(v));
    case "VIBER": {
      const lt = t("viber-link-type");
      const g = lt == "GROUP_INVITE" ? "g" : lt == "GROUP2_INVITE" ? "g2" : "";
      return href(
        g ? "https://invite.viber.com/" + qs("?", g, v, "lang", p("viber-lang") || "en")
        : lt == "ADD_NUMBER" ? "viber://add?number=" + chatNumber(v)
        : lt == "PA_CHAT" ? "viber://pa" + qs("?", "chatURI", v, "context", p("viber-content"), "text", p("viber-text"))
        : lt == "PA_INFO" ? "viber://pa/info?uri=" + enc(v)
        : lt == "FORWARD" ? "viber://forward?text=" + enc(v)
        : "viber://chat?number=%2B" + chatNumber(v),
      );
    }
    case "SKYPE": {
      const lt = t("skype-link-type");
      if (lt == "INVITE") return href(isHttpUrl(v) ? v : "https://join.skype.com/invite/" + v);
      const param = t("skype-param-type") || (lt == "CHAT" ? lt : "CALL");
      return href("skype:" + v.replace(/[\s,;]+/g, ";") + "?" + param.toLowerCase());
    }
    case "LINE": {
      const m = p("line-message");
      return href(
        t("line-link-type") == "PROFILE" ? "https://line.me/R/ti/p/" + v
        : v ? "https://line.me/R/oaMessage/" + enc(v) + "/" + (m ? "?" + enc(m) : "")
        : "https://line.me/R/msg/text/?" + enc(m),
      );
    }
    case "ZALO": {
      const lt = t("zalo-link-type");
      return href(
        "https://zalo.me/" +
          (lt == "GROUP" || lt == "INVITE" ? "g/" + v.replace(/^g\//, "") : lt == "OA" ? v : chatNumber(v)),
      );
    }
    case "WECHAT":
      return href(isHttpUrl(v) ? v : "weixin://dl/chat?" + v);
    case "MAP":
      return href("https://maps.google.com?" + (/^(DADDR|DIRECTIONS)$/.test(t("map-query-type")) ? "daddr" : "q") + "=" + enc(v));
    case "LINK": {
      if (!isHttpUrl(v)) return invalid;
      const en = p("link-download-enabled"), d = p("link-download");
      return { kind: "href", href: v, target: p("link-target") || "_self",
        ...((en ? en == "true" : d) ? { download: d == "true" ? "" : d } : {}) };
    }
    case "ANCHOR":
      return { kind: "anchor", targetId: v.replace(/^#/, "") };
    case "IFRAME":
      return isHttpUrl(v) ? surface(v) : invalid;
    case "TALLY":
      return surface("https://tally.so/r/" + tallyId(a));
    case "INTERCOM":
    case "CHAT":
      return surface();
  }
  return { kind: "invalid", error: "Unknown action type " + a.actionType };
};
