// The owner's button builder (web/console/src/owner/builder/) as the console browser tests drive
// it: a domain added from the Domains page, channels picked from the grid, a channel's form opened
// from the list of the button's channels, the draft saved and read back from the server.

/** Adds domain `host` from the Domains page and returns its id (the page is on its Buttons tab). */
export async function addDomain(page, origin, host) {
  await page.goto(`${origin}/console/domains`);
  await page.getByLabel("Site host name").fill(host);
  await page.getByRole("button", { name: "Add the domain" }).click();
  await page.getByRole("heading", { name: host }).waitFor();
  const id = decodeURIComponent(new URL(page.url()).pathname.split("/")[3]);
  if (!page.url().endsWith("/buttons")) await page.getByRole("link", { name: "Buttons" }).click();
  await page.getByRole("heading", { name: "What should visitors be able to do?" }).waitFor();
  return id;
}

/** The grid's tile of a channel ("WhatsApp", "Live chat" …): a toggle button. */
export const tile = (page, name) => page.getByRole("button", { name, exact: true });

/** Picks a channel from the grid; its form opens. */
export async function pickChannel(page, name) {
  await tile(page, name).click();
  await tile(page, name).and(page.locator('[aria-pressed="true"]')).waitFor();
  await form(page, name).waitFor();
}

/** The open channel's form (one at a time), by its heading. */
export const form = (page, name) => page.locator("section.channel-form").filter({ has: page.getByRole("heading", { name, exact: true }) });

/** The row of a channel in the button's list ("Your channels"). */
export const row = (page, name) => page.locator(".action-row").filter({ hasText: name });

/** Opens a channel's form from the list. */
export async function openChannel(page, name) {
  await row(page, name).locator(".action-name").click();
  await form(page, name).waitFor();
}

/** The channels of the list, in order (their names as shown). */
export const channelOrder = (page) => page.locator(".action-row .action-name strong").allTextContents();

export async function saveDraft(page) {
  await page.getByRole("button", { name: "Save draft" }).click();
  await page.getByText("Draft saved.").waitFor();
}

/** The draft as the server holds it. */
export const savedConfig = (page, domainId) => page.evaluate(async (id) => (await fetch(`/api/v1/owner/domains/${id}/config`)).json(), domainId);

/** Replaces the draft through the API, as a config written elsewhere would be. */
export const putConfig = (page, domainId, config) =>
  page.evaluate(
    async ({ id, config }) => {
      const me = await (await fetch("/api/v1/auth/me")).json();
      const r = await fetch(`/api/v1/owner/domains/${id}/config`, { method: "PUT", headers: { "content-type": "application/json", "x-beckon-csrf": me.csrfToken }, body: JSON.stringify(config) });
      return r.status;
    },
    { id: domainId, config },
  );

/** The live preview's frame of a screen, "phone" (shown by default) or "desktop" (once picked). */
export const preview = (page, screen = "phone") => page.frameLocator(`iframe[title="Preview of your buttons on a ${screen}"]`);

/**
 * Picks a radio of a React Aria radio group (its input is visually hidden inside its label, so
 * a pointer clicks the label, as an owner does) and waits until it is checked.
 */
export async function choose(scope, name) {
  const radio = scope.getByRole("radio", { name, exact: typeof name === "string" });
  await radio.locator("xpath=ancestor::label[1]").click();
  await radio.and(scope.locator(":checked")).waitFor({ state: "attached" });
}
