// The node test of the real browser core (.build/wasm/backdrop-core.js), run by
// scripts/wasm-core-check.sh: for every fixture of make-fixtures.py it reads the screenshot,
// crops every slot and compares each crop with the one `backdrop crop` wrote (libpng): the same
// chunks in the same order, byte for byte but for the image data and the profile's compression,
// the same profile inflated, and the same pixels, both files decoded by this script's own small
// decoder (node's zlib and the PNG filters). Bad files must get the command-line tool's words.
// Memory must not grow over 8 crops of a 1206x2622 16-bit screenshot, nor stay taken after one.
// The make page's core (backdrop-make.js beside it, linked without measuring) must write the same
// files, byte for byte, and say in words that it does not measure.
// Usage: core-check.mjs CORE_JS GEOMETRY_JSON WORK_FOLDER LAYOUT
import { readFileSync, readdirSync } from "node:fs";
import { deflateSync, inflateSync } from "node:zlib";
import vm from "node:vm";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { answerChecker } from "./answer-check.mjs";

const [coreFile, geometryFile, work, layout] = process.argv.slice(2);
vm.runInThisContext(readFileSync(coreFile, "utf8"));
// Every answer the glue reads is checked against the schema written from BrowserCoreFormat.
const schemaFile = fileURLToPath(new URL("../../../docs/api/browser-core.schema.json", import.meta.url));
const checkShape = answerChecker(schemaFile);
const answersChecked = new Map();
const core = await globalThis.BackdropCore.load({
  checkAnswer: (name, value) => {
    answersChecked.set(name, (answersChecked.get(name) ?? 0) + 1);
    return checkShape(name, value);
  },
});
core.setCatalog(readFileSync(geometryFile, "utf8"));
const failures = [];

/** The chunks of a PNG file: [{ name, data }]. */
function chunks(bytes) {
  const list = [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let offset = 8; offset + 12 <= bytes.length; ) {
    const length = view.getUint32(offset);
    list.push({ name: String.fromCharCode(...bytes.subarray(offset + 4, offset + 8)), data: bytes.subarray(offset + 8, offset + 8 + length) });
    offset += 12 + length;
  }
  return list;
}

/** The unfiltered rows of a non-interlaced PNG, concatenated (packed as in the file). */
function rows(bytes) {
  const list = chunks(bytes);
  const ihdr = new DataView(list[0].data.buffer, list[0].data.byteOffset, 13);
  const [width, height, depth, type] = [ihdr.getUint32(0), ihdr.getUint32(4), ihdr.getUint8(8), ihdr.getUint8(9)];
  if (ihdr.getUint8(12) !== 0) throw new Error("an interlaced crop");
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[type];
  const length = Math.ceil((width * channels * depth) / 8);
  const step = Math.max(1, (channels * depth) >> 3);
  const data = inflateSync(Buffer.concat(list.filter((c) => c.name === "IDAT").map((c) => c.data)));
  if (data.length !== height * (length + 1)) throw new Error(`image data of ${data.length} bytes`);
  const out = new Uint8Array(height * length);
  for (let y = 0; y < height; y++) {
    const filter = data[y * (length + 1)];
    for (let i = 0; i < length; i++) {
      const raw = data[y * (length + 1) + 1 + i];
      const a = i >= step ? out[y * length + i - step] : 0;
      const b = y > 0 ? out[(y - 1) * length + i] : 0;
      const c = i >= step && y > 0 ? out[(y - 1) * length + i - step] : 0;
      let predicted = 0;
      if (filter === 1) predicted = a;
      else if (filter === 2) predicted = b;
      else if (filter === 3) predicted = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
        predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      out[y * length + i] = (raw + predicted) & 0xff;
    }
  }
  return out;
}

const equal = (a, b) => a.length === b.length && a.every((value, index) => value === b[index]);

