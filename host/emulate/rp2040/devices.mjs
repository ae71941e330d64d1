// What sits on the emulated Pico's pins: an ST7789/ST7735 panel on an SPI block, buttons, and
// the cures for rp2040js 1.4.1's SPI and USB (both said where they are applied).

// MIPI DCS commands the ST7789 and ST7735R share (Sitronix datasheets, "Command list").
const CASET = 0x2a;
const RASET = 0x2b;
const RAMWR = 0x2c;
const MADCTL = 0x36;
const COLMOD = 0x3a;
const INVOFF = 0x20;
const INVON = 0x21;
const DISPON = 0x29;

// The panel's controller, fed the bytes the SPI block shifts out while CS is low. Pixels are
// kept in the controller's address space under the MADCTL the firmware set (column, row as
// CASET/RASET give them): a profile's window (xstart, ystart, width, height) is where its
// glass sits there, as boards/st7789.py says. RGB565 only (COLMOD 0x55/0x05, what every
// profile sets); another COLMOD is recorded and its pixels refused.
export class Panel {
  constructor(clock, size = 320) {
    this.clock = clock;
    this.size = size;
    this.mem = new Uint16Array(size * size);
    this.cmd = -1;
    this.args = [];
    this.x0 = 0;
    this.x1 = 0;
    this.y0 = 0;
    this.y1 = 0;
    this.x = 0;
    this.y = 0;
    this.hi = -1;
    this.madctl = 0;
    this.colmod = 0;
    this.inverted = false;
    this.on = false;
    this.pixels = 0; // pixels written since the harness last asked
    this.lastPixelNs = 0;
    this.commands = 0;
    this.errors = [];
  }

  byte(dc, v) {
    if (!dc) {
      this.cmd = v;
      this.args = [];
      this.hi = -1;
      this.commands++;
      if (v === INVON) this.inverted = true;
      else if (v === INVOFF) this.inverted = false;
      else if (v === DISPON) this.on = true;
      else if (v === RAMWR) {
        this.x = this.x0;
        this.y = this.y0;
      }
      return;
    }
    if (this.cmd === RAMWR) {
      if (this.hi < 0) {
        this.hi = v;
        return;
      }
      const px = (this.hi << 8) | v;
      this.hi = -1;
      if ((this.colmod & 0x7) !== 5) {
        if (this.errors.length < 5) this.errors.push('pixel data with COLMOD 0x' + this.colmod.toString(16));
        return;
      }
      if (this.x < this.size && this.y < this.size) this.mem[this.y * this.size + this.x] = px;
      this.pixels++;
      this.lastPixelNs = this.clock.nanos;
      if (++this.x > this.x1) {
        this.x = this.x0;
        if (++this.y > this.y1) this.y = this.y0;
      }
      return;
    }
    this.args.push(v);
    const a = this.args;
    if (this.cmd === CASET && a.length === 4) {
      this.x0 = (a[0] << 8) | a[1];
      this.x1 = (a[2] << 8) | a[3];
    } else if (this.cmd === RASET && a.length === 4) {
      this.y0 = (a[0] << 8) | a[1];
      this.y1 = (a[2] << 8) | a[3];
    } else if (this.cmd === MADCTL && a.length === 1) this.madctl = v;
    else if (this.cmd === COLMOD && a.length === 1) this.colmod = v;
  }

  // The window's pixels, RGB565 big-endian as sent (a Buffer of w*h*2 bytes).
  window(x, y, w, h) {
    const out = Buffer.alloc(w * h * 2);
    let at = 0;
    for (let r = y; r < y + h; r++) {
      for (let c = x; c < x + w; c++) {
        const v = this.mem[r * this.size + c];
        out[at++] = v >> 8;
        out[at++] = v & 0xff;
      }
    }
    return out;
  }
}

