// One domain: its settings, the buttons editor beside the live preview, publishing and the embed
// snippet, and statistics. The draft config lives in useDraft (builder/useDraft.ts) and is saved as
// a whole (the server validates it and names every problem's path).
import { lazy, Suspense, useMemo, useRef, useState, type ReactNode } from "react";
import { api, ApiError, type Problem } from "../api/http";
import type { DomainInfo } from "../api/types";
import { Link, navigate } from "../app/router";
import { setAt } from "../lib/paths";
import { fieldId } from "../lib/problems";
import type { DomainType } from "@beckon/widget/config";
import { hostOf, hostsOf } from "../lib/host";
import { getAt } from "../lib/paths";
import { useStatusFor } from "../lib/useStatusFor";
import { browserZone } from "../lib/zone";
import { showsBranding, typeForBranding } from "./catalogue";
import { NoShopZone, NO_ZONE_CHOICE, zoneOptions } from "./ShopZone";
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

// The builder (and its React Aria components) loads with the Buttons tab: agents and the other
// screens never download it.
const Builder = lazy(() => import("./builder/Builder").then((m) => ({ default: m.Builder })));

const TABS = [
  { id: "settings", label: "Settings" },
  { id: "buttons", label: "Buttons" },
  { id: "publish", label: "Publish and embed" },
  { id: "stats", label: "Statistics" },
];

export function DomainScreens({ domain, tab, onChanged }: { domain: DomainInfo; tab: string; onChanged: () => void }) {
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
          {domain.config.publishedVersion ? `Published version ${domain.config.publishedVersion}` : "Not published yet"}
          {dirty ? " · unsaved changes" : domain.config.publishedVersion && domain.config.unpublishedChanges ? " · draft not published" : ""}
        </span>
      </div>
      <nav aria-label="Domain">
        <ul className="tabs">
          {TABS.map((t) => (
            <li key={t.id}>
              <Link className="tab" to={`domains/${domain.id}/${t.id}`} aria-current={tab === t.id ? "page" : undefined}>
                {t.label}
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
                    {p.path || "config"}
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
                  Save draft
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
              Show the preview
            </button>
            {bar}
          </div>
          <Suspense fallback={<p className="loading">Loading the builder…</p>}>{editor}</Suspense>
        </div>
        {preview(
          <button className="narrow-only" onClick={backToEditing}>
            Back to editing
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
  const initial = { name: domain.name, aliases: domain.aliases, type: domain.type, timezone: domain.timezone ?? undefined, properties: domain.properties ?? {} };
  const [value, setValue] = useState(initial);
  const [problems, setProblems] = useState<Problem[]>([]);
  // "Settings saved." holds until a field changes.
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
      setStatus("Settings saved.", [next]);
      onSaved();
    } catch (e) {
      if (e instanceof ApiError && e.problems.length) setProblems(e.problems);
      setStatus(e instanceof ApiError && e.problems.length ? "Not saved: see the fields marked." : (e as Error).message, [next]);
    }
  };
  const remove = async () => {
    if (!confirm(`Delete ${domain.name}? Its buttons, chats and statistics go with it.`)) return;
    await api.DELETE("/api/v1/owner/domains/{id}", { params: { path: { id: domain.id } } });
    location.assign("/console/domains");
  };
  return (
    <EditorContext.Provider value={editor}>
      <section className="stack" aria-labelledby="settings-h">
        <h3 id="settings-h">Settings</h3>
        <div className="grid-fields">
          <TextField path="name" label="Host name" required normalize={hostOf} hint="Just the host, e.g. shop.example.com: a pasted address is taken apart." />
          <label>
            <span>Aliases (comma-separated)</span>
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
            label="Time zone of your shop's hours"
            options={zoneOptions(browserZone(), value.timezone)}
            optional={NO_ZONE_CHOICE}
            hint={value.timezone ? `Every visitor gets your opening hours in ${value.timezone}, wherever they are.` : undefined}
          />
        </div>
        {!value.timezone && <NoShopZone fix={(zone) => save({ timezone: zone })} fixLabel="and save" />}
        <BrandingChoice />
        <fieldset>
          <legend>Properties</legend>
          <div className="grid-fields">
            <NumberField path="properties.scale" label="Scale of every button" />
            <NumberField path="properties.zindex" label="Z-index" allowAuto />
            <CheckField path="properties.allowMultipleButtons" label="Allow several buttons on a page" />
            <CheckField path="properties.trackGA" label="Send clicks to Google Analytics" />
            <CheckField path="properties.trackConversion" label="Track conversions" />
            <CheckField path="properties.avoidCollisions" label="Move buttons off cookie banners and other fixed bars" defaultValue />
            <CheckField path="properties.debug" label="Debug messages in the browser console" />
          </div>
        </fieldset>
        <fieldset>
          <legend>Privacy</legend>
          <CheckField
            path="properties.waitForConsent"
            label="Wait for the visitor's consent"
            hint="Until your consent banner (IAB TCF v2, Google Consent Mode v2) or CNB.consent(true) says yes, the buttons send no statistics and store nothing; call, WhatsApp and e-mail buttons still work."
          />
        </fieldset>
        <LegalNoticeFields />
        <LanguageFields />
        <div className="row">
          <button className="primary" onClick={() => save()}>
            Save settings
          </button>
          <button className="danger" onClick={remove}>
            Delete this domain
          </button>
          <span aria-live="polite">{status}</span>
        </div>
      </section>
    </EditorContext.Provider>
  );
}

/** "Powered by Beckon" shown or not: what the domain's type means to a self-hosting owner (catalogue.ts). */
function BrandingChoice() {
  const { value, set } = useEditor();
  const type = getAt(value, "type") as DomainType | undefined;
  return (
    <FieldFrame path="type" label="Show “Powered by Beckon” under the chat and the button lists" hint="A small line, not a link. Turn it off to show none." inline>
      {(p) => <input {...p} type="checkbox" checked={showsBranding(type)} onChange={(e) => set("type", typeForBranding(e.target.checked, type))} />}
    </FieldFrame>
  );
}
