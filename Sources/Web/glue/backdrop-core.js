// The JavaScript side of Backdrop's browser core. scripts/build-wasm.sh wraps this file in a
// function whose argument `wasmBase64` is the WebAssembly module, and the result defines
// `BackdropCore` on `globalThis` (window in a page, global in node).
//
// JavaScript does only what a browser must: zlib through DecompressionStream/CompressionStream
// ("deflate"), and moving bytes in and out of the module. Everything else (PNG chunks, CRC,
// header checks, unfiltering, Adam7, crops, filtering, chunk assembly, zip, layout choice and
// every message, and calibration) is Swift in the module (Sources/Web, Sources/PNGCodec,
// Sources/Calibration).
"use strict";

/** An error worded as the command-line tool words it: `message` is "FILE: reason". */
class BackdropError extends Error {
  constructor({ file, reason, message }) {
    super(message);
    this.name = "BackdropError";
    this.file = file;
    this.reason = reason;
  }
}

/**
 * What every call says once the module is out of memory: its memory cannot shrink and, after a
 * trap, its state cannot be trusted, so only a fresh page gives it back.
 */
function outOfMemory() {
  const reason = "out of memory: the browser core has used all the memory this page may have; reload the page to start again";
  return new BackdropError({ file: null, reason, message: reason[0].toUpperCase() + reason.slice(1) });
}

const handleOf = Symbol("handle");
const ownerOf = Symbol("owner");
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Every chunk a stream gives, concatenated; reading stops once more than `limit` bytes came. */
async function collect(stream, limit = Infinity) {
  const reader = stream.getReader();
  const chunks = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    total += value.length;
    if (total > limit) {
      await reader.cancel();
      break;
    }
  }
  const bytes = new Uint8Array(Math.min(total, limit === Infinity ? total : limit + 1));
  let offset = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, bytes.length - offset);
    bytes.set(part, offset);
    offset += part.length;
    if (offset === bytes.length) break;
  }
  return bytes;
}

/** Runs `bytes` through a (de)compression stream of zlib format. */
function pipe(bytes, stream, limit) {
  const writer = stream.writable.getWriter();
  writer.write(bytes).catch(() => {});
  writer.close().catch(() => {});
  return collect(stream.readable, limit);
}

/**
 * Deflates byte arrays with CompressionStream("deflate") on worker threads, so that crops are
 * deflated on every core while the module filters the next crop's rows; on the main thread
 * where the page may not start a worker. Results come in the order asked.
 */
class Deflater {
  constructor(count) {
    this.workers = [];
    this.pending = new Map();
    this.next = 0;
    try {
      const source = `${collect}\n${pipe}\nonmessage = async ({ data: { id, bytes } }) => {
        try {
          const out = await pipe(bytes, new CompressionStream("deflate"));
          postMessage({ id, out }, [out.buffer]);
        } catch (error) {
          postMessage({ id, error: String(error && error.message ? error.message : error) });
        }
      };`;
      const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
      try {
        for (let index = 0; index < count; index++) this.workers.push(this.start(url));
      } finally {
        URL.revokeObjectURL(url);
      }
    } catch {
      this.stop();
    }
  }

  start(url) {
    const worker = new Worker(url);
    worker.onmessage = ({ data: { id, out, error } }) => {
      const { resolve, reject } = this.pending.get(id);
      this.pending.delete(id);
      if (error === undefined) resolve(out);
      else reject(new Error(error));
    };
    // A worker that cannot run (refused by the page's policy, or failed) gives its work back to the main thread.
    worker.onerror = (event) => {
      event.preventDefault();
      const waiting = [...this.pending.values()].filter((job) => job.worker === worker);
      this.stop();
      for (const job of waiting) {
        this.pending.delete(job.id);
        pipe(job.bytes, new CompressionStream("deflate")).then(job.resolve, job.reject);
      }
    };
    return worker;
  }

  stop() {
    for (const worker of this.workers) worker.terminate();
    this.workers = [];
  }

  /** The zlib stream of `bytes` (which stay the caller's: a copy goes to the worker). */
  deflate(bytes) {
    if (this.workers.length === 0) return pipe(bytes, new CompressionStream("deflate"));
    const id = this.next++;
    const worker = this.workers[id % this.workers.length];
    return new Promise((resolve, reject) => {
      this.pending.set(id, { id, worker, bytes, resolve, reject });
      worker.postMessage({ id, bytes });
    });
  }
}

