// Checks of the harness's own parts on rp2040js, without a firmware image: our ROM's tables and
// functions called by the emulated core as a firmware calls them, the panel's decoding, the SPI
// byte timing, the UF2 loader and the USB read hold. Prints one JSON object: {check: null | why}.
// (host_tests/test_rp2040.py runs it; `node host/emulate/rp2040/selftest.mjs` alone too.)

import { FIFO, RP2040 } from 'rp2040js';
import { Bootrom } from './bootrom.mjs';
import { Panel, holdCdcReads, loadImage, wireSpi } from './devices.mjs';

const results = {};
function check(name, fn) {
  try {
    const r = fn();
    results[name] = r === true ? null : 'returned ' + JSON.stringify(r);
  } catch (e) {
    results[name] = String(e && e.stack ? e.stack.split('\n').slice(0, 2).join(' ') : e);
  }
}
function eq(got, want, what) {
  if (got !== want) throw new Error(what + ': got ' + got + ', want ' + want);
}

function board() {
  const mcu = new RP2040();
  mcu.logger = { debug() {}, info() {}, warn() {}, error() {} };
  const rom = new Bootrom(mcu);
  mcu.loadBootrom(rom.image);
  mcu.onBreak = (id) => {
    if (rom.onBreak(id) === 'stop') throw new Error(rom.unknown);
  };
  return { mcu, rom };
}

const DONE = 0x20000100; // a `b .` the calls return to
// Call a ROM function through the core (BL-style: LR = DONE), as compiled code does.
function call(mcu, fn, ...args) {
  mcu.writeUint16(DONE, 0xe7fe);
  const core = mcu.core;
  args.forEach((a, i) => (core.registers[i] = a >>> 0));
  core.LR = DONE | 1;
  core.PC = fn & ~1;
  for (let i = 0; i < 1000; i++) {
    if (core.PC === DONE) return core.registers[0] >>> 0;
    mcu.clock.tick(core.executeInstruction() * 8);
  }
  throw new Error('the call to 0x' + fn.toString(16) + ' never returned');
}
const code = (s) => s.charCodeAt(0) | (s.charCodeAt(1) << 8);
const lookup = (mcu, table, c) => call(mcu, mcu.readUint16(0x18), mcu.readUint16(table), code(c));
const fbits = (x) => new Uint32Array(new Float32Array([x]).buffer)[0];
const dwords = (x) => Array.from(new Uint32Array(new Float64Array([x]).buffer));
const fval = (b) => new Float32Array(new Uint32Array([b]).buffer)[0];

check('rom_header_B2', () => {
  const { mcu } = board();
  eq(mcu.readUint8(0x10), 0x4d, "'M'");
  eq(mcu.readUint8(0x11), 0x75, "'u'");
  eq(mcu.readUint8(0x13), 3, 'version');
  return true;
});

check('rom_func_lookup_and_bit_ops', () => {
  const { mcu } = board();
  eq(lookup(mcu, 0x14, 'ZZ'), 0, 'an unknown code');
  eq(call(mcu, lookup(mcu, 0x14, 'P3'), 0xf0f00001), 9, 'popcount32');
  eq(call(mcu, lookup(mcu, 0x14, 'L3'), 0x00010000), 15, 'clz32');
  eq(call(mcu, lookup(mcu, 0x14, 'T3'), 0x00010000), 16, 'ctz32');
  eq(call(mcu, lookup(mcu, 0x14, 'R3'), 1), 0x80000000, 'reverse32');
  return true;
});

check('rom_float_table', () => {
  const { mcu } = board();
  const sf = lookup(mcu, 0x16, 'SF');
  eq(mcu.readUint8(sf - 2) * 4 >= 0x80, true, 'table size byte (pico-sdk asserts it)');
  const fn = (off) => mcu.readUint32(sf + off);
  eq(call(mcu, fn(0x00), fbits(1.5), fbits(2.25)), fbits(3.75), 'fadd');
  eq(call(mcu, fn(0x0c), fbits(1), fbits(3)), 0x3eaaaaab, 'fdiv 1/3, round to nearest');
  eq(call(mcu, fn(0x1c), fbits(-1.5)) | 0, -2, 'float2int rounds towards -Infinity');
  eq(call(mcu, fn(0x1c), fbits(3e9)) | 0, 0x7fffffff, 'float2int clamps');
  eq(call(mcu, fn(0x20), fbits(1.25), 4) | 0, 20, 'float2fix(1.25, 4)');
  eq(call(mcu, fn(0x2c), -7 >>> 0), fbits(-7), 'int2float');
  eq(fval(call(mcu, fn(0x18), fbits(2))), Math.fround(Math.SQRT2), 'fsqrt');
  eq(call(mcu, fn(0x00), 0x00000001, 0), 0, 'a denormal is zero');
  call(mcu, fn(0x7c), fbits(0.5));
  eq(mcu.core.registers[1], dwords(0.5)[1], 'float2double high word');
  return true;
});

