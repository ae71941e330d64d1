// Run a Python script inside the 32-bit MicroPython WebAssembly VM (npm package
// @micropython/micropython-webassembly-pyscript) with project packages on sys.path.
//
//   node host/emulate/mpvm/run.mjs [--heap BYTES] [--timeout SECONDS] [--root DIR ...] [--tree DIR]
//                           [--loop EXPR] SCRIPT.py [ARGS...]
//
// Each --root DIR (default: the repository's engine/ package, unless --tree is given) is
// copied, .py, .mpy and .txt files only, to /proj/<basename of DIR>/... in the VM's file
// system; --tree DIR copies the files below DIR to /proj/... itself (a folder laid out as a
// board's drive); /proj is put first on sys.path. The script is copied to /script/<name> (its __file__ and
// sys.argv[0]; sys.argv[1:] are ARGS) and runs in one runPython() call, so
// gc.collect() only schedules a collection and gc.mem_alloc() deltas count every
// byte allocated. Tracebacks name the script's host path. --heap is the initial
// heap (it grows on demand). The global __heap0 is the heap in use before the script
// ran (gc.mem_alloc() after a collection).
// --loop EXPR: after the script, run `_more = EXPR` as a new top-level call again and
// again while _more is true. The VM collects garbage only between top-level calls
// (MICROPY_GC_SPLIT_HEAP_AUTO: gc_collect() inside a call just marks a collection as
// pending and the heap grows instead), so a script that does its work in small steps
// this way is collected between them, as a board's fixed heap would be when full.
// --udp PORT: a UDP socket (node:dgram) on 127.0.0.1:PORT for the script, as the module
// `udpbridge` (a board's radio bridged to real sockets: host/measure/fw_link_mem.py):
// send(host, port, data) -> true (data: bytes, or their hex digits, which leave nothing behind on
// the Python heap: see out() below), broadcast(data) -> true when it went anywhere (to every address
// that sent an empty datagram, as boards/radio_udp.py answers an ask), recv() -> a Uint8Array
// (bytes(x) in Python) or null, never waiting; host() and port(): where the last one came from.
// Datagrams wait in a JS queue (outside the VM's heap, as a radio's buffers are outside the
// Python heap). With --udp the --loop awaits node's event loop between calls, so datagrams
// arrive between ticks.
// Exit status: 0, the SystemExit code, 1 if the script raised (traceback on
// stderr), 2 for bad arguments or a missing package, 124 on timeout.
//
// The VM runs in a worker thread: synchronous Python code cannot be interrupted,
// so the main thread terminates the worker when the timeout expires.

import { readFileSync, readdirSync, statSync } from "node:fs";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";

const HERE = dirname(fileURLToPath(import.meta.url));
const PKG = join(HERE, "node_modules", "@micropython", "micropython-webassembly-pyscript", "micropython.mjs");
const VM_ROOT = "/proj";
const MAX_FILES = 2000;
const MAX_BYTES = 32 * 1024 * 1024;
const COPIED = [".py", ".mpy", ".txt"];

function usage(msg) {
  process.stderr.write(`run.mjs: ${msg}\n`);
  process.stderr.write(
    "usage: node run.mjs [--heap BYTES] [--timeout SECONDS] [--root DIR ...] [--tree DIR] [--loop EXPR]" +
      " SCRIPT.py [ARGS...]\n",
  );
  process.exit(2);
}

function parseArgs(argv) {
  const opts = { heap: 1024 * 1024, timeout: 300, roots: [], tree: null, loop: null, udp: 0, script: null, args: [] };
  let i = 0;
  for (; i < argv.length; i++) {
    const a = argv[i];
    const next = () => (i + 1 < argv.length ? argv[++i] : usage(`${a} needs a value`));
    if (a === "--heap") {
      opts.heap = Number(next());
      if (!Number.isInteger(opts.heap) || opts.heap < 16384) usage("--heap must be an integer >= 16384");
    } else if (a === "--timeout") {
      opts.timeout = Number(next());
      if (!(opts.timeout > 0)) usage("--timeout must be a positive number of seconds");
    } else if (a === "--root") {
      opts.roots.push(resolve(next()));
    } else if (a === "--tree") {
      opts.tree = resolve(next());
    } else if (a === "--loop") {
      opts.loop = next();
    } else if (a === "--udp") {
      opts.udp = Number(next());
      if (!Number.isInteger(opts.udp) || opts.udp < 1 || opts.udp > 65535) usage("--udp must be a port number");
    } else if (a === "--") {
      i++;
      break;
    } else if (a.startsWith("--")) {
      usage(`unknown option ${a}`);
    } else {
      break;
    }
  }
  if (i >= argv.length) usage("no script given");
  opts.script = resolve(argv[i]);
  opts.args = argv.slice(i + 1);
  if (opts.roots.length === 0 && opts.tree === null) opts.roots.push(resolve(HERE, "..", "..", "..", "engine"));
  return opts;
}

