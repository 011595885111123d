// The draft config of one domain, in one place: what the builder edits, what was last saved, the
// server's problems with it, and saving. Every screen that reads or changes the draft (the builder,
// the preview, publishing, history) goes through this hook, so undo, discard or restore need only
// wrap `replace`. The server validates the whole config on every save (crates/model) and names each
// problem's path; the builder shows them beside their fields.
import { useCallback, useEffect, useMemo, useState } from "react";
import type { Config } from "@beckon/widget/config";
import { api, ApiError, modelConfig, type Problem } from "../../api/http";
import { setAt } from "../../lib/paths";
import { useStatusFor } from "../../ui/useStatusFor";
import { useT } from "../../i18n/index";

export type Draft = {
  /** The config being edited, null until loaded. */
  config: Config | null;
  /** The config as last loaded or saved (what the server has as the draft). */
  saved: Config | null;
  /** True when `config` differs from `saved`. */
  dirty: boolean;
  problems: Problem[];
  /** A short line after a save ("Draft saved.", gone once the draft changes) and the last error, for the page to show. */
  message: string;
  error: string;
  /** Changes one value by path ("actions[0].actionValue"); `undefined` removes it. */
  set: (path: string, value: unknown) => void;
  /** Replaces the whole draft (e.g. a change to several parts at once, or a restored version). */
  replace: (next: Config | ((c: Config) => Config)) => void;
  /** Saves the draft; true when the server took it. */
  save: (opts?: { quiet?: boolean }) => Promise<boolean>;
  /** Loads the draft from the server again, dropping unsaved changes; resolves to it. */
  reload: () => Promise<Config>;
};

export function useDraft(domainId: string, onSaved?: () => void): Draft {
  const [config, setConfig] = useState<Config | null>(null);
  const [saved, setSaved] = useState<Config | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  // "Draft saved." is about the config just saved: any change after it makes it untrue.
  const [message, setMessage] = useStatusFor([config]);
  const [error, setError] = useState("");
  const t = useT();

  const reload = useCallback(async () => {
    const c = modelConfig(await api.GET("/api/v1/owner/domains/{id}/config", { params: { path: { id: domainId } } }));
    setConfig(c);
    setSaved(c);
    setProblems([]);
    return c;
  }, [domainId]);
  useEffect(() => {
    reload().catch((e) => setError(e.message));
  }, [reload]);

  const savedText = useMemo(() => JSON.stringify(saved), [saved]);
  const dirty = config !== null && JSON.stringify(config) !== savedText;

  /** `quiet`: no "Draft saved." (publishing saves first and says what it did itself). */
  const save = async ({ quiet = false }: { quiet?: boolean } = {}): Promise<boolean> => {
    if (!config) return false;
    setMessage("");
    setError("");
    try {
      const r = await api.PUT("/api/v1/owner/domains/{id}/config", { params: { path: { id: domainId } }, body: config });
      const savedConfig = modelConfig(r.config);
      setConfig(savedConfig);
      setSaved(savedConfig);
      setProblems([]);
      if (!quiet) setMessage(t("builder.draftSaved"), [savedConfig]);
      onSaved?.();
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.problems.length) {
        setProblems(e.problems);
        setError(t("builder.draftNotSaved", { count: e.problems.length }));
      } else setError((e as Error).message);
      return false;
    }
  };

  const set = useCallback((path: string, value: unknown) => setConfig((c) => (c ? setAt(c, path, value) : c)), []);
  const replace = useCallback((next: Config | ((c: Config) => Config)) => setConfig((c) => (typeof next === "function" ? (c ? next(c) : c) : next)), []);

  return { config, saved, dirty, problems, message, error, set, replace, save, reload };
}
