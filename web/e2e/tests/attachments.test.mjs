// Files in chats (docs/attachments.md), both sides in real browsers: the visitor attaches a
// picture in the widget (thumbnail on both sides; the console opens it large), the agent attaches
// a PDF in the console (the visitor's download is the same bytes, served as a download); files
// too large or of a type the domain refuses are stopped with a message before any upload (and by
// the server, which reads the type from the bytes); a forged URL is not found; a hostile SVG is
// served as a download in a sandbox. axe finds nothing on either side.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { openPage } from "../lib/browser.mjs";
import { axeViolations } from "../lib/axe.mjs";
import { chatDialog, chatFixture, composer, startChat, storedChannel } from "../lib/chat.mjs";
import { openConsole } from "../lib/console.mjs";
import { DEMO, login } from "../lib/beckon.mjs";
import { eventually } from "../lib/wait.mjs";
import { deflateSync } from "node:zlib";

const SHOTS = process.env.SCREENSHOTS;
const shot = (page, name) => SHOTS && page.screenshot({ path: join(SHOTS, name) });

/** A `w`×`h` PNG: a green-to-blue gradient (a picture the thumbnails can be seen to show). */
function png(w, h) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const t = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    t.copy(out, 4);
    out.writeUInt32BE(crc(t), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const rows = [];
  for (let y = 0; y < h; y++) {
    const row = Buffer.alloc(1 + 3 * w);
    for (let x = 0; x < w; x++) row.set([40, Math.round((200 * x) / w), Math.round((255 * y) / h)], 1 + 3 * x);
    rows.push(row);
  }
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(Buffer.concat(rows))), chunk("IEND", Buffer.alloc(0))]);
}
const PNG = png(160, 100);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>');

const fx = chatFixture({ agent: false });

/** Chooses `files` ({name, mimeType, buffer}) in the file chooser that `button` opens. */
async function attach(page, button, files) {
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), button.click()]);
  await chooser.setFiles(files);
}

/** Uploads from Node as the visitor would (multipart, field file). */
async function upload(origin, channelId, personaId, name, bytes, type) {
  const form = new FormData();
  form.append("file", new Blob([bytes], { type }), name);
  return fetch(`${origin}/api/v1/chat/public/channel/${channelId}/attachments?personaId=${personaId}`, { method: "POST", body: form });
}