// An SPI block whose bytes take their time. rp2040js 1.4.1 completes a byte the moment it
// leaves the TX FIFO (RPSPI.onTransmit's default calls completeTransmit at once), so a DMA
// write with an RX channel reading every byte back (MicroPython's machine.SPI.write,
// ports/rp2/machine_spi.c) overruns the RX FIFO and waits for ever. Here a byte completes after
// its bits at the programmed clock (clk_peri / (CPSDVSR * (1 + SCR))), as the PL022 shifts it;
// the panel reads D/C and CS as the byte's last bit is clocked, as a Sitronix controller does.
export function wireSpi(mcu, spiIndex, pins, panel) {
  const spi = mcu.spi[spiIndex];
  const alarm = mcu.clock.createAlarm(() => {
    const cs = pins.cs == null ? 0 : mcu.gpio[pins.cs].outputValue ? 1 : 0;
    if (!cs) panel.byte(mcu.gpio[pins.dc].outputValue ? 1 : 0, pending);
    spi.completeTransmit(0);
  });
  let pending = 0;
  spi.onTransmit = (value) => {
    pending = value;
    const hz = spi.clockFrequency;
    if (!hz) {
      alarm.callback();
      return;
    }
    alarm.schedule((spi.dataBits * 1e9) / hz);
  };
}

// USB CDC that waits for the host's bytes. rp2040js's USBCDC answers every OUT transfer the
// firmware arms at once, with 0 bytes when it has none, so the firmware services USB
// interrupts without end (a Python loop ran 3.6x slower). A host NAKs instead: the transfer
// completes when bytes exist. Wrapped around an rp2040js USBCDC (its own onEndpointRead).
export function holdCdcReads(cdc) {
  const usb = cdc.usb;
  // rp2040js keeps 512 bytes for the device and drops the rest; a real host's USB waits (the
  // device NAKs until it reads): a FIFO that does not fill stands in for that flow control.
  cdc.txFIFO = new cdc.txFIFO.constructor(1 << 20);
  let waiting = null;
  usb.onEndpointRead = (endpoint, size) => {
    if (endpoint !== cdc.outEndpoint) return;
    if (cdc.txFIFO.empty) {
      waiting = size;
      return;
    }
    answer(size);
  };
  function answer(size) {
    const buffer = new Uint8Array(Math.min(size, cdc.txFIFO.itemCount));
    for (let i = 0; i < buffer.length; i++) buffer[i] = cdc.txFIFO.pull();
    usb.endpointReadDone(cdc.outEndpoint, buffer);
  }
  return (bytes) => {
    for (const b of bytes) cdc.sendSerialByte(b);
    if (waiting != null && !cdc.txFIFO.empty) {
      const size = waiting;
      waiting = null;
      answer(size);
    }
  };
}

// A firmware image into the flash array: a .uf2 (its blocks' target addresses) or a raw .bin
// at the start of flash. Returns the bytes placed.
export function loadImage(mcu, data) {
  const MAGIC0 = 0x0a324655;
  const MAGIC1 = 0x9e5d5157;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (data.length >= 512 && view.getUint32(0, true) === MAGIC0 && view.getUint32(4, true) === MAGIC1) {
    let placed = 0;
    for (let at = 0; at + 512 <= data.length; at += 512) {
      if (view.getUint32(at, true) !== MAGIC0 || view.getUint32(at + 4, true) !== MAGIC1) {
        throw new Error('UF2 block ' + at / 512 + ' has no UF2 magic: not a whole .uf2 file');
      }
      const flags = view.getUint32(at + 8, true);
      if (flags & 1) continue; // "not main flash"
      const addr = view.getUint32(at + 12, true);
      const size = view.getUint32(at + 16, true);
      if (addr < 0x10000000 || addr + size > 0x10000000 + mcu.flash.length || size > 476) {
        throw new Error('UF2 block ' + at / 512 + ' targets 0x' + addr.toString(16) + ': not a Pico flash image');
      }
      mcu.flash.set(data.subarray(at + 32, at + 32 + size), addr - 0x10000000);
      placed += size;
    }
    return placed;
  }
  if (data.length > 2 * 1024 * 1024) throw new Error('a .bin of ' + data.length + ' bytes does not fit a 2 MiB Pico');
  mcu.flash.set(data, 0);
  return data.length;
}
