// Our own RP2040 bootrom, in high level: the tables and entry points a Pico firmware looks up
// (pico-sdk's pico_bootrom, pico_float, pico_double, pico_mem_ops, pico_bit_ops and
// hardware_flash read them), each function a BKPT stub that this module answers in JavaScript.
//
// Why not the real one: the RP2040's ROM is not in any package registry (rp2040js ships none),
// and what a build of it would be may not be committed here. Why this is enough: a firmware
// reaches the ROM only through its documented tables (RP2040 datasheet 2.8.2 "Bootrom
// Contents", 2.8.3 "Functions"), located from the halfword pointers at 0x14, 0x16 and 0x18,
// and the version byte at 0x13 (pico-sdk src/rp2_common/pico_bootrom/include/pico/bootrom.h,
// rp2040_rom_version() in pico_platform). We answer as the B2 chip's ROM (version 3), so the
// SDK takes every float and double function from the tables (float_init_rom_rp2040.c,
// double_init_rom_rp2040.c) and checks no ROM code bytes (it does for version 2 only).
//
// Where this differs from the silicon, said plainly:
// - Float results are IEEE round-to-nearest with denormals flushed to zero, in and out (the
//   ROM's fast library also flushes denormals; its rounding of sin/cos/exp/ln may differ in
//   the last bit). NaN inputs propagate (the ROM treats them as infinities).
// - Cycles: each call is charged the datasheet's typical count (table below, approximate),
//   not counted instruction by instruction.
// - Flash: erase and program act on the flash array as a NOR chip does (an erase sets 1s, a
//   program can only clear bits) and charge a W25Q16JV's typical times (its datasheet: 45 ms a
//   4 KiB sector, 120 ms 32 KiB, 150 ms 64 KiB, 0.4 ms a 256-byte page).
// - Reset: boot stage 2 is not run (the XIP set-up it does is not modelled by rp2040js); the
//   reset stub does what boot2's exit_from_boot2 does: VTOR = 0x10000100, SP and PC from there.

const ROM_WORDS = 4096; // 16 KiB
const STUBS = 0x0400; // BKPT stubs from here, 4 bytes apart
const FUNC_TABLE = 0x0100;
const DATA_TABLE = 0x0200;
const SF_TABLE = 0x0800; // 32 words, its entry count in the byte 2 before (pico-sdk asserts >= 32)
const SD_TABLE = 0x0900;
const STRINGS = 0x0a00;

const code = (a, b) => a.charCodeAt(0) | (b.charCodeAt(0) << 8);

const f32 = new Float32Array(1);
const u32f = new Uint32Array(f32.buffer);
const f64 = new Float64Array(1);
const u32d = new Uint32Array(f64.buffer);

function toF(bits) {
  bits >>>= 0;
  if (((bits >>> 23) & 0xff) === 0) bits &= 0x80000000; // denormal in: zero
  u32f[0] = bits;
  return f32[0];
}
function fromF(x) {
  f32[0] = x;
  let bits = u32f[0];
  if (((bits >>> 23) & 0xff) === 0) bits &= 0x80000000; // denormal out: zero
  return bits >>> 0;
}
function toD(lo, hi) {
  if (((hi >>> 20) & 0x7ff) === 0) {
    lo = 0;
    hi &= 0x80000000;
  }
  u32d[0] = lo >>> 0;
  u32d[1] = hi >>> 0;
  return f64[0];
}
function fromD(x) {
  f64[0] = x;
  let lo = u32d[0];
  let hi = u32d[1];
  if (((hi >>> 20) & 0x7ff) === 0) {
    lo = 0;
    hi &= 0x80000000;
  }
  return [lo >>> 0, hi >>> 0];
}
const i64 = (lo, hi) => (BigInt(hi | 0) << 32n) | BigInt(lo >>> 0);
const u64 = (lo, hi) => (BigInt(hi >>> 0) << 32n) | BigInt(lo >>> 0);
function split64(v) {
  const m = BigInt.asUintN(64, v);
  return [Number(m & 0xffffffffn) >>> 0, Number(m >> 32n) >>> 0];
}
// Float to an integer type, rounding towards -Infinity and clamping (datasheet 2.8.3.2).
function clampFloor(x, lo, hi) {
  if (Number.isNaN(x)) return hi;
  const f = Math.floor(x);
  return f < lo ? lo : f > hi ? hi : f;
}
function clampFloor64(x, signed) {
  const lo = signed ? -(2n ** 63n) : 0n;
  const hi = signed ? 2n ** 63n - 1n : 2n ** 64n - 1n;
  if (Number.isNaN(x)) return hi;
  if (x === Infinity) return hi;
  if (x === -Infinity) return lo;
  const f = BigInt(Math.floor(x));
  return f < lo ? lo : f > hi ? hi : f;
}
const cmp3 = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

