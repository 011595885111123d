// Publishing the draft (the first time in one click, then through a dialog with what changed), the
// history of published versions, and the snippet to put on the site: hosted (follows each
// publication) or inline (the config pasted into the page), each with a copy button; after a copy,
// the installation check. Right after a first publication, a notice leads on to the snippet.
import { useEffect, useRef, useState, type ReactNode } from "react";
import type { Config } from "@beckon/widget/config";
import type { DomainInfo } from "../api/types";
import { copyKeys, copyOrSelect } from "../lib/clipboard";
import { consoleLanguage, useT } from "../i18n/index";
import { hostedFreshness, hostedSnippet, inlineSnippet } from "../lib/snippet";
import { fullTime } from "../lib/time";
import { FirstPublish } from "./publishing/FirstPublish";
import { InstallationStatus } from "./publishing/InstallationStatus";
import { PublishDialog } from "./publishing/PublishDialog";
import { publishedText } from "./publishing/usePublish";
import { VersionHistory } from "./publishing/VersionHistory";
import { consoleLocale } from "../i18n/locale";

export function EmbedPanel({
  domain,
  config,
  dirty,
  save,
  onPublished,
  firstPublished,
  onRestored,
}: {
  domain: DomainInfo;
  config: Config | null;
  dirty: boolean;
  save: (opts?: { quiet?: boolean }) => Promise<boolean>;
  onPublished: (version: number) => void;
  /** The version a first publication just put live (this visit), else null. */
  firstPublished: number | null;
  /** Resolves to the restored draft. */
  onRestored: () => Promise<Config>;
}) {
  const t = useT();
  const [published, setPublished] = useState(0);
  const [copied, setCopied] = useState(false);
  const publishedNow = (version: number) => (setPublished((n) => n + 1), onPublished(version));
  return (
    <section className="stack" aria-labelledby="publish-h">
      <h3 id="publish-h">{t("embed.publish")}</h3>
      {domain.config.publishedAt ? (
        <>
          <p className="muted">
            {t("embed.publishedAt", { version: domain.config.publishedVersion ?? "", time: fullTime(domain.config.publishedAt, consoleLocale()) })}
            {dirty && ` ${t("publishing.savedFirst")}`}
          </p>
          <PublishDialog domain={domain} config={config} dirty={dirty} save={save} onPublished={publishedNow} />
        </>
      ) : (
        config && !firstPublished && <FirstPublish domain={domain} config={config} dirty={dirty} save={save} onPublished={publishedNow} />
      )}
      <h3>{t("embed.title")}</h3>
      {firstPublished && <NowEmbed version={firstPublished} />}
      <Snippet
        title={t("embed.hosted")}
        label={t("embed.hostedLabel")}
        copyLabel={t("embed.copyHosted")}
        help={t("embed.hostedHelp", { freshness: hostedFreshness(domain.embed.maxAgeSeconds, consoleLanguage()) })}
        code={hostedSnippet(domain.embed.url)}
        onCopied={() => setCopied(true)}
      >
        <InstallationStatus domain={domain} started={copied} />
      </Snippet>
      {config && (
        <Snippet
          title={t("embed.inline")}
          label={t("embed.inlineLabel")}
          copyLabel={t("embed.copyInline")}
          help={t("embed.inlineHelp")}
          code={inlineSnippet(location.origin, config)}
        />
      )}
      <VersionHistory domain={domain} draft={config} dirty={dirty} onRestored={onRestored} refresh={published} />
    </section>
  );
}

/**
 * Right after the first publication: it is live, and the snippet below is the next step. Focus
 * moves here (the Publish button that was pressed is gone), so a screen reader reads it; the tab
 * is shown from its top (it opens from the Buttons tab, scrolled down to the channel's form).
 */
function NowEmbed({ version }: { version: number }) {
  const t = useT();
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    ref.current?.closest("main")?.scrollTo({ top: 0 });
    ref.current?.focus();
  }, []);
  return (
    <p ref={ref} tabIndex={-1} className="notice">
      {publishedText(version, t)} {t("embed.nowEmbed")}
    </p>
  );
}

function Snippet({
  title,
  label,
  copyLabel,
  help,
  code,
  onCopied,
  children,
}: {
  title: string;
  /** The snippet's accessible name, and its copy button's words. */
  label: string;
  copyLabel: string;
  help: string;
  code: string;
  onCopied?: () => void;
  children?: ReactNode;
}) {
  const t = useT();
  const [status, setStatus] = useState("");
  const pre = useRef<HTMLPreElement>(null);
  // Copied, or selected for the keyboard where the page has no clipboard (lib/clipboard.ts).
  const copy = async () => {
    const done = await copyOrSelect(code, pre.current);
    onCopied?.();
    setStatus(done === "copied" ? t("clipboard.copied") : t("embed.selected", { keys: copyKeys() }));
  };
  return (
    <div className="card stack">
      <strong>{title}</strong>
      <span className="muted">{help}</span>
      <pre ref={pre} className="snippet" tabIndex={0} aria-label={label}>
        <code>{code}</code>
      </pre>
      <div className="row">
        <button onClick={copy}>{copyLabel}</button>
        <span role="status">{status}</span>
      </div>
      {children}
    </div>
  );
}
