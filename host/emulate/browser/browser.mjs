// A real headless Chromium for the page's tests, benchmark and screenshot: the build that
// @sparticuz/chromium ships (unpacked to /tmp on first use; no network needed), driven by
// puppeteer-core. Both are pinned in package.json / package-lock.json (make browser).

import chromium from "@sparticuz/chromium";
import puppeteer from "puppeteer-core";

// Chromium's own background traffic (updates, sync, safe browsing) is refused on a machine
// without a network, many connections at a time: none of it is started.
const QUIET = [
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
  "--disable-default-apps",
];

export async function launch() {
  const executablePath = await chromium.executablePath();
  return puppeteer.launch({
    executablePath,
    // --single-process (meant for AWS Lambda) closes the browser when a second context opens.
    args: [...chromium.args.filter((a) => a !== "--single-process"), ...QUIET],
    headless: "shell",
    defaultViewport: { width: 900, height: 760 },
  });
}

// A page (of a browser or a browser context) that reports its console errors and uncaught
// exceptions into `problems`.
export async function openPage(browser, problems) {
  const page = await browser.newPage();
  page.on("pageerror", (e) => problems.push("page error: " + e.message));
  page.on("console", (m) => {
    if (m.type() === "error") problems.push("console error: " + m.text());
  });
  return page;
}

// Load the page and wait until the firmware has drawn its first screen (or the page failed).
export async function boot(page, url) {
  const t0 = Date.now();
  await page.goto(url, { waitUntil: "load" });
  await page.waitForFunction(() => window.elfer && (window.elfer.titleMs || window.elfer.error), {
    timeout: 120000, // (no steps to count yet: the page loads and the VM starts, slower on a busy machine)
  });
  const state = await page.evaluate(() => ({ error: elfer.error, titleMs: elfer.titleMs, vmMs: elfer.vmMs }));
  if (state.error) throw new Error("the page did not start: " + state.error);
  return { ...state, wallMs: Date.now() - t0 };
}

// The canvas as the person sees it, one RGBA byte quadruple a pixel, base64.
export async function canvasPixels(page) {
  return page.evaluate(() => {
    const c = document.getElementById("screen");
    const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
    let s = "";
    for (let i = 0; i < d.length; i += 4096) s += String.fromCharCode.apply(null, d.subarray(i, i + 4096));
    return btoa(s);
  });
}

export const texts = (page) => page.evaluate(() => elfer.texts());

// Wait until fn(arg) holds on the page, for at most `steps` of the firmware's loop passes (it
// steps every 10 ms when the machine keeps up): a bound in the game's own progress, not in
// wall-clock time, so that a busy machine only makes the wait longer. `wallMs` is only the
// backstop for a page that stopped stepping.
export async function waitSteps(page, fn, arg, steps = 1000, wallMs = 120000) {
  const s0 = await page.evaluate(() => elfer.steps);
  const end = Date.now() + wallMs;
  for (;;) {
    if (await page.evaluate(fn, arg)) return;
    const n = (await page.evaluate(() => elfer.steps)) - s0;
    if (n > steps || Date.now() > end) {
      throw new Error(`not reached in ${n} of the page's steps (${steps} allowed): ${fn}`);
    }
    await sleep(20);
  }
}

// Wait until the screen's texts contain `want`, for at most `steps` loop passes (waitSteps).
export async function waitText(page, want, steps = 1000) {
  await waitSteps(page, (w) => elfer.texts().includes(w), want, steps);
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// A tap of a key on the computer's keyboard (keydown and keyup), then a few of the page's steps.
export async function press(page, key, ms = 30) {
  await page.keyboard.press(key);
  await sleep(ms);
}

// From the title menu: New match (after Continue where there is a save), the set-up menu's defaults (classic, 4 players) but the seats
// named in `seats` ("P2", ...) set to `level` bots, then Start match. Steered by the screen's
// texts: the cursor's line starts with "> ".
export async function startMatch(page, seats = [], level = "expert") {
  await waitText(page, "New match");
  for (let i = 0; i < 10 && !(await texts(page)).includes("> New match"); i++) await press(page, "ArrowDown");
  await press(page, "x");
  await waitText(page, "> Start match");
  for (const seat of seats) {
    for (let i = 0; i < 20 && !(await texts(page)).includes("> " + seat + " bot"); i++) await press(page, "ArrowDown");
    for (let i = 0; i < 5 && !new RegExp("> " + seat + " bot +<" + level + ">").test(await texts(page)); i++) {
      await press(page, "ArrowRight");
    }
  }
  for (let i = 0; i < 40 && !(await texts(page)).includes("> Start match"); i++) await press(page, "ArrowDown");
  if (!(await texts(page)).includes("> Start match")) throw new Error("no Start match in the set-up menu");
  await press(page, "x");
}

// Blind play to the end of round 1: A takes the focused card, or the draw or pass box the table
// keeps focused when nothing can be played; on a bot's turn it does nothing. Once the table says
// the round is over, one A opens the round's first page ("Round 1 over"): no more blind presses
// then, as one could land on that page the moment it shows and skip it unseen. Returns the
// presses. seconds: how long before giving up. A deadline, not a count of presses: how many
// presses a round takes follows the machine's load (the bots think between them), its length
// does not.
export async function playRound(page, seconds = 300) {
  let presses = 0;
  const end = Date.now() + seconds * 1000;
  const trail = []; // the last few screens seen, each once, for the error
  for (;;) {
    const now = await texts(page);
    if (now.includes("Round 1 over")) return presses;
    if (now.includes("Round over")) {
      await press(page, "x");
      await waitText(page, "Round 1 over");
      return presses + 1;
    }
    if (trail[trail.length - 1] !== now) {
      trail.push(now);
      if (trail.length > 4) trail.shift();
    }
    if (Date.now() > end) {
      const state = () => page.evaluate(() => [elfer.steps, elfer.error || "", document.getElementById("status").textContent]);
      const [steps, error, status] = await state();
      await sleep(1000);
      const [later] = await state();
      throw new Error(
        `the round did not end in ${seconds} s (${presses} presses; the page stepped ${later - steps} times in 1 s, ` +
          `error ${JSON.stringify(error)}, status ${JSON.stringify(status)}); its last screens:\n` +
          trail.join("\n----\n"),
      );
    }
    await press(page, "x");
    presses++;
  }
}
