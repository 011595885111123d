// The public chat HTTP calls of spec §7 with the error handling of spec §8:
// - 404 and 410 reject with the parsed body (a ChatError whose `body` is it);
// - 410 means the chat has ended: the stored channel id is cleared; a 410 with `erased: true`
//   means the owner erased the visitor's data (kind "erased": the session forgets everything);
// - a network failure (fetch throws) is kind "network" ('Unable to connect' panel);
// - any other failure is kind "setup" ('Almost ready to chat...' panel);
// - a failed history load is kind "history".
import type { ChannelResponse, ClientPersona, HistoryResponse } from "./types";
import type { Rating, RatingBody } from "./wire.gen";
import { locale, texts } from "../../i18n/index";

/** The errors and panels of spec §8, in the widget's language (../../i18n/en.ts has the spec's words). */
export const TEXT = texts("errors");

export type ChatErrorKind = "network" | "setup" | "ended" | "erased" | "not-found" | "history";

export class ChatError extends Error {
  readonly kind: ChatErrorKind;
  /** HTTP status; 0 for a network failure. */
  readonly status: number;
  /** The parsed response body (404 and 410), when there was one. */
  readonly body: unknown;

  constructor(kind: ChatErrorKind, status: number, body?: unknown, message?: string) {
    super(message || messageOf(kind, body));
    this.name = "ChatError";
    this.kind = kind;
    this.status = status;
    this.body = body;
  }
}

function messageOf(kind: ChatErrorKind, body: unknown): string {
  if (kind == "ended") return TEXT.ended;
  if (kind == "network") return TEXT.networkText;
  if (kind == "history") return TEXT.history;
  const e = body && typeof body == "object" ? (body as { error?: unknown }).error : undefined;
  return typeof e == "string" ? e : kind == "setup" ? TEXT.setupText : "not found";
}

export type ChatApiOptions = {
  apiRoot: string;
  fetch?: typeof fetch;
  /** Called on a 410, so the stored channel id is forgotten. */
  onEnded?: () => void;
};

export type ChatApi = {
  getChannel(channelId: string, personaId: string): Promise<ChannelResponse>;
  /**
   * previousPersonaId: the visitor persona of this browser's ended chat; with the same e-mail the
   * server reopens that thread instead of starting a new one (crates/server/README.md).
   */
  createChannel(domainId: string, persona: ClientPersona, previousPersonaId?: string | null): Promise<ChannelResponse>;
  /**
   * The chat's messages. personaId is required: the server treats it as the visitor's credential
   * (crates/server/src/api/http/chat.rs), a deviation from the spec's bare history URL.
   */
  history(channelId: string, personaId: string): Promise<HistoryResponse>;
  token(channelId: string, personaId: string): Promise<{ token: string; expiresAt?: number }>;
  /** Whether an agent of the domain is online now (the header's answer until the socket's). */
  available(domainId: string): Promise<{ agentAvailable?: boolean; repliesByEmail?: boolean }>;
  /**
   * The conversation a link from the visitor's e-mail continues (the link's token is the
   * credential): its channel and visitor, to keep in this browser. 404/410: not (or no longer) valid.
   */
  continued(token: string): Promise<ChannelResponse>;
  /** Mails the visitor the whole conversation; the address it goes to. */
  transcript(channelId: string, personaId: string): Promise<{ email: string }>;
  /** Rates the chat (ended or open; core/rating.ts); a later rating replaces the earlier one. */
  rate(channelId: string, personaId: string, body: RatingBody): Promise<Rating>;
  /** The realtime endpoint (ws: or wss:) of this API root. */
  realtimeUrl(base?: string): string;
};

const enc = encodeURIComponent;

/** A 410's body says the visitor's data was erased (crates/server/src/api/http/chat.rs). Pure. */
export const erased = (body: unknown): boolean => !!body && typeof body == "object" && (body as { erased?: unknown }).erased === true;

/** The browser's IANA time zone, or undefined. */
const zone = (): string | undefined => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
};

export function createChatApi(opts: ChatApiOptions): ChatApi {
  const root = (opts.apiRoot || "").replace(/\/+$/, "");
  const pub = root + "/v1/chat/public";

  async function call<T>(path: string, init?: RequestInit): Promise<T> {
    const f = opts.fetch || fetch;
    let res: Response;
    try {
      res = await f(pub + path, {
        ...init,
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        credentials: "omit",
        cache: "no-store",
      });
    } catch (e) {
      throw new ChatError("network", 0, undefined, e instanceof Error ? e.message : undefined);
    }
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      body = undefined;
    }
    if (res.ok && body && typeof body == "object") return body as T;
    if (res.status == 410 && erased(body)) throw new ChatError("erased", 410, body);
    if (res.status == 410) {
      try {
        opts.onEnded?.();
      } catch {
        /* storage trouble must not hide the answer */
      }
      throw new ChatError("ended", 410, body);
    }
    if (res.status == 404) throw new ChatError("not-found", 404, body);
    throw new ChatError("setup", res.status, body);
  }

  return {
    getChannel: (channelId, personaId) =>
      call(`/channel/${enc(channelId)}?personaId=${enc(personaId)}`),
    createChannel: (domainId, persona, previousPersonaId) =>
      call(`/channels/domain/${enc(domainId)}`, {
        method: "POST",
        body: JSON.stringify({
          name: persona.name,
          email: persona.email,
          ip: persona.ip ?? null,
          url: persona.url ?? null,
          legalNoticeAccepted: persona.legalNoticeAccepted || 0,
          personaId: previousPersonaId || undefined, // left out of the JSON when there is none
          // Beckon's, beside the spec's persona: shown to agents (crates/server/src/service/chat/visits.rs).
          referrer: (typeof document != "undefined" && document.referrer) || undefined,
          timeZone: zone(),
          // The chat's language (the browser's tag when it is of that language): the visitor's mails are in it.
          language: locale(),
        }),
      }),
    history: (channelId, personaId) =>
      call<HistoryResponse>(
        `/channel/${enc(channelId)}/history?personaId=${enc(personaId)}`,
      ).then(
        (h) => ({ ...h, messages: Array.isArray(h.messages) ? h.messages : [], personas: h.personas || [] }),
        (e: ChatError) => {
          // 404/410 keep their meaning (and parsed body); anything else is the history error.
          throw e.kind == "ended" || e.kind == "erased" || e.kind == "not-found"
            ? e
            : new ChatError("history", e.status, e.body);
        },
      ),
    token: (channelId, personaId) =>
      call(`/channel/${enc(channelId)}/token?personaId=${enc(personaId)}`),
    available: (domainId) => call(`/channels/available/${enc(domainId)}`),
    continued: (token) => call(`/continue`, { method: "POST", body: JSON.stringify({ token }) }),
    transcript: (channelId, personaId) => call(`/channel/${enc(channelId)}/transcript?personaId=${enc(personaId)}`, { method: "POST" }),
    rate: (channelId, personaId, body) =>
      call(`/channel/${enc(channelId)}/rating?personaId=${enc(personaId)}`, { method: "POST", body: JSON.stringify(body) }),
    realtimeUrl(base) {
      const u = new URL(root + "/v1/realtime", base || (typeof location != "undefined" ? location.href : undefined));
      u.protocol = u.protocol == "https:" ? "wss:" : "ws:";
      return u.href;
    },
  };
}