function compareCrop(name, ours, theirs) {
  const [a, b] = [chunks(ours).filter((c) => c.name !== "IDAT"), chunks(theirs).filter((c) => c.name !== "IDAT")];
  const names = [a.map((c) => c.name).join(" "), b.map((c) => c.name).join(" ")];
  if (names[0] !== names[1]) return failures.push(`${name}: chunks ${names[0]}, backdrop crop wrote ${names[1]}`);
  for (const [index, chunk] of a.entries()) {
    const other = b[index].data;
    const same =
      chunk.name === "iCCP"
        ? equal(inflateSync(chunk.data.subarray(chunk.data.indexOf(0) + 2)), inflateSync(other.subarray(other.indexOf(0) + 2))) &&
          equal(chunk.data.subarray(0, chunk.data.indexOf(0)), other.subarray(0, other.indexOf(0)))
        : equal(chunk.data, other);
    if (!same) failures.push(`${name}: the ${chunk.name} chunk differs from backdrop crop's`);
  }
  if (!equal(rows(ours), rows(theirs))) failures.push(`${name}: the pixels differ from backdrop crop's`);
}

const manifest = JSON.parse(readFileSync(`${work}/fixtures/manifest.json`, "utf8"));
let count = 0;
let styledCount = 0;
// The full core's files, by fixture, then by style ("none" for the plain crop, which `--style all`
// writes too): the make page's core is compared with them below, without cropping everything with
// the full core again.
const fullFiles = new Map();
for (const [fixture, expected] of Object.entries(manifest)) {
  const shot = await core.readScreenshot(`${fixture}.png`, readFileSync(`${work}/fixtures/${fixture}.png`));
  for (const [key, value] of Object.entries(expected)) {
    if (JSON.stringify(shot[key]) !== JSON.stringify(value)) failures.push(`${fixture}: ${key} ${JSON.stringify(shot[key])}, expected ${JSON.stringify(value)}`);
  }
  const { crops } = await core.crop(shot, layout);
  const byStyle = new Map([["none", crops.map((crop) => crop.png)]]);
  fullFiles.set(fixture, byStyle);
  const native = readdirSync(`${work}/native/${fixture}`).sort();
  if (crops.map((c) => `${c.slot}.png`).sort().join() !== native.join()) failures.push(`${fixture}: slots differ from backdrop crop's`);
  for (const crop of crops) {
    compareCrop(`${fixture} ${crop.slot}`, crop.png, new Uint8Array(readFileSync(`${work}/native/${fixture}/${crop.slot}.png`)));
    count++;
  }
  // One slot at a time, the last first and all at once, as the make page crops a tapped slot
  // before the rest: byte for byte the files of crop().
  const plan = core.plan(shot, layout);
  const order = [...plan.crops.keys()].reverse();
  const singles = await Promise.all(order.map((index) => core.cropSlot(shot, plan.crops[index], index)));
  for (const [position, index] of order.entries()) {
    if (!equal(singles[position].png, crops[index].png)) failures.push(`${fixture} ${crops[index].slot}: cropSlot's file differs from crop's`);
  }
  // Every style: the wasm core's arithmetic (32-bit Int) against the command line's (64-bit).
  for (const style of readdirSync(`${work}/styles/${fixture}`).sort()) {
    const styled = await core.crop(shot, layout, style);
    byStyle.set(style, styled.crops.map((crop) => crop.png));
    const files = readdirSync(`${work}/styles/${fixture}/${style}`).sort();
    if (styled.crops.map((c) => c.file).sort().join() !== files.join()) failures.push(`${fixture} ${style}: files differ from backdrop crop --style's`);
    for (const crop of styled.crops) {
      compareCrop(`${fixture} ${style} ${crop.slot}`, crop.png, new Uint8Array(readFileSync(`${work}/styles/${fixture}/${style}/${crop.file}`)));
      styledCount++;
    }
  }
  core.release(shot);
}
console.log(`ok: ${count} crops of ${Object.keys(manifest).length} fixtures are backdrop crop's, and ${styledCount} in every style are backdrop crop --style's`);

