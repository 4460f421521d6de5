// Runs the module scripts/wasm-check.sh built: instantiates it with no imports, asks it for the
// report of CalibrateSample.swift and compares it with the expected one (what the same Swift code
// prints when built natively). Exits non-zero on any difference.
import { readFileSync } from "node:fs";

const expected = [
  "geometry: top is 20.1 pt = 60.3 px at @3x, not a whole pixel",
  "measured 2 widgets on a 300x600 screenshot, edges 1 px wide",
  "small-top-left 108x108+24+60 = 36 pt wide",
  "small-top-right 108x108+168+60 = 36 pt wide",
  "sample ios18: 2 slots, within 0 px: matches",
  "columns from 2 widgets (left 1, right 1), rows from 2 (top 2); not measured (no widget found starts there): the middle and bottom rows",
  "a page without widgets: no widgets found: place solid, single-colour widgets (six small ones measure the whole grid) and take the screenshot again",
].join("\n");

const file = process.argv[2];
const module = new WebAssembly.Module(readFileSync(file));
const imports = WebAssembly.Module.imports(module);
if (imports.length > 0) {
  console.error(`FAILED: ${file} imports what nothing provides: ${imports.map((i) => `${i.module}.${i.name}`).join(", ")}`);
  process.exit(1);
}
const { exports } = new WebAssembly.Instance(module, {});
const capacity = 4096;
const buffer = exports.malloc(capacity);
const length = exports.calibrate_sample(buffer, capacity);
if (length < 0) {
  console.error(`FAILED: the report does not fit in ${capacity} bytes`);
  process.exit(1);
}
const report = new TextDecoder().decode(new Uint8Array(exports.memory.buffer, buffer, length));
console.log(`the module's report:\n${report.replace(/^/gm, "  ")}`);
if (report !== expected) {
  console.error(`FAILED: the report differs from the expected one:\n${expected.replace(/^/gm, "  ")}`);
  process.exit(1);
}
