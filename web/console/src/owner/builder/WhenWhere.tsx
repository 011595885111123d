// Where and when a button shows, in plain words: phones and/or desktops, page rules with a box to
// try an address (answered by the widget's own matching code, loader/decide/conditions.ts, so the
// answer is the widget's), countries picked by name, "only while an agent is online", and when it
// appears as the page scrolls (after a number of pixels or after the first screen: ../reveal.ts). Each rule is a condition of spec §3.1 used by this button.
import { useMemo, useState } from "react";
import { Radio, RadioGroup } from "react-aria-components/RadioGroup";
import { Label } from "react-aria-components/Label";
import type { Button, Condition, Config, FilterType, MatchType, ScrollOptions } from "@beckon/widget/config";
import { conditionMatches, conditionsPass } from "@beckon/widget";
import { joinPath } from "../../lib/paths";
import { countryList } from "../../lib/phone";
import { CheckField, FieldFrame, SelectField, TextField, useEditor } from "../fields";
import { Triggers } from "./Triggers";
import { revealOf, scrollRule, withHeight, withReveal, type HeightField, type Reveal } from "../reveal";
import { addCondition, buttonConditions, countryCodes, removeCondition, updateButton, URL_FILTERS, URL_MATCHES } from "./edits";
import { usePhoneLib } from "./usePhoneLib";
import { consoleLanguage, useT } from "../../i18n/index";
import { DISPLAY_MODES, translated } from "../catalogue";

export function WhenWhere({ config, b, replace }: { config: Config; b: number; replace: (f: (c: Config) => Config) => void }) {
  const button = config.buttons[b];
  const p = (...k: (string | number)[]) => joinPath("buttons", b, ...k);
  const { set } = useEditor();
  const t = useT();
  return (
    <div className="stack">
      <RadioGroup className="stack-tight" value={button.options?.displayMode ?? "ALWAYS"} onChange={(v) => set(p("options", "displayMode"), v)} orientation="horizontal">
        <Label className="field-label">{t("builder.showOn")}</Label>
        <div className="row">
          {DISPLAY_MODES.map((d) => (
            <Radio key={d.value} value={d.value} className="choice">
              {t(d.label)}
            </Radio>
          ))}
        </div>
      </RadioGroup>
      <PageRules config={config} b={b} replace={replace} />
      <Countries config={config} b={b} replace={replace} />
      <AgentOnline config={config} b={b} replace={replace} />
      <ScrollReveal button={button} base={p("options", "scroll")} />
      <Triggers config={config} b={b} />
    </div>
  );
}

type Part = { config: Config; b: number; replace: (f: (c: Config) => Config) => void };

function PageRules({ config, b, replace }: Part) {
  const rules = buttonConditions(config, b, "URL");
  const domain = config.domains[0]?.name ?? "example.com";
  const [url, setUrl] = useState(`https://${domain}/`);
  const conds = rules.map((r) => r.condition);
  const shows = conditionsPass(conds, { url, domain, now: new Date(), desktop: true, debug: false, reportStats: false });
  const t = useT();
  return (
    <fieldset className="stack-tight">
      <legend>{t("builder.pages")}</legend>
      {rules.length === 0 && <p className="muted">{t("builder.everyPageOfSite")}</p>}
      <ul className="list-plain stack-tight">
        {rules.map(({ condition, index }, n) => (
          <li key={condition.id} className="rule row">
            <SelectField path={`conditions[${index}].filterType`} label={t("builder.rule", { n: n + 1 })} options={translated(t, URL_FILTERS)} />
            <SelectField path={`conditions[${index}].matchType`} label={t("builder.ruleCompare", { n: n + 1 })} options={translated(t, URL_MATCHES)} />
            <TextField path={`conditions[${index}].matchValue`} label={t("builder.rulePart", { n: n + 1 })} required placeholder={condition.matchType === "REGEX" ? "^https://shop\\.example/(nl|be)/" : "/contact"} />
            <span className="muted rule-test" aria-label={t("builder.ruleOnTest", { n: n + 1 })}>
              {conditionMatches(condition, { url, domain, now: new Date(), desktop: true, debug: false, reportStats: false }) ? t("builder.matchesBelow") : t("builder.notMatchesBelow")}
            </span>
            <button className="subtle" onClick={() => replace((c) => removeCondition(c, b, condition.id))}>
              {t("builder.removeRule", { n: n + 1 })}
            </button>
          </li>
        ))}
      </ul>
      <div className="row">
        <button onClick={() => replace((c) => addCondition(c, b, { filterType: "INCLUDE", conditionType: "URL", matchType: "SUBSTRING", matchValue: "" }))}>{t("builder.addRule")}</button>
      </div>
      <div className="row test-box">
        <label>
          <span>{t("builder.tryAddress")}</span>
          <input type="url" value={url} onChange={(e) => setUrl(e.target.value)} />
        </label>
        <output aria-live="polite" className={shows ? "ok" : "warn"}>
          {shows ? t("builder.showsHere") : t("builder.hiddenHere")}
        </output>
      </div>
    </fieldset>
  );
}