// The make page's core: the same files as the full core's, in every style; no measuring, said so.
const fullCore = globalThis.BackdropCore;
vm.runInThisContext(readFileSync(join(dirname(coreFile), "backdrop-make.js"), "utf8"));
const makeCore = await globalThis.BackdropCore.load({ checkAnswer: checkShape });
globalThis.BackdropCore = fullCore;
makeCore.setCatalog(readFileSync(geometryFile, "utf8"));
if (!core.measures || makeCore.measures) failures.push(`measures: the full core ${core.measures}, the make page's ${makeCore.measures}`);
let sameCount = 0;
for (const fixture of Object.keys(manifest)) {
  const made = await makeCore.readScreenshot(`${fixture}.png`, readFileSync(`${work}/fixtures/${fixture}.png`));
  for (const [style, theirs] of fullFiles.get(fixture)) {
    const ours = (await makeCore.crop(made, layout, style)).crops;
    if (ours.length !== theirs.length) failures.push(`${fixture} ${style}: the make page's core made ${ours.length} crops, the full one ${theirs.length}`);
    for (const [index, crop] of ours.entries()) {
      if (!equal(crop.png, theirs[index])) failures.push(`${fixture} ${style} ${crop.slot}: the make page's core wrote another file`);
      sameCount++;
    }
  }
  makeCore.release(made);
}
// (What the core keeps once it has cropped, its plans' caches, is the baseline.)
const makeBaseline = makeCore.allocatedBytes();
const sample = await makeCore.readScreenshot("sample.png", readFileSync(`${work}/fixtures/${Object.keys(manifest)[0]}.png`));
for (const [name, call] of [["calibrate", () => makeCore.calibrate(sample, null)], ["checkWidgetsAndCrop", () => makeCore.checkWidgetsAndCrop(sample, sample, layout)]]) {
  try {
    await call();
    failures.push(`the make page's core ran ${name}`);
  } catch (error) {
    if (!/has no bd_[a-z_]+: measuring needs backdrop-core\.js/.test(error.message)) failures.push(`the make page's core's ${name}: "${error.message}"`);
  }
}
// A screenshot is cropped and released only by the core that read it: the other says so.
for (const [name, call] of [["crop", () => core.crop(sample, layout)], ["release", () => core.release(sample)]]) {
  try {
    await call();
    failures.push(`the full core's ${name} took the make page's core's screenshot`);
  } catch (error) {
    if (!error.message.includes("was read by another browser core")) failures.push(`the full core's ${name} of another core's screenshot: "${error.message}"`);
  }
}
makeCore.release(sample);
if (makeCore.allocatedBytes() !== makeBaseline) failures.push(`the make page's core holds ${makeCore.allocatedBytes() - makeBaseline} more bytes after a refused measuring call`);
console.log(`ok: the make page's core wrote the full core's ${sameCount} files byte for byte, and says it does not measure`);

// Bad files: the command-line tool's words, with this name.
const bad = JSON.parse(readFileSync(`${work}/bad-expected.json`, "utf8"));
for (const [file, message] of Object.entries(bad)) {
  const allocated = core.allocatedBytes();
  try {
    await core.readScreenshot(file, readFileSync(`${work}/bad/${file}`));
    failures.push(`${file}: read without an error`);
  } catch (error) {
    // A damaged zlib stream: the same words up to zlib's own detail (see wasm-core-check.sh).
    const zlibDetail = `${file}: corrupt PNG data: `;
    const same = message.startsWith(zlibDetail) && file.startsWith("zlib-") ? error.message.startsWith(zlibDetail) : error.message === message;
    if (!(error instanceof globalThis.BackdropCore.BackdropError) || !same) {
      failures.push(`${file}: "${error.message}", backdrop crop says "${message}"`);
    }
  }
  // Every way out of a failed read gives back what it took.
  if (core.allocatedBytes() !== allocated) failures.push(`${file}: ${core.allocatedBytes() - allocated} bytes still allocated after the error`);
}
console.log(`ok: ${Object.keys(bad).length} bad files get backdrop crop's messages`);