export class Bootrom {
  constructor(mcu, flashTimes = {}) {
    this.mcu = mcu;
    this.core = mcu.core;
    this.fns = []; // id -> [name, handler, cycles]
    this.erases = 0; // 4 KiB sectors erased
    this.eraseBytes = 0;
    this.programBytes = 0;
    this.flashBusyNs = 0;
    this.sectorErases = new Map(); // sector number -> erases
    this.onFlashOp = null; // (kind, offset, bytes) after each erase or program
    this.sectorNs = flashTimes.sectorNs ?? 45e6;
    this.pageNs = flashTimes.pageNs ?? 0.4e6;
    this.unknown = null; // set to a message when a firmware calls what we do not answer
    this.build();
  }

  // Advance simulated time inside a call: the core stalls, timers run on.
  charge(cycles) {
    this.mcu.clock.tick((cycles * 1e9) / this.mcu.clkSys);
  }

  add(name, cycles, handler) {
    const id = this.fns.length;
    this.fns.push([name, handler, cycles]);
    return (STUBS + id * 4) | 1; // a Thumb address
  }

  build() {
    const rom = new Uint8Array(ROM_WORDS * 4);
    const view = new DataView(rom.buffer);
    const h16 = (at, v) => view.setUint16(at, v, true);
    const w32 = (at, v) => view.setUint32(at, v >>> 0, true);
    const R = this.core.registers;
    const mcu = this.mcu;
    const ret1 = (v) => {
      R[0] = v >>> 0;
    };
    const ret2 = ([lo, hi]) => {
      R[0] = lo;
      R[1] = hi;
    };

    const reset = this.add('reset', 0, () => {
      const vtor = 0x10000100;
      this.core.VTOR = vtor;
      this.core.SP = mcu.readUint32(vtor);
      this.core.PC = mcu.readUint32(vtor + 4) & ~1;
      return true; // PC set: do not return to LR
    });
    w32(0x00, 0x20042000);
    w32(0x04, reset);
    rom[0x10] = 0x4d; // 'M'
    rom[0x11] = 0x75; // 'u'
    rom[0x12] = 0x01;
    rom[0x13] = 0x03; // version 3: the RP2040 B2 ROM
    h16(0x14, FUNC_TABLE);
    h16(0x16, DATA_TABLE);

    const lookup = this.add('table_lookup', 20, () => {
      let at = R[0] >>> 0;
      const want = R[1] & 0xffff;
      for (;;) {
        const c = mcu.readUint16(at);
        if (c === 0) {
          R[0] = 0;
          return;
        }
        if (c === want) {
          R[0] = mcu.readUint16(at + 2);
          return;
        }
        at += 4;
      }
    });
    h16(0x18, lookup);

    const rd8 = (a) => mcu.readUint8(a >>> 0);
    const wr8 = (a, v) => mcu.writeUint8(a >>> 0, v);
    const copy = (dst, src, n) => {
      for (let i = 0; i < n; i++) wr8(dst + i, rd8(src + i));
    };
    const fill = (dst, c, n) => {
      for (let i = 0; i < n; i++) wr8(dst + i, c);
    };
    const funcs = [
      ['P3', 'popcount32', 10, () => {
        let v = R[0] >>> 0, n = 0;
        while (v) { n += v & 1; v >>>= 1; }
        ret1(n);
      }],
      ['R3', 'reverse32', 10, () => {
        let v = R[0] >>> 0, r = 0;
        for (let i = 0; i < 32; i++) { r = (r << 1) | (v & 1); v >>>= 1; }
        ret1(r);
      }],
      ['L3', 'clz32', 10, () => ret1(Math.clz32(R[0]))],
      ['T3', 'ctz32', 10, () => {
        const v = R[0] >>> 0;
        ret1(v === 0 ? 32 : 31 - Math.clz32(v & -v));
      }],
      ['MS', 'memset', 0, () => {
        const [p, c, n] = [R[0], R[1] & 0xff, R[2]];
        fill(p, c, n);
        this.charge(20 + n / 2);
        R[0] = p;
      }],
      ['S4', 'memset4', 0, () => {
        const [p, c, n] = [R[0], R[1] & 0xff, R[2]];
        fill(p, c, n);
        this.charge(20 + n / 4);
        R[0] = p;
      }],
      ['MC', 'memcpy', 0, () => {
        const [d, s, n] = [R[0], R[1], R[2]];
        copy(d, s, n);
        this.charge(20 + n);
        R[0] = d;
      }],
      ['M4', 'memcpy44', 0, () => {
        const [d, s, n] = [R[0], R[1], R[2]];
        copy(d, s, n);
        this.charge(20 + n / 2);
        R[0] = d;
      }],
      ['IF', 'connect_internal_flash', 100, () => {}],
      ['EX', 'flash_exit_xip', 200, () => {}],
      ['RE', 'flash_range_erase', 0, () => this.erase(R[0] >>> 0, R[1] >>> 0, R[2] >>> 0)],
      ['RP', 'flash_range_program', 0, () => this.program(R[0] >>> 0, R[1] >>> 0, R[2] >>> 0)],
      ['FC', 'flash_flush_cache', 50, () => {}],
      ['CX', 'flash_enter_cmd_xip', 200, () => {}],
      ['UB', 'reset_to_usb_boot', 0, () => {
        this.unknown = 'the firmware asked to reset into the USB bootloader';
        return 'stop';
      }],
      ['DT', 'debug_trampoline', 0, null],
      ['DE', 'debug_trampoline_end', 0, null],
      ['WV', 'wait_for_vector', 0, null],
    ];
    let at = FUNC_TABLE;
    for (const [c, name, cycles, fn] of funcs) {
      const ptr = this.add(name, cycles, fn ?? (() => this.missing(name)));
      h16(at, code(c[0], c[1]));
      h16(at + 2, ptr);
      at += 4;
    }
    h16(at, 0);

    // The float table (pico-sdk pico/bootrom/sf_table.h offsets), then the double one.
    const F = (i) => toF(R[i]);
    const D = (i) => toD(R[i], R[i + 1]);
    const fl = [
      ['fadd', 65, () => ret1(fromF(F(0) + F(1)))],
      ['fsub', 68, () => ret1(fromF(F(0) - F(1)))],
      ['fmul', 60, () => ret1(fromF(F(0) * F(1)))],
      ['fdiv', 74, () => ret1(fromF(F(0) / F(1)))],
      ['fcmp_fast', 39, () => ret1(cmp3(F(0), F(1)))],
      ['fcmp_fast_flags', 39, () => this.flags(cmp3(F(0), F(1)))],
      ['fsqrt', 80, () => ret1(fromF(Math.sqrt(F(0))))],
      ['float2int', 55, () => ret1(clampFloor(F(0), -0x80000000, 0x7fffffff))],
      ['float2fix', 55, () => ret1(clampFloor(F(0) * 2 ** (R[1] | 0), -0x80000000, 0x7fffffff))],
      ['float2uint', 55, () => ret1(clampFloor(F(0), 0, 0xffffffff))],
      ['float2ufix', 55, () => ret1(clampFloor(F(0) * 2 ** (R[1] | 0), 0, 0xffffffff))],
      ['int2float', 55, () => ret1(fromF(R[0] | 0))],
      ['fix2float', 55, () => ret1(fromF((R[0] | 0) / 2 ** (R[1] | 0)))],
      ['uint2float', 55, () => ret1(fromF(R[0] >>> 0))],
      ['ufix2float', 55, () => ret1(fromF((R[0] >>> 0) / 2 ** (R[1] | 0)))],
      ['fcos', 154, () => ret1(fromF(Math.cos(F(0))))],
      ['fsin', 153, () => ret1(fromF(Math.sin(F(0))))],
      ['ftan', 290, () => ret1(fromF(Math.tan(F(0))))],
      ['fsincos', 210, () => {
        const x = F(0);
        R[0] = fromF(Math.sin(x));
        R[1] = fromF(Math.cos(x));
      }],
      ['fexp', 95, () => ret1(fromF(Math.exp(F(0))))],
      ['fln', 116, () => ret1(fromF(Math.log(F(0))))],
      ['fcmp', 45, () => ret1(cmp3(F(0), F(1)))],
      ['fatan2', 300, () => ret1(fromF(Math.atan2(F(0), F(1))))],
      ['int642float', 70, () => ret1(fromF(Number(i64(R[0], R[1]))))],
      ['fix642float', 70, () => ret1(fromF(Number(i64(R[0], R[1])) / 2 ** (R[2] | 0)))],
      ['uint642float', 70, () => ret1(fromF(Number(u64(R[0], R[1]))))],
      ['ufix642float', 70, () => ret1(fromF(Number(u64(R[0], R[1])) / 2 ** (R[2] | 0)))],
      ['float2int64', 70, () => ret2(split64(clampFloor64(F(0), true)))],
      ['float2fix64', 70, () => ret2(split64(clampFloor64(F(0) * 2 ** (R[1] | 0), true)))],
      ['float2uint64', 70, () => ret2(split64(clampFloor64(F(0), false)))],
      ['float2ufix64', 70, () => ret2(split64(clampFloor64(F(0) * 2 ** (R[1] | 0), false)))],
      ['float2double', 30, () => ret2(fromD(F(0)))],
    ];
    const dl = [
      ['dadd', 110, () => ret2(fromD(D(0) + D(2)))],
      ['dsub', 115, () => ret2(fromD(D(0) - D(2)))],
      ['dmul', 122, () => ret2(fromD(D(0) * D(2)))],
      ['ddiv', 210, () => ret2(fromD(D(0) / D(2)))],
      ['dcmp_fast', 55, () => ret1(cmp3(D(0), D(2)))],
      ['dcmp_fast_flags', 55, () => this.flags(cmp3(D(0), D(2)))],
      ['dsqrt', 230, () => ret2(fromD(Math.sqrt(D(0))))],
      ['double2int', 70, () => ret1(clampFloor(D(0), -0x80000000, 0x7fffffff))],
      ['double2fix', 70, () => ret1(clampFloor(D(0) * 2 ** (R[2] | 0), -0x80000000, 0x7fffffff))],
      ['double2uint', 70, () => ret1(clampFloor(D(0), 0, 0xffffffff))],
      ['double2ufix', 70, () => ret1(clampFloor(D(0) * 2 ** (R[2] | 0), 0, 0xffffffff))],
      ['int2double', 60, () => ret2(fromD(R[0] | 0))],
      ['fix2double', 60, () => ret2(fromD((R[0] | 0) / 2 ** (R[1] | 0)))],
      ['uint2double', 60, () => ret2(fromD(R[0] >>> 0))],
      ['ufix2double', 60, () => ret2(fromD((R[0] >>> 0) / 2 ** (R[1] | 0)))],
      ['dcos', 500, () => ret2(fromD(Math.cos(D(0))))],
      ['dsin', 500, () => ret2(fromD(Math.sin(D(0))))],
      ['dtan', 800, () => ret2(fromD(Math.tan(D(0))))],
      ['dsincos', 700, () => {
        const x = D(0);
        ret2(fromD(Math.sin(x)));
        const [lo, hi] = fromD(Math.cos(x));
        R[2] = lo;
        R[3] = hi;
      }],
      ['dexp', 450, () => ret2(fromD(Math.exp(D(0))))],
      ['dln', 550, () => ret2(fromD(Math.log(D(0))))],
      ['dcmp', 60, () => ret1(cmp3(D(0), D(2)))],
      ['datan2', 900, () => ret2(fromD(Math.atan2(D(0), D(2))))],
      ['int642double', 80, () => ret2(fromD(Number(i64(R[0], R[1]))))],
      ['fix642double', 80, () => ret2(fromD(Number(i64(R[0], R[1])) / 2 ** (R[2] | 0)))],
      ['uint642double', 80, () => ret2(fromD(Number(u64(R[0], R[1]))))],
      ['ufix642double', 80, () => ret2(fromD(Number(u64(R[0], R[1])) / 2 ** (R[2] | 0)))],
      ['double2int64', 80, () => ret2(split64(clampFloor64(D(0), true)))],
      ['double2fix64', 80, () => ret2(split64(clampFloor64(D(0) * 2 ** (R[2] | 0), true)))],
      ['double2uint64', 80, () => ret2(split64(clampFloor64(D(0), false)))],
      ['double2ufix64', 80, () => ret2(split64(clampFloor64(D(0) * 2 ** (R[2] | 0), false)))],
      ['double2float', 40, () => ret1(fromF(D(0)))],
    ];
    for (const [table, list] of [[SF_TABLE, fl], [SD_TABLE, dl]]) {
      rom[table - 2] = list.length;
      list.forEach(([name, cycles, fn], i) => w32(table + i * 4, this.add(name, cycles, fn)));
    }
    const strings = { CR: '(C) our own high-level RP2040 ROM', GR: 'hle' };
    let s = STRINGS;
    const data = [['SF', SF_TABLE], ['SD', SD_TABLE]];
    for (const k of Object.keys(strings)) {
      data.push([k, s]);
      for (const ch of strings[k]) rom[s++] = ch.charCodeAt(0);
      rom[s++] = 0;
    }
    at = DATA_TABLE;
    for (const [c, ptr] of data) {
      h16(at, code(c[0], c[1]));
      h16(at + 2, ptr);
      at += 4;
    }
    h16(at, 0);
    for (let id = 0; id < this.fns.length; id++) h16(STUBS + id * 4, 0xbe00 | id); // BKPT #id
    if (this.fns.length > 256) throw new Error('too many ROM functions for BKPT numbers');
    this.image = new Uint32Array(rom.buffer);
  }

