// The virtual board's USB line (host/emulate/vboard/vboard.mjs): the TCP server, in a worker thread of its
// own, so that the line stays up while the VM on the main thread runs a program (main.py) that
// never returns to node's event loop. Bytes from the client go to the main thread as messages (it
// reads them when the program is done), the board's output comes back as messages to the client.
// A Ctrl-C that arrives while the program runs is not passed on: it sets the interrupt flag the
// program polls (machine.Pin reads), as MicroPython's USB CDC receive callback takes the interrupt
// character out of the stream and calls mp_sched_keyboard_interrupt()
// (shared/tinyusb/mp_usbd_cdc.c, tud_cdc_rx_cb) instead of putting it in the stdin buffer.

import net from "node:net";
import { parentPort, workerData } from "node:worker_threads";

const ctl = new Int32Array(workerData.ctl); // [0] the program runs, [1] Ctrl-C pending
let client = null;

const server = net.createServer((sock) => {
  if (client) {
    sock.end("vboard: busy, one client at a time\r\n");
    return;
  }
  client = sock;
  sock.setNoDelay(true); // many tiny request/reply rounds: no Nagle delay
  sock.on("data", (data) => {
    let keep = data;
    if (Atomics.load(ctl, 0) === 1 && data.includes(0x03)) {
      Atomics.store(ctl, 1, 1);
      keep = Buffer.from(data.filter((c) => c !== 0x03));
    }
    if (keep.length) parentPort.postMessage(keep);
  });
  const done = () => {
    if (client === sock) client = null;
  };
  sock.on("close", done);
  sock.on("error", done);
});
parentPort.on("message", (bytes) => {
  if (client) client.write(Buffer.from(bytes));
});
server.listen(workerData.port, "127.0.0.1", () => {
  parentPort.postMessage({ listening: server.address().port });
});
