"""What the browser tests share: the built site, the backdrop binary, headless Chromium (the
system one, through Playwright) and helpers to pick files, wait for the page and read its links.

scripts/browser-tests.sh builds the site with the browser core and sets BACKDROP_SITE and
BACKDROP; the tests compare every page result with the command line's on the same files."""
import base64
import json
import os
import subprocess
import tempfile

from playwright.sync_api import sync_playwright

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
# How many devices the bundled catalog has: one profile each in content/devices/.
DEVICE_COUNT = len([name for name in os.listdir(os.path.join(ROOT, "content", "devices")) if name.endswith(".md")])
SITE = os.environ.get("BACKDROP_SITE", os.path.join(ROOT, "site"))
BACKDROP = os.environ.get("BACKDROP", os.path.join(ROOT, ".build/release/backdrop"))
CONTENT = os.path.join(ROOT, "content")
WORK = os.environ.get("BACKDROP_BROWSER_WORK") or tempfile.mkdtemp(prefix="backdrop-browser-")
TIMEOUT_MS = 60_000

_playwright = None
_browser = None


def browser():
    """One headless Chromium for the whole run."""
    global _playwright, _browser
    if _browser is None:
        _playwright = sync_playwright().start()
        _browser = _playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
    return _browser


def close():
    """Closes the browser; the next test module starts another."""
    global _playwright, _browser
    if _browser is not None:
        _browser.close()
        _playwright.stop()
    _playwright = _browser = None


def open_page(tool, width=1280, base=None, init_script=None):
    """A fresh page of `tool` ("make" or "measure") from file:// (or `base`, an http URL);
    `init_script`, when given, runs before the page's own scripts."""
    page = browser().new_page(viewport={"width": width, "height": 900})
    if init_script:
        page.add_init_script(init_script)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    url = f"{base}{tool}/index.html" if base else f"file://{SITE}/{tool}/index.html"
    page.goto(url)
    page.wait_for_selector(f"#{tool}[data-state]", timeout=TIMEOUT_MS)
    return page


def pick(page, files):
    """Picks files into the form's inputs ({input name: path}) and waits until the page is done;
    returns its state: "ready", "error", or "unknown" (a layout with no known positions)."""
    tool = page.evaluate("document.querySelector('article.tool').id")
    for name, path in files.items():
        page.set_input_files(f"input[name={name}]", path)
    page.wait_for_function(
        f"['ready', 'error', 'unknown'].includes(document.getElementById('{tool}').dataset.state)", timeout=TIMEOUT_MS)
    return page.evaluate(f"document.getElementById('{tool}').dataset.state")


def problems(page):
    return page.eval_on_selector_all("[data-problems] p", "nodes => nodes.map(n => n.textContent)")


# A page script's function from bytes (a Uint8Array) to base64: a page's bytes cross to Python as
# one string, not as a list of numbers (millions of them take Playwright tens of seconds).
BASE64 = """(bytes) => {
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return btoa(text);
}"""

# Stands in for the share sheet: says files can be shared, and keeps what is handed over, each
# file's bytes in base64 (`shared_file` reads one back).
SHARE_STUB = f"""
window.sharedFiles = [];
navigator.canShare = data => !!(data && data.files && data.files.length);
navigator.share = async data => {{
  const base64 = {BASE64};
  for (const file of data.files) {{
    window.sharedFiles.push({{ name: file.name, type: file.type, base64: base64(new Uint8Array(await file.arrayBuffer())) }});
  }}
}};
"""


def shared_file(page, index=0):
    """The name, type and bytes of the `index`th file handed to the share sheet (SHARE_STUB)."""
    shared = page.evaluate(f"window.sharedFiles[{index}]")
    return shared["name"], shared["type"], base64.b64decode(shared["base64"])


def links(page, selector):
    """The download name and bytes of every link matching `selector`, fetched from its blob: URL."""
    pairs = page.evaluate(
        f"""async (selector) => {{
            const base64 = {BASE64};
            const out = [];
            for (const a of document.querySelectorAll(selector)) {{
                if (!a.href.startsWith('blob:')) throw new Error('not a blob link: ' + a.href);
                out.push([a.getAttribute('download'), base64(new Uint8Array(await (await fetch(a.href)).arrayBuffer()))]);
            }}
            return out;
        }}""",
        selector,
    )
    return [(name, base64.b64decode(data)) for name, data in pairs]


def cli_name(name):
    """The file name `backdrop crop` gives the crop the make page names `name`: the page's
    SLOT.png is SLOT.png, and SLOT_APPEARANCE.png (two screenshots) is SLOT-APPEARANCE.png."""
    parts = name[:-len(".png")].split("_")
    assert len(parts) in (1, 2), f"not a SLOT[_APPEARANCE].png name: {name}"
    return "-".join(parts) + ".png"


def page_files(out):
    """The files of `backdrop crop`'s folder `out` that the make page gives for its default choice
    of an iOS 26 layout: all but the extra-large widget's, which is iOS 27's."""
    return sorted(name for name in os.listdir(out) if name != "extra-large-portrait.png")


def cli(args, cwd=None):
    """Runs backdrop with the bundled content; returns (status, stdout, stderr), stderr without the
    first line that names the catalog the command read (the page's words are compared with the rest)."""
    result = subprocess.run([BACKDROP, *args, "--content", CONTENT], cwd=cwd, capture_output=True, text=True)
    stderr = result.stderr.split("\n", 1)[1] if result.stderr.startswith("catalog: ") else result.stderr
    return result.returncode, result.stdout, stderr


def cli_error(args, cwd):
    """The message backdrop prints for a failure, without its "Error: " prefix."""
    status, _, stderr = cli(args, cwd)
    assert status != 0, f"backdrop {args} succeeded"
    line = stderr.strip().splitlines()[0]
    return line[len("Error: "):] if line.startswith("Error: ") else line


def slots(device, layout):
    """The slot rectangles `backdrop slots --json` gives, by slot id."""
    status, stdout, stderr = cli(["slots", device, "--layout", layout, "--json"])
    assert status == 0, stderr
    return json.loads(stdout)


def overflows(page):
    """Whether the page is wider than its window."""
    return page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
