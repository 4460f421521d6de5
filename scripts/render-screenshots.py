"""Renders docs/screenshots: the built site's pages with headless Chromium (the system one, through
Playwright) at 390 px (a phone, touch) and 1280 px, and the phone flow of the make page: a
screenshot picked, the medium size chosen, the medium-top slot tapped. PNGs reduced to 128 colours
to keep them small (they show layout, not colour); the 1280 px ones downscaled to 640 px wide.
At 390 px, also each style on one device: the make page's slots in every style side by side
(make-styles-390.png, 256 colours) and the device page's style samples (device-styles-390.png).

Usage: python3 scripts/render-screenshots.py SITE_FOLDER (a site built with the browser core)."""
import os
import sys

from PIL import Image
from playwright.sync_api import sync_playwright

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
OUT = os.path.join(ROOT, "docs", "screenshots")
SHOT = os.path.join(ROOT, "content", "screenshots", "iphone-16-pro-light.png")


def save(page, name, full_page=True):
    path = os.path.join(OUT, name)
    page.screenshot(path=path, full_page=full_page)
    image = Image.open(path).convert("RGB")
    if image.width > 700:
        image = image.resize((640, round(image.height * 640 / image.width)), Image.LANCZOS)
    image.quantize(colors=128, method=Image.Quantize.MEDIANCUT).save(path, optimize=True)


def ready(page):
    page.wait_for_function("['ready', 'error', 'unknown'].includes(document.getElementById('make').dataset.state)", timeout=60_000)


def styles(page, site):
    """Each style on the iPhone 16 Pro at 390 px: the make page's slots (medium chosen) in every
    style, side by side, and the device page's style samples."""
    panels = []
    for style in ("none", "blur", "light", "dark", "glass"):
        page.check(f"input[name=style][value={style}]")
        ready(page)
        page.wait_for_timeout(300)
        path = os.path.join(OUT, f"style-{style}.png")
        page.locator("figure.slot-picker").screenshot(path=path)
        panels.append(Image.open(path).convert("RGB"))
        os.remove(path)
    strip = Image.new("RGB", (sum(panel.width for panel in panels) + 8 * (len(panels) - 1), max(panel.height for panel in panels)), "white")
    x = 0
    for panel in panels:
        strip.paste(panel, (x, 0))
        x += panel.width + 8
    strip.quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(os.path.join(OUT, "make-styles-390.png"), optimize=True)
    page.goto(f"file://{site}/devices/iphone-16-pro/index.html")
    path = os.path.join(OUT, "device-styles-390.png")
    rows = page.locator(".style-rows").first
    rows.scroll_into_view_if_needed()
    # The samples load lazily: wait until every one has.
    page.wait_for_function("[...document.querySelector('.style-rows').querySelectorAll('img')].every((img) => img.complete && img.naturalWidth > 0)")
    rows.screenshot(path=path)
    Image.open(path).convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(path, optimize=True)


def main(site):
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        for width in (390, 1280):
            phone = width == 390
            context = browser.new_context(viewport={"width": width, "height": 844 if phone else 900}, is_mobile=phone, has_touch=phone,
                                          device_scale_factor=1)
            page = context.new_page()
            for name, path in (("index", "index.html"), ("start", "start/index.html"), ("guide", "docs/guide/index.html"),
                               ("device-iphone-16-pro", "devices/iphone-16-pro/index.html")):
                page.goto(f"file://{site}/{path}")
                save(page, f"{name}-{width}.png")
            # The phone flow: the make page, a screenshot picked, the slots; medium chosen; one tapped.
            page.goto(f"file://{site}/make/index.html")
            page.wait_for_selector("#make[data-state]")
            save(page, f"make-{width}.png", full_page=False)
            page.set_input_files("input[name=light]", SHOT)
            ready(page)
            save(page, f"make-slots-{width}.png", full_page=False)
            page.click("label:has(#family-medium)")
            page.click("button.slot-button[data-slot=medium-top]")
            page.wait_for_function("(document.querySelector('[data-picked-image]') || {}).naturalWidth > 0")
            save(page, f"make-picked-{width}.png", full_page=False)
            if phone:
                styles(page, site)
            context.close()
        browser.close()


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(os.path.abspath(sys.argv[1]))
