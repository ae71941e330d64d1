// Elfer Raus! in the browser: the handheld firmware, unchanged, on MicroPython's WebAssembly
// port. This file is the board's hardware: a clock, buttons (keyboard and touch), a screen (a
// canvas the framebuf bytes are blitted to), a speaker, an LED and storage (localStorage).
// boards/web.py is the board profile on the Python side; its Host runs the firmware.
//
// URL parameters (docs/web.md): skin=badge|wide|square|mono (remembered; aliases in SKIN_ALIASES),
// lang=en|de|es|nl|pt and speed=0..3 or instant|fast|normal|slow (the firmware's defaults, as a
// board's settings.toml gives them: a choice saved in the game's Settings wins), record (keep
// the log of steps and key events that host/drive/webreplay.py replays on the MicroPython unix
// port). A value the page does not know is named on the status line, with the ones it takes.

const params = new URLSearchParams(location.search);
// make web stamps the files' URLs with a version of their content (elfer.js?v=...): the page
// asks for the VM and the firmware with the same one, so a cached old copy never mixes in.
const VERSION = new URL(import.meta.url).searchParams.get("v");
const versioned = (name) => (VERSION ? name + "?v=" + VERSION : name);
const LANGS = ["en", "de", "es", "nl", "pt"]; // the game's (firmware/lang/)
const APP = "/app"; // the firmware's folder in the VM's file system (and its working folder)
const FRAME = APP + "/elfer-frame.raw"; // boards/web.py FRAME: the picture
const SAVES_NAME = "elfer-saves.bin"; // boards/web.py SAVES: the region's file, and its localStorage key
const SAVES = APP + "/" + SAVES_NAME; // (stored as base64)
const SKIN_KEY = "elfer-skin";
const TICKS_MASK = 0x3fffffff; // time.ticks_ms() wraps at 2**30 on a 32-bit MicroPython
const STEP_MS = 10; // a pass of the firmware, then 10 ms (firmware/app.py main())
const FRAME_CHANGED = 1, SAVED = 2, TONE = 4, LED = 8; // Host.step()'s bits (boards/web.py)
const KEY_NAMES = { " ": "Space", enter: "Enter", arrowup: "↑", arrowdown: "↓", arrowleft: "←", arrowright: "→" };
const SPEEDS = ["instant", "fast", "normal", "slow"]; // ?speed=0..3 by name (the Settings menu's)
// Other names a person may give a board: the boards' own names (boards/schemes.py, mpschemes.py),
// the OLED's chip.
const SKIN_ALIASES = {
  pybadge: "badge",
  "pico-lcd-1.14": "wide",
  "pico-lcd-114": "wide",
  lcd114: "wide",
  "pico-lcd-1.3": "square",
  "pico-lcd-13": "square",
  lcd13: "square",
  oled: "mono",
  ssd1306: "mono",
};
const NARROW = 640; // a window this wide or less (a phone) has the screen above the buttons (elfer.css)
const BORDER = 12; // the screen's black border, both sides (elfer.css #screen)
const PAD = { "↑": "2 / 1", "←": "1 / 2", "●": "2 / 2", "→": "3 / 2", "↓": "2 / 3" }; // column / row

