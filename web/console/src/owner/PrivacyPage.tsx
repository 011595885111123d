// Privacy: how long each domain keeps ended conversations (a background sweep on the server
// removes older ones with their files), and one visitor's data, exported or erased by the e-mail
// address they gave in the chat (a GDPR request). Erasing cannot be undone, so it asks first.
import { useEffect, useState, type FormEvent } from "react";
import { api } from "../api/http";
import type { DomainInfo, VisitorExport } from "../api/types";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { erasedSummary, exportFileName, exportSummary, retentionChoices, retentionLabel } from "../lib/privacy";
import { consoleLanguage, useT } from "../i18n/index";

export function PrivacyPage() {
  const t = useT();
  return (
    <div className="page stack">
      <h1>{t("privacy.title")}</h1>
      <RetentionSection />
      <VisitorDataSection />
    </div>
  );
}

function RetentionSection() {
  const t = useT();
  const lang = consoleLanguage();
  const [domains, setDomains] = useState<DomainInfo[]>([]);
  const [days, setDays] = useState<Record<string, number | null>>({});
  const [status, setStatus] = useState("");
  useEffect(() => {
    api.GET("/api/v1/owner/domains").then(async (r) => {
      setDomains(r.domains);
      const kept = await Promise.all(r.domains.map((d) => api.GET("/api/v1/owner/domains/{id}/retention", { params: { path: { id: d.id } } })));
      setDays(Object.fromEntries(r.domains.map((d, i) => [d.id, kept[i].days ?? null])));
    }, (e) => setStatus(e.message));
  }, []);
  const change = async (d: DomainInfo, value: number | null) => {
    setStatus("");
    try {
      const r = await api.PUT("/api/v1/owner/domains/{id}/retention", { params: { path: { id: d.id } }, body: { days: value } });
      const kept = r.days ?? null;
      setDays((x) => ({ ...x, [d.id]: kept }));
      setStatus(kept === null ? t("privacy.keepsUntilErased", { domain: d.name }) : t("privacy.keepsFor", { domain: d.name, period: retentionLabel(kept, lang) }));
    } catch (e) {
      setStatus((e as Error).message);
    }
  };
  return (
    <section className="stack" aria-labelledby="retention-h">
      <h2 id="retention-h">{t("privacy.retentionTitle")}</h2>
      <p className="muted">{t("privacy.retentionHint")}</p>
      {domains.length === 0 && <p className="muted">{t("privacy.addDomain")}</p>}
      <div className="grid-fields">
        {domains.map((d) => (
          <label key={d.id}>
            <span>{d.name}</span>
            <select value={String(days[d.id] ?? "")} disabled={!(d.id in days)} onChange={(e) => change(d, e.target.value ? Number(e.target.value) : null)}>
              {retentionChoices(days[d.id] ?? null).map((n) => (
                <option key={String(n)} value={n === null ? "" : String(n)}>
                  {retentionLabel(n, lang)}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      <p role="status">{status}</p>
    </section>
  );
}

function VisitorDataSection() {
  const t = useT();
  const lang = consoleLanguage();
  const [email, setEmail] = useState("");
  const [status, setStatus] = useState("");
  const [confirming, setConfirming] = useState(false);
  const exportData = async (e: FormEvent) => {
    e.preventDefault();
    setStatus("");
    try {
      const data: VisitorExport = await api.POST("/api/v1/owner/visitor-data/export", { body: { email } });
      setStatus(exportSummary(data, lang));
      if (!data.conversations.length) return;
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
      const a = Object.assign(document.createElement("a"), { href: url, download: exportFileName(data.email) });
      a.click();
      URL.revokeObjectURL(url);
    } catch (e) {
      setStatus((e as Error).message);
    }
  };
  const erase = async () => {
    setConfirming(false);
    try {
      const r = await api.POST("/api/v1/owner/visitor-data/erase", { body: { email } });
      setStatus(erasedSummary(r, email.trim(), lang));
    } catch (e) {
      setStatus((e as Error).message);
    }
  };
  return (
    <section className="stack" aria-labelledby="visitor-data-h">
      <h2 id="visitor-data-h">{t("privacy.visitorTitle")}</h2>
      <p className="muted">{t("privacy.visitorHint")}</p>
      <form className="row" onSubmit={exportData}>
        <label>
          <span>{t("privacy.visitorEmail")}</span>
          <input type="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" />
        </label>
        <button type="submit">{t("privacy.export")}</button>
        <button type="button" className="danger" disabled={!email.trim()} onClick={() => setConfirming(true)}>
          {t("privacy.erase")}
        </button>
      </form>
      <p role="status">{status}</p>
      <ConfirmDialog open={confirming} title={t("privacy.eraseTitle", { email: email.trim() })} confirmLabel={t("privacy.eraseConfirm")} onConfirm={erase} onCancel={() => setConfirming(false)}>
        {t("privacy.eraseBody")}
      </ConfirmDialog>
    </section>
  );
}
