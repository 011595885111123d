// What a new owner sees on an empty console: the few steps from nothing to a button on their site
// (domain → channels → look → publish → snippet → installed), beside the form that starts them.
import { useT } from "../../i18n/index";

export function Welcome() {
  const t = useT();
  // The first step shows an example host name as code: the text around {example}.
  const [before, after = ""] = t("onboarding.step1").split("{example}");
  return (
    <section className="card stack welcome" aria-labelledby="welcome-h">
      <h2 id="welcome-h">{t("onboarding.title")}</h2>
      <ol>
        <li>
          {before}
          <code>shop.example.com</code>
          {after}
        </li>
        <li>{t("onboarding.step2")}</li>
        <li>{t("onboarding.step3")}</li>
        <li>{t("onboarding.step4")}</li>
      </ol>
    </section>
  );
}
