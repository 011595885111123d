// One domain: its settings, the buttons editor beside the live preview, publishing and the embed
// snippet, and statistics. The draft config lives in useDraft (builder/useDraft.ts) and is saved as
// a whole (the server validates it and names every problem's path).
import { lazy, Suspense, useMemo, useRef, useState, type ReactNode } from "react";
import { api, ApiError, type Problem } from "../api/http";
import type { DomainInfo } from "../api/types";
import { Link } from "../ui/Link";
import { navigate } from "../lib/router";
import { setAt } from "../lib/paths";
import { fieldId } from "../lib/problems";
import type { DomainType } from "@beckon/widget/config";
import { hostOf, hostsOf } from "../lib/host";
import { getAt } from "../lib/paths";
import { useStatusFor } from "../ui/useStatusFor";
import { browserZone } from "../lib/zone";
import { showsBranding, typeForBranding } from "./catalogue";
import { NoShopZone, zoneOptions } from "./ShopZone";
import { LanguageFields } from "./LanguageFields";
import { FileLimits } from "./FileLimits";
import { useDraft } from "./builder/useDraft";
import { EditToolbar } from "./publishing/EditToolbar";
import { FirstPublish } from "./publishing/FirstPublish";
import { PublishDialog } from "./publishing/PublishDialog";
import { useEditHistory } from "./publishing/useEditHistory";
import { useLeaveGuard } from "./publishing/useLeaveGuard";
import { EmbedPanel } from "./EmbedPanel";
import { CheckField, EditorContext, FieldFrame, NumberField, SelectField, TextField, useEditor } from "./fields";
import { LegalNoticeFields } from "./LegalNotice";
import { Preview } from "./Preview";
import { StatsPanel } from "./StatsPanel";
import { useStickyBar } from "./useStickyBar";
import { useT } from "../i18n/index";

// The builder (and its React Aria components) loads with the Buttons tab: agents and the other
// screens never download it.
const Builder = lazy(() => import("./builder/Builder").then((m) => ({ default: m.Builder })));

/** The domain's tabs: each one's path and the catalogue key of its name. */
const TABS = [
  { id: "settings", label: "domain.settings" },
  { id: "buttons", label: "domain.buttons" },
  { id: "publish", label: "domain.publish" },
  { id: "stats", label: "domain.stats" },
];

