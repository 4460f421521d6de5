"""How fast the make page crops in headless Chromium, beside the page a user would otherwise pick.

Backdrop's make page: the time from the file being chosen (the input's change event) to every crop
link and the zip being ready. The peer, in the same Chromium and on the same file, is a plain canvas
page: the browser decodes the PNG (createImageBitmap), each slot is drawn into a canvas
(drawImage) and written with toBlob("image/png"), and the blobs go into a stored zip. The canvas
page loses the 16-bit depth and the colour profile; Backdrop keeps them. The two run in turn, A B A
B ..., and the ratio is taken pair by pair, so that a machine whose speed drifts still compares
them fairly. Screenshots: 1206x2622 in 8-bit RGB and in 16-bit RGB with a Display P3 profile,
cropped at the slots of the layout the make page chooses for them.

--profile also records a CPU profile of one make-page run (Chromium's own sampling profiler, over
the DevTools protocol), with the core built with its functions' names when BACKDROP_NAMED_CORE
names it, and prints where the time went, by function. Run by
scripts/benchmark-browser.sh, which also prints the size of the WebAssembly module.
"""
import argparse
import base64
import collections
import contextlib
import json
import os
import re
import shutil
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "Tests", "BrowserTests"))

import fixtures  # noqa: E402
import harness  # noqa: E402

# The canvas page: decode with the browser, crop with drawImage, encode with toBlob, zip stored.
CANVAS_PAGE = """<!doctype html><meta charset="utf-8"><title>canvas crops</title>
<input type="file" id="file"><p id="state">empty</p>
<script>
const slots = SLOTS;
const table = new Uint32Array(256).map((_, n) => { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; return c; });
function crc32(bytes) { let c = ~0; for (let i = 0; i < bytes.length; i++) c = table[(c ^ bytes[i]) & 255] ^ (c >>> 8); return ~c >>> 0; }
function zip(files) {
  const parts = [], central = []; let offset = 0;
  for (const [name, data] of files) {
    const nameBytes = new TextEncoder().encode(name), crc = crc32(data);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true); local.setUint16(4, 20, true); local.setUint32(14, crc, true);
    local.setUint32(18, data.length, true); local.setUint32(22, data.length, true); local.setUint16(26, nameBytes.length, true);
    const entry = new DataView(new ArrayBuffer(46));
    entry.setUint32(0, 0x02014b50, true); entry.setUint16(4, 20, true); entry.setUint16(6, 20, true); entry.setUint32(16, crc, true);
    entry.setUint32(20, data.length, true); entry.setUint32(24, data.length, true); entry.setUint16(28, nameBytes.length, true);
    entry.setUint32(42, offset, true);
    parts.push(local, nameBytes, data); central.push(entry, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const size = central.reduce((sum, part) => sum + part.byteLength, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true); end.setUint16(8, files.length, true); end.setUint16(10, files.length, true);
  end.setUint32(12, size, true); end.setUint32(16, offset, true);
  return new Blob([...parts, ...central, end], { type: "application/zip" });
}
document.getElementById("file").addEventListener("change", async (event) => {
  window.chosenAt = performance.now();
  const bitmap = await createImageBitmap(event.target.files[0], { colorSpaceConversion: "none", premultiplyAlpha: "none" });
  const blobs = await Promise.all(slots.map(([name, x, y, w, h]) => {
    const canvas = document.createElement("canvas");
    canvas.width = w; canvas.height = h;
    canvas.getContext("2d").drawImage(bitmap, x, y, w, h, 0, 0, w, h);
    return new Promise((resolve) => canvas.toBlob(resolve, "image/png"))
      .then(async (blob) => [name + ".png", new Uint8Array(await blob.arrayBuffer())]);
  }));
  window.zipped = zip(blobs);
  window.readyAt = performance.now();
  window.crops = blobs.length;
  document.getElementById("state").textContent = "ready";
});
</script>"""


def module_size(core_path):
    """The wasm module's bytes: the base64 text in the core's script that decodes to `\\0asm`."""
    with open(core_path, encoding="utf-8") as file:
        text = file.read()
    for candidate in sorted(re.findall(r"[A-Za-z0-9+/=]{1000,}", text), key=len, reverse=True):
        data = base64.b64decode(candidate + "=" * (-len(candidate) % 4))
        if data[:4] == b"\0asm":
            return len(data)
    raise SystemExit(f"{core_path}: no base64 wasm module found")


def time_backdrop(path, profile=False):
    """Milliseconds from the file chosen to every crop link and the zip ready; the crop count; and
    the CPU profile when asked."""
    page = harness.open_page("make")
    page.evaluate("""() => {
        const page = document.getElementById('make');
        document.querySelector('input[name=light]').addEventListener('change', () => { window.chosenAt = performance.now(); }, true);
        new MutationObserver(() => {
            if (page.dataset.state === 'ready' && window.readyAt === undefined) window.readyAt = performance.now();
        }).observe(page, { attributes: true });
    }""")
    session = None
    if profile:
        session = page.context.new_cdp_session(page)
        session.send("Profiler.enable")
        session.send("Profiler.setSamplingInterval", {"interval": 100})
        session.send("Profiler.start")
    state = harness.pick(page, {"light": path})
    assert state == "ready", harness.problems(page)
    recorded = session.send("Profiler.stop")["profile"] if session else None
    links = page.eval_on_selector_all("[data-crops] a[download]", "n => n.length")
    assert page.eval_on_selector_all("[data-zip-link]", "n => n.length") == 1
    milliseconds = page.evaluate("window.readyAt - window.chosenAt")
    page.close()
    return milliseconds, links, recorded