// The page's own words in the game's languages (the game's are in firmware/lang/).
const WORDS = {
  en: {},
  de: {
    intro:
      "Die Handheld-Firmware, unverändert, mit MicroPython in dieser Seite. Spiel mit den Tasten " +
      "oder den Knöpfen gegen die Bots; deine Partie und deine Statistik bleiben in diesem Browser.",
    board: "Gerät",
    keys: "Tasten",
    loading: "MicroPython wird geladen…",
    stick: "Joystick drücken",
    footer:
      "Elfer Raus (und sein spanischer Vetter Cinquillo) für Handhelds mit CircuitPython und " +
      "MicroPython. Die Regeln stehen im Menü Regeln des Spiels. Spielstände bleiben im lokalen " +
      "Speicher dieses Browsers.",
  },
  es: {
    intro:
      "El firmware de la consola, sin cambios, con MicroPython en esta página. Juega contra los bots " +
      "con el teclado o los botones; tu partida y tus estadísticas se quedan en este navegador.",
    board: "Consola",
    keys: "Teclas",
    loading: "Cargando MicroPython…",
    stick: "pulsar el joystick",
    footer:
      "Elfer Raus (y su primo español, el Cinquillo) para consolas con CircuitPython y MicroPython. " +
      "Las reglas están en el menú Reglas del juego. Las partidas se guardan en el almacenamiento " +
      "local de este navegador.",
  },
  nl: {
    intro:
      "De firmware van de handheld, ongewijzigd, met MicroPython in deze pagina. Speel met de toetsen " +
      "of de knoppen tegen de bots; je partij en je statistieken blijven in deze browser.",
    board: "Apparaat",
    keys: "Toetsen",
    loading: "MicroPython wordt geladen…",
    stick: "joystick indrukken",
    footer:
      "Elfer Raus (en zijn Spaanse neef Cinquillo) voor handhelds met CircuitPython en MicroPython. " +
      "De regels staan in het menu Regels van het spel. Opgeslagen spellen blijven in de lokale " +
      "opslag van deze browser.",
  },
  pt: {
    intro:
      "O firmware do portátil, sem alterações, com MicroPython nesta página. Jogue contra os bots com " +
      "as teclas ou os botões; sua partida e suas estatísticas ficam neste navegador.",
    board: "Aparelho",
    keys: "Teclas",
    loading: "Carregando o MicroPython…",
    stick: "apertar o joystick",
    footer:
      "Elfer Raus (e seu primo espanhol, o Cinquillo) para portáteis com CircuitPython e MicroPython. " +
      "As regras estão no menu Regras do jogo. As partidas salvas ficam no armazenamento local " +
      "deste navegador.",
  },
};
let pageLang = "en";

// The page's words in `lang` (English where it has none); the English ones are the HTML's own.
function translate(lang) {
  if (!WORDS[lang] || lang === pageLang) return;
  for (const el of document.querySelectorAll("[data-t]")) {
    if (!el.dataset.en) el.dataset.en = el.textContent;
    el.textContent = WORDS[lang][el.dataset.t] || el.dataset.en;
  }
  for (const el of document.querySelectorAll("[data-stick]")) el.textContent = "● (" + word("stick", lang) + ")";
  document.documentElement.lang = lang;
  pageLang = lang;
}

const STICK_EN = "joystick press";
const word = (key, lang = pageLang) => (WORDS[lang] && WORDS[lang][key]) || (key === "stick" ? STICK_EN : key);

const $ = (id) => document.getElementById(id);
const elfer = (window.elfer = { ready: false, error: "", steps: 0, maxStepMs: 0, titleMs: 0 });

function say(text, error) {
  const el = $("status");
  el.textContent = text;
  el.classList.toggle("error", !!error);
}

// What the page found wrong in its URL or stored choices: all said at once on the status line.
const problems = [];
function complain(text) {
  problems.push(text);
  say(problems.join("\n"), true);
}

function fail(what, e) {
  elfer.error = what + ": " + (e && e.message ? e.message : e);
  say(elfer.error, true);
  console.error(elfer.error);
}

// The first of the browser's languages that the game has (undefined: none of them).
function browserLanguage() {
  const wanted = navigator.languages || [navigator.language];
  return wanted.map((l) => (l || "").slice(0, 2).toLowerCase()).find((l) => LANGS.includes(l));
}

// ?lang=: one of the game's languages ("DE" and "de-AT" are German), else the browser's first
// that the game has (undefined: none of them). A language the game does not have is said, with
// the ones it has.
function urlLanguage() {
  if (!params.has("lang")) return browserLanguage();
  const given = params.get("lang");
  const lang = given.trim().slice(0, 2).toLowerCase();
  if (LANGS.includes(lang) && (given.length === 2 || /^..[-_]/.test(given.trim()))) return lang;
  complain(`There is no language ${JSON.stringify(given)} in the game: ?lang= is one of ${LANGS.join(", ")}.`);
  return browserLanguage();
}