class Core {
  /**
   * `checkAnswer(name, value)`, when given, is handed every JSON answer by the name
   * docs/api/browser-core.schema.json gives its shape (Sources/Web/BrowserCoreFormat.swift) and
   * returns the ways it breaks it: the node check passes one (scripts/lib/wasm/answer-check.mjs).
   */
  constructor(instance, checkAnswer) {
    this.exports = instance.exports;
    this.checkAnswer = checkAnswer;
    /** Set once the module trapped (an allocation failed inside it): every later call fails. */
    this.outOfMemory = false;
    /**
     * Whether the module measures (calibrate, measureAndCrop, checkWidgetsAndCrop, readIcons):
     * backdrop-core.js's does; backdrop-make.js's, the make page's, is linked without measuring.
     */
    this.measures = typeof this.exports.bd_calibrate === "function";
  }

  // MARK: Moving bytes

  /**
   * Calls the module's export `name`. Pointers and sizes are unsigned 32-bit numbers, which
   * WebAssembly hands to JavaScript as signed ones: every number a call returns is read unsigned
   * (`>>> 0`), the -1 of a failed call included (then `check` sees it as 2^32 - 1). A trap means
   * the module ran out of memory: the core then says so, now and on every later call.
   */
  call(name, ...args) {
    if (this.outOfMemory) throw outOfMemory();
    if (typeof this.exports[name] !== "function") {
      throw new Error(`this browser core has no ${name}: measuring needs backdrop-core.js, not the make page's backdrop-make.js`);
    }
    let value;
    try {
      value = this.exports[name](...args);
    } catch (error) {
      if (!(error instanceof WebAssembly.RuntimeError)) throw error;
      this.outOfMemory = true;
      throw outOfMemory();
    }
    return value === undefined ? undefined : value >>> 0;
  }

  /** Calls `body` with pointers to copies of `arrays` (Uint8Array) in the module's memory; frees them all, whatever happens. */
  withBytes(arrays, body) {
    const pointers = [];
    try {
      for (const array of arrays) {
        const pointer = this.call("malloc", Math.max(1, array.length));
        if (pointer === 0) throw outOfMemory();
        pointers.push(pointer);
        new Uint8Array(this.exports.memory.buffer, pointer, array.length).set(array);
      }
      return body(...pointers);
    } finally {
      if (!this.outOfMemory) for (const pointer of pointers) this.call("free", pointer);
    }
  }

  /** The last call's answer, copied out of the module, which then frees it. */
  resultBytes() {
    const pointer = this.call("bd_result_pointer");
    const length = this.call("bd_result_length");
    const bytes = new Uint8Array(this.exports.memory.buffer, pointer, length).slice();
    this.call("bd_result_free");
    return bytes;
  }

  /** The last call's answer, read as JSON: `answer` names its shape in BrowserCoreFormat. */
  resultJSON(answer) {
    const value = JSON.parse(decoder.decode(this.resultBytes()));
    const problems = this.checkAnswer ? this.checkAnswer(answer, value) : [];
    if (problems.length > 0) throw new Error(`the browser core's ${answer} answer breaks its shape: ${problems.join("; ")}`);
    return value;
  }

  /** Throws the module's error when `status` says the call failed; returns `status`. */
  check(status) {
    if (status > 0x7fffffff) throw new BackdropError(this.resultJSON("error"));
    return status;
  }

  // MARK: Images

  /** Opens a PNG: its chunks are read and checked; returns `[handle, info]`. */
  open(name, bytes) {
    const nameBytes = encoder.encode(name);
    const handle = this.withBytes([nameBytes, bytes], (namePointer, pointer) =>
      this.check(this.call("bd_open", namePointer, nameBytes.length, pointer, bytes.length)),
    );
    return [handle, this.resultJSON("image")];
  }

  /** Inflates an opened image's data (stopping a bomb one byte past what the image needs) and decodes it. */
  async decode(handle, info) {
    this.check(this.call("bd_image_data", handle));
    let inflated;
    try {
      inflated = await pipe(this.resultBytes(), new DecompressionStream("deflate"), info.inflatedLength);
    } catch (error) {
      const reason = encoder.encode(String(error && error.message ? error.message : error));
      this.withBytes([reason], (pointer) => this.check(this.call("bd_inflate_failed", handle, pointer, reason.length)));
    }
    this.withBytes([inflated], (pointer) => this.check(this.call("bd_decode", handle, pointer, inflated.length)));
  }