function Countries({ config, b, replace }: Part) {
  const lib = usePhoneLib();
  const t = useT();
  // Country names in the console's language (useT re-renders this when it changes).
  const lang = consoleLanguage();
  const all = useMemo(() => (lib ? countryList(lib, lang) : []), [lib, lang]);
  const geo = buttonConditions(config, b, "GEO")[0];
  const codes = geo ? countryCodes(geo.condition.matchValue) : [];
  const [query, setQuery] = useState("");
  const name = (code: string) => all.find((c) => c.code === code)?.name ?? code;
  const shown = query.trim() ? all.filter((c) => c.name.toLowerCase().includes(query.trim().toLowerCase()) || c.code === query.trim().toUpperCase()).slice(0, 8) : [];

  const write = (next: string[], filter: FilterType = geo?.condition.filterType ?? "INCLUDE") =>
    replace((c) => {
      const current = buttonConditions(c, b, "GEO")[0];
      if (!next.length) return current ? removeCondition(c, b, current.condition.id) : c;
      const value: Omit<Condition, "id"> = { filterType: filter, conditionType: "GEO", matchType: "COUNTRY_CODE" as MatchType, matchValue: next.join(",") };
      if (!current) return addCondition(c, b, value);
      return { ...c, conditions: (c.conditions ?? []).map((x, i) => (i === current.index ? { ...x, ...value } : x)) };
    });

  return (
    <fieldset className="stack-tight">
      <legend>{t("builder.countries")}</legend>
      {codes.length > 0 ? (
        <>
          <RadioGroup className="row" aria-label={t("builder.countriesRule")} value={geo!.condition.filterType} onChange={(v) => write(codes, v as FilterType)} orientation="horizontal">
            <Radio value="INCLUDE" className="choice">
              {t("builder.onlyFrom")}
            </Radio>
            <Radio value="EXCLUDE" className="choice">
              {t("builder.notFrom")}
            </Radio>
          </RadioGroup>
          <ul className="list-plain row">
            {codes.map((code) => (
              <li key={code} className="chip">
                {name(code)}
                <button className="subtle" aria-label={t("builder.remove", { name: name(code) })} onClick={() => write(codes.filter((c) => c !== code))}>
                  ×
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="muted">{t("builder.everyCountry")}</p>
      )}
      <label>
        <span>{t("builder.findCountry")}</span>
        <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder={t("builder.countryExample")} />
      </label>
      {shown.length > 0 && (
        <ul className="list-plain country-results" aria-label={t("builder.countriesFound")}>
          {shown.map((c) => (
            <li key={c.code}>
              <button className="subtle" disabled={codes.includes(c.code)} onClick={() => (write([...codes, c.code]), setQuery(""))}>
                {t("builder.addCountry", { country: c.name })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

function AgentOnline({ config, b, replace }: Part) {
  const chat = buttonConditions(config, b, "CHAT")[0];
  const t = useT();
  return (
    <label className="check">
      <input
        type="checkbox"
        checked={!!chat && chat.condition.filterType === "INCLUDE"}
        onChange={(e) =>
          replace((c) =>
            e.target.checked ? addCondition(c, b, { filterType: "INCLUDE", conditionType: "CHAT", matchType: "AGENTS_AVAILABLE", matchValue: "" }) : removeCondition(c, b, chat!.condition.id),
          )
        }
      />
      <span>{t("builder.onlyAgentOnline")}</span>
    </label>
  );
}

function ScrollReveal({ button, base }: { button: Button; base: string }) {
  const { set } = useEditor();
  const t = useT();
  const scroll = button.options?.scroll;
  // What the owner last typed into a pixel field, kept while the rule is still the one it wrote
  // (an undo or another choice replaces it): an emptied field stays empty, with its message, and
  // "After scrolling" stays chosen, though the rule saved meanwhile has no such height.
  const [typed, setTyped] = useState<{ field: HeightField; text: string; problem: string; wrote: ScrollOptions | undefined } | null>(null);
  const current = typed && typed.wrote === scroll ? typed : null;
  const reveal = current?.field === "revealAtHeight" && current.problem ? "pixels" : revealOf(scroll);
  const type = (field: HeightField, text: string) => {
    const next = withHeight(scroll, field, text, t);
    setTyped({ field, text, problem: next.problem, wrote: next.scroll });
    set(base, next.scroll);
  };
  const choose = (v: Reveal) => {
    setTyped(null);
    set(base, withReveal(scroll, v));
  };
  return (
    <fieldset className="stack-tight">
      <legend>{t("builder.scrolling")}</legend>
      <RadioGroup aria-label={t("builder.appears")} className="row" value={reveal} onChange={(v) => choose(v as Reveal)} orientation="horizontal">
        <Radio value="now" className="choice">
          {t("builder.rightAway")}
        </Radio>
        <Radio value="pixels" className="choice">
          {t("builder.afterPixels")}
        </Radio>
        <Radio value="screen" className="choice">
          {t("builder.afterScreen")}
        </Radio>
      </RadioGroup>
      {reveal === "screen" && <p className="muted hint">{t("builder.screenHint")}</p>}
      {(reveal !== "now" || scroll?.hideAtHeight !== undefined || current?.field === "hideAtHeight") && (
        <div className="grid-fields">
          {reveal === "pixels" && <PixelField path={`${base}.revealAtHeight`} label={t("builder.appearsPixels")} value={scroll?.revealAtHeight} typed={current?.field === "revealAtHeight" ? current : null} onType={(t) => type("revealAtHeight", t)} />}
          <PixelField path={`${base}.hideAtHeight`} label={t("builder.hidesPixels")} hint={t("builder.emptyStays")} value={scroll?.hideAtHeight} typed={current?.field === "hideAtHeight" ? current : null} onType={(t) => type("hideAtHeight", t)} />
          <CheckField path={`${base}.neverHide`} label={t("builder.neverHide")} onToggle={(on) => set(base, scrollRule({ ...scroll, neverHide: on || undefined }))} />
        </div>
      )}
    </fieldset>
  );
}

/** A height in pixels: what the owner typed (with the builder's message about it), else the rule's value. */
function PixelField({ path, label, hint, value, typed, onType }: { path: string; label: string; hint?: string; value: number | undefined; typed: { text: string; problem: string } | null; onType: (text: string) => void }) {
  return (
    <FieldFrame path={path} label={label} hint={hint} warning={typed?.problem || undefined}>
      {(p) => <input {...p} type="text" inputMode="numeric" value={typed ? typed.text : value === undefined ? "" : String(value)} onChange={(e) => onType(e.target.value)} />}
    </FieldFrame>
  );
}