// ?speed=: "0".."3", or a speed's name; undefined when not given or not one of them (said).
function urlSpeed() {
  if (!params.has("speed")) return undefined;
  const given = params.get("speed");
  const v = given.trim().toLowerCase();
  if (/^[0-3]$/.test(v)) return v;
  if (SPEEDS.includes(v)) return String(SPEEDS.indexOf(v));
  const named = SPEEDS.map((n, i) => i + " (" + n + ")").join(", ");
  complain(`There is no bot speed ${JSON.stringify(given)}: ?speed= is ${named}.`);
  return undefined;
}

// ?symbols=: on or off (1 or 0), the colour symbols (each colour's shape on its cards and rows);
// undefined when not given or not one of them (said).
function urlSymbols() {
  if (!params.has("symbols")) return undefined;
  const given = params.get("symbols");
  const v = given.trim().toLowerCase();
  if (v === "on" || v === "1") return "1";
  if (v === "off" || v === "0") return "0";
  complain(`There is no colour symbols setting ${JSON.stringify(given)}: ?symbols= is on or off.`);
  return undefined;
}

const LANG = urlLanguage();
const SPEED = urlSpeed();
const SYMBOLS = urlSymbols();

// The firmware's defaults, as a board's settings.toml gives them (firmware/settings.py reads
// ELFER_*): the page's language, ?speed= and ?symbols=, all checked above.
function settingsToml() {
  const out = [];
  if (LANG !== undefined) out.push("ELFER_LANG = " + JSON.stringify(LANG));
  if (SPEED !== undefined) out.push("ELFER_SPEED = " + JSON.stringify(SPEED));
  if (SYMBOLS !== undefined) out.push("ELFER_SYMBOLS = " + JSON.stringify(SYMBOLS));
  return out.join("\n") + "\n";
}

function unpack(FS, data) {
  const nl = data.indexOf(10);
  let at = nl + 1;
  for (const [rel, size] of JSON.parse(new TextDecoder().decode(data.subarray(0, nl)))) {
    const path = APP + "/" + rel;
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    if (at + size > data.length) throw new Error("firmware.pack is cut short (at " + rel + ")");
    FS.writeFile(path, data.subarray(at, at + size));
    at += size;
  }
  if (at !== data.length) throw new Error("firmware.pack is damaged (" + (data.length - at) + " bytes left over)");
}

function toBase64(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 4096) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 4096));
  return btoa(s);
}

function storage() {
  try {
    return window.localStorage;
  } catch (e) {
    return null; // blocked by the browser's settings
  }
}

// The saves from localStorage into the VM's files before the firmware boots: the region, and
// any region of the wrong size that firmware/fileregion.py set aside before (.old, .old1, ...),
// so a new one never takes an older one's name. A stored value that is not base64 is kept under
// another key, never dropped.
function loadSaves(FS) {
  const store = storage();
  if (!store) return;
  const keys = [];
  for (let i = 0; i < store.length; i++) if (store.key(i).startsWith(SAVES_NAME)) keys.push(store.key(i));
  for (const key of keys) {
    if (key.endsWith(".unreadable")) continue;
    const value = store.getItem(key);
    try {
      FS.writeFile(APP + "/" + key, Uint8Array.from(atob(value), (c) => c.charCodeAt(0)));
    } catch (e) {
      let aside = key + ".unreadable";
      for (let n = 1; store.getItem(aside) !== null; n++) aside = key + ".unreadable" + n;
      if (keep(aside, value)) {
        store.removeItem(key);
        say(`The saves in this browser were unreadable (${e.message}): kept as ${aside}, starting afresh.`, true);
      }
    }
  }
}

// localStorage.setItem that never stops the game: a refusal (storage blocked or full) is said
// once on the status line; false then.
let savesBroken = false;
function keep(key, value) {
  try {
    storage().setItem(key, value);
    return true;
  } catch (e) {
    if (!savesBroken) say("This browser does not keep the saves (" + e.message + ").", true);
    savesBroken = true;
    return false;
  }
}