// Collect the .py/.mpy/.txt files below each root as [vmPath, bytes]; bounded in count and size.
// A root given as [dir] is copied to /proj itself, not to /proj/<basename>.
function collectFiles(roots) {
  const files = [];
  let bytes = 0;
  for (const entry of roots) {
    const root = Array.isArray(entry) ? entry[0] : entry;
    let st;
    try {
      st = statSync(root);
    } catch {
      usage(`--root ${root}: no such directory`);
    }
    if (!st.isDirectory()) usage(`--root ${root}: not a directory`);
    const base = Array.isArray(entry) ? "" : basename(root) + "/";
    const walk = (dir) => {
      for (const ent of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
        if (ent.name.startsWith(".") || ent.name === "__pycache__" || ent.name === "node_modules") continue;
        const full = join(dir, ent.name);
        if (ent.isDirectory()) {
          walk(full);
        } else if (ent.isFile() && COPIED.some((ext) => ent.name.endsWith(ext))) {
          const data = readFileSync(full);
          bytes += data.length;
          const rel = relative(root, full).split(sep).join("/");
          files.push([`${VM_ROOT}/${base}${rel}`, data]);
          if (files.length > MAX_FILES || bytes > MAX_BYTES) usage(`--root ${root}: too many or too large .py files`);
        }
      }
    };
    walk(root);
  }
  return files;
}

// The module udpbridge on a socket bound to 127.0.0.1:port (see --udp above).
async function udpBridge(mp, port) {
  const dgram = await import("node:dgram");
  const sock = dgram.createSocket("udp4");
  const queue = [];
  const askers = new Map();
  let last = null;
  sock.on("message", (msg, rinfo) => {
    if (msg.length === 0) {
      if (askers.size < 8) askers.set(`${rinfo.address}:${rinfo.port}`, rinfo);
      return;
    }
    if (queue.length < 256) queue.push([msg, rinfo]);
  });
  sock.on("error", () => {});
  await new Promise((ok, fail) => {
    sock.once("error", fail);
    sock.bind(port, "127.0.0.1", ok);
  });
  // Python passes a datagram as hex digits (a str is copied into JS): bytes would be handed over as a
  // proxy that the VM's proxy table keeps (on the Python heap) until node's garbage collector frees it,
  // about 220 bytes held a datagram sent, which a heap probe would count as the firmware's.
  const out = (data) => (typeof data === "string" ? Buffer.from(data, "hex") : Uint8Array.from(data));
  mp.registerJsModule("udpbridge", {
    send(host, p, data) {
      sock.send(out(data), p, host);
      return true;
    },
    broadcast(data) {
      const b = out(data);
      for (const a of askers.values()) sock.send(b, a.port, a.address);
      return askers.size > 0;
    },
    recv() {
      const m = queue.shift();
      if (m === undefined) return null;
      last = m[1];
      return new Uint8Array(m[0]);
    },
    host: () => last.address,
    port: () => last.port,
  });
  return sock;
}

