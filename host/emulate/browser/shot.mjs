// The README's pictures of the page, taken in the real headless Chromium (make web-screenshot):
// the PyBadge skin at the table of a classic match, and the Pico-LCD-1.14 skin on a phone-sized
// touch screen, as PNG files in OUTDIR.
//
//   node host/emulate/browser/shot.mjs URL OUTDIR

import { boot, launch, openPage, press, sleep, startMatch } from "./browser.mjs";

const [base, outDir] = process.argv.slice(2);
const problems = [];
const browser = await launch();
try {
  const page = await openPage(browser, problems);
  await page.setViewport({ width: 900, height: 640 });
  await boot(page, base + "?speed=0&skin=badge");
  await startMatch(page);
  await sleep(300);
  for (let i = 0; i < 6; i++) await press(page, "x", 200); // a few cards played
  await press(page, "ArrowRight", 300);
  await page.screenshot({ path: outDir + "/badge.png" });
  await page.setViewport({ width: 400, height: 640, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  await boot(page, base + "?speed=0&skin=wide");
  await sleep(200);
  await page.screenshot({ path: outDir + "/wide-phone.png" });
} finally {
  await browser.close();
}
if (problems.length) {
  process.stderr.write(problems.join("\n") + "\n");
  process.exit(1);
}
