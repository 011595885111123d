// Where the visitor of a conversation is and came from, beside it: on the site now or when they
// left, the page they are on and the pages seen during the conversation, where they came from,
// their browser, country and local time. Kept up to date by the realtime frames: `visitor-page`
// (a new page) and the visitor's presence (they left, or came back).
import { useEffect, useState } from "react";
import type { Channel } from "../api/types";
import { isHttpUrl } from "@beckon/widget";
import { browserOf, countryName, localTime } from "../lib/visit";
import { fullTime, shortTime } from "../lib/time";
import { useAgent } from "./AgentContext";
import type { ServerFrame } from "./realtime";
import { useMinuteClock } from "./useMinuteClock";
import { useT } from "../i18n/index";
import { consoleLocale } from "../i18n/locale";

type Visit = NonNullable<Channel["visit"]>;

/** A conversation listed before its detail came: nothing known yet. */
const UNKNOWN: Visit = { pages: [] };

function PageLink({ url, title }: { url: string; title?: string | null }) {
  const text = title || url;
  return isHttpUrl(url) ? (
    <a href={url} target="_blank" rel="noreferrer noopener" title={url}>
      {text}
    </a>
  ) : (
    <>{text}</>
  );
}

export function VisitContext({ channel }: { channel: Channel }) {
  const { subscribe } = useAgent();
  const [visit, setVisit] = useState<Visit>(channel.visit ?? UNKNOWN);
  const now = useMinuteClock();
  const t = useT();
  const locale = consoleLocale();
  useEffect(() => setVisit(channel.visit ?? UNKNOWN), [channel.visit]);
  useEffect(
    () =>
      subscribe((f: ServerFrame) => {
        if (!("channelId" in f) || f.channelId !== channel.id) return;
        if (f.op === "visitor-page") {
          setVisit((v) => ({ ...v, leftAt: null, pages: [{ url: f.url, title: f.title, seenAt: f.seenAt }, ...v.pages.filter((p) => p.seenAt !== f.seenAt)] }));
        } else if (f.op === "presence" && f.persona?.type === "ChatClient") {
          setVisit((v) => ({ ...v, leftAt: f.action === "leave" ? new Date().toISOString() : null }));
        }
      }),
    [subscribe, channel.id],
  );
  const [current, ...earlier] = visit.pages;
  const details = [
    { term: t("visit.onSite"), value: visit.leftAt ? t("visit.leftAt", { time: shortTime(visit.leftAt, now, locale) }) : current ? t("visit.yesNow") : null },
    { term: visit.leftAt ? t("visit.lastPage") : t("visit.nowOn"), value: current ? <PageLink url={current.url} title={current.title} /> : null },
    {
      term: t("visit.pages"),
      value: earlier.length ? (
        <ol className="visit-pages">
          {earlier.map((p) => (
            <li key={p.seenAt + p.url}>
              <time dateTime={p.seenAt} title={fullTime(p.seenAt, locale)}>
                {shortTime(p.seenAt, now, locale)}
              </time>{" "}
              <PageLink url={p.url} title={p.title} />
            </li>
          ))}
        </ol>
      ) : null,
    },
    { term: t("visit.cameFrom"), value: visit.referrer ? <PageLink url={visit.referrer} /> : null },
    { term: t("visit.browser"), value: browserOf(visit.userAgent, t) },
    { term: t("visit.country"), value: countryName(visit.country, locale) },
    { term: t("visit.localTime"), value: localTime(visit.timeZone, now, locale) },
  ].filter((d) => d.value);
  if (!details.length) return null;
  return (
    <section className="visit" aria-label={t("visit.label")}>
      <dl className="visitor-details">
        {details.map((d) => (
          <div key={d.term}>
            <dt>{d.term}</dt>
            <dd>{d.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