def time_canvas(page_path, path):
    page = harness.browser().new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"file://{page_path}")
    page.set_input_files("#file", path)
    page.wait_for_function("document.getElementById('state').textContent === 'ready'", timeout=harness.TIMEOUT_MS)
    milliseconds, crops = page.evaluate("[window.readyAt - window.chosenAt, window.crops]")
    page.close()
    return milliseconds, crops


def chosen_slots(path):
    """The slots of the layout the make page chooses for the file, as the command line gives them."""
    page = harness.open_page("make")
    assert harness.pick(page, {"light": path}) == "ready", harness.problems(page)
    device, layout = page.eval_on_selector("select[name=layout]", "s => s.value").split("/")
    page.close()
    geometry = json.loads(subprocess.check_output([harness.BACKDROP, "slots", device, "--layout", layout, "--json"], cwd=harness.ROOT))[0]
    return device, layout, [[s["id"]] + [s["pixels"][k] for k in ("x", "y", "width", "height")] for s in geometry["slots"]]


@contextlib.contextmanager
def named_core():
    """The site's core swapped for the one with function names (BACKDROP_NAMED_CORE), if given."""
    named = os.environ.get("BACKDROP_NAMED_CORE")
    target = os.path.join(harness.SITE, "assets", "backdrop-core.js")
    if not named:
        yield
        return
    kept = target + ".stripped"
    shutil.copyfile(target, kept)
    shutil.copyfile(named, target)
    try:
        yield
    finally:
        os.replace(kept, target)


def print_profile(profile, top=18):
    """Self time by function, from the sampling profiler's nodes and samples."""
    nodes = {node["id"]: node for node in profile["nodes"]}
    deltas = profile["timeDeltas"]
    by_function = collections.Counter()
    by_kind = collections.Counter()
    for sample, delta in zip(profile["samples"], deltas[1:] + [0]):
        frame = nodes[sample]["callFrame"]
        name = frame["functionName"] or "(anonymous)"
        url = frame.get("url", "")
        kind = "wasm" if url.startswith("wasm://") else ("JavaScript" if url else name)
        by_kind[kind] += delta
        by_function[f"{name} [{os.path.basename(url) if url else 'native'}]"] += delta
    total = sum(by_kind.values()) or 1
    print("  where the time went (self time, sampled every 0.1 ms):")
    for kind, micro in by_kind.most_common():
        print(f"    {kind:<28} {micro / 1000:8.0f} ms  {100 * micro / total:5.1f} %")
    print("  the functions that took most:")
    for name, micro in by_function.most_common(top):
        print(f"    {micro / 1000:8.0f} ms  {100 * micro / total:5.1f} %  {name[:110]}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--profile", action="store_true", help="also profile one make-page run per screenshot")
    args = parser.parse_args()

    made = {name: path for name, path, _ in fixtures.make(os.path.join(harness.WORK, "fixtures"))}
    core = os.environ["BACKDROP_CORE"]
    print(f"browser core: {os.path.getsize(core) / 1024:.0f} KB script, wasm module {module_size(core) / 1024:.0f} KB "
          f"({module_size(core)} bytes; aim: at most 300 KB)")
    for name, what, aim in (("rgb-8", "8-bit RGB", 1.0), ("p3-rgb-16", "16-bit RGB, Display P3", 1.5)):
        device, layout, slots = chosen_slots(made[name])
        canvas_page = os.path.join(harness.WORK, f"canvas-{name}.html")
        with open(canvas_page, "w", encoding="utf-8") as file:
            file.write(CANVAS_PAGE.replace("SLOTS", json.dumps(slots)))
        backdrop, canvas = [], []
        for _ in range(args.runs):
            milliseconds, links, _ = time_backdrop(made[name])
            assert links == len(slots), (links, len(slots))
            backdrop.append(milliseconds)
            milliseconds, crops = time_canvas(canvas_page, made[name])
            assert crops == len(slots), (crops, len(slots))
            canvas.append(milliseconds)
        ratios = [a / b for a, b in zip(backdrop, canvas)]
        print(f"1206x2622 {what}, {len(slots)} slots of {device} {layout}, file chosen to crops and zip ready, median of {args.runs}:")
        print(f"  backdrop make page {statistics.median(backdrop):6.0f} ms (runs {', '.join(f'{t:.0f}' for t in backdrop)})")
        print(f"  canvas page        {statistics.median(canvas):6.0f} ms (runs {', '.join(f'{t:.0f}' for t in canvas)})")
        print(f"  backdrop / canvas, pair by pair: median {statistics.median(ratios):.2f}x (min {min(ratios):.2f}, max {max(ratios):.2f}); "
              f"aim: at most {aim:.1f}x")
        if args.profile:
            with named_core():
                _, _, recorded = time_backdrop(made[name], profile=True)
            print_profile(recorded)
    harness.close()


if __name__ == "__main__":
    main()