// A light and a dark screenshot: of two sizes, one picture at 8 and at 16 bits, and two pictures.
/** A grey PNG of `levels` (width × height) at 8 or 16 bits (a 16-bit sample is the 8-bit one × 257). */
function greyPNG(levels, width, height, depth) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes) => (bytes.reduce((c, byte) => crcTable[(c ^ byte) & 0xff] ^ (c >>> 8), 0xffffffff) ^ 0xffffffff) >>> 0;
  const chunk = (name, data) => {
    const body = Buffer.concat([Buffer.from(name, "latin1"), data]);
    const frame = Buffer.alloc(12 + data.length);
    frame.writeUInt32BE(data.length, 0);
    body.copy(frame, 4);
    frame.writeUInt32BE(crc(body), 8 + data.length);
    return frame;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = depth;
  const bytesPerSample = depth / 8;
  const rows = Buffer.alloc(height * (1 + width * bytesPerSample));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = y * (1 + width * bytesPerSample) + 1 + x * bytesPerSample;
      if (depth === 16) rows.writeUInt16BE(levels[y * width + x] * 257, at);
      else rows[at] = levels[y * width + x];
    }
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk("IHDR", header), chunk("IDAT", deflateSync(rows)), chunk("IEND", Buffer.alloc(0))]);
}
const greyLevels = Array.from({ length: 40 * 30 }, (_, index) => (index * 97 + (index >> 3)) % 256);
const greyApart = greyLevels.map((level, index) => (index === 600 ? (level + 1) % 256 : level));
const pairFiles = {
  eight: greyPNG(greyLevels, 40, 30, 8),
  sixteen: greyPNG(greyLevels, 40, 30, 16),
  apart: greyPNG(greyApart, 40, 30, 16),
  turned: greyPNG(greyLevels, 30, 40, 8),
};
const pairShots = {};
for (const [name, bytes] of Object.entries(pairFiles)) pairShots[name] = await core.readScreenshot(`${name}.png`, bytes);
const pairAnswers = [
  ["eight", "turned", "the light screenshot is 40x30 but the dark one is 30x40"],
  ["eight", "sixteen", "the light and dark screenshots are the same picture (every pixel the same at 8 bits, however each file stores it)"],
  ["sixteen", "eight", "the light and dark screenshots are the same picture (every pixel the same at 8 bits, however each file stores it)"],
  ["eight", "apart", null],
];
for (const [light, dark, expected] of pairAnswers) {
  const answer = core.lightAndDarkProblem(pairShots[light], pairShots[dark]);
  if (answer !== expected) failures.push(`light ${light} and dark ${dark}: ${JSON.stringify(answer)}, not ${JSON.stringify(expected)}`);
}
for (const shot of Object.values(pairShots)) core.release(shot);
console.log(`ok: light and dark pairs (two sizes, one picture at 8 and 16 bits, a level apart)`);

// The answers of measuring, calibrating, checking widgets and the layout menu, on a painted
// pair (the empty page, and the same page with solid widgets placed), each checked against its shape.
const painted = fileURLToPath(new URL("../../../Tests/CalibrationTests/Painted/", import.meta.url));
const emptyPage = await core.readScreenshot("empty.png", readFileSync(`${painted}glass-16pro-ios26-empty.png`));
const placedPage = await core.readScreenshot("placed.png", readFileSync(`${painted}glass-16pro-ios26.png`));
const measured = await core.measureAndCrop(emptyPage, placedPage);
if (measured.problem || measured.crops.length === 0) failures.push(`measuring the painted pair: ${measured.problem ?? "no crops"}`);
await core.calibrate(placedPage, emptyPage);
await core.checkWidgetsAndCrop(emptyPage, placedPage, "iphone-16-pro/ios26");
core.layoutsFor(1206, 2622);
core.release(emptyPage);
core.release(placedPage);

// The slots read off a page of app icons: the independent icon painter's large-icon pair (its
// slots in icons-large-1179.json), every slot within 1 px of the painter's.
const fixtures = fileURLToPath(new URL("../../../Tests/BackdropCLITests/Fixtures/", import.meta.url));
const iconsEmpty = await core.readScreenshot("empty.png", readFileSync(`${fixtures}icons-large-1179-empty.png`));
const iconsHome = await core.readScreenshot("icons.png", readFileSync(`${fixtures}icons-large-1179-home.png`));
const read = core.readIcons(iconsEmpty, iconsHome, "iphone-14-pro/ios26", 4);
const painted1179 = JSON.parse(readFileSync(`${fixtures}icons-large-1179.json`, "utf8")).slots;
if (read.problem) {
  failures.push(`reading the painted icons: ${read.problem}`);
} else {
  for (const [slot, [x, y, width, height]] of Object.entries(painted1179)) {
    const got = read.slots.find((s) => s.id === slot);
    const off = got ? Math.max(Math.abs(got.pixels.x - x), Math.abs(got.pixels.y - y), Math.abs(got.pixels.width - width), Math.abs(got.pixels.height - height)) : Infinity;
    if (off > 1) failures.push(`icons ${slot}: ${JSON.stringify(got && got.pixels)}, the painter's ${[x, y, width, height]}`);
  }
}
core.release(iconsEmpty);
core.release(iconsHome);
const schema = JSON.parse(readFileSync(schemaFile, "utf8"));
const unchecked = Object.keys(schema.$defs).filter((name) => name !== "rect" && !answersChecked.has(name));
if (unchecked.length > 0) failures.push(`no answer of these shapes was checked: ${unchecked.join(", ")}`);
console.log(
  `ok: every answer fits docs/api/browser-core.schema.json (${[...answersChecked].map(([name, count]) => `${name} ×${count}`).join(", ")})`,
);