  /**
   * Inflates an opened image's colour profile (stopping one byte past the limit) for the core to
   * keep or drop its iCCP chunk, as `backdrop crop` does; returns `{ colorChunks, warnings }`.
   */
  async checkColorProfile(handle, info) {
    if (this.check(this.call("bd_color_profile", handle)) === 0) return this.resultJSON("colorSummary");
    const compressed = this.resultBytes();
    let inflated = new Uint8Array(0);
    let valid = 1;
    try {
      inflated = await pipe(compressed, new DecompressionStream("deflate"), info.colorProfileLimit);
    } catch {
      valid = 0;
    }
    this.withBytes([inflated], (pointer) => this.check(this.call("bd_check_color_profile", handle, pointer, inflated.length, valid)));
    return this.resultJSON("colorSummary");
  }

  /** Reads geometry.json's text; throws a BackdropError naming what is wrong. */
  setCatalog(text) {
    const bytes = encoder.encode(text);
    this.withBytes([bytes], (pointer) => this.check(this.call("bd_set_catalog", pointer, bytes.length)));
  }

  /**
   * Reads a screenshot: `{ name, width, height, colorType, bitDepth, interlaced, colorChunks,
   * warnings }` (`warnings`: what was dropped, as `backdrop crop` warns of it).
   * Throws a BackdropError worded as `backdrop crop` words it. Its pixels stay in the module
   * until `release(shot)`.
   */
  async readScreenshot(name, bytes) {
    const [handle, info] = this.open(name, bytes);
    try {
      Object.assign(info, await this.checkColorProfile(handle, info));
      await this.decode(handle, info);
    } catch (error) {
      this.call("bd_close", handle);
      throw error;
    }
    const shot = {
      name: info.name,
      width: info.width,
      height: info.height,
      colorType: info.colorType,
      bitDepth: info.bitDepth,
      interlaced: info.interlaced,
      colorChunks: info.colorChunks,
      warnings: info.warnings,
    };
    Object.defineProperty(shot, handleOf, { value: handle });
    Object.defineProperty(shot, ownerOf, { value: this });
    return shot;
  }

  /**
   * The module's handle of `shot` (from readScreenshot). A screenshot is this core's only if this
   * core read it: the make page's core and the full one each number their own.
   */
  handle(shot) {
    if (shot[ownerOf] !== this) throw new Error(`${shot.name} was read by another browser core: read it again with this one`);
    return shot[handleOf];
  }

  /** Frees a screenshot's pixels in the module; the shot cannot be cropped afterwards. */
  release(shot) {
    this.call("bd_close", this.handle(shot));
  }

  /** The catalog's layouts of a screenshot size: `{ layouts: [...], problem }`. */
  layoutsFor(width, height) {
    this.check(this.call("bd_layouts_for", width, height));
    return this.resultJSON("layoutMenu");
  }

  /**
   * Why a light and a dark screenshot (both read) cannot be used together: the command-line tool's
   * words when they differ in size, or that they are one picture however each file stores it
   * (8 or 16 bits, RGB or a palette: their samples compared at 8 bits); null when they can.
   */
  lightAndDarkProblem(light, dark) {
    this.check(this.call("bd_light_and_dark", this.handle(light), this.handle(dark)));
    return this.resultJSON("lightAndDark");
  }

  /**
   * The plan of `layout` ("DEVICE/LAYOUT") on `shot` in `style` (none, blur, light, dark or glass):
   * `{ crops: [{ slot, family, rect, file }], unavailable }`, `file` being the name `backdrop crop
   * --style` gives the crop. The styled screen is made here, once; `cropSlot` then crops any one
   * of the plan's crops, in any order. A later plan of the same shot replaces this one.
   */
  plan(shot, layout, style = "none") {
    const key = encoder.encode(layout);
    const styleName = encoder.encode(style);
    this.withBytes([key, styleName], (pointer, stylePointer) =>
      this.check(this.call("bd_plan", this.handle(shot), pointer, key.length, stylePointer, styleName.length)));
    return this.resultJSON("plan");
  }

  /**
   * Crop `index` of the shot's last plan (`planned`, its entry in `plan(...).crops`), as `crop`
   * returns each: `{ slot, family, rect, file, png }`, verified.
   */
  cropSlot(shot, planned, index) {
    const handle = this.handle(shot);
    return this.finishCrop(handle, index, planned, this.startCrop(handle, index));
  }