test("a visitor sends a picture and the agent a PDF; limits, forged URLs and hostile files", async () => {
  const origin = fx.server.origin;
  const visitor = await openPage(fx.browser, { reducedMotion: "reduce" });
  const vp = visitor.page;
  await vp.goto(fx.site.page());
  await startChat(vp, { name: "Ann Visitor", email: "ann@example.com" });
  const channelId = await storedChannel(vp);
  const personaId = await vp.evaluate(() => localStorage.getItem("cnb.chat.persona-id"));
  const dialog = chatDialog(vp);

  // Too large and a refused type: said before anything is uploaded.
  const attachButton = dialog.getByRole("button", { name: "Attach a file" });
  await attach(vp, attachButton, [
    { name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(11 * 1024 * 1024, 1) },
    { name: "page.html", mimeType: "text/html", buffer: Buffer.from("<html><script>1</script></html>") },
  ]);
  await dialog.getByRole("alert").filter({ hasText: "huge.png is too large: at most 10 MB." }).waitFor();
  await dialog.getByRole("alert").filter({ hasText: "page.html: this type of file is not accepted (text/html)." }).waitFor();
  await shot(vp, "attachments-visitor-errors.png");
  await dialog.getByRole("button", { name: "Remove huge.png" }).click();
  await dialog.getByRole("button", { name: "Remove page.html" }).click();

  // A picture: uploaded, then sent with a word.
  await attach(vp, attachButton, [{ name: "holiday.png", mimeType: "image/png", buffer: PNG }]);
  await dialog.getByRole("button", { name: "Remove holiday.png" }).waitFor();
  await composer(vp).fill("Here is the photo");
  await composer(vp).press("Enter");
  const thumb = dialog.locator('img[alt="holiday.png"]');
  await thumb.waitFor();
  await dialog.getByRole("button", { name: "Remove holiday.png" }).waitFor({ state: "detached" });

  // The agent sees the thumbnail, opens it large, Esc closes it.
  const agent = await openConsole(fx.browser, origin, { path: `inbox/${channelId}`, reducedMotion: "reduce" });
  const ap = agent.page;
  const conversation = ap.getByRole("region", { name: "Conversation" });
  const open = conversation.getByRole("button", { name: "Open the picture holiday.png" });
  await open.waitFor();
  await open.click();
  const large = ap.getByRole("dialog", { name: "holiday.png" });
  await large.locator('img[alt="holiday.png"]').waitFor();
  await ap.waitForFunction(() => [...document.querySelectorAll("dialog img")].some((i) => i.complete && i.naturalWidth == 160));
  await shot(ap, "attachments-console-picture.png");
  await ap.keyboard.press("Escape");
  await large.waitFor({ state: "hidden" });

  // The agent replies with a PDF.
  await attach(ap, conversation.getByRole("button", { name: "Attach a file" }), [{ name: "Price list.pdf", mimeType: "application/pdf", buffer: PDF }]);
  await conversation.getByText("Ready").waitFor();
  await shot(ap, "attachments-console-ready.png");
  await conversation.getByRole("button", { name: "Send" }).click();
  const link = dialog.getByRole("link", { name: "Price list.pdf" });
  await link.waitFor();
  // The agent's side: its name, size and type.
  await conversation.getByRole("link", { name: `Price list.pdf (${PDF.length} bytes, application/pdf)` }).waitFor();
  await shot(vp, "attachments-visitor-thread.png");
  await shot(ap, "attachments-console-thread.png");

  // The visitor's download: the same bytes, as a download, inert.
  const pdfUrl = await link.getAttribute("href");
  const r = await fetch(pdfUrl);
  assert.equal(r.status, 200);
  assert.equal(r.headers.get("content-type"), "application/pdf");
  assert.match(r.headers.get("content-disposition"), /^attachment; filename="Price list.pdf"/);
  assert.equal(r.headers.get("x-content-type-options"), "nosniff");
  assert.equal(r.headers.get("content-security-policy"), "sandbox; default-src 'none'");
  assert.deepEqual(Buffer.from(await r.arrayBuffer()), PDF);

  // A forged URL (another id under this MAC, or a changed MAC) is not found.
  const [, , , , id, mac, name] = pdfUrl.split("/");
  assert.equal((await fetch(`${origin}/files/${id.slice(0, -1)}x/${mac}/${name}`)).status, 404);
  assert.equal((await fetch(`${origin}/files/${id}/${mac.slice(0, -2)}AA/${name}`)).status, 404);

  // The server reads the bytes: HTML named .png and claimed image/png is refused; so is 11 MB.
  let u = await upload(origin, channelId, personaId, "cat.png", Buffer.from("<html><script>alert(1)</script></html>"), "image/png");
  assert.equal(u.status, 415);
  assert.match((await u.json()).error, /^type not allowed: text\/html/);
  u = await upload(origin, channelId, personaId, "big.png", Buffer.concat([PNG, Buffer.alloc(11 * 1024 * 1024)]), "image/png");
  assert.equal(u.status, 413);
  assert.equal((await u.json()).error, "too large: at most 10 MB");

  // An owner who allows SVG gets it served as a download in a sandbox, never as a page.
  const owner = await login(origin, DEMO.owner);
  const put = await owner(`/api/v1/owner/domains/${DEMO.domainId}/attachments`, {
    method: "PUT",
    body: JSON.stringify({ maxBytes: 10 * 1024 * 1024, types: ["image/png", "application/pdf", "image/svg+xml"] }),
  });
  assert.equal(put.status, 200);
  u = await upload(origin, channelId, personaId, "cat.svg", SVG, "image/png");
  assert.equal(u.status, 201);
  const svg = await u.json();
  assert.equal(svg.type, "image/svg+xml");
  const s = await fetch(svg.url);
  assert.equal(s.headers.get("content-type"), "image/svg+xml");
  assert.match(s.headers.get("content-disposition"), /^attachment;/);
  assert.equal(s.headers.get("content-security-policy"), "sandbox; default-src 'none'");

  assert.deepEqual(await axeViolations(vp, ".cnb-m-host"), []);
  assert.deepEqual(await axeViolations(ap, "body"), []);
  assert.deepEqual(agent.errors, []);
  await visitor.context.close();
  await agent.context.close();
});

