// The preview page (/console/preview.html, framed by the buttons editor): runs the real loader
// (/static/beckon.js) and renders whatever config the editor posts, answering the loader's
// country and agent-availability calls with the owner's choices instead of asking the server. The
// stand-in page speaks the console's language: its lang (which the widget reads when the domain
// names no language of its own) and its words come with each message.
/** The stand-in page's language and words (the console's catalogue, "preview.page…"). */
export type PreviewPage = { lang: string; label: string; heading: string; text: string };
type PreviewMessage = { type: "beckon-preview"; config: unknown; path: string; country: string; agentsAvailable: boolean; page: PreviewPage };

let current: PreviewMessage | null = null;
let loading: Promise<void> | null = null;

const realFetch = window.fetch.bind(window);
window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input instanceof Request ? input.url : input);
  const json = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }));
  if (current && url.includes("/api/v1/geo")) return json({ ip: "192.0.2.1", country_code: current.country || null });
  if (current && url.includes("/chat/public/channels/available/")) return json({ agentAvailable: current.agentsAvailable });
  return realFetch(input, init);
};

type Cnb = { render: (data: unknown, addObservers?: boolean) => Promise<HTMLElement[]> };

function loadWidget(config: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    (window as unknown as { CNB_DATA: unknown }).CNB_DATA = config;
    const s = document.createElement("script");
    s.src = "/static/beckon.js";
    s.onload = () => resolve();
    s.onerror = () => reject(new Error("the widget could not be loaded"));
    document.body.append(s);
  });
}

/** The page in the console's language, before the widget first reads it. */
function dressPage({ lang, label, heading, text }: PreviewPage) {
  document.documentElement.lang = lang;
  const main = document.querySelector("main")!;
  main.setAttribute("aria-label", label);
  let h1 = main.querySelector("h1");
  if (!h1) main.prepend((h1 = document.createElement("h1")));
  h1.textContent = heading;
  document.getElementById("contact")!.textContent = text;
}

async function show(msg: PreviewMessage) {
  current = msg;
  dressPage(msg.page);
  history.replaceState(null, "", msg.path); // URL conditions see the chosen page
  if (!loading) {
    loading = loadWidget(msg.config);
    await loading;
    return;
  }
  await loading;
  const cnb = (window as unknown as { CNB?: Cnb }).CNB;
  const roots = await cnb?.render(msg.config, false);
  document.documentElement.dataset.buttons = String(roots?.length ?? 0);
}

addEventListener("message", (e) => {
  if (e.origin !== location.origin || e.data?.type !== "beckon-preview") return;
  show(e.data as PreviewMessage).catch((err) => {
    document.body.dataset.error = String(err);
  });
});
parent.postMessage({ type: "beckon-preview-ready" }, location.origin);