async function runInWorker({ heap, files, hostPath, scriptPath, argv, loop, drive, udp }) {
  const send = (kind, text) => parentPort.postMessage({ kind, text });
  // Our own line buffering (the package's drops a last line without a newline).
  const sink = (kind) => {
    let bytes = [];
    const flush = () => {
      if (bytes.length) send(kind, Buffer.from(bytes).toString("utf8"));
      bytes = [];
    };
    const put = (chunk) => {
      for (const c of chunk) {
        bytes.push(c);
        if (c === 10) flush();
      }
    };
    return { put, flush };
  };
  const out = sink("stdout");
  const err = sink("stderr");
  const { loadMicroPython } = await import(PKG);
  const mp = await loadMicroPython({ heapsize: heap, linebuffer: false, stdout: out.put, stderr: err.put });
  for (const [path, text] of files) {
    const parts = path.split("/").filter(Boolean);
    let dir = "";
    for (const p of parts.slice(0, -1)) {
      dir += "/" + p;
      try {
        mp.FS.mkdir(dir);
      } catch {
        // exists already
      }
    }
    mp.FS.writeFile(path, text);
  }
  const sock = udp ? await udpBridge(mp, udp) : null;
  let code = 0;
  try {
    // A board's drive (--tree): its root is the current folder and "" the first path, as on a
    // board, so a module's __file__ is "engine/turn.mpy", the name its .mpy carries (one
    // interned string a module, as on a board, not a second "/proj/engine/turn.mpy").
    const pathSetup = drive
      ? `import os\nos.chdir(${JSON.stringify(VM_ROOT)})\ndel os\nsys.path.insert(0, "")\n`
      : `sys.path.insert(0, ${JSON.stringify(VM_ROOT)})\n`;
    mp.runPython(
      `import sys\n` + pathSetup +
        `sys.argv[:] = ${JSON.stringify(argv)}\n__file__ = ${JSON.stringify(scriptPath)}\ndel sys\n`,
    );
    // The heap before the script, after a collection (it runs between top-level calls): a
    // script can count itself out of its figures (__heap0; host/measure/fw_mem.py does).
    mp.runPython("import gc\ngc.collect()\ndel gc");
    mp.runPython("import gc\n__heap0 = gc.mem_alloc()\ndel gc");
    // compile() with its path in the VM, not the host's: the file name is interned, and a name
    // as long as the checkout's path moved every later object (heap figures differed by a
    // checkout's path). A traceback's /script/NAME is the host's file said in the error line.
    mp.runPython(`exec(compile(open(__file__).read(), ${JSON.stringify(scriptPath)}, "exec"))`);
    if (loop !== null) {
      const call = `_more = ${loop}`;
      do {
        mp.runPython(call);
        if (sock !== null) await new Promise((ok) => setImmediate(ok)); // the datagrams come in
      } while (mp.globals.get("_more"));
    }
  } catch (e) {
    out.flush();
    const text = String((e && e.message) || e);
    if (e && e.type === "SystemExit") {
      const m = /SystemExit: ?(.*)\n?$/.exec(text.trimEnd());
      const arg = m ? m[1].trim() : "";
      if (arg === "" || arg === "None") code = 0;
      else if (/^-?\d+$/.test(arg)) code = Number(arg) & 255;
      else {
        err.put(Buffer.from(arg + "\n"));
        code = 1;
      }
    } else {
      err.put(Buffer.from(text.endsWith("\n") ? text : text + "\n"));
      err.put(Buffer.from(`(${scriptPath} is ${hostPath})\n`));
      code = 1;
    }
  }
  out.flush();
  err.flush();
  parentPort.postMessage({ kind: "exit", code });
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  try {
    statSync(PKG);
  } catch {
    process.stderr.write(`run.mjs: ${PKG} is missing: run 'npm ci' in ${HERE}\n`);
    process.exit(2);
  }
  let script;
  try {
    script = readFileSync(opts.script, "utf8");
  } catch (e) {
    usage(`cannot read ${opts.script}: ${e.message}`);
  }
  const scriptPath = `/script/${basename(opts.script)}`;
  const files = collectFiles(opts.tree === null ? opts.roots : [...opts.roots, [opts.tree]]);
  files.push([scriptPath, script]);
  const worker = new Worker(fileURLToPath(import.meta.url), {
    workerData: {
      heap: opts.heap,
      files,
      hostPath: opts.script,
      scriptPath,
      argv: [scriptPath, ...opts.args],
      loop: opts.loop,
      drive: opts.tree !== null,
      udp: opts.udp,
    },
  });
  let exitCode = null;
  const timer = setTimeout(() => {
    process.stderr.write(`run.mjs: timed out after ${opts.timeout} s\n`);
    exitCode = 124;
    worker.terminate();
  }, opts.timeout * 1000);
  worker.on("message", (msg) => {
    if (msg.kind === "stdout") process.stdout.write(msg.text);
    else if (msg.kind === "stderr") process.stderr.write(msg.text);
    else if (msg.kind === "exit") {
      if (exitCode === null) exitCode = msg.code;
      worker.terminate(); // all output arrived before this message
    }
  });
  worker.on("error", (e) => {
    process.stderr.write(`run.mjs: VM failed: ${(e && e.stack) || e}\n`);
    if (exitCode === null) exitCode = 1;
  });
  worker.on("exit", () => {
    clearTimeout(timer);
    process.exitCode = exitCode === null ? 1 : exitCode;
  });
}

if (isMainThread) {
  main();
} else {
  runInWorker(workerData).catch((e) => {
    parentPort.postMessage({ kind: "stderr", text: `run.mjs: VM failed: ${(e && e.stack) || e}\n` });
    parentPort.postMessage({ kind: "exit", code: 1 });
  });
}
