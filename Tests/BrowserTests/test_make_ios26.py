"""The make page on the iOS people run now: a 1320x2868 (iPhone 17 Pro Max) and a 1260x2736
(iPhone Air) screenshot open as iOS 26–27, the choice is said, and the zip holds a crop of every
slot, each equal to the screenshot's region and to `backdrop crop`'s. A layout with no known
positions (a catalog whose Air profile gives sizes only) gets an explanation and no zip.

The screenshots are painted here with numpy and written by Pillow, not by Backdrop."""
import io
import os
import re
import shutil
import subprocess
import unittest
import zipfile

import numpy as np
from PIL import Image

import fixtures
import harness

WORK = os.path.join(harness.WORK, "ios26")
SCREENS = {"iphone-16-pro-max": (1320, 2868), "iphone-air": (1260, 2736)}


def setUpModule():
    os.makedirs(WORK, exist_ok=True)


def tearDownModule():
    harness.close()


class IOS26MakePageTests(unittest.TestCase):
    maxDiff = None

    def test_the_newest_ios_is_chosen_and_every_slot_is_cropped(self):
        for seed, (device, size) in enumerate(SCREENS.items()):
            with self.subTest(device=device):
                path = os.path.join(WORK, f"{device}.png")
                source = fixtures.paint_rgb(path, size, seed)
                page = harness.open_page("make")
                self.assertEqual(harness.pick(page, {"light": path}), "ready", harness.problems(page))
                self.assertEqual(page.eval_on_selector("select[name=layout]", "s => s.value"), f"{device}/ios26")
                chosen = page.eval_on_selector("[data-chosen]", "n => n.textContent")
                self.assertIn("iOS 26, small icons", chosen)
                # How sure the positions are, in what the person will see: derived ones may sit a
                # few pixels off (with the error and the phones it rests on), and the advice is a
                # link to the fixer; positions measured on captures (17 Pro Max) say why they hold.
                caution = page.eval_on_selector("[data-caution]", "n => n.hidden ? '' : n.textContent")
                if harness.slots(device, "ios26")[0].get("error") is None:
                    self.assertIn("Measured on real screenshots of this phone with widgets in place", caution)
                    self.assertEqual(page.eval_on_selector_all("[data-caution] a", "nodes => nodes.length"), 0)
                else:
                    self.assertRegex(
                        caution, r"Estimated by a model of the grid fitted on \d+ measured phones, not measured on a phone like yours: "
                        r"your widget may sit up to \d+ px off, and a thin seam would show at its edge\. If a seam shows, ")
                    self.assertEqual(page.eval_on_selector_all("[data-caution] a", "nodes => nodes.map(n => n.getAttribute('href'))"),
                                     ["../fix/index.html", "#measured"])
                expected = {slot["id"]: slot["pixels"] for slot in harness.slots(device, "ios26")[0]["slots"]}
                self.assertEqual(len(expected), 12, "eleven slots and the extra-large portrait one")
                # iOS 26 (the default) has no extra-large widget: its zip leaves that crop out;
                # iOS 27, the same grid, has it.
                for version, wanted in (("26", [s for s in expected if s != "extra-large-portrait"]), ("27", list(expected))):
                    if version == "27":
                        page.select_option("select[name=layout]", f"{device}/ios26@27")
                        page.wait_for_function("document.getElementById('make').dataset.state === 'ready'", timeout=harness.TIMEOUT_MS)
                        self.assertIn("iOS 27, small icons", page.eval_on_selector("[data-chosen]", "n => n.textContent"))
                    [(zip_name, zipped)] = harness.links(page, "[data-zip] a[download]")
                    self.assertEqual(zip_name, f"backdrop_{device}_ios{version}.zip")
                    with zipfile.ZipFile(io.BytesIO(zipped)) as archive:
                        self.assertEqual(sorted(archive.namelist()), sorted([f"{slot}.png" for slot in wanted] + ["README.txt"]))
                with zipfile.ZipFile(io.BytesIO(zipped)) as archive:
                    self.assertIsNone(archive.testzip())
                    for name in archive.namelist():
                        if name == "README.txt":
                            continue
                        r = expected[harness.cli_name(name)[:-4]]
                        crop = np.asarray(Image.open(io.BytesIO(archive.read(name))))
                        region = source[r["y"]:r["y"] + r["height"], r["x"]:r["x"] + r["width"]]
                        self.assertTrue(np.array_equal(crop, region), f"{device} {name}")
                # The command line chooses the same layout by itself, and says so.
                out = os.path.join(WORK, f"cli-{device}")
                status, stdout, stderr = harness.cli(["crop", path, "--device", device, "--out", out])
                self.assertEqual(status, 0, stderr)
                self.assertEqual(sorted(os.listdir(out)), sorted(f"{slot}.png" for slot in expected))
                self.assertIn(f"{device} ios26:", stdout)
                self.assertEqual(page.errors, [])

    def test_a_layout_without_positions_is_explained_and_gets_no_zip(self):
        content = os.path.join(WORK, "content")
        shutil.rmtree(content, ignore_errors=True)
        shutil.copytree(harness.CONTENT, content)
        profile = os.path.join(content, "devices", "iphone-air.md")
        with open(profile) as file:
            text = file.read()
        # The Air's profile as it was before any source or model gave positions: sizes only.
        sizes_only = re.sub(r"^    (left|right|top|middle|bottom): \{value: .*\}\n", "", text, flags=re.M)
        sizes_only = sizes_only.replace("  ios26-grid-model:", "  unused-model:", 1)
        sizes_only = re.sub(r"^  unused-model: .*\n", "", sizes_only, flags=re.M)
        self.assertNotEqual(sizes_only, text)
        with open(profile, "w") as file:
            file.write(sizes_only)
        site = os.path.join(WORK, "site")
        build = subprocess.run(
            [harness.BACKDROP, "build", "--quiet", "--content", content, "--templates", os.path.join(harness.ROOT, "templates"),
             "--output", site, "--cache", os.path.join(harness.ROOT, ".build", "test-site-cache"),
             "--browser-core", os.environ.get("BACKDROP_CORE", os.path.join(harness.ROOT, ".build/wasm/backdrop-core.js"))],
            capture_output=True, text=True)
        self.assertEqual(build.returncode, 0, build.stderr)
        path = os.path.join(WORK, "air.png")
        fixtures.paint_rgb(path, SCREENS["iphone-air"], 7)
        page = harness.browser().new_page(viewport={"width": 1280, "height": 900})
        page.goto(f"file://{site}/make/index.html")
        page.wait_for_selector("#make[data-state]")
        self.assertEqual(harness.pick(page, {"light": path}), "unknown", harness.problems(page))
        explanation = page.eval_on_selector("[data-explain]", "n => n.hidden ? '' : n.textContent")
        self.assertIn("only the widgets' sizes are known for this layout (small 518×518 px, medium 1100×518 px", explanation)
        self.assertIn("measure the layout from a screenshot with widgets placed", explanation)
        self.assertEqual(page.eval_on_selector_all("[data-zip] a, [data-crops] a", "n => n.length"), 0)
        self.assertTrue(page.eval_on_selector("[data-results]", "n => n.hidden"))
        status = page.eval_on_selector("[data-status]", "n => n.textContent")
        self.assertNotIn("0 slots cropped", status)
        for href in page.eval_on_selector_all("[data-explain] a", "n => n.map(a => a.href)"):
            self.assertTrue(os.path.exists(href[len("file://"):].split("#")[0]), href)

    def test_ios26_with_large_icons_is_a_choice_that_leads_to_measuring(self):
        """No source gives iOS 26's large-icon grid: the menu offers it as a choice of its own,
        whose positions are unknown, instead of leaving "iOS 18, large icons" as the nearest."""
        path = os.path.join(WORK, "16-pro-large-icons.png")
        fixtures.paint_rgb(path, (1206, 2622), 11)
        page = harness.open_page("make")
        self.assertEqual(harness.pick(page, {"light": path}), "ready", harness.problems(page))
        options = dict(page.eval_on_selector_all("select[name=layout] option", "nodes => nodes.map(n => [n.value, n.textContent])"))
        self.assertIn("iphone-16-pro/ios26-large-icons", options)
        self.assertIn("iOS 26, large icons", options["iphone-16-pro/ios26-large-icons"])
        self.assertIn("unknown", options["iphone-16-pro/ios26-large-icons"])
        page.select_option("select[name=layout]", "iphone-16-pro/ios26-large-icons")
        page.wait_for_selector("#make[data-state=unknown]")
        explanation = page.eval_on_selector("[data-explain]", "n => n.hidden ? '' : n.textContent")
        self.assertIn("no source has measured this setting yet", explanation)
        self.assertIn("a near layout's would be wrong", explanation)
        hrefs = page.eval_on_selector_all("[data-explain] a", "n => n.map(a => a.getAttribute('href'))")
        self.assertIn("#measured", hrefs)
        self.assertEqual(page.eval_on_selector_all("[data-zip] a, [data-crops] a", "n => n.length"), 0)
        # The command line refuses the same choice, naming the way to measure, and writes nothing.
        out = os.path.join(WORK, "cli-large-icons")
        status, _, stderr = harness.cli(["crop", path, "--layout", "ios26-large-icons", "--out", out])
        self.assertEqual(status, 1, stderr)
        self.assertIn("no source gives the ios26-large-icons layout", stderr)
        self.assertIn("--measured-from PLACED", stderr)
        self.assertFalse(os.path.exists(out))
        self.assertEqual(page.errors, [])


if __name__ == "__main__":
    unittest.main()