  /**
   * Every slot of `layout` ("DEVICE/LAYOUT") cropped out of `shot` in `style` (none, blur, light,
   * dark or glass), as `backdrop crop --style` writes it: `{ crops: [{ slot, family, rect, file,
   * png }], unavailable }`, `file` being the name the command line gives it. Each crop's file is
   * read again (its chunks, CRCs and colour profile), its zlib stream matched to its rows (header
   * and Adler-32), and it is decoded from those rows and compared with the styled screenshot's
   * region before it is returned (a mismatch throws a BackdropError).
   */
  async crop(shot, layout, style = "none") {
    const plan = this.plan(shot, layout, style);
    return { crops: await this.cropPlanned(this.handle(shot), plan.crops), unavailable: plan.unavailable };
  }

  /**
   * The slots measured on the user's own pair of screenshots, `empty` and `placed` (from
   * readScreenshot), as `backdrop crop EMPTY --measured-from PLACED` measures them, and `empty`
   * cropped at every seen and implied slot, each crop verified: `{ slots, undetermined, crops,
   * layoutBlock, recordCommand, problem }` (`problem`: the command line's message when nothing
   * could be measured; then there are no crops).
   */
  async measureAndCrop(empty, placed) {
    this.check(this.call("bd_measure", this.handle(empty), this.handle(placed)));
    const measured = this.resultJSON("measure");
    if (measured.problem) return Object.assign(measured, { crops: [] });
    measured.crops = await this.cropPlanned(this.handle(empty), measured.slots);
    return measured;
  }

  /**
   * "Check my widgets": how far each transparent widget on `home` is from the slot of `layout`
   * ("DEVICE/LAYOUT") its background was cropped from, in style `style` (as `--style`), on `empty`
   * (both from readScreenshot), as `backdrop crop EMPTY --widgets-from HOME` finds it, and `empty`
   * cropped again at every slot placed, corrected, each crop verified: `{ widgets, slots, layoutBlock, recordCommand, crops, problem }` (`problem`:
   * the command line's message when nothing could be checked; then there are no crops).
   */
  async checkWidgetsAndCrop(empty, home, layout, style = "none") {
    const key = encoder.encode(layout);
    const styleName = encoder.encode(style);
    this.withBytes([key, styleName], (pointer, stylePointer) =>
      this.check(this.call("bd_check_widgets", this.handle(empty), this.handle(home), pointer, key.length, stylePointer, styleName.length)));
    const checked = this.resultJSON("checkWidgets");
    if (checked.problem) return Object.assign(checked, { crops: [] });
    checked.crops = await this.cropPlanned(this.handle(empty), checked.slots.filter((slot) => slot.placed));
    return checked;
  }

  /**
   * The slots read off the app icons on `home` against `empty` (both from readScreenshot: a page
   * of app icons and an empty page over the same wallpaper), as `backdrop crop EMPTY --icons-from
   * HOME` reads them: its `icon-grid.json` (`{ slots, unknownSlots, unknownAxes, grid, notes,
   * problem, … }`). `layout` is the catalog's layout of the screen ("DEVICE/LAYOUT"), or "" for a
   * phone the catalog lacks; the icons' size says which icon setting the page shows; `phones` is
   * how many screens the rule was checked on. The slots become the layout "icons", which `plan`
   * and `crop` take.
   */
  readIcons(empty, home, layout, phones) {
    const key = encoder.encode(layout || "");
    this.withBytes([key], (pointer) => this.check(this.call("bd_read_icons", this.handle(empty), this.handle(home), pointer, key.length, phones)));
    return this.resultJSON("readIcons");
  }

  /** The planned crops `[{ slot, family, rect }]` of image `handle`, as PNG files, each verified. */
  async cropPlanned(handle, planned) {
    // Each crop's rows go to a worker as soon as they are filtered, while the next are.
    const started = planned.map((_, index) => this.startCrop(handle, index));
    // A failed crop ends the call; the deflating of those after it is then not waited for.
    for (const { compressed } of started) compressed.catch(() => {});
    const crops = [];
    for (const [index, crop] of planned.entries()) crops.push(await this.finishCrop(handle, index, crop, started[index]));
    return crops;
  }

  /** Filters the rows of planned crop `index` of image `handle` and hands them to a worker to deflate: `{ rows, compressed }`. */
  startCrop(handle, index) {
    const cores = typeof navigator === "undefined" ? 2 : navigator.hardwareConcurrency || 2;
    this.deflater ??= new Deflater(Math.min(4, Math.max(2, cores)));
    this.check(this.call("bd_crop_rows", handle, index));
    const rows = this.resultBytes();
    return { rows, compressed: this.deflater.deflate(rows) };
  }