check('rom_double_table', () => {
  const { mcu } = board();
  const sd = lookup(mcu, 0x16, 'SD');
  const fn = (off) => mcu.readUint32(sd + off);
  const [alo, ahi] = dwords(0.1);
  const [blo, bhi] = dwords(0.2);
  call(mcu, fn(0x00), alo, ahi, blo, bhi);
  const [wlo, whi] = dwords(0.1 + 0.2);
  eq(mcu.core.registers[0], wlo, 'dadd low');
  eq(mcu.core.registers[1], whi, 'dadd high');
  eq(call(mcu, fn(0x7c), ...dwords(0.5)), fbits(0.5), 'double2float');
  return true;
});

check('rom_flash_erase_program_as_nor', () => {
  const { mcu, rom } = board();
  const erase = lookup(mcu, 0x14, 'RE');
  const program = lookup(mcu, 0x14, 'RP');
  mcu.flash.fill(0x00, 0x1000, 0x2000);
  const t0 = mcu.clock.nanos;
  call(mcu, erase, 0x1000, 4096, 4096, 0x20);
  eq(mcu.clock.nanos - t0 >= 45e6, true, 'a sector erase takes 45 ms');
  eq(mcu.flash[0x1000], 0xff, 'erased');
  eq(rom.erases, 1, 'erases counted');
  eq(rom.sectorErases.get(1), 1, 'per sector');
  mcu.writeUint32(0x20001000, 0x0f0f0f0f);
  call(mcu, program, 0x1000, 0x20001000, 4);
  eq(mcu.flash[0x1000], 0x0f, 'programmed');
  mcu.writeUint32(0x20001000, 0xf0f0f0ff);
  call(mcu, program, 0x1000, 0x20001000, 4);
  eq(mcu.flash[0x1000], 0x0f, 'a program only clears bits');
  eq(mcu.flash[0x1001], 0x00, 'a program only clears bits');
  eq(rom.programBytes, 8, 'programmed bytes counted');
  let stopped = '';
  mcu.onBreak = (id) => {
    if (rom.onBreak(id) === 'stop') stopped = rom.unknown;
  };
  call(mcu, erase, 0x1100, 4096, 4096, 0x20);
  eq(stopped.includes('not whole 4 KiB sectors'), true, 'a misaligned erase stops the run: ' + stopped);
  return true;
});

check('reset_enters_the_image_vector_table', () => {
  const { mcu } = board();
  mcu.flash.fill(0);
  new DataView(mcu.flash.buffer).setUint32(0x100, 0x20040000, true);
  new DataView(mcu.flash.buffer).setUint32(0x104, 0x10000201, true);
  mcu.core.reset();
  mcu.clock.tick(mcu.core.executeInstruction() * 8);
  eq(mcu.core.PC, 0x10000200, 'PC from the vector table at 0x10000100');
  eq(mcu.core.SP, 0x20040000, 'SP');
  eq(mcu.core.VTOR, 0x10000100, 'VTOR');
  return true;
});

check('panel_decodes_window_and_pixels', () => {
  const p = new Panel({ nanos: 5 });
  const cmd = (c, ...args) => {
    p.byte(0, c);
    for (const a of args) p.byte(1, a);
  };
  cmd(0x3a, 0x55);
  cmd(0x36, 0x70);
  cmd(0x2a, 0, 40, 0, 41);
  cmd(0x2b, 0, 53, 0, 53);
  cmd(0x2c, 0xf8, 0x00, 0x07, 0xe0, 0x00, 0x1f);
  const w = p.window(40, 53, 2, 1);
  // The window holds two pixels: the third wraps to its start, as the controller's counters do.
  eq(w.toString('hex'), '001f07e0', 'two pixels in the window, the third over the first');
  eq(p.madctl, 0x70, 'MADCTL');
  eq(p.pixels, 3, 'pixels counted');
  const q = new Panel({ nanos: 0 });
  q.byte(0, 0x2c);
  q.byte(1, 1);
  q.byte(1, 2);
  eq(q.errors.length, 1, 'pixels before COLMOD 16-bit are refused');
  return true;
});