function storeSaves(FS, name = SAVES_NAME) {
  keep(name, toBase64(FS.readFile(APP + "/" + name)));
}

// After the boot: a region the firmware set aside (the wrong size) is kept in localStorage too,
// and the region as the boot left it (new, or made whole) replaces what was stored.
function keepBoot(FS) {
  const store = storage();
  for (const name of FS.readdir(APP)) {
    if (name.startsWith(SAVES_NAME + ".old") && store && store.getItem(name) === null) storeSaves(FS, name);
  }
  storeSaves(FS);
}

async function fetchPack() {
  const r = await fetch(versioned("firmware.pack"));
  if (!r.ok) throw new Error("firmware.pack: HTTP " + r.status);
  return new Uint8Array(await r.arrayBuffer());
}

function chooseSkin(skins) {
  const store = storage();
  const given = params.get("skin") || (store && store.getItem(SKIN_KEY)) || "badge";
  const name = given.trim().toLowerCase();
  let skin = SKIN_ALIASES[name] || name;
  if (!skins.some((s) => s[0] === skin)) {
    const names = skins.map(([n, title]) => n + " (" + title + ")").join(", ");
    complain(`There is no board ${JSON.stringify(given)}: ?skin= is one of ${names}. The PyBadge it is.`);
    skin = "badge";
  }
  keep(SKIN_KEY, skin);
  const select = $("skin");
  for (const [name, title] of skins) select.add(new Option(title, name, false, name === skin));
  select.addEventListener("change", () => {
    keep(SKIN_KEY, select.value);
    params.set("skin", select.value);
    location.search = params.toString(); // a new page: the firmware boots on the new board
  });
  return skin;
}

function makeScreen(width, height, mono, FS) {
  const canvas = $("screen");
  canvas.width = width;
  canvas.height = height;
  const fit = () => {
    const dpr = window.devicePixelRatio || 1;
    const tall = document.documentElement.clientHeight - 48; // (a phone held sideways)
    if (document.documentElement.clientWidth <= NARROW) {
      // A phone (or a narrow window): the screen above the buttons, as wide as the case leaves
      // room for (elfer.css), scaled by CSS with crisp pixels (image-rendering: pixelated), a
      // whole number of the display's own pixels wide. (At 1x a 240-pixel screen is tiny there.)
      const room = Math.min($("face").clientWidth - BORDER, (tall * width) / height);
      const w = Math.max(width, Math.floor(room * dpr)) / dpr;
      canvas.style.width = w + "px";
      canvas.style.height = (w * height) / width + "px";
      return;
    }
    // A whole number of the display's own pixels for each pixel of the handheld's screen,
    // beside the buttons (elfer.css).
    const room = Math.min(document.documentElement.clientWidth - 320, 720);
    const big = Math.min(tall, 480);
    const n = Math.max(1, Math.min(4 * dpr, Math.floor(Math.min(room / width, big / height) * dpr)));
    canvas.style.width = (width * n) / dpr + "px";
    canvas.style.height = (height * n) / dpr + "px";
  };
  fit();
  addEventListener("resize", fit);
  const ctx = canvas.getContext("2d");
  const img = ctx.createImageData(width, height);
  const px = img.data;
  for (let i = 3; i < px.length; i += 4) px[i] = 255;
  // RGB565 (big-endian, as the panel takes it) to RGBA: each field widened by repeating its
  // top bits; a monochrome panel's MONO_VLSB pages (a byte is 8 rows of a column): lit is white.
  return function draw() {
    const b = FS.readFile(FRAME);
    if (mono) {
      for (let y = 0, i = 0; y < height; y++) {
        const row = (y >> 3) * width, bit = y & 7;
        for (let x = 0; x < width; x++, i += 4) px[i] = px[i + 1] = px[i + 2] = (b[row + x] >> bit) & 1 ? 255 : 0;
      }
    } else {
      for (let j = 0, i = 0; j < b.length; j += 2, i += 4) {
        const v = (b[j] << 8) | b[j + 1];
        const r = v >> 11, g = (v >> 5) & 63, bl = v & 31;
        px[i] = (r << 3) | (r >> 2);
        px[i + 1] = (g << 2) | (g >> 4);
        px[i + 2] = (bl << 3) | (bl >> 2);
      }
    }
    ctx.putImageData(img, 0, 0);
  };
}

