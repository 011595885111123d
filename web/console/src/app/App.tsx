import { lazy, Suspense, useEffect } from "react";
import { api } from "../api/http";
import { useSession } from "../auth/session";
import { LoginPage } from "../auth/LoginPage";
import { AgentProvider } from "../agent/AgentContext";
import { InboxPage } from "../agent/InboxPage";
import { navigate } from "../lib/router";
import { useRoute } from "../ui/useRoute";
import { OfflinePage } from "../auth/OfflinePage";
import { Shell } from "./Shell";
import { useT } from "../i18n/index";

// The owner's screens load when an owner opens them: the login screen and the agents' inbox never
// download them (bench/console.mjs --sizes-only gives each part's size).
const DomainsPage = lazy(() => import("../owner/DomainsPage").then((m) => ({ default: m.DomainsPage })));
const AgentsPage = lazy(() => import("../owner/AgentsPage").then((m) => ({ default: m.AgentsPage })));
const PrivacyPage = lazy(() => import("../owner/PrivacyPage").then((m) => ({ default: m.PrivacyPage })));
const WebhooksPage = lazy(() => import("../owner/webhooks/WebhooksPage").then((m) => ({ default: m.WebhooksPage })));
const CannedRepliesPage = lazy(() => import("../canned/CannedRepliesPage").then((m) => ({ default: m.CannedRepliesPage })));

export function App() {
  const t = useT();
  const { session, loading, unreachable } = useSession();
  const route = useRoute();
  const section = route[0] ?? "";
  const owner = session?.user.role === "owner";
  // Canned replies: owners, and agents once an owner allows it (the screen says so otherwise).
  const known = section === "inbox" || section === "canned-replies" || (owner && ["domains", "agents", "privacy", "webhooks"].includes(section));

  // An owner without a domain yet starts on Domains, where the first steps are; others on the inbox.
  useEffect(() => {
    if (!session || known) return;
    if (!owner) return navigate("inbox", true);
    let gone = false;
    api.GET("/api/v1/owner/domains").then(
      (r) => gone || navigate(r.domains.length ? "inbox" : "domains", true),
      () => gone || navigate("inbox", true),
    );
    return () => {
      gone = true;
    };
  }, [session, known, owner]);

  if (loading) return <p className="muted loading">{t("app.loading")}</p>;
  if (!session && unreachable) return <OfflinePage />;
  if (!session) return <LoginPage />;
  return (
    <AgentProvider me={session.user}>
      <Shell session={session} section={section}>
        {section === "inbox" && <InboxPage channelId={route[1] ?? null} />}
        <Suspense fallback={<p className="muted loading">{t("app.loading")}</p>}>
          {owner && section === "domains" && <DomainsPage domainId={route[1] ?? null} tab={route[2] ?? "settings"} />}
          {owner && section === "agents" && <AgentsPage me={session.user} />}
          {owner && section === "privacy" && <PrivacyPage />}
          {owner && section === "webhooks" && <WebhooksPage />}
          {section === "canned-replies" && <CannedRepliesPage me={session.user} />}
        </Suspense>
      </Shell>
    </AgentProvider>
  );
}