export function DomainScreens({ domain, tab, onChanged }: { domain: DomainInfo; tab: string; onChanged: () => void }) {
  const t = useT();
  // The draft with undo/redo of this session's edits (publishing/useEditHistory.ts).
  const draft = useEditHistory(useDraft(domain.id, onChanged), tab === "buttons");
  const { config, dirty, problems, message, error, save } = draft;
  // Leaving the domain with unsaved changes asks first.
  useLeaveGuard(dirty, domain.id);

  const editor = useMemo(() => ({ value: config, problems, set: draft.set }), [config, problems, draft.set]);
  // The version a first publication put live: the Publish tab then leads on to the snippet.
  const [firstPublished, setFirstPublished] = useState<number | null>(null);
  const wasPublished = !!domain.config.publishedVersion;
  const published = (version: number) => {
    if (!wasPublished) setFirstPublished(version);
    onChanged();
  };

  return (
    <div className="stack">
      <div className="row">
        <h2 className="domain-title">{domain.name}</h2>
        <span className="muted">
          {domain.config.publishedVersion ? t("domain.published", { version: domain.config.publishedVersion }) : t("domain.notPublished")}
          {dirty ? ` · ${t("domain.unsaved")}` : domain.config.publishedVersion && domain.config.unpublishedChanges ? ` · ${t("domain.draftNotPublished")}` : ""}
        </span>
      </div>
      <nav aria-label={t("domain.nav")}>
        <ul className="tabs">
          {TABS.map((x) => (
            <li key={x.id}>
              <Link className="tab" to={`domains/${domain.id}/${x.id}`} aria-current={tab === x.id ? "page" : undefined}>
                {t(x.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div aria-live="polite">
        {message && <p className="notice">{message}</p>}
      </div>
      {error && (
        <div className="error" role="alert">
          <p>{error}</p>
          {problems.length > 0 && (
            <ul>
              {problems.map((p, i) => (
                <li key={i}>
                  <a href={`#${fieldId(p.path)}`} onClick={(e) => (e.preventDefault(), focusField(p.path))}>
                    {p.path || t("domain.config")}
                  </a>
                  : {p.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {tab === "settings" && <DomainSettings domain={domain} onSaved={() => (onChanged(), dirty ? undefined : draft.reload())} />}
      {tab === "settings" && <FileLimits domainId={domain.id} />}
      {tab === "buttons" && config && (
        <EditorContext.Provider value={editor}>
          <EditorWithPreview
            bar={
              <>
                <button className="primary" onClick={() => save()} disabled={!dirty}>
                  {t("domain.saveDraft")}
                </button>
                {wasPublished && <PublishDialog domain={domain} config={config} dirty={dirty} save={save} onPublished={published} />}
                <EditToolbar draft={draft} />
              </>
            }
            editor={<Builder config={config} replace={draft.replace} />}
            preview={(back) => (
              <Preview config={config}>
                {/* The first publication, right under what goes live; then on to the Publish tab, where the snippet is. */}
                {!wasPublished && <FirstPublish domain={domain} config={config} dirty={dirty} save={save} onPublished={(v) => (published(v), navigate(`domains/${domain.id}/publish`))} />}
                {back}
              </Preview>
            )}
          />
        </EditorContext.Provider>
      )}
      {tab === "publish" && <EmbedPanel domain={domain} config={config} dirty={dirty} save={save} onPublished={published} firstPublished={firstPublished} onRestored={async () => {
            const restored = await draft.reload();
            onChanged();
            return restored;
          }} />}
      {tab === "stats" && <StatsPanel domain={domain} config={config} />}
    </div>
  );
}

/**
 * The builder beside its live preview (under it in narrow windows). There, the bar of edit buttons
 * sticks to the top while the form is in view, with "Show the preview", which brings the preview into view and moves focus to
 * it; "Back to editing" there returns to the field last edited.
 */
function EditorWithPreview({ bar, editor, preview }: { bar: ReactNode; editor: ReactNode; preview: (back: ReactNode) => ReactNode }) {
  const t = useT();
  const barRef = useRef<HTMLDivElement>(null);
  const form = useRef<HTMLDivElement>(null);
  const lastEdited = useRef<HTMLElement | null>(null);
  useStickyBar(barRef);
  const showPreview = () => {
    const heading = document.getElementById("preview-h");
    const section = heading?.closest("section");
    const scroller = section?.closest("main");
    if (!heading || !section || !scroller) return;
    // To the very top: the bar stays with the form, so no room is kept for it (its scroll-padding).
    scroller.scrollTop += section.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
    heading.focus({ preventScroll: true });
  };
  const backToEditing = () => {
    const last = lastEdited.current?.isConnected ? lastEdited.current : form.current?.querySelector<HTMLElement>("button, input, select, textarea, [tabindex]");
    last?.focus();
  };
  return (
    <>
      <div className="editor-layout">
        <div ref={form} className="stack editor-form" onFocus={(e) => barRef.current?.contains(e.target) || (lastEdited.current = e.target)}>
          {/* Atop the form, so the preview beside it starts as high as the bar. */}
          <div ref={barRef} className="row editor-bar">
            <button className="narrow-only" onClick={showPreview}>
              {t("domain.showPreview")}
            </button>
            {bar}
          </div>
          <Suspense fallback={<p className="loading">{t("domain.loadingBuilder")}</p>}>{editor}</Suspense>
        </div>
        {preview(
          <button className="narrow-only" onClick={backToEditing}>
            {t("domain.backToEditing")}
          </button>,
        )}
      </div>
    </>
  );
}

/** Opens the part of the editor that holds the field and focuses it. */
function focusField(path: string) {
  const el = document.getElementById(fieldId(path));
  el?.closest("details")?.setAttribute("open", "");
  el?.focus();
}

function DomainSettings({ domain, onSaved }: { domain: DomainInfo; onSaved: () => void }) {
  const t = useT();
  const initial = { name: domain.name, aliases: domain.aliases, type: domain.type, timezone: domain.timezone ?? undefined, properties: domain.properties ?? {} };
  const [value, setValue] = useState(initial);
  const [problems, setProblems] = useState<Problem[]>([]);
  // "Settings saved. Visitors get them when you publish." holds until a field changes: every
  // field here goes to the draft's domain entry (the server's PUT), so visitors get it with the
  // next publication, whose summary names the settings (publishing/changes.ts).
  const [status, setStatus] = useStatusFor([value]);
  const editor = useMemo(() => ({ value, problems, set: (path: string, v: unknown) => setValue((x) => setAt(x, path, v)) }), [value, problems]);
  const save = async (changes: Partial<typeof value> = {}) => {
    // Pasted addresses are taken apart to their hosts (lib/host.ts), also when saved before leaving the field.
    const next = { ...value, ...changes, name: hostOf(value.name), aliases: value.aliases.map(hostOf).filter(Boolean) };
    setValue(next);
    setStatus("");
    try {
      await api.PUT("/api/v1/owner/domains/{id}", { params: { path: { id: domain.id } }, body: { ...next, timezone: next.timezone ?? null } });
      setProblems([]);
      setStatus(t("domainSettings.saved"), [next]);
      onSaved();
    } catch (e) {
      if (e instanceof ApiError && e.problems.length) setProblems(e.problems);
      setStatus(e instanceof ApiError && e.problems.length ? t("domainSettings.notSaved") : (e as Error).message, [next]);
    }
  };
  const remove = async () => {
    if (!confirm(t("domainSettings.confirmDelete", { name: domain.name }))) return;
    await api.DELETE("/api/v1/owner/domains/{id}", { params: { path: { id: domain.id } } });
    location.assign("/console/domains");
  };
  return (
    <EditorContext.Provider value={editor}>
      <section className="stack" aria-labelledby="settings-h">
        <h3 id="settings-h">{t("domainSettings.title")}</h3>
        <div className="grid-fields">
          <TextField path="name" label={t("domainSettings.host")} required normalize={hostOf} hint={t("domainSettings.hostHint")} />
          <label>
            <span>{t("domainSettings.aliases")}</span>
            <input
              id={fieldId("aliases")}
              value={value.aliases.join(", ")}
              onChange={(e) => setValue((x) => ({ ...x, aliases: e.target.value.split(",").map((s) => s.trim()).filter(Boolean) }))}
              onBlur={(e) => setValue((x) => ({ ...x, aliases: hostsOf(e.target.value) }))}
            />
            {problems.filter((p) => p.path.startsWith("aliases")).map((p) => (
              <span key={p.path} className="field-error">
                {p.message}
              </span>
            ))}
          </label>
          <SelectField
            path="timezone"
            label={t("domainSettings.zone")}
            options={zoneOptions(browserZone(), value.timezone)}
            optional={t("zone.none")}
            hint={value.timezone ? t("domainSettings.zoneHint", { zone: value.timezone }) : undefined}
          />
        </div>
        {!value.timezone && <NoShopZone fix={(zone) => save({ timezone: zone })} andSave />}
        <BrandingChoice />
        <fieldset>
          <legend>{t("domainSettings.properties")}</legend>
          <div className="grid-fields">
            <NumberField path="properties.scale" label={t("domainSettings.scale")} />
            <NumberField path="properties.zindex" label={t("domainSettings.zindex")} allowAuto />
            <CheckField path="properties.allowMultipleButtons" label={t("domainSettings.several")} />
            <CheckField path="properties.trackGA" label={t("domainSettings.ga")} />
            <CheckField path="properties.trackConversion" label={t("domainSettings.conversions")} />
            <CheckField path="properties.avoidCollisions" label={t("domainSettings.collisions")} defaultValue />
            <CheckField path="properties.debug" label={t("domainSettings.debug")} />
          </div>
        </fieldset>
        <fieldset>
          <legend>{t("domainSettings.privacy")}</legend>
          <CheckField path="properties.waitForConsent" label={t("domainSettings.consent")} hint={t("domainSettings.consentHint")} />
        </fieldset>
        <LegalNoticeFields />
        <LanguageFields />
        <div className="row">
          <button className="primary" onClick={() => save()}>
            {t("domainSettings.save")}
          </button>
          <button className="danger" onClick={remove}>
            {t("domainSettings.delete")}
          </button>
          <span aria-live="polite">
            {status}
            {status === t("domainSettings.saved") && (
              <>
                {" "}
                <Link to={`domains/${domain.id}/publish`}>{t("domainSettings.toPublish")}</Link>
              </>
            )}
          </span>
        </div>
      </section>
    </EditorContext.Provider>
  );
}

/** "Powered by Beckon" shown or not: what the domain's type means to a self-hosting owner (catalogue.ts). */
function BrandingChoice() {
  const t = useT();
  const { value, set } = useEditor();
  const type = getAt(value, "type") as DomainType | undefined;
  return (
    <FieldFrame path="type" label={t("domainSettings.branding")} hint={t("domainSettings.brandingHint")} inline>
      {(p) => <input {...p} type="checkbox" checked={showsBranding(type)} onChange={(e) => set("type", typeForBranding(e.target.checked, type))} />}
    </FieldFrame>
  );
}