// Sound: browsers start an AudioContext only from a person's gesture (a key, or the end of a
// tap: pointerdown does not count), and may suspend it again; each gesture makes sure it runs.
let audio = null;
function wakeAudio() {
  if (!audio && window.AudioContext) audio = new AudioContext();
  if (audio && audio.state === "suspended") audio.resume();
}

// v: freq * 10000 + ms, negative for the quiet setting (boards/web.py take_tone). The page
// plays it for its time; the firmware's loop goes on meanwhile, as on a board.
function beep(v) {
  if (!audio || !v) return;
  const quiet = v < 0;
  v = Math.abs(v);
  const freq = Math.floor(v / 10000), ms = v % 10000;
  const osc = audio.createOscillator(), gain = audio.createGain();
  osc.type = "square";
  osc.frequency.value = freq;
  gain.gain.value = quiet ? 0.01 : 0.04;
  osc.connect(gain).connect(audio.destination);
  osc.start();
  osc.stop(audio.currentTime + ms / 1000);
}

// The skin's buttons beside the screen, the key table, and the keyboard and touch handlers.
function makeButtons(keys, press) {
  const els = [];
  const table = $("keys").tBodies[0];
  keys.forEach(({ k, label, key }) => {
    const el = document.createElement("button");
    el.className = "key" + (label.length > 2 ? " wide" : "");
    el.textContent = label;
    el.type = "button";
    el.tabIndex = -1; // for the pointer and touch: the keyboard has its keys (the table)
    el.setAttribute("aria-label", label === "●" ? STICK_EN : label);
    const spot = PAD[label];
    if (spot) {
      const [col, row] = spot.split(" / ");
      el.style.gridColumn = col;
      el.style.gridRow = row;
      $("pad").append(el);
    } else {
      $("actions").append(el);
    }
    const down = (e) => {
      e.preventDefault();
      el.setPointerCapture(e.pointerId);
      press(k, true);
    };
    const up = () => {
      wakeAudio();
      press(k, false);
    };
    el.addEventListener("pointerdown", down);
    el.addEventListener("pointerup", up);
    el.addEventListener("pointercancel", up);
    el.addEventListener("lostpointercapture", up);
    el.addEventListener("contextmenu", (e) => e.preventDefault());
    els[k] = el;
    const row = table.insertRow();
    const name = row.insertCell();
    name.textContent = label;
    if (label === "●") {
      name.dataset.stick = "";
      name.textContent = "● (" + word("stick") + ")";
    }
    row.insertCell().innerHTML = "<kbd></kbd>";
    row.cells[1].firstChild.textContent = KEY_NAMES[key] || key.toUpperCase();
  });
  const byKey = new Map(keys.map(({ k, key }) => [key, k]));
  addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return; // the browser's own shortcuts
    const k = byKey.get(e.key.toLowerCase());
    if (k === undefined) return;
    // The game's keys play even when the board menu has the focus (closed without a choice):
    // an arrow there would switch boards.
    if (e.target.tagName === "SELECT") e.target.blur();
    e.preventDefault();
    wakeAudio();
    if (!e.repeat) press(k, true); // the firmware repeats held arrows itself
  });
  addEventListener("keyup", (e) => {
    const k = byKey.get(e.key.toLowerCase()); // a release always counts: no key stays down
    if (k === undefined) return;
    e.preventDefault();
    press(k, false);
  });
  return els;
}

