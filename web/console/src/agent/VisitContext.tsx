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
    { term: "On the site", value: visit.leftAt ? `Left at ${shortTime(visit.leftAt)}` : current ? "Yes, now" : null },
    { term: visit.leftAt ? "Last page" : "Now on", value: current ? <PageLink url={current.url} title={current.title} /> : null },
    {
      term: "Pages in this conversation",
      value: earlier.length ? (
        <ol className="visit-pages">
          {earlier.map((p) => (
            <li key={p.seenAt + p.url}>
              <time dateTime={p.seenAt} title={fullTime(p.seenAt)}>
                {shortTime(p.seenAt)}
              </time>{" "}
              <PageLink url={p.url} title={p.title} />
            </li>
          ))}
        </ol>
      ) : null,
    },
    { term: "Came from", value: visit.referrer ? <PageLink url={visit.referrer} /> : null },
    { term: "Browser", value: browserOf(visit.userAgent) },
    { term: "Country", value: countryName(visit.country) },
    { term: "Their local time", value: localTime(visit.timeZone, now) },
  ].filter((d) => d.value);
  if (!details.length) return null;
  return (
    <section className="visit" aria-label="The visitor's visit">
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