  // Set NZCV as `cmp a, b` would for a < b, a == b, a > b (unordered: as greater).
  flags(c) {
    const core = this.core;
    core.N = c < 0;
    core.Z = c === 0;
    core.C = c >= 0;
    core.V = false;
  }

  missing(name) {
    this.unknown = 'the firmware called the ROM function ' + name + ', which this harness does not model';
    return 'stop';
  }

  // Returns 'stop' when the run must stop (this.unknown says why).
  onBreak(id) {
    const core = this.core;
    const pc = (core.PC - 2) >>> 0;
    if (pc >= 0x4000 || id >= this.fns.length || pc !== STUBS + id * 4) {
      this.unknown = 'a BKPT #' + id + ' at 0x' + pc.toString(16) + ' outside the ROM stubs';
      return 'stop';
    }
    const [, handler, cycles] = this.fns[id];
    const r = handler();
    if (r === 'stop') return 'stop';
    if (cycles) this.charge(cycles);
    if (r !== true) core.PC = core.LR & ~1;
    return null;
  }

  erase(offset, count, blockSize) {
    const flash = this.mcu.flash;
    if (offset % 4096 || count % 4096) {
      this.unknown = 'flash_range_erase(0x' + offset.toString(16) + ', ' + count + '): not whole 4 KiB sectors';
      return 'stop';
    }
    flash.fill(0xff, offset, offset + count);
    const sectors = count / 4096;
    for (let i = 0; i < sectors; i++) {
      const n = offset / 4096 + i;
      this.sectorErases.set(n, (this.sectorErases.get(n) ?? 0) + 1);
    }
    this.erases += sectors;
    this.eraseBytes += count;
    // The SDK asks for 64 KiB block erases where it can (block_size 65536, cmd 0xd8).
    let ns = sectors * this.sectorNs;
    if (blockSize === 65536) ns = (count / 65536) * 150e6;
    else if (blockSize === 32768) ns = (count / 32768) * 120e6;
    this.flashBusyNs += ns;
    this.mcu.clock.tick(ns);
    this.onFlashOp?.('erase', offset, count);
    return null;
  }

  program(offset, src, count) {
    const mcu = this.mcu;
    for (let i = 0; i < count; i++) mcu.flash[offset + i] &= mcu.readUint8(src + i); // NOR: 1 -> 0 only
    this.programBytes += count;
    const ns = Math.ceil(count / 256) * this.pageNs;
    this.flashBusyNs += ns;
    mcu.clock.tick(ns);
    this.onFlashOp?.('program', offset, count);
    return null;
  }
}