  /** The PNG file of planned crop `index` (`crop`: its plan entry), from its started rows, read again and verified. */
  async finishCrop(handle, index, crop, { rows, compressed }) {
    const deflated = await compressed;
    const png = this.withBytes([deflated], (pointer) => {
      this.check(this.call("bd_assemble", handle, index, pointer, deflated.length));
      return this.resultBytes();
    });
    const [written, info] = this.open(`${crop.slot}.png`, png);
    try {
      await this.checkColorProfile(written, info);
      this.withBytes([rows], (pointer) => this.check(this.call("bd_verify", handle, index, written, pointer, rows.length)));
    } finally {
      this.call("bd_close", written);
    }
    return { slot: crop.slot, family: crop.family, rect: crop.rect, file: crop.file ?? `${crop.slot}.png`, png };
  }

  /** A .zip of stored entries `[{ name, bytes }]` (CRC-32 in Swift), dated `date` (now by default, local time). */
  zip(entries, date = new Date()) {
    for (const { name, bytes } of entries) {
      const nameBytes = encoder.encode(name);
      try {
        this.withBytes([nameBytes, bytes], (namePointer, pointer) =>
          this.call("bd_zip_add", namePointer, nameBytes.length, pointer, bytes.length),
        );
      } catch (error) {
        this.call("bd_zip_discard");
        throw error;
      }
    }
    this.check(this.call("bd_zip_finish", date.getFullYear(), date.getMonth() + 1, date.getDate(),
      date.getHours(), date.getMinutes(), date.getSeconds()));
    return this.resultBytes();
  }

  /**
   * What `backdrop calibrate` measures on `shot` (from readScreenshot), against `empty` (the same
   * page without widgets, or null): `{ json, layoutBlock, problem }`, `json` being the object
   * `backdrop calibrate --json` prints, `layoutBlock` the layout block's lines `backdrop calibrate`
   * prints, and `problem` null or, when nothing could be measured, the command line's message.
   */
  async calibrate(shot, empty) {
    this.check(this.call("bd_calibrate", this.handle(shot), empty ? this.handle(empty) : 0));
    return this.resultJSON("calibrate");
  }

  /** Bytes the module's heap has taken so far (it grows only when no freed block fits). */
  heapSize() {
    return this.call("heap_size");
  }

  /** Bytes of the module's heap in use: what every exit path must give back. */
  allocatedBytes() {
    return this.call("allocated_bytes");
  }
}

function base64Bytes(text) {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** What a browser that cannot run the core is told. */
const ON_A_COMPUTER = "make the backgrounds on a computer with the backdrop command-line tool.";
const BROWSER_TOO_OLD =
  "This browser cannot run Backdrop's tools: they need a newer one (Safari on iOS 16.4, Chrome 91, Firefox 113 or later). " +
  `Update iOS or the browser, or ${ON_A_COMPUTER}`;
const NO_WEBASSEMBLY =
  "This browser runs no WebAssembly, which Backdrop's tools need: it may be turned off (on an iPhone, Lockdown Mode does that: " +
  `Settings › Privacy & Security › Lockdown Mode › Configure Web Browsing can exclude this site). Or ${ON_A_COMPUTER}`;
/** The smallest module with a SIMD instruction (a function returning i8x16.splat of 0): whether the browser has SIMD. */
const SIMD_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 8, 1, 6, 0, 65, 0, 253, 15, 11]);

globalThis.BackdropCore = {
  BackdropError,
  /**
   * Instantiates the embedded module; resolves to the core. `checkAnswer(name, value)`, when
   * given, checks every answer against its shape (see Core's constructor).
   */
  async load({ checkAnswer } = {}) {
    // A browser that cannot run the core is told so in words rather than by a compile error:
    // one without WebAssembly (turned off, as Lockdown Mode does), without zlib's streams (which
    // read and write PNGs), or whose WebAssembly has no SIMD, which the module runs.
    if (typeof WebAssembly !== "object") throw new BackdropError({ reason: "no WebAssembly", message: NO_WEBASSEMBLY });
    if (typeof DecompressionStream !== "function" || typeof CompressionStream !== "function") {
      throw new BackdropError({ reason: "this browser is too old", message: BROWSER_TOO_OLD });
    }
    let instance;
    try {
      ({ instance } = await WebAssembly.instantiate(base64Bytes(wasmBase64), {}));
    } catch (error) {
      if (error instanceof WebAssembly.CompileError && !WebAssembly.validate(SIMD_PROBE)) {
        throw new BackdropError({ reason: "this browser is too old", message: BROWSER_TOO_OLD });
      }
      throw error;
    }
    return new Core(instance, checkAnswer);
  },
};
