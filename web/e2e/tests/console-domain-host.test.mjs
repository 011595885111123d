// A domain is a host (docs/configuration.md, "Which domain a page belongs to"): the owner who types a port into
// the console's new-domain form is told why it is refused, nothing is created, and the same host
// without the port is taken. Against a real `beckon serve`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { DEMO } from "../lib/beckon.mjs";
import { beckonFixture } from "../lib/fixture.mjs";
import { axeViolations } from "../lib/axe.mjs";
import { openConsole } from "../lib/console.mjs";

const fx = beckonFixture();

test("a domain name with a port is refused with the reason; the host alone is added", async () => {
  const { page, context, errors } = await openConsole(fx.browser, fx.server.origin, { email: DEMO.owner, path: "domains" });
  const name = page.getByLabel("Site host name");
  await name.fill("shop.example.com:8443");
  await page.getByRole("button", { name: "Add the domain" }).click();
  const reason = page.locator("#new-domain-err");
  await reason.filter({ hasText: "has a port; give just the host" }).waitFor();
  assert.equal(await name.getAttribute("aria-invalid"), "true");
  assert.equal(await page.getByRole("link", { name: /shop\.example\.com/ }).count(), 0, "nothing was added");
  assert.deepEqual(await axeViolations(page, "body"), []);

  await name.fill("shop.example.com");
  await page.getByRole("button", { name: "Add the domain" }).click();
  await page.getByRole("heading", { name: "shop.example.com" }).waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});