async function boot() {
  if (!window.WebAssembly) throw new Error("this browser has no WebAssembly");
  // (imported here, not at the top: a VM that fails to load is reported like any other failure)
  const { loadMicroPython } = await import(versioned("./micropython.mjs"));
  const [mp, pack] = await Promise.all([
    loadMicroPython({
      heapsize: 1024 * 1024, // (it grows on demand: the page has no board's limit)
      url: versioned("micropython.wasm"),
      stdout: (l) => console.log(l),
      stderr: (l) => console.warn(l),
    }),
    fetchPack(),
  ]);
  elfer.vmMs = performance.now();
  const FS = mp.FS;
  unpack(FS, pack);
  const toml = settingsToml();
  FS.writeFile(APP + "/settings.toml", toml);
  FS.chdir(APP);
  mp.runPython(`import sys\nsys.path.insert(0, "${APP}")`);
  const web = mp.pyimport("boards.web");
  const skins = web.skin_list().split("\n").map((l) => l.split("\t"));
  const skin = chooseSkin(skins);
  loadSaves(FS);
  const host = web.Host(skin);
  keepBoot(FS);
  const board = host.board;
  const width = board.width, height = board.height, mono = board.panel.mono;
  const draw = makeScreen(width, height, mono, FS);
  const step = host.step;
  const log = params.has("record") ? [] : null;
  let pending = [];
  const held = new Set();
  let els = [];
  const press = (k, down) => {
    if (down === held.has(k)) return;
    if (down) held.add(k);
    else held.delete(k);
    host.key(k, down);
    if (log) pending.push(k * 2 + (down ? 1 : 0));
    if (els[k]) els[k].classList.toggle("down", down);
  };
  const keys = host
    .buttons()
    .split("\n")
    .map((line, k) => ({ k, label: line.split("\t")[0], key: line.split("\t")[1] }));
  els = makeButtons(keys, press);
  addEventListener("blur", () => held.forEach((k) => press(k, false))); // no key stays down
  const led = $("led");
  const t0 = performance.now();
  let level = 4;
  let timer = 0;
  let stopped = false;
  const tick = () => {
    const now = Math.floor(performance.now() - t0) & TICKS_MASK;
    if (log) log.push(pending.length ? [now, ...pending] : now);
    pending = [];
    const a = performance.now();
    let flags;
    try {
      flags = step(now);
    } catch (e) {
      fail("the firmware stopped", e);
      return;
    }
    const ms = performance.now() - a;
    elfer.steps++;
    if (ms > elfer.maxStepMs) elfer.maxStepMs = ms;
    if (flags & FRAME_CHANGED) {
      draw();
      translate(host.language()); // the Settings menu may have changed it
      if (!elfer.titleMs) elfer.titleMs = performance.now();
      const now_level = board.panel.level;
      if (now_level !== level) {
        level = now_level;
        $("screen").style.filter = level < 4 ? `brightness(${0.4 + 0.15 * level})` : "";
      }
    }
    if (flags & SAVED) storeSaves(FS);
    if (flags & TONE) beep(host.take_tone());
    if (flags & LED) {
      const rgb = host.led_rgb();
      led.style.background = rgb < 0 ? "" : "#" + rgb.toString(16).padStart(6, "0");
    }
    if (!stopped) timer = setTimeout(tick, STEP_MS);
  };
  Object.assign(elfer, {
    skin,
    width,
    height,
    mono,
    settings: toml,
    texts: () => host.texts(),
    frame: () => toBase64(FS.readFile(FRAME)),
    saves: () => toBase64(FS.readFile(SAVES)),
    log: () => JSON.stringify(log),
    py: (code) => mp.runPython(code), // (the benchmark runs its code in the page's VM)
    pyGet: (name) => mp.globals.get(name),
  });
  // The game open in a second tab: each tab has its own copy of the saves, and the one that wrote
  // last would win. The tab that sees the other write stops, so nothing is overwritten.
  addEventListener("storage", (e) => {
    if (e.key !== SAVES_NAME) return;
    clearTimeout(timer);
    stopped = true;
    say("The game went on in another tab or window: this one has stopped. Reload to play here.", true);
  });
  $("device").classList.remove("loading");
  if (!$("status").classList.contains("error")) say("");
  tick();
  elfer.ready = true;
}

// (index.html's inline script may have said the module did not start: it has, late)
if ($("status").classList.contains("error") && !problems.length) say("Loading MicroPython…");
translate(LANG);
boot().catch((e) => fail("The game could not start", e));