test("an owner sets what files a domain's chats accept in the domain's settings", async () => {
  const origin = fx.server.origin;
  const { page, context, errors } = await openConsole(fx.browser, origin, { email: DEMO.owner, path: `domains/${DEMO.domainId}/settings` });
  const files = page.getByRole("region", { name: "Files in chats" });
  await files.getByLabel("Largest file (MB)").fill("2");
  await files.getByRole("checkbox", { name: "ZIP archives" }).uncheck();
  await files.getByRole("checkbox", { name: "SVG (always downloaded, never shown)" }).check();
  await files.getByRole("button", { name: "Save file settings" }).click();
  await files.getByText("File settings saved.").waitFor();
  await shot(page, "attachments-owner-settings.png");
  const owner = await login(origin, DEMO.owner);
  const limits = await (await owner(`/api/v1/owner/domains/${DEMO.domainId}/attachments`)).json();
  assert.equal(limits.maxBytes, 2 * 1024 * 1024);
  assert.ok(limits.types.includes("image/svg+xml") && !limits.types.includes("application/zip"), JSON.stringify(limits));
  assert.deepEqual(await axeViolations(page, "body"), []);
  assert.deepEqual(errors, []);
  await context.close();
});

for (const [size, options] of [
  ["desktop", { viewport: { width: 1280, height: 800 } }],
  ["phone", { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
]) {
  test(`a picture from the agent that loads after its message keeps the newest message in view (${size})`, async () => {
    const origin = fx.server.origin;
    const { page, context } = await openPage(fx.browser, { reducedMotion: "reduce", ...options });
    // The picture's bytes are held back until the thread has scrolled to its message: it loads later.
    let release;
    const held = new Promise((r) => (release = r));
    await page.route("**/files/**", async (route) => (await held, route.continue()));
    await page.goto(fx.site.page());
    await startChat(page, { name: "Pia Pictures", email: "pia@example.com" });
    const channelId = await storedChannel(page);
    const agent = await login(origin, DEMO.agent);
    // Agents know a chat from its visitor's first message.
    await composer(page).fill("May I see the chair?");
    await composer(page).press("Enter");
    await eventually(async () => (await agent(`/api/v1/agent/channels/${channelId}`)).ok, "the chat reached the agents");
    const reply = async (body) => {
      const r = await agent(`/api/v1/agent/channels/${channelId}/messages`, { method: "POST", body: JSON.stringify({ clientId: `a-${Math.random()}`, ...body }) });
      assert.ok(r.ok, `reply: ${r.status}`);
    };
    for (let i = 1; i <= 8; i++) await reply({ text: `Line ${i} of the answer` });
    const dialog = chatDialog(page);
    await dialog.getByText("Line 8 of the answer").waitFor();
    const form = new FormData();
    form.append("file", new Blob([png(160, 400)], { type: "image/png" }), "tall.png");
    const multipart = new Response(form); // its body and content type (the API helper would send JSON's)
    const up = await agent(`/api/v1/agent/channels/${channelId}/attachments`, {
      method: "POST",
      body: Buffer.from(await multipart.arrayBuffer()),
      headers: { "content-type": multipart.headers.get("content-type") },
    });
    assert.equal(up.status, 201);
    await reply({ text: "", attachments: [await up.json()] });
    await dialog.locator('img[alt="tall.png"]').waitFor({ state: "attached" }); // not loaded yet: no size
    // How far the thread is from its end two frames after the picture loaded (0: the newest in view).
    await page.evaluate(() => {
      const root = document.querySelector(".cnb-m-host").shadowRoot;
      const img = root.querySelector('img[alt="tall.png"]');
      window.gapAfterLoad = new Promise((done) =>
        img.addEventListener(
          "load",
          () => requestAnimationFrame(() => requestAnimationFrame(() => {
            const body = root.querySelector(".cnb-m-bd");
            done(body.scrollHeight - body.scrollTop - body.clientHeight);
          })),
          { once: true },
        ),
      );
    });
    release();
    assert.ok((await page.evaluate(() => window.gapAfterLoad)) < 2, "the thread is at its end: the picture wholly in view");
    await shot(page, `attachments-picture-in-view-${size}.png`);
    assert.deepEqual(await axeViolations(page, ".cnb-m-host"), []);
    await context.close();
  });
}
