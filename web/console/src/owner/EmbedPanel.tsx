// Publishing the draft (a dialog with what changed), the history of published versions, and the
// snippet to put on the site: hosted (follows each publication) or inline (the config pasted into
// the page), each with a copy button; after a copy, the installation check.
import { useRef, useState, type ReactNode } from "react";
import type { Config } from "../../../widget/src/config/types.gen";
import type { DomainInfo } from "../api/types";
import { hostedFreshness, hostedSnippet, inlineSnippet } from "../lib/snippet";
import { fullTime } from "../lib/time";
import { InstallationStatus } from "./publishing/InstallationStatus";
import { PublishDialog } from "./publishing/PublishDialog";
import { VersionHistory } from "./publishing/VersionHistory";

export function EmbedPanel({ domain, config, dirty, save, onPublished, onRestored }: { domain: DomainInfo; config: Config | null; dirty: boolean; save: () => Promise<boolean>; onPublished: () => void; onRestored: () => Promise<void> }) {
  const [published, setPublished] = useState(0);
  const [copied, setCopied] = useState(false);
  return (
    <section className="stack" aria-labelledby="publish-h">
      <h3 id="publish-h">Publish</h3>
      <p className="muted">
        {domain.config.publishedAt ? `Version ${domain.config.publishedVersion} published ${fullTime(domain.config.publishedAt)}.` : "Nothing is published yet: visitors see no buttons."}
        {dirty && " Your unsaved changes are saved first."}
      </p>
      <PublishDialog domain={domain} config={config} dirty={dirty} save={save} onPublished={() => (setPublished((n) => n + 1), onPublished())} />
      <h3>Embed on your site</h3>
      <Snippet
        title="Hosted (recommended)"
        help={`Put this before </body> on every page. ${hostedFreshness(domain.embed.maxAgeSeconds)}`}
        code={hostedSnippet(domain.embed.url)}
        onCopied={() => setCopied(true)}
      >
        <InstallationStatus domain={domain} started={copied} />
      </Snippet>
      {config && (
        <Snippet
          title="Inline"
          help="The configuration inside the page: no request for it, but paste it again after each change."
          code={inlineSnippet(location.origin, config)}
        />
      )}
      <VersionHistory domain={domain} dirty={dirty} onRestored={onRestored} refresh={published} />
    </section>
  );
}

/** Selects all the text of `el` and focuses it, so the owner's Ctrl+C copies exactly that. */
function selectText(el: HTMLElement) {
  el.focus();
  const range = document.createRange();
  range.selectNodeContents(el);
  const selection = getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}

function Snippet({ title, help, code, onCopied, children }: { title: string; help: string; code: string; onCopied?: () => void; children?: ReactNode }) {
  const [status, setStatus] = useState("");
  const pre = useRef<HTMLPreElement>(null);
  // The clipboard API exists only on https (and localhost) pages, and may be refused: then the
  // snippet is selected and the owner copies it with the keyboard.
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error("no clipboard on a plain http page");
      await navigator.clipboard.writeText(code);
      setStatus("Copied.");
      onCopied?.();
    } catch {
      onCopied?.();
      if (pre.current) selectText(pre.current);
      setStatus(`The snippet is selected: press ${/Mac|iPhone|iPad/.test(navigator.platform) ? "⌘+C" : "Ctrl+C"} to copy it.`);
    }
  };
  return (
    <div className="card stack">
      <strong>{title}</strong>
      <span className="muted">{help}</span>
      <pre ref={pre} className="snippet" tabIndex={0} aria-label={`${title} snippet`}>
        <code>{code}</code>
      </pre>
      <div className="row">
        <button onClick={copy}>Copy {title.split(" ")[0].toLowerCase()} snippet</button>
        <span role="status">{status}</span>
      </div>
      {children}
    </div>
  );
}
