"""Every page of the built site, at a phone's width and a desktop's: the page never scrolls
sideways, axe-core finds no serious or critical violation, every scrollable region can be reached
by keyboard; the front page, a device page and the docs render as real pages (in colour, not
blank), and the first Tab lands on the skip link. Renders go to BACKDROP_RENDERS when set."""
import io
import os
import unittest

from axe_playwright_python.sync_playwright import Axe
from PIL import Image

import harness

RENDERS = os.environ.get("BACKDROP_RENDERS")
WIDTHS = (390, 1280)
SERIOUS = ("serious", "critical")
# A rendered window of a page has at least this many colours at a quarter of its size: text,
# pictures and the palette's tints. A blank or unstyled page has far fewer (every page of the
# bundled site has over 800). Looked at on the pages of each kind that are written from Markdown
# or from a profile: the front page, a device page and every docs page (a screenshot costs about
# half a second while the other worker runs).
REAL_PAGE_COLOURS = 200


def rendered(path):
    """Whether `path` is one of the pages whose window is looked at for colours."""
    return path in ("index.html", "devices/iphone-16-pro/index.html") or path.startswith("docs/")


def site_pages():
    """Every HTML page of the built site, relative to its root."""
    pages = []
    for folder, _, files in os.walk(harness.SITE):
        for name in files:
            if name.endswith(".html"):
                pages.append(os.path.relpath(os.path.join(folder, name), harness.SITE))
    return sorted(pages)


def tearDownModule():
    harness.close()


class SitePageTests(unittest.TestCase):
    def test_the_site_has_its_pages(self):
        pages = site_pages()
        for expected in ("index.html", "start/index.html", "make/index.html", "docs/guide/index.html", "help-measure/index.html"):
            self.assertIn(expected, pages)

    def test_every_page_fits_the_window_and_passes_axe(self):
        axe = Axe()
        for width in WIDTHS:
            page = harness.browser().new_page(viewport={"width": width, "height": 900})
            errors = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            for path in site_pages():
                with self.subTest(page=path, width=width):
                    errors.clear()
                    page.goto(f"file://{harness.SITE}/{path}")
                    page.wait_for_load_state("load")
                    self.assertFalse(harness.overflows(page), f"{path} is wider than a {width} px window: {wide_elements(page)}")
                    if rendered(path):
                        shown = colours(page)
                        self.assertGreaterEqual(shown, REAL_PAGE_COLOURS, f"{path} at {width} px renders in {shown} colours: blank or broken")
                    results = axe.run(page)
                    serious = [
                        f"{v['id']} ({v['impact']}): {v['help']} — " + "; ".join(" ".join(n["target"]) for n in v["nodes"][:3])
                        for v in results.response["violations"] if v["impact"] in SERIOUS
                    ]
                    self.assertEqual(serious, [], f"{path} at {width} px")
                    self.assertEqual(unreachable_scrollers(page), [], f"{path}: scrollable regions without keyboard access")
                    if width == max(WIDTHS):
                        # A table may scroll sideways on a phone, inside its own region; on a desktop it fits.
                        self.assertEqual(scrolling_tables(page), [], f"{path}: tables that scroll sideways at {width} px")
                    self.assertEqual(nested_focusables(page), [], f"{path}: focusable elements inside an image or a control")
                    self.assertEqual(errors, [])
                    if RENDERS:
                        os.makedirs(RENDERS, exist_ok=True)
                        page.screenshot(path=os.path.join(RENDERS, path.replace("/", "_").replace(".html", f"-{width}.png")), full_page=True)
            page.close()

    def test_the_first_tab_reaches_a_skip_link_to_the_main_content(self):
        page = harness.browser().new_page(viewport={"width": 390, "height": 900})
        for path in ("index.html", "docs/guide/index.html", "make/index.html"):
            with self.subTest(page=path):
                page.goto(f"file://{harness.SITE}/{path}")
                page.keyboard.press("Tab")
                focused = page.evaluate("[document.activeElement.textContent, document.activeElement.getAttribute('href')]")
                self.assertEqual(focused, ["Skip to the content", "#content"])
                self.assertTrue(page.is_visible(":focus"), "the skip link shows when focused")
                outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
                self.assertNotEqual(outline, "none", "focus is visible")
                page.keyboard.press("Enter")
                self.assertEqual(page.evaluate("document.activeElement.id"), "content")
        page.close()


def colours(page):
    """How many colours the page's window shows, rendered and scaled to a quarter of its size."""
    window = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
    return len(window.resize((window.width // 4, window.height // 4)).getcolors(maxcolors=1 << 24))


def wide_elements(page):
    """The elements that reach past the window's right edge, for the failure message."""
    return page.evaluate(
        """() => [...document.querySelectorAll('body *')]
            .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1 && !e.closest('.table-scroll, pre'))
            .slice(0, 5).map(e => e.tagName.toLowerCase() + (e.className ? '.' + e.className : ''))"""
    )


def nested_focusables(page):
    """Links and focusable elements inside an element whose role hides its children (an image) or
    inside another link or button: assistive technology cannot reach them."""
    return page.evaluate(
        """() => [...document.querySelectorAll('a[href], button, input, select, textarea, [tabindex]')]
            .filter(e => e.parentElement && e.parentElement.closest('[role=img], a[href], button'))
            .slice(0, 5).map(e => e.outerHTML.slice(0, 80))"""
    )


def unreachable_scrollers(page):
    """Regions that scroll sideways but neither take focus nor hold anything focusable."""
    return page.evaluate(
        """() => [...document.querySelectorAll('body *')]
            .filter(e => e.scrollWidth > e.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX))
            .filter(e => e.tabIndex < 0 && !e.querySelector('a[href], button, input, select, textarea, [tabindex]'))
            .map(e => e.tagName.toLowerCase() + (e.className ? '.' + e.className : ''))"""
    )


def scrolling_tables(page):
    """The captions (or first header) of tables whose region scrolls sideways."""
    return page.evaluate(
        """() => [...document.querySelectorAll('.table-scroll')]
            .filter(e => e.scrollWidth > e.clientWidth + 1)
            .map(e => (e.querySelector('caption, th') || e).textContent.trim().slice(0, 60))"""
    )


if __name__ == "__main__":
    unittest.main()
