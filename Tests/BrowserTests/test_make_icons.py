"""The make page reads the slots off a page of app icons (issue 50), phone first: where the
screenshot's layout is derived, unknown (a size no phone has) or has large icons, the page offers
it in those words; picked, the slots read off the icons come first in the menu, chosen, and every
crop is the empty page's region at the painter's slot (within 1 px) and at the rectangle
`backdrop crop --icons-from` gives (exactly). From the front page to a background in Photos with
the two screenshots in five actions at 390 px, touch. A page the icons cannot be read from is
refused with its reason, and the catalog's layouts stay.

The pages are painted by the independent painter of Tests/CalibrationTests/IconPages (written
from iOS 26's documented look, never from Backdrop's code)."""
import io
import json
import os
import sys
import unittest
import zipfile

import numpy as np
from PIL import Image

import harness
import pngfiles
import test_phone

sys.path.insert(0, os.path.join(harness.ROOT, "Tests", "CalibrationTests", "IconPages"))
import icon_pages  # noqa: E402

WORK = os.path.join(harness.WORK, "make-icons")
# name: (painter's spec, what it stands for)
PAIRS = {
    "derived": {"grid": "1290x2796", "wallpaper": "photo:RainDrops.jpg", "seed": 5},
    "unknown-size": {"grid": "700x1500", "wallpaper": "painted:waves", "seed": 12},
    "large": {"grid": "1179x2556-large", "wallpaper": "photo:FreshFlower.jpg", "seed": 14},
    "another-wallpaper": {"grid": "1179x2556", "wallpaper": "photo:Storm.jpg", "homeWallpaper": "photo:Dune.jpg", "seed": 31},
}


def setUpModule():
    global PAINTED
    os.makedirs(WORK, exist_ok=True)
    PAINTED = {}
    for name, spec in PAIRS.items():
        empty, home, truth = icon_pages.paint_pair(spec)
        paths = {}
        for which, pixels in (("empty", empty), ("home", home)):
            paths[which] = os.path.join(WORK, f"{name}-{which}.png")
            pngfiles.write(paths[which], icon_pages.samples_of(pixels, 8), 2, 8, level=0)
        with open(paths["empty"], "rb") as file:
            _, _, samples = pngfiles.read(file.read())
        PAINTED[name] = (paths, truth, samples)


def tearDownModule():
    harness.close()


def cli_slots(name):
    """The rectangles `backdrop crop EMPTY --icons-from HOME` gives."""
    paths, _, _ = PAINTED[name]
    status, stdout, stderr = harness.cli(["crop", paths["empty"], "--icons-from", paths["home"], "--out", os.path.join(WORK, f"cli-{name}"),
                                          "--json", "--force"])
    assert status == 0, stderr
    return {slot["id"]: slot["pixels"] for slot in json.loads(stdout)["slots"]}


