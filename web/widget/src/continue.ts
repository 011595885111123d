// The page Beckon serves for a link from a visitor's e-mail when the page where the chat began
// no longer embeds Beckon (crates/server/src/api/http/continuation.rs, /c/{token}): the chat window
// alone, with the domain's published look. The server puts the config and the token in
// <script type="application/json" id="cnb-continue">; this imports the app from this file's folder
// and opens the conversation, which becomes this browser's. "Open the conversation" opens it again
// after it was closed; a link that is no longer valid is said in the page's status line.
type Page = { config: import("./config/types.gen").Config; token: string };
type App = { continueFromLink(l: { config: Page["config"] }, base: string, token: string): Promise<string> };

const data: Page = JSON.parse(document.getElementById("cnb-continue")!.textContent || "{}");
const url = new URL("beckon-app.js", import.meta.url).href;
const status = document.getElementById("cnb-continue-status");
const button = document.getElementById("cnb-continue-open") as HTMLButtonElement | null;

async function openConversation(): Promise<void> {
  const app: App = await import(url);
  const problem = await app.continueFromLink({ config: data.config }, new URL(".", url).href, data.token);
  if (status) status.textContent = problem;
  if (button) button.hidden = !!problem;
}

button?.addEventListener("click", () => void openConversation());
void openConversation();
