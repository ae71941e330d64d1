// The browser test's session (host_tests/test_web.py): in a real headless Chromium, with the
// real keyboard, start a classic match, play the whole first round to its Scores page, reload
// the page, press Continue; then open each other board skin at its title menu (one on a phone's
// touch screen, one on a first visit in German). Writes what it saw as JSON:
// each session's texts (the firmware's own dump), the page's step log (?record), the raw frame
// file, the canvas pixels and the saves, for the test to replay on the MicroPython unix port.
//
//   node host/emulate/browser/drive.mjs URL OUT.json      (URL: the page, served by a local server)

import { writeFileSync } from "node:fs";
import { boot, canvasPixels, launch, openPage, playRound, press, sleep, startMatch, texts, waitSteps, waitText } from "./browser.mjs";

const [base, outPath] = process.argv.slice(2);
if (!base || !outPath) {
  process.stderr.write("usage: node drive.mjs URL OUT.json\n");
  process.exit(2);
}
const out = { problems: [], sessions: [] };
const t0 = Date.now();

// The browser's languages as a person's browser would give them (the machine's own locale
// would otherwise decide the page's first language).
async function speaks(page, languages) {
  await page.evaluateOnNewDocument((l) => Object.defineProperty(navigator, "languages", { get: () => l }), languages);
}

async function capture(page, name, started) {
  await sleep(300); // the screen settles (bots at speed 0 move one a step)
  const got = await page.evaluate(() => ({
    skin: elfer.skin,
    width: elfer.width,
    height: elfer.height,
    mono: elfer.mono,
    settings: elfer.settings,
    texts: elfer.texts(),
    frame: elfer.frame(),
    saves: elfer.saves(),
    stored: localStorage.getItem("elfer-saves.bin"),
    log: elfer.log(),
    steps: elfer.steps,
    maxStepMs: elfer.maxStepMs,
    page: [document.documentElement.lang, document.querySelector("#keys caption").textContent],
    shown: {
      css: parseFloat(getComputedStyle(document.getElementById("screen")).width),
      dpr: devicePixelRatio,
      window: innerWidth,
      scroll: document.documentElement.scrollWidth,
      keys: getComputedStyle(document.getElementById("keys")).display,
    },
  }));
  got.canvas = await canvasPixels(page);
  got.name = name;
  got.boot = started;
  out.sessions.push(got);
}

