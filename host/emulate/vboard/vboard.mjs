// A virtual MicroPython board on a loopback TCP port, for flashing tests.
//
//   node host/emulate/vboard/vboard.mjs [--port 0] [--circuitpython [--writable] [--board-id ID]] [--heap BYTES] [--machine BOARD]
//
// The real 32-bit MicroPython VM (npm @micropython/micropython-webassembly-pyscript)
// behind the REPL protocol mpremote speaks: friendly REPL, raw REPL (Ctrl-A), raw-paste
// (Ctrl-E A Ctrl-A, flow-controlled windows; handled here because the VM's own
// hangs on raw-paste windows), Ctrl-D soft reset, Ctrl-B back to the
// friendly REPL, Ctrl-C; a soft reset from the friendly REPL runs boot.py and main.py (not in
// CircuitPython quirks mode; a main.py that never returns keeps the board busy). The file system is the
// VM's own (in memory) with MicroPython's errno numbers (host/emulate/vboard/board.py).
// So `mpremote connect socket://127.0.0.1:PORT fs ls / cp / exec / run / soft-reset` work.
//
// --circuitpython: CircuitPython's quirks for flashing tools: no os.ilistdir, its error
// texts, sys.implementation.name == "circuitpython", and files read-only for code unless
// --writable (boot.py remounted the drive because the write button was held at reset); --board-id ID
// gives it a `board` module whose board_id is ID (pybadge, clue_nrf52840_express, ...).
//
// --machine BOARD: the board has a `machine` module built in (host/emulate/stubs/machine.py, not on
// its file system: a bundle must not bring it) with BOARD's panel attached (pico_lcd_114, ...).
// Before main.py runs after a soft reset, a vb_buttons.txt on the board is played back against
// the pins as the program reads them (the script language is in machine.py); when it is over,
// the board writes vb_frame.raw (what the panel shows) and vb_texts.txt (the firmware's texts)
// and main.py ends as if Ctrl-C was pressed. host_tests/test_e2e_vboard.py flashes a game this way.
//
// Prints "vboard: listening on 127.0.0.1:PORT" when ready, and "vboard: main.py ended" each time
// main.py (run after a soft reset) has returned. The line is a worker thread (host/emulate/vboard/line.mjs): a
// client may connect while main.py runs, and its Ctrl-C interrupts main.py as on a real board (with
// --machine: at the program's next pin read; the VM has no other hook), so mpremote and make flash
// reach the REPL of a board running the game; its other bytes wait until main.py is over. One client
// at a time; the board (files, modules) outlives connections. Stop it by killing the process.

import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";

const HERE = dirname(fileURLToPath(import.meta.url));
const PKG = join(HERE, "..", "mpvm", "node_modules", "@micropython", "micropython-webassembly-pyscript", "micropython.mjs");
const RAW_BANNER = "raw REPL; CTRL-B to exit\r\n";

const opts = { port: 0, cp: false, writable: false, heap: 2 * 1024 * 1024, machine: "", boardId: "" };
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i];
  if (a === "--port") opts.port = Number(process.argv[++i]);
  else if (a === "--circuitpython") opts.cp = true;
  else if (a === "--writable") opts.writable = true;
  else if (a === "--heap") opts.heap = Number(process.argv[++i]);
  else if (a === "--machine") opts.machine = String(process.argv[++i] || "");
  else if (a === "--board-id") opts.boardId = String(process.argv[++i] || "");
  else {
    process.stderr.write(`vboard: unknown argument ${a}\n`);
    process.exit(2);
  }
}

const { loadMicroPython } = await import(PKG);
// The line (host/emulate/vboard/line.mjs) runs in its own thread: [0] main.py runs, [1] a Ctrl-C came meanwhile.
const ctl = new Int32Array(new SharedArrayBuffer(8));
let line = null; // the worker, once listening: where the VM's output goes
const mp = await loadMicroPython({
  heapsize: opts.heap,
  linebuffer: false,
  stdout: (bytes) => send(Buffer.from(bytes).toString("latin1").replace(/\r?\n/g, "\r\n")),
  stderr: (bytes) => send(Buffer.from(bytes).toString("latin1").replace(/\r?\n/g, "\r\n")),
});
// What a running main.py polls (machine.Pin reads, board.py's _vb_interrupted): was Ctrl-C pressed?
mp.registerJsModule("_vb_line", { interrupted: () => Atomics.exchange(ctl, 1, 0) === 1 });
mp.runPython(readFileSync(join(HERE, "board.py"), "utf8"));
const py = (b) => (b ? "True" : "False");
if (opts.machine && !/^[a-z0-9_]+$/.test(opts.machine)) {
  process.stderr.write(`vboard: --machine needs a board name, not ${JSON.stringify(opts.machine)}\n`);
  process.exit(2);
}
if (opts.boardId && !/^[a-z0-9_]+$/.test(opts.boardId)) {
  process.stderr.write(`vboard: --board-id needs a board id, not ${JSON.stringify(opts.boardId)}\n`);
  process.exit(2);
}
if (opts.machine) {
  mp.FS.mkdir("/rom");
  mp.FS.writeFile("/rom/machine.py", readFileSync(join(HERE, "..", "stubs", "machine.py"), "utf8"));
}
mp.runPython(`_vb_boot(${py(opts.cp)}, ${py(opts.writable)}, "${opts.machine}", "${opts.boardId}")`);
const BANNER = opts.cp
  ? "Adafruit CircuitPython 9.2.0 (virtual board, MicroPython VM); Virtual board with wasm\r\n"
  : "MicroPython v1.27.0 (virtual board); JS with Emscripten\r\nType \"help()\" for more information.\r\n";

