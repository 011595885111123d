// Owners' domains: the list, adding one, and one domain's screens (settings, buttons with the
// live preview, publish and embed, statistics).
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { api, ApiError, type Problem } from "../api/http";
import type { DomainInfo } from "../api/types";
import { Link } from "../ui/Link";
import { navigate } from "../lib/router";
import { DomainScreens } from "./DomainScreens";
import { Welcome } from "./onboarding/Welcome";
import { hostOf } from "../lib/host";
import { fieldId, problemsAt } from "../lib/problems";
import { browserZone } from "../lib/zone";
import { Options } from "./fields";
import { zoneOptions } from "./ShopZone";
import { useT } from "../i18n/index";

export function DomainsPage({ domainId, tab }: { domainId: string | null; tab: string }) {
  const t = useT();
  const [domains, setDomains] = useState<DomainInfo[] | null>(null);
  const [error, setError] = useState("");

  const reload = useCallback(() => {
    api.GET("/api/v1/owner/domains").then(
      (r) => setDomains(r.domains),
      (e) => setError(e.message),
    );
  }, []);
  useEffect(reload, [reload]);

  const current = domains?.find((d) => d.id === domainId) ?? null;
  return (
    <div className="page split">
      <section aria-labelledby="domains-h" className="stack">
        <h1 id="domains-h">{t("domains.title")}</h1>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <ul className="list-plain">
          {domains?.map((d) => (
            <li key={d.id}>
              <Link to={`domains/${d.id}`} aria-current={d.id === domainId ? "page" : undefined}>
                {d.name}
                {d.config.unpublishedChanges && <span className="muted"> · {t("domains.unpublished")}</span>}
              </Link>
            </li>
          ))}
        </ul>
        <NewDomainForm
          onCreated={(d) => {
            reload();
            navigate(`domains/${d.id}/buttons`);
          }}
        />
      </section>
      <div>
        {current ? (
          <DomainScreens key={current.id} domain={current} tab={tab} onChanged={reload} />
        ) : domainId && domains ? (
          <p className="error">{t("domains.gone")}</p>
        ) : domains?.length === 0 ? (
          <Welcome />
        ) : (
          <p className="muted">{t("domains.choose")}</p>
        )}
      </div>
    </div>
  );
}

function NewDomainForm({ onCreated }: { onCreated: (d: DomainInfo) => void }) {
  const t = useT();
  const [name, setName] = useState("");
  // The shop's hours are kept in the owner's own zone unless they pick another (lib/zone.ts).
  const [timezone, setTimezone] = useState(browserZone);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [error, setError] = useState("");
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblems([]);
    setError("");
    try {
      const host = hostOf(name); // a pasted address becomes its host
      setName(host);
      const d = await api.POST("/api/v1/owner/domains", { body: { name: host, timezone } });
      setName("");
      onCreated(d);
    } catch (err) {
      if (err instanceof ApiError && err.problems.length) setProblems(err.problems);
      else setError((err as Error).message);
    }
  };
  const nameErrors = problemsAt(problems, "name");
  return (
    <form className="card stack" onSubmit={submit} aria-labelledby="new-domain-h">
      <h2 id="new-domain-h">{t("domains.addTitle")}</h2>
      <label>
        <span>{t("domains.host")}</span>
        <input
          id={fieldId("new-name")}
          value={name}
          placeholder="shop.example.com"
          required
          aria-invalid={nameErrors.length ? true : undefined}
          aria-describedby={nameErrors.length ? "new-domain-err" : undefined}
          onChange={(e) => setName(e.target.value)}
          onBlur={(e) => setName(hostOf(e.target.value))}
        />
        {nameErrors.length > 0 && (
          <span className="field-error" id="new-domain-err">
            {nameErrors.join("; ")}
          </span>
        )}
      </label>
      <div className="field">
        <label htmlFor={fieldId("new-timezone")}>{t("domains.zone")}</label>
        <select id={fieldId("new-timezone")} value={timezone} onChange={(e) => setTimezone(e.target.value)} aria-describedby="new-domain-zone-hint">
          <Options options={zoneOptions(timezone)} />
        </select>
        <span className="muted hint" id="new-domain-zone-hint">
          {t("domains.zoneHint", { zone: browserZone() })}
        </span>
      </div>
      {problems
        .filter((p) => p.path !== "name")
        .map((p) => (
          <p key={p.path} className="error">
            {p.path}: {p.message}
          </p>
        ))}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <button className="primary" type="submit">
        {t("domains.add")}
      </button>
    </form>
  );
}
