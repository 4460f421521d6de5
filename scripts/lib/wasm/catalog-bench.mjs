// Times the browser core reading geometry.json (setCatalog: JSON read, checked against the format,
// layouts taken out), as the make and measure pages do once per visit. Run by
// scripts/benchmark-browser.sh; give it an older core to compare.
// Usage: catalog-bench.mjs CORE_JS GEOMETRY_JSON [RUNS]
import { readFileSync } from "node:fs";
import vm from "node:vm";

const [coreFile, geometryFile, runs = "21"] = process.argv.slice(2);
vm.runInThisContext(readFileSync(coreFile, "utf8"));
const core = await globalThis.BackdropCore.load();
const text = readFileSync(geometryFile, "utf8");
const times = [];
for (let run = 0; run < Number(runs); run++) {
  const start = performance.now();
  core.setCatalog(text);
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
const ms = (value) => value.toFixed(1);
console.log(`setCatalog of ${text.length} bytes, ${runs} runs in node ${process.version}: median ${ms(times[times.length >> 1])} ms (min ${ms(times[0])}, max ${ms(times[times.length - 1])})`);
