// A Raspberry Pi Pico firmware image run instruction by instruction on rp2040js, in simulated
// time at 125 MHz, steered over stdin/stdout one JSON object a line (host/emulate/rp2040.py is
// the Python side; docs/firmware-emulation.md tells the whole of it).
//
//   node host/emulate/rp2040/run.mjs CONFIG.json
//
// CONFIG: {"firmware": path (.uf2 or .bin), "images": [[path, flash offset], ...],
//          "panel": {"spi": 1, "dc": 8, "cs": 9} (optional), "pullups": [gpio, ...],
//          "console": "usb" | "uart0"}
// Requests, each answered by one line: {"run": ms}, {"until": text, "ms": limit},
// {"pin": gpio, "level": 0|1}, {"frame": [x, y, w, h]}, {"send": text}, {"stats": 1},
// {"dump": [offset, length, path]}. Every answer carries "t" (simulated ms), "out" (console
// text since the last answer), and "stopped" with the reason once the firmware cannot go on.

import { readFileSync, writeFileSync } from 'node:fs';
import { RP2040, USBCDC } from 'rp2040js';
import { Bootrom } from './bootrom.mjs';
import { Panel, holdCdcReads, loadImage, wireSpi } from './devices.mjs';

const config = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const mcu = new RP2040();
mcu.logger = { debug() {}, info() {}, warn() {}, error() {} }; // its messages are not the firmware's
const rom = new Bootrom(mcu);
mcu.loadBootrom(rom.image); // (resets the core, fills the flash with 0xff)
loadImage(mcu, new Uint8Array(readFileSync(config.firmware)));
for (const [path, offset] of config.images ?? []) mcu.flash.set(new Uint8Array(readFileSync(path)), offset);
mcu.core.reset();

let out = '';
let stopped = null;
const decoder = new TextDecoder();
let send = null;
if ((config.console ?? 'usb') === 'usb') {
  const cdc = new USBCDC(mcu.usbCtrl);
  cdc.onSerialData = (bytes) => {
    out += decoder.decode(bytes, { stream: true });
  };
  send = holdCdcReads(cdc);
} else {
  const uart = mcu.uart[0];
  uart.onByte = (b) => {
    out += String.fromCharCode(b);
  };
  send = (bytes) => {
    for (const b of bytes) uart.feedByte(b);
  };
}
const panel = new Panel(mcu.clock);
if (config.panel) wireSpi(mcu, config.panel.spi, config.panel, panel);
for (const pin of config.pullups ?? []) mcu.gpio[pin].setInputValue(true);

mcu.onBreak = (id) => {
  if (rom.onBreak(id) === 'stop') stopped = rom.unknown;
};

const clock = mcu.clock;
const NS_PER_CYCLE = 8; // 125 MHz
function runFor(ms, stopWhen) {
  const target = clock.nanos + ms * 1e6;
  const core = mcu.core;
  while (clock.nanos < target && !stopped) {
    for (let i = 0; i < 20000 && clock.nanos < target && !stopped; i++) {
      if (core.waiting) {
        const next = clock.nanosToNextAlarm;
        const left = target - clock.nanos;
        clock.tick(next > 0 && next < left ? next : left);
      } else {
        clock.tick(core.executeInstruction() * NS_PER_CYCLE);
      }
    }
    if (stopWhen && stopWhen()) return true;
  }
  return false;
}

function answer(extra) {
  const line = { t: clock.nanos / 1e6, out, ...extra };
  if (stopped) line.stopped = stopped;
  out = '';
  process.stdout.write(JSON.stringify(line) + '\n');
}

function handle(req) {
  if (req.run != null) {
    runFor(req.run);
    return answer({});
  }
  if (req.until != null) {
    let seen = '';
    const start = out.length;
    const found = runFor(req.ms ?? 1000, () => {
      seen = out.slice(Math.max(0, start - req.until.length));
      return seen.includes(req.until);
    });
    return answer({ found });
  }
  if (req.pin != null) {
    mcu.gpio[req.pin].setInputValue(!!req.level);
    return answer({});
  }
  if (req.frame) {
    const [x, y, w, h] = req.frame;
    const data = panel.window(x, y, w, h).toString('base64');
    const info = {
      madctl: panel.madctl,
      colmod: panel.colmod,
      inverted: panel.inverted,
      on: panel.on,
      pixels: panel.pixels,
      last_pixel_ms: panel.lastPixelNs / 1e6,
      errors: panel.errors,
    };
    panel.pixels = 0;
    return answer({ frame: data, ...info });
  }
  if (req.send != null) {
    send(new TextEncoder().encode(req.send));
    return answer({});
  }
  if (req.stats) {
    const sectors = {};
    for (const [k, v] of rom.sectorErases) sectors[k] = v;
    return answer({
      erases: rom.erases,
      erase_bytes: rom.eraseBytes,
      program_bytes: rom.programBytes,
      flash_busy_ms: rom.flashBusyNs / 1e6,
      sectors,
      last_pixel_ms: panel.lastPixelNs / 1e6,
    });
  }
  if (req.dump) {
    const [offset, length, path] = req.dump;
    writeFileSync(path, mcu.flash.subarray(offset, offset + length));
    return answer({});
  }
  return answer({ error: 'unknown request ' + JSON.stringify(req) });
}

let buf = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  buf += chunk;
  let nl;
  while ((nl = buf.indexOf('\n')) >= 0) {
    const line = buf.slice(0, nl);
    buf = buf.slice(nl + 1);
    if (line.trim()) handle(JSON.parse(line));
  }
});
process.stdin.on('end', () => process.exit(0));