check('spi_byte_takes_its_bit_times', () => {
  const { mcu } = board();
  const panel = new Panel(mcu.clock);
  wireSpi(mcu, 1, { dc: 8, cs: 9 }, panel);
  // D/C (GP8) and CS (GP9) driven by SIO: FUNCSEL 5, output enabled; D/C high (data), CS low.
  mcu.writeUint32(0x40014000 + 8 * 8 + 4, 5);
  mcu.writeUint32(0x40014000 + 9 * 8 + 4, 5);
  mcu.writeUint32(0xd0000020, (1 << 8) | (1 << 9)); // GPIO_OE
  mcu.writeUint32(0xd0000010, 1 << 8); // GPIO_OUT
  mcu.writeUint32(0x40040000, 7); // SSPCR0: 8 bits, SCR 0
  mcu.writeUint32(0x40040010, 2); // SSPCPSR 2: 62.5 MHz
  mcu.writeUint32(0x40040004, 2); // SSPCR1: SSE
  panel.cmd = 0x3a;
  mcu.writeUint32(0x40040008, 0x55);
  eq((mcu.readUint32(0x4004000c) & 0x10) !== 0, true, 'busy while the byte shifts');
  mcu.clock.tick(120);
  eq(panel.colmod, 0, 'not landed after 120 ns');
  mcu.clock.tick(10);
  eq(panel.colmod, 0x55, 'landed after 8 bits at 62.5 MHz (128 ns)');
  eq(mcu.readUint32(0x4004000c) & 0x10, 0, 'idle');
  eq(mcu.readUint32(0x4004000c) & 0x4, 4, 'the RX FIFO has the byte read back');
  return true;
});

check('uf2_loader', () => {
  const { mcu } = board();
  const uf2 = new Uint8Array(1024);
  const v = new DataView(uf2.buffer);
  for (let b = 0; b < 2; b++) {
    const at = b * 512;
    v.setUint32(at, 0x0a324655, true);
    v.setUint32(at + 4, 0x9e5d5157, true);
    v.setUint32(at + 8, 0x2000, true);
    v.setUint32(at + 12, 0x10000000 + b * 256, true);
    v.setUint32(at + 16, 256, true);
    v.setUint32(at + 28, 0xe48bff56, true);
    uf2.fill(0xa0 + b, at + 32, at + 32 + 256);
    v.setUint32(at + 508, 0x0ab16f30, true);
  }
  eq(loadImage(mcu, uf2), 512, 'bytes placed');
  eq(mcu.flash[0], 0xa0, 'block 0');
  eq(mcu.flash[256], 0xa1, 'block 1');
  v.setUint32(512 + 12, 0x20000000, true);
  let why = '';
  try {
    loadImage(mcu, uf2);
  } catch (e) {
    why = e.message;
  }
  eq(why.includes('not a Pico flash image'), true, 'a block outside flash is refused: ' + why);
  return true;
});

check('usb_read_waits_for_bytes', () => {
  const done = [];
  const usb = { endpointReadDone: (ep, buf) => done.push([ep, Array.from(buf)]) };
  const cdc = { usb, outEndpoint: 2, txFIFO: new FIFO(64), sendSerialByte: (b) => cdc.txFIFO.push(b) };
  const send = holdCdcReads(cdc);
  usb.onEndpointRead(2, 64);
  eq(done.length, 0, 'no answer while the host has nothing (a NAK)');
  send([65, 66]);
  eq(JSON.stringify(done), '[[2,[65,66]]]', 'answered when bytes came');
  return true;
});

check('usb_host_bytes_wait_not_dropped', () => {
  const done = [];
  const usb = { endpointReadDone: (ep, buf) => done.push(...buf) };
  const cdc = { usb, outEndpoint: 2, txFIFO: new FIFO(512), sendSerialByte: (b) => cdc.txFIFO.push(b) };
  const send = holdCdcReads(cdc);
  const sent = [];
  for (let i = 0; i < 3000; i++) sent.push(48 + (i % 10));
  send(sent); // more than rp2040js's 512: a host's USB waits for the device's reads
  while (!cdc.txFIFO.empty) usb.onEndpointRead(2, 64);
  eq(done.length, 3000, 'every byte read, in 64-byte transfers');
  eq(done.join(), sent.join(), 'in order');
  return true;
});

process.stdout.write(JSON.stringify(results) + '\n');
