"""How fast the make page crops in headless Chromium: the time from the file being chosen (the
input's change event) to all 11 crop links being ready, for a 1206x2622 screenshot in 8-bit RGB
and in 16-bit RGB with a Display P3 profile; the median of 5 runs each. Also the size of the
WebAssembly module inside the browser core. Run by scripts/benchmark-browser.sh."""
import base64
import os
import re
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Tests", "BrowserTests"))

import fixtures  # noqa: E402
import harness  # noqa: E402

RUNS = 5


def module_size(core_path):
    """The wasm module's bytes: the base64 text in the core's script that decodes to `\\0asm`."""
    with open(core_path, encoding="utf-8") as file:
        text = file.read()
    for candidate in sorted(re.findall(r"[A-Za-z0-9+/=]{1000,}", text), key=len, reverse=True):
        data = base64.b64decode(candidate + "=" * (-len(candidate) % 4))
        if data[:4] == b"\0asm":
            return len(data)
    raise SystemExit(f"{core_path}: no base64 wasm module found")


def time_once(path):
    page = harness.open_page("make")
    page.evaluate("""() => {
        const page = document.getElementById('make');
        document.querySelector('input[name=light]').addEventListener('change', () => { window.chosenAt = performance.now(); }, true);
        new MutationObserver(() => {
            if (page.dataset.state === 'ready' && window.readyAt === undefined) window.readyAt = performance.now();
        }).observe(page, { attributes: true });
    }""")
    state = harness.pick(page, {"light": path})
    assert state == "ready", harness.problems(page)
    links = page.eval_on_selector_all("[data-crops] a[download]", "n => n.length")
    assert links == 11, links
    milliseconds = page.evaluate("window.readyAt - window.chosenAt")
    page.close()
    return milliseconds


def main():
    made = {name: path for name, path, _ in fixtures.make(os.path.join(harness.WORK, "fixtures"))}
    core = os.environ["BACKDROP_CORE"]
    print(f"browser core: {os.path.getsize(core) / 1024:.0f} KB script, wasm module {module_size(core) / 1024:.0f} KB")
    for name, what in (("rgb-8", "8-bit RGB"), ("p3-rgb-16", "16-bit RGB, Display P3")):
        times = [time_once(made[name]) for _ in range(RUNS)]
        print(f"1206x2622 {what}: file chosen to 11 crop links ready, median of {RUNS}: {statistics.median(times):.0f} ms "
              f"(runs: {', '.join(f'{t:.0f}' for t in times)})")
    harness.close()


if __name__ == "__main__":
    main()