class MakePageIconsTests(unittest.TestCase):
    maxDiff = None

    def assertCropsAreTheRegions(self, page, name):
        """Every crop of the zip is the empty page's region at the command line's rectangle, and
        that rectangle is within 1 px of the painter's."""
        _, truth, samples = PAINTED[name]
        expected = cli_slots(name)
        for slot, rect in expected.items():
            if slot not in truth["slots"]:  # the painter's rule has no iOS 27 extra-large slot
                continue
            x, y, w, h = truth["slots"][slot]
            self.assertLessEqual(max(abs(rect["x"] - x), abs(rect["y"] - y), abs(rect["width"] - w), abs(rect["height"] - h)), 1, slot)
        [(_, zipped)] = harness.links(page, "[data-zip] a[download]")
        with zipfile.ZipFile(io.BytesIO(zipped)) as archive:
            names = [n for n in archive.namelist() if n.endswith(".png")]
            self.assertEqual(sorted(n[:-4] for n in names), sorted(s for s in expected if s != "extra-large-portrait"))
            for file in names:
                r = expected[file[:-4]]
                crop = np.asarray(Image.open(io.BytesIO(archive.read(file))).convert("RGB"))
                region = samples[r["y"]:r["y"] + r["height"], r["x"]:r["x"] + r["width"], :3]
                self.assertTrue(np.array_equal(crop, region), f"{name} {file}")

    def test_front_page_to_a_background_in_photos_with_two_screenshots_in_five_actions(self):
        paths, _, samples = PAINTED["derived"]
        page = test_phone.phone_page(share=True)
        page.goto(f"file://{harness.SITE}/index.html")
        actions = 0
        page.tap("[data-make-cta]")
        actions += 1
        page.wait_for_selector("#make[data-state]", timeout=harness.TIMEOUT_MS)
        page.set_input_files("input[name=light]", paths["empty"])
        actions += 1
        self.assertEqual(test_phone.wait_ready(page), "ready", harness.problems(page))
        # Made with the make page's own core (no measuring): the full one is not loaded until needed.
        full_core = "document.querySelectorAll('script[src$=\"backdrop-core.js\"]').length"
        self.assertEqual(page.evaluate(full_core), 0)
        self.assertEqual(page.evaluate("BackdropTool.core().then((core) => core.measures)"), False)
        # The layout of 1290x2796 on iOS 26 is derived: the offer says so, in plain words.
        why = page.inner_text("[data-icons-why]")
        self.assertIn("not measured on a phone like yours", why)
        self.assertIn("page with your app icons", why)
        self.assertTrue(page.is_visible("input[name=icons]") or page.is_visible("label:has(input[name=icons])"))
        page.set_input_files("input[name=icons]", paths["home"])
        actions += 1
        page.wait_for_function("document.querySelector('select[name=layout]').value.endsWith('icons') && "
                               "document.getElementById('make').dataset.state === 'ready'", timeout=harness.TIMEOUT_MS)
        # The icons were read by the full core, loaded once, and the screenshot again with it.
        self.assertEqual(page.evaluate(full_core), 1)
        chosen = page.inner_text("[data-chosen]")
        self.assertIn("read off your icons", chosen)
        self.assertRegex(page.inner_text("[data-status]"), r"\d+ icons found: 12 slots read off them")
        page.tap("button.slot-button[data-slot=small-top-left]")
        actions += 1
        page.wait_for_function("(() => { const i = document.querySelector('[data-picked-image]'); "
                               "return !!i && i.complete && i.naturalWidth > 0; })()")
        page.tap("[data-share]")
        actions += 1
        self.assertLessEqual(actions, 5)
        page.wait_for_function("window.sharedFiles.length === 1")
        name, _, shared = harness.shared_file(page)
        self.assertEqual(name, "small-top-left.png")
        r = cli_slots("derived")["small-top-left"]
        crop = np.asarray(Image.open(io.BytesIO(shared)).convert("RGB"))
        self.assertTrue(np.array_equal(crop, samples[r["y"]:r["y"] + r["height"], r["x"]:r["x"] + r["width"], :3]))
        # Where the numbers come from is said beside them.
        self.assertIn("measured from your icons", page.inner_text("#make"))
        # And why it can be trusted, above the slots (issue 52), with no other phone to change to.
        caution = page.inner_text("[data-caution]")
        self.assertIn("Read off your own icons: on iOS 26 the widget slots follow the icons' grid", caution)
        self.assertNotIn("seam", caution)
        self.assertIn("read off the page of app icons you picked", page.inner_text("[data-which]"))
        self.assertFalse(page.query_selector("[data-other-phones]"))
        self.assertFalse(harness.overflows(page))
        self.assertEqual(page.errors, [])
        page.context.close()

    def test_a_derived_layout_a_size_no_phone_has_and_large_icons_are_read_off_the_icons(self):
        for name, offer in (("derived", "not measured on a phone like yours"), ("unknown-size", "knows no positions for your phone"),
                            ("large", "page with your app icons")):
            with self.subTest(pair=name):
                paths, _, _ = PAINTED[name]
                page = harness.open_page("make", width=390)
                state = harness.pick(page, {"light": paths["empty"]})
                self.assertIn(state, ("ready", "unknown", "error"))
                self.assertIn(offer, page.inner_text("[data-icons-why]"))
                page.set_input_files("input[name=icons]", paths["home"])
                page.wait_for_function("document.querySelector('select[name=layout]').value.endsWith('icons') && "
                                       "document.getElementById('make').dataset.state === 'ready'", timeout=harness.TIMEOUT_MS)
                if name == "large":
                    self.assertIn("large icons", page.inner_text("[data-chosen]"))
                # Large icons: the rule's widening is assumed, so the page says a seam may show.
                caution = page.inner_text("[data-caution]")
                self.assertIn("Read off your own icons", caution)
                self.assertEqual("a thin seam would show" in caution, name == "large", caution)
                self.assertEqual(harness.problems(page), [])
                self.assertCropsAreTheRegions(page, name)
                self.assertEqual(page.errors, [])
                page.close()

    def test_icons_over_another_wallpaper_are_refused_with_the_reason_and_the_catalog_stays(self):
        paths, _, _ = PAINTED["another-wallpaper"]
        page = harness.open_page("make", width=390)
        self.assertEqual(harness.pick(page, {"light": paths["empty"]}), "ready")
        before = page.eval_on_selector_all("select[name=layout] option", "o => o.map(n => n.value)")
        page.set_input_files("input[name=icons]", paths["home"])
        page.wait_for_function("document.querySelectorAll('[data-problems] p').length > 0", timeout=harness.TIMEOUT_MS)
        self.assertIn("not of the same page", " ".join(harness.problems(page)))
        page.wait_for_function("document.getElementById('make').dataset.state === 'ready'", timeout=harness.TIMEOUT_MS)
        self.assertEqual(page.eval_on_selector_all("select[name=layout] option", "o => o.map(n => n.value)"), before)
        self.assertEqual(page.errors, [])
        page.close()


if __name__ == "__main__":
    unittest.main()
