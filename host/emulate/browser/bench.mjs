// The browser page's figures for make bench, as 'key: value' lines (host/measure/bench.py reads them).
//
//   node host/emulate/browser/bench.mjs URL BENCH_MP.py
//
// web_title_ms: from the navigation's start to the title menu on the canvas, median of 5 cold
//   loads (each in a new browser context: nothing cached, nothing stored); web_vm_ms: the VM
//   and firmware.pack loaded, same loads.
// web_bot_LEVEL_ms_p95 / _mean: one decision of each bot level (classic, 4 players, 400
//   decisions) in the page's VM (host/measure/bench_mp.py's Decisions), each timed by the page's
//   clock with its call from JavaScript. Chromium gives a page without cross-origin isolation
//   a clock of 100 us steps: a median of sub-millisecond decisions would only show the step,
//   so the mean (400 rounded times, summed) stands in for it; web_calibration_ms: the calibration loop in the page (calibration_ms's loop on the
//   unix port: their ratio is the page's speed against the unix port's).
// web_step_ms_max: the longest firmware step while three expert bots play a round at speed 0
//   (how long the page can be held up between frames); web_round_steps_per_s: the page's
//   steps a second meanwhile; web_step_ms_max_master: the same with three master bots.

import { readFileSync } from "node:fs";
import { boot, launch, playRound, startMatch } from "./browser.mjs";

const [base, benchPath] = process.argv.slice(2);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const line = (k, v) => process.stdout.write(`${k}: ${v}\n`);

const browser = await launch();
try {
  const titles = [], vms = [];
  for (let i = 0; i < 5; i++) {
    const ctx = await browser.createBrowserContext();
    const page = await ctx.newPage();
    const got = await boot(page, base + "?speed=0");
    titles.push(got.titleMs);
    vms.push(got.vmMs);
    await ctx.close();
  }
  line("web_title_ms", median(titles).toFixed(0));
  line("web_vm_ms", median(vms).toFixed(0));

  const ctx = await browser.createBrowserContext();
  const page = await ctx.newPage();
  await boot(page, base + "?speed=0");
  // Three expert bots, a round at speed 0: the page's own loop, timed step by step.
  await startMatch(page, ["P2", "P3", "P4"]);
  const before = await page.evaluate(() => ({ steps: elfer.steps }));
  await page.evaluate(() => (elfer.maxStepMs = 0));
  const t0 = Date.now();
  await playRound(page);
  const after = await page.evaluate(() => ({ steps: elfer.steps, max: elfer.maxStepMs }));
  line("web_step_ms_max", after.max.toFixed(1));
  line("web_round_steps_per_s", ((after.steps - before.steps) / ((Date.now() - t0) / 1000)).toFixed(0));

  // The same with three masters: each decides a playout at a time over the page's steps
  // (engine/bot_master.py start/step, firmware/screens.py THINK_MS).
  const page2 = await (await browser.createBrowserContext()).newPage();
  await boot(page2, base + "?speed=0");
  await startMatch(page2, ["P2", "P3", "P4"], "master");
  await page2.evaluate(() => (elfer.maxStepMs = 0));
  await playRound(page2, 1800);
  line("web_step_ms_max_master", (await page2.evaluate(() => elfer.maxStepMs)).toFixed(1));

  // Bot decisions in the page's VM (a long synchronous call: the page waits for it).
  const src = readFileSync(benchPath, "utf8");
  await page.evaluate((s) => elfer.py("open('bench_mp.py', 'w').write(" + JSON.stringify(s) + ")"), src);
  for (const level of ["medium", "expert", "master"]) {
    const got = await page.evaluate((lv) => {
      elfer.py(`import bench_mp\nfrom engine.rules import make_rules\n_d = bench_mp.Decisions("${lv}", make_rules("classic", players=4))`);
      const d = elfer.pyGet("_d");
      const decide = d.decide, apply = d.apply;
      const times = [];
      for (let i = 0; i < 400; i++) {
        const t = performance.now();
        decide();
        times.push(performance.now() - t);
        apply();
      }
      return times;
    }, level);
    const sorted = [...got].sort((a, b) => a - b);
    line(`web_bot_${level}_ms_p95`, sorted[380].toFixed(3));
    line(`web_bot_${level}_ms_mean`, (got.reduce((a, b) => a + b, 0) / got.length).toFixed(3));
  }
  const calib = await page.evaluate(() => {
    elfer.py("import bench_mp\n_c = bench_mp.calibration_ms()");
    return elfer.pyGet("_c");
  });
  line("web_calibration_ms", calib);
} finally {
  await browser.close();
}
