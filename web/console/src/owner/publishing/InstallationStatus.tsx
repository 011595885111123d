// The installation check: "Waiting for your site…" until a page of the domain loads the embed,
// then "Installed on https://… (seen 2 minutes ago)"; a warning for each other host that loaded it
// (a typo in the domain name, or the snippet on another site). Asks the server every few seconds.
import { useEffect, useState } from "react";
import { api } from "../../api/http";
import type { DomainInfo } from "../../api/types";
import { useT } from "../../i18n/index";
import { installedText, unknownHostText, type Installation } from "./installation";

export const POLL_MS = 3000;

/** `started`: the owner copied the snippet (before that only a finding is shown, not the wait). */
export function InstallationStatus({ domain, started }: { domain: DomainInfo; started: boolean }) {
  const [check, setCheck] = useState<Installation | null>(null);
  const [now, setNow] = useState(Date.now());
  const t = useT();
  useEffect(() => {
    let stop = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const r = await api.GET("/api/v1/owner/domains/{id}/installation", { params: { path: { id: domain.id } } });
        if (!stop) setCheck(r);
      } catch {
        // Asked again on the next round.
      }
      if (!stop) {
        setNow(Date.now());
        timer = setTimeout(poll, POLL_MS);
      }
    };
    void poll();
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [domain.id]);
  if (!check || (!started && !check.installed && !check.unknownHosts.length)) return null;
  return (
    <div className="stack installation">
      <p role="status" className={check.installed ? "notice" : "muted"}>
        {!check.installed && <span className="spinner" aria-hidden="true" />}
        {installedText(check, now, t)}
      </p>
      {check.unknownHosts.map((s) => (
        <p key={s.host} className="warning" role="alert">
          {unknownHostText(s, domain.name, now, t)}
        </p>
      ))}
    </div>
  );
}