const browser = await launch();
try {
  const page = await openPage(browser, out.problems);
  await speaks(page, ["en-US", "en"]);
  const url = base + "?record&speed=0";
  // 1. A classic match from the title menu, played to the end of round 1: its page, then A for
  // its Scores page.
  let started = await boot(page, url);
  await startMatch(page);
  const presses = await playRound(page, 150);
  out.presses = presses;
  out.roundPage = await texts(page);
  await press(page, "x");
  await waitText(page, "Scores", 500);
  await capture(page, "round", started);
  // 2. Reload on the Scores page: the firmware boots again from what localStorage kept (the
  // round's end); Continue comes back to the Scores page, and its A deals round 2.
  started = await boot(page, url);
  await waitText(page, "Continue");
  const title = await texts(page);
  await page.keyboard.press("x");
  await waitSteps(page, (t) => elfer.texts() !== t, title, 500);
  await waitText(page, "Scores", 300).catch(() => {}); // (the test says what came instead)
  await capture(page, "continue", started);
  await press(page, "x");
  await waitSteps(page, () => !elfer.texts().includes("Scores"), null, 500);
  await sleep(300);
  out.afterScores = await texts(page);
  // The same game opened in a second tab, where a new match begins: when that tab saves, the
  // first one stops (each has its own copy of the saves: the one that wrote last would win).
  const other = await openPage(browser, out.problems);
  await boot(other, base + "?speed=0");
  await startMatch(other);
  // The other tab saves once its match has started (a few loop passes later; longer on a busy
  // machine): wait for this tab to say so, then count its steps over a while.
  await waitSteps(page, () => /another tab/.test(document.getElementById("status").textContent), null, 1500).catch(() => {});
  const steps = await page.evaluate(() => elfer.steps);
  await sleep(300);
  out.twoTabs = await page.evaluate((n) => [elfer.steps - n, document.getElementById("status").textContent], steps);
  await other.close();
  // 3. The other boards at their title menu. The 240x135 one on a phone's touch screen (its
  // screen as wide as the page, no key table): a tap on its joystick's down button moves the
  // menu's cursor.
  await page.setViewport({ width: 400, height: 760, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  started = await boot(page, base + "?record&speed=0&skin=wide");
  const down = await page.$("#pad button[aria-label='↓']");
  await down.tap();
  await waitText(page, "> New match", 300);
  await capture(page, "title-wide", started);
  await page.setViewport({ width: 900, height: 760 });
  started = await boot(page, base + "?record&speed=0&skin=square");
  await capture(page, "title-square", started);
  // A first visit (nothing stored) from a browser set to French, then German: the game has no
  // French, so the OLED's title menu comes up in German.
  const fresh = await openPage(await browser.createBrowserContext(), out.problems);
  await speaks(fresh, ["fr-FR", "de-DE", "en"]);
  started = await boot(fresh, base + "?record&skin=mono");
  await capture(fresh, "title-mono", started);
  // Damaged saves: a region of the wrong size is set aside (kept in localStorage, named on the
  // title menu); a value that is not base64 is kept under another key, the status line says so.
  await fresh.evaluate(() => localStorage.setItem("elfer-saves.bin", btoa("short save")));
  await boot(fresh, base + "?skin=mono");
  await sleep(100);
  const sized = await fresh.evaluate(() => ({
    texts: elfer.texts(),
    old: localStorage.getItem("elfer-saves.bin.old"),
    region: atob(localStorage.getItem("elfer-saves.bin") || "").length,
  }));
  await fresh.evaluate(() => localStorage.setItem("elfer-saves.bin", "%%% not base64"));
  await boot(fresh, base + "?skin=mono");
  out.damaged = {
    sized,
    status: await fresh.evaluate(() => document.getElementById("status").textContent),
    unreadable: await fresh.evaluate(() => localStorage.getItem("elfer-saves.bin.unreadable")),
    texts: await texts(fresh),
  };
  // A browser whose storage is full: the status line says the saves are not kept, and the game
  // goes on (a match starts and is played on).
  const full = await openPage(await browser.createBrowserContext(), out.problems);
  await full.evaluateOnNewDocument(() => {
    Storage.prototype.setItem = () => {
      throw new DOMException("the quota has been exceeded", "QuotaExceededError");
    };
  });
  await boot(full, base + "?speed=0");
  await startMatch(full);
  await press(full, "x");
  // The game goes on: its loop keeps stepping (the test wants more than 20 passes).
  await waitSteps(full, () => elfer.steps > 40, null, 500).catch(() => {});
  out.fullStorage = {
    status: await full.evaluate(() => document.getElementById("status").textContent),
    error: await full.evaluate(() => elfer.error),
    texts: await texts(full),
    steps: await full.evaluate(() => elfer.steps),
    match: await full.evaluate(() => {
      elfer.py("import sys\n_m = sys.modules['firmware.runner'].Runner.running.app.match is not None");
      return elfer.pyGet("_m");
    }),
  };
  // Bad URL settings: the page names each, with the values it takes, and goes on without them.
  // Other names for them (a board's own, a speed's, a language in capitals) are taken.
  const urlState = (p) =>
    p.evaluate(() => ({
      settings: elfer.settings,
      skin: elfer.skin,
      status: document.getElementById("status").textContent,
      texts: elfer.texts(),
    }));
  const bad = await openPage(await browser.createBrowserContext(), out.problems);
  await speaks(bad, ["en"]);
  await boot(bad, base + "?lang=xyz&speed=warp&symbols=maybe&skin=gameboy");
  out.badSettings = await urlState(bad);
  const named = await openPage(await browser.createBrowserContext(), out.problems);
  await speaks(named, ["en"]);
  await boot(named, base + "?lang=DE&speed=slow&symbols=OFF&skin=OLED");
  out.otherNames = await urlState(named);
} catch (e) {
  out.problems.push("driver: " + (e.stack || e));
} finally {
  await browser.close();
}
out.seconds = (Date.now() - t0) / 1000;
writeFileSync(outPath, JSON.stringify(out));
