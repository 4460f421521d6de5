"""The measure page: on the bundled calibration samples and on the independent painter's scenes,
the same report as `backdrop calibrate --json` (every number, every rejected region), the layout
block `backdrop calibrate` prints, and the `calibrate --into` command."""
import glob
import json
import os
import unittest
from concurrent.futures import ThreadPoolExecutor

import harness

PAINTED = os.path.join(harness.ROOT, "Tests/CalibrationTests/Painted")
SAMPLES = os.path.join(harness.ROOT, "content/calibration")


def scenes():
    """(folder, screenshot, empty page or None) for every calibration sample and painted scene."""
    found = [(SAMPLES, os.path.basename(path), None) for path in sorted(glob.glob(os.path.join(SAMPLES, "*.png")))]
    for path in sorted(glob.glob(os.path.join(PAINTED, "*.png"))):
        name = os.path.basename(path)
        if name.endswith("-empty.png"):
            continue
        empty = name[:-4] + "-empty.png"
        found.append((PAINTED, name, empty if os.path.exists(os.path.join(PAINTED, empty)) else None))
    return found


def measure_with_cli(scene):
    folder, name, empty = scene
    extra = ["--empty", empty] if empty else []
    status, stdout, stderr = harness.cli(["calibrate", name, *extra, "--json"], cwd=folder)
    text = harness.cli(["calibrate", name, *extra], cwd=folder)[1]
    return scene, (status, stdout, stderr, text)


def tearDownModule():
    harness.close()


class MeasurePageTests(unittest.TestCase):
    maxDiff = None

    @classmethod
    def setUpClass(cls):
        with ThreadPoolExecutor(2) as pool:
            cls.cli = dict(pool.map(measure_with_cli, scenes()))

    def test_the_page_reports_what_calibrate_reports(self):
        page = harness.open_page("measure")
        for (folder, name, empty), (status, stdout, stderr, text) in self.cli.items():
            with self.subTest(screenshot=name, empty=empty):
                self.assertEqual(status, 0, stderr)
                page.reload()
                page.wait_for_selector("#measure[data-state]")
                files = {"screenshot": os.path.join(folder, name)}
                if empty:
                    files["empty"] = os.path.join(folder, empty)
                self.assertEqual(harness.pick(page, files), "ready", harness.problems(page))
                ours = json.loads(page.eval_on_selector("[data-json]", "n => n.textContent"))
                self.assertEqual(ours, json.loads(stdout))
                block = page.eval_on_selector("[data-layout-block]", "n => n.textContent").strip("\n")
                self.assertIn(block, text, "the layout block is the lines backdrop calibrate prints")
                shown = page.eval_on_selector_all("[data-grid] tbody tr", "rows => rows.map(r => r.dataset.field)")
                self.assertEqual(sorted(shown), sorted(ours["grid"]))
                rejected = page.eval_on_selector_all("[data-rejected] li", "n => n.length")
                self.assertEqual(rejected, len(ours["rejected"]))
                compared = page.eval_on_selector_all("[data-comparisons] tbody tr", "n => n.length")
                self.assertEqual(compared, len(ours["comparisons"]))
                command = page.eval_on_selector("[data-command]", "n => n.textContent")
                self.assertTrue(command.startswith(f"backdrop calibrate {name} " + (f"--empty {empty} " if empty else "") + "--into "), command)
                if ours["match"]:
                    device, layout = ours["match"].split(" ")
                    self.assertIn(f"--into {device} --layout {layout} ", command)
        self.assertEqual(page.errors, [])

    def test_a_screenshot_without_widgets_gets_calibrates_message(self):
        empty = os.path.join(harness.ROOT, "content/screenshots/iphone-16-pro-light.png")
        status, _, stderr = harness.cli(["calibrate", empty])
        self.assertNotEqual(status, 0)
        expected = stderr.strip().splitlines()[0].removeprefix("Error: ").removeprefix(empty + ": ")
        page = harness.open_page("measure")
        self.assertEqual(harness.pick(page, {"screenshot": empty}), "error")
        [message] = harness.problems(page)
        self.assertTrue(message.endswith(expected), f"{message!r} vs {expected!r}")

    def test_a_size_the_catalog_does_not_know_says_what_is_known_and_what_to_do(self):
        pairs = os.path.join(harness.ROOT, "Tests/CalibrationTests/Pairs")
        page = harness.open_page("measure")
        state = harness.pick(page, {"screenshot": os.path.join(pairs, "four-small-1000x2100-placed.png"),
                                    "empty": os.path.join(pairs, "four-small-1000x2100-empty.png")})
        self.assertEqual(state, "ready", harness.problems(page))
        said = page.inner_text("[data-unknown-size]")
        self.assertIn("The catalog has no layout of 1000×2100 screenshots", said)
        self.assertIn("Known: the grid above", said)
        self.assertIn("Not known: which iPhone, iOS version and icon size", said)
        self.assertEqual(page.eval_on_selector_all("[data-unknown-size] a", "nodes => nodes.map(n => n.getAttribute('href'))"),
                         ["../make/index.html#measured", "../docs/contributing/index.html"])
        self.assertEqual(page.errors, [])


if __name__ == "__main__":
    unittest.main()