// Memory: each read and crop gives back all it took (the bytes still allocated are the same after
// every round but the first, which keeps the catalog's), and the heap stops growing once the
// blocks of one screenshot's crops are there to reuse (the same size after the 3rd round and the last).
const large = readFileSync(`${work}/large/rgba-16.png`);
const rounds = 8;
const sizes = [];
const allocated = [];
const started = performance.now();
for (let round = 0; round < rounds; round++) {
  const shot = await core.readScreenshot("large.png", large);
  await core.crop(shot, "iphone-16-pro/ios18");
  core.release(shot);
  sizes.push(core.heapSize());
  allocated.push(core.allocatedBytes());
}
const seconds = (performance.now() - started) / (rounds * 1000);
if (new Set(allocated.slice(1)).size !== 1) failures.push(`bytes still allocated after each read and crop: ${allocated.join(", ")}`);
if (sizes[rounds - 1] !== sizes[2]) failures.push(`the heap grew from ${sizes[2]} to ${sizes[rounds - 1]} bytes over ${rounds} crops`);
console.log(
  `ok: ${rounds} reads and crops of a 1206x2622 16-bit RGBA screenshot, ${seconds.toFixed(2)} s each, ${allocated[1]} bytes allocated after each but the first, heap ${sizes[2]} bytes after the 3rd and the last`,
);

// Past 2 GiB: pointers are unsigned numbers, so a file still reads, crops and gives its memory
// back once the heap has passed 2 GiB (the glue read them as signed, negative, offsets).
const small = readFileSync(`${work}/fixtures/rgb-8-p3.png`);
const filler = [core.call("malloc", 2 ** 31 - core.heapSize() + (64 << 20))];
if (core.heapSize() <= 2 ** 31) failures.push(`the filler left the heap at ${core.heapSize()} bytes, not past 2 GiB`);
const beforeHigh = core.allocatedBytes();
try {
  const shot = await core.readScreenshot("high.png", small);
  const { crops } = await core.crop(shot, layout);
  core.release(shot);
  if (crops.length === 0) failures.push("past 2 GiB: no crops");
  if (core.allocatedBytes() !== beforeHigh) failures.push(`past 2 GiB: ${core.allocatedBytes() - beforeHigh} bytes still allocated`);
  console.log(`ok: a screenshot read and cropped with the heap at ${core.heapSize()} bytes`);
} catch (error) {
  failures.push(`past 2 GiB: ${error.message}`);
}

// Out of memory: once the module's memory cannot grow, a read says so in words (never "Start
// offset ... is outside the bounds of the buffer"), and so does every later call.
for (let size = 2 ** 30; size >= 16; size /= 2) {
  for (;;) {
    const pointer = core.call("malloc", size);
    if (pointer === 0) break;
    filler.push(pointer);
  }
}
// Give back a block large enough for the glue's copy of the file and a small one for the name's:
// the glue's copies then fit, and Swift's own copies find no room (a trap in the module).
// A block's bytes, from its header (scripts/lib/wasm/runtime.c): its size class, or, for a large
// one (class 0xff), the bytes it says. The smallest block that holds the copy is given back.
const blockBytes = (pointer) => {
  const [sizeClass, , , largeSize] = new Uint32Array(core.exports.memory.buffer, pointer - 16, 4);
  return sizeClass === 0xff ? largeSize : 2 ** sizeClass;
};
core.call("free", filler.filter((pointer) => blockBytes(pointer) >= small.length + 32).pop());
core.call("free", filler.pop());
for (const attempt of ["read", "then"]) {
  try {
    if (attempt === "read") await core.readScreenshot("full.png", small);
    else core.layoutsFor(1206, 2622);
    failures.push(`out of memory: the ${attempt} call succeeded`);
  } catch (error) {
    if (!(error instanceof globalThis.BackdropCore.BackdropError) || !error.message.startsWith("Out of memory:") || !error.message.includes("reload the page")) {
      failures.push(`out of memory (${attempt}): "${error.message}"`);
    }
  }
}
console.log("ok: out of memory is said as such, now and on every later call");

if (failures.length > 0) {
  console.error(failures.join("\n"));
  process.exit(1);
}
