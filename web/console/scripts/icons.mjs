// Draws the console's app icons (web app manifest, notifications, home screens) from its mark,
// public/icons/beckon.svg, with the system Chromium: `node scripts/icons.mjs` in web/console.
// The PNGs are committed beside the mark (a build needs no browser); run this again after changing it.
//
// - icon-192.png, icon-512.png: the mark as drawn (rounded corners, transparent outside them);
// - maskable-512.png: the same, full-bleed (square corners): the platform cuts its own shape, and
//   the bubble already lies inside the safe zone (a centred circle of 40 % of the size);
// - apple-touch-icon.png (180 px): full-bleed too, as iOS rounds the corners itself.
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const DIR = fileURLToPath(new URL("../public/icons/", import.meta.url));
const mark = await readFile(DIR + "beckon.svg", "utf8");
const fullBleed = mark.replace(/ rx="112"/, "");
if (fullBleed === mark) throw new Error("beckon.svg: the background's rounded corners (rx=\"112\") were not found");

const ICONS = [
  { file: "icon-192.png", size: 192, svg: mark },
  { file: "icon-512.png", size: 512, svg: mark },
  { file: "maskable-512.png", size: 512, svg: fullBleed },
  { file: "apple-touch-icon.png", size: 180, svg: fullBleed },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
try {
  for (const { file, size, svg } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const sized = svg.replace("<svg ", `<svg width="${size}" height="${size}" `);
    await page.setContent(`<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`);
    await page.screenshot({ path: DIR + file, omitBackground: true });
    await page.close();
    console.log(`${file} (${size} × ${size})`);
  }
} finally {
  await browser.close();
}