function send(text) {
  if (line && text) line.postMessage(Buffer.from(text, "latin1"));
}

function run(src) {
  mp.globals.set("_vb_src", src);
  mp.runPython("_vb_run(_vb_src)");
  return String(mp.globals.get("_vb_err") || "").replace(/\r?\n/g, "\r\n");
}

function runMain() {
  Atomics.store(ctl, 1, 0);
  Atomics.store(ctl, 0, 1); // from now on a Ctrl-C on the line interrupts main.py
  try {
    mp.runPython("_vb_main()");
  } finally {
    Atomics.store(ctl, 0, 0);
  }
  process.stdout.write("vboard: main.py ended\n");
  return String(mp.globals.get("_vb_err") || "").replace(/\r?\n/g, "\r\n");
}

function softReset() {
  mp.runPython(`_vb_soft_reset(${py(opts.cp)})`);
}

let raw = false; // the board's REPL mode outlives connections, as on a real board
let paste = false; // inside a raw-paste transfer
let buf = [];
let typed = ""; // the friendly REPL's line
const WINDOW = 2048;

function execute(src, ack) {
  send(ack);
  const err = run(src);
  send("\x04" + err + "\x04>");
}

function onByte(c) {
  if (paste) {
    if (c === 0x03) {
      // As MicroPython's mp_reader_stdin_readbyte (shared/runtime/pyexec.c): Ctrl-C ends the
      // paste ("\x04" to the host) and raises KeyboardInterrupt; the board is back at the raw
      // prompt. This is how a host that lost the line mid-paste gets the board back.
      paste = false;
      buf = [];
      send("\x04\x04Traceback (most recent call last):\r\nKeyboardInterrupt: \r\n\x04>");
      return;
    }
    if (c === 0x04) {
      paste = false;
      const src = Buffer.from(buf).toString("utf8");
      buf = [];
      execute(src, "\x04"); // end of data acknowledged, then output as in raw mode
      return;
    }
    buf.push(c);
    if (buf.length % WINDOW === 0) send("\x01"); // room for another window
    return;
  }
  if (raw) {
    if (c === 0x01) {
      // As pyexec_raw_repl (MicroPython shared/runtime/pyexec.c): Ctrl-A after exactly Ctrl-E
      // and a letter asks for raw paste ("A"; another letter is answered "R\x00"), otherwise
      // it resets the raw REPL.
      if (buf.length === 2 && buf[0] === 0x05) {
        const ok = buf[1] === 0x41;
        buf = [];
        paste = ok;
        send(ok ? "R\x01" + String.fromCharCode(WINDOW & 255, WINDOW >> 8) : "R\x00>");
        return;
      }
      buf = [];
      send("\r\n" + RAW_BANNER + ">");
    } else if (c === 0x02) {
      raw = false;
      buf = [];
      send("\r\n" + BANNER + ">>> ");
    } else if (c === 0x03) {
      buf = [];
    } else if (c === 0x04) {
      if (buf.length === 0) {
        send("OK\r\nMPY: soft reboot\r\n");
        softReset();
        send(RAW_BANNER + ">");
        return;
      }
      const src = Buffer.from(buf).toString("utf8");
      buf = [];
      execute(src, "OK");
    } else {
      buf.push(c);
    }
    return;
  }
  // Friendly REPL.
  if (c === 0x01) {
    raw = true;
    buf = [];
    typed = "";
    send("\r\n" + RAW_BANNER + ">");
  } else if (c === 0x03) {
    typed = "";
    send("\r\nKeyboardInterrupt\r\n>>> ");
  } else if (c === 0x04) {
    send("\r\nMPY: soft reboot\r\n");
    softReset();
    if (!opts.cp) send(runMain()); // MicroPython runs boot.py and main.py after a friendly soft reset
    send(BANNER + ">>> ");
  } else if (c === 0x0d) {
    send("\r\n");
    if (typed.trim()) {
      const err = run(typed);
      send(err);
    }
    typed = "";
    send(">>> ");
  } else if (c >= 0x20 && c < 0x7f) {
    typed += String.fromCharCode(c);
    send(String.fromCharCode(c));
  }
}

const worker = new Worker(join(HERE, "line.mjs"), { workerData: { ctl: ctl.buffer, port: opts.port } });
worker.on("message", (m) => {
  if (m && m.listening !== undefined) {
    line = worker;
    process.stdout.write(`vboard: listening on 127.0.0.1:${m.listening}\n`);
    return;
  }
  for (const c of m) onByte(c);
});
worker.on("error", (e) => {
  process.stderr.write(`vboard: the line failed: ${e}\n`);
  process.exit(1);
});
