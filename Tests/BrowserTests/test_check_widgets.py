"""`backdrop crop EMPTY --widgets-from HOME` ("check my widgets") on full-size scenes painted by
the independent painter (Tests/CalibrationTests/WidgetScenes/widget_scenes.py): an iPhone 16 Pro
Max page (1320x2868, its ios26 layout), four transparent widgets (medium top, two small middle,
medium bottom) each drawn off its slot by its own offset d from -30 to +30 px, on photographs
and painted wallpapers, with and without iOS 26's overlay (white or black), the glass rim and
content over the widget, at 8 and 16 bits and in Display P3.

Checked for every widget of every scene: an offset reported is within 1 px of the one painted
(never a guess); on the gradients (flat from side to side, curved or straight) x is unknown unless the widget's
outline was measured, and y is known, content or not; only the painted slots are reported (never
a medium widget as the small slots under it, nor two as one); every widget is found that differs
from the wallpaper it covers by 0.15 levels or more (the check's floor), and on a photograph without
content every widget off its slot, both axes; the corrected crops are the empty
page's regions at the listed slots moved by the offsets. `calibrate --transparent --into` records
what a pair measured into a copy of the catalog. Runs the release binary every test uses
(scripts/lib/release-build.sh): a check of a 1320x2868 pair takes about 2 s there."""
import io
import json
import os
import pathlib
import shutil
import subprocess
import sys
import unittest
import zipfile

import numpy as np

import harness
import pngfiles

sys.path.insert(0, os.path.join(harness.ROOT, "Tests", "CalibrationTests", "WidgetScenes"))
import widget_scenes as ws  # noqa: E402

DEVICE, LAYOUT, SIZE = "iphone-16-pro-max", "ios26", (1320, 2868)
CHOSEN = ["medium-top", "small-middle-left", "small-middle-right", "medium-bottom"]
# Offsets for the four widgets, scene by scene: the corners of the range, and the others. iOS
# moves the widgets of one column or row together (the medium widgets share the left column's x
# and the right column's right edge; the two small ones, a row): within 2 px of each other there,
# or the check refuses them (test_hostile_widgets.py); each row on its own.
OFFSETS = [[(-30, -30), (-29, 30), (-30, 29), (-30, -30)], [(0, 0), (1, 17), (0, 16), (1, -4)],
           [(29, 2), (28, -13), (29, -12), (30, 30)], [(-3, 26), (-3, -27), (-2, -27), (-3, 8)]]
PHOTOS = ["LadyBird.jpg", "Storm.jpg", "Dune.jpg", "Garden.jpg", "RainDrops.jpg"]
# (wallpaper, look, depth, p3): each look on photographs, and the painted wallpapers.
SCENES = [
    ("LadyBird.jpg", "", 8, False), ("Storm.jpg", "", 16, False), ("Dune.jpg", "", 8, True), ("Garden.jpg", "", 16, True),
    ("RainDrops.jpg", "w", 8, False), ("LadyBird.jpg", "wr", 16, True), ("Dune.jpg", "b", 8, False), ("Garden.jpg", "br", 16, False),
    ("LadyBird.jpg", "c", 8, False), ("RainDrops.jpg", "wrc", 8, True), ("Dune.jpg", "bc", 16, False), ("Storm.jpg", "wrc", 8, False),
    ("waves", "", 8, False), ("waves", "wrc", 16, True),
    ("vertical_gradient", "", 8, False), ("vertical_gradient", "c", 16, False), ("vertical_gradient", "wr", 8, True),
    # A straight gradient under a white layer and content, under a grey layer (neither white nor
    # black: any gain and offset) and content, and bare; the curved one with content again.
    ("linear_gradient", "wc", 8, False), ("linear_gradient", "gc", 16, False), ("linear_gradient", "", 8, False),
    ("vertical_gradient", "c", 8, False),
    # Content on a straight gradient, three widgets moved too little to see (one not at all), then
    # content under a grey layer and bare content on photographs; last, small widgets whose large
    # clock covers most of them on the photograph of least contrast, at the corners and then
    # where the large slot over them fits as one widget until they are found.
    ("linear_gradient", "c", 16, False), ("Garden.jpg", "gc", 8, False), ("RainDrops.jpg", "c", 16, True),
    ("Storm.jpg", "c", 8, False), ("Storm.jpg", "c", 8, False),
]
# A widget whose background differs from the wallpaper it covers by less than this, on average
# over its interior, in levels of 255 (moved a few pixels along a smooth gradient, or not at all,
# with nothing drawn over it but its content), cannot be seen: it need not be found. The check's
# own floor (showsAWidget in Sources/Calibration/Placement/WidgetSearch.swift).
INVISIBLE = 0.15
GRADIENTS = ["vertical_gradient", "linear_gradient"]


def look(letters):
    overlay = ("white", 0.2) if "w" in letters else ("black", 0.3) if "b" in letters else ("grey", 0.25) if "g" in letters else None
    return dict(overlay=overlay, rim="r" in letters, content="c" in letters)


class CheckWidgetsTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.backdrop = harness.BACKDROP
        listed = subprocess.run([cls.backdrop, "slots", DEVICE, "--layout", LAYOUT, "--json", "--content", harness.CONTENT],
                                capture_output=True, text=True, check=True)
        cls.slots = {s["id"]: s["pixels"] for s in json.loads(listed.stdout)[0]["slots"]}
        cls.work = os.path.join(harness.WORK, "check-widgets")
        os.makedirs(cls.work, exist_ok=True)
        cls.walls = {}

    def wallpaper(self, name):
        if name not in self.walls:
            self.walls[name] = ws.photo(name, SIZE) if name.endswith(".jpg") else getattr(ws, name)(SIZE)
        return self.walls[name]

    def rect(self, slot):
        p = self.slots[slot]
        return (p["x"], p["y"], p["width"], p["height"])

    def inside(self, small, large):
        a, b = self.rect(small), self.rect(large)
        return b[0] <= a[0] and b[1] <= a[1] and a[0] + a[2] <= b[0] + b[2] and a[1] + a[3] <= b[1] + b[3]

    def run_scene(self, index, wallpaper, letters, depth, p3):
        offsets = OFFSETS[index % len(OFFSETS)]
        wall = self.wallpaper(wallpaper)
        home = ws.paint(wall, [(self.rect(slot), d) for slot, d in zip(CHOSEN, offsets)], seed=index, **look(letters))
        folder = os.path.join(self.work, f"scene-{index}")
        os.makedirs(folder, exist_ok=True)
        empty_path, home_path = os.path.join(folder, "empty.png"), os.path.join(folder, "home.png")
        empty = ws.save(empty_path, wall, depth, p3)
        ws.save(home_path, home, depth, p3)
        out = os.path.join(folder, "crops")
        run = subprocess.run([self.backdrop, "crop", empty_path, "--widgets-from", home_path, "--device", DEVICE, "--layout", LAYOUT,
                              "--out", out, "--force", "--json", "--content", harness.CONTENT], capture_output=True, text=True)
        self.assertEqual(run.returncode, 0, run.stderr)
        return dict(zip(CHOSEN, offsets)), json.loads(run.stdout), empty_path, empty, out

    def visibility(self, wallpaper, letters, index, slot, d):
        """How far the widget painted in `slot` at offset `d`, without its content, differs from
        the wallpaper it covers: the mean over its interior of the difference in luminance, in
        levels of 255."""
        wall = self.wallpaper(wallpaper)
        x, y, width, height = self.rect(slot)
        home = ws.paint(wall, [((x, y, width, height), d)], seed=index, **dict(look(letters), content=False))
        inset = max(4, min(width, height) * 14 // 100)
        top, left = y + d[1] + inset, x + d[0] + inset
        region = np.s_[top:top + height - 2 * inset, left:left + width - 2 * inset]
        weights = np.array([0.2126, 0.7152, 0.0722])
        return float(np.abs((home[region] - wall[region]) @ weights).mean() * 255)

    def test_every_offset_within_one_pixel_or_unknown(self):
        summary = []
        for index, (wallpaper, letters, depth, p3) in enumerate(SCENES):
            with self.subTest(scene=index, wallpaper=wallpaper, look=letters, depth=depth, p3=p3):
                painted, report, _, empty, out = self.run_scene(index, wallpaper, letters, depth, p3)
                found = {w["slot"]: w for w in report["widgets"]}
                # Nothing but the painted widgets, each in its own slot (never a medium widget as
                # the small slots under it, nor two small ones as the medium slot over them).
                self.assertLessEqual(set(found), set(CHOSEN), report["widgets"])
                for slot, (dx, dy) in painted.items():
                    widget = found.get(slot)
                    summary.append((index, wallpaper, letters, slot, (dx, dy), widget and (widget["dx"], widget["dy"], widget["evidence"])))
                    if widget is None:
                        visible = self.visibility(wallpaper, letters, index, slot, (dx, dy))
                        self.assertLess(visible, INVISIBLE, f"{slot} not found, and its background differs from the wallpaper by "
                                        f"{visible:.2f} levels: {report['widgets']}")
                        if wallpaper in PHOTOS and "c" not in letters:
                            self.assertEqual((dx, dy), (0, 0), f"{slot} not found on a photograph without content: {report['widgets']}")
                        continue
                    for got, want, axis in ((widget["dx"], dx, "x"), (widget["dy"], dy, "y")):
                        if got is not None:
                            self.assertLessEqual(abs(got - want), 1, f"{slot} {axis}: {got}, painted {want} ({widget})")
                    if wallpaper in GRADIENTS and "outline" not in widget["evidence"]:
                        self.assertIsNone(widget["dx"], f"{slot}: x given on a wallpaper flat from side to side ({widget})")
                        self.assertIsNotNone(widget["dy"], f"{slot}: y unknown on a vertical gradient ({widget})")
                    if wallpaper in PHOTOS and "c" not in letters:
                        self.assertIsNotNone(widget["dx"], widget)
                        self.assertIsNotNone(widget["dy"], widget)
                # Each corrected crop is the empty page's region (the samples written) at the corrected rectangle.
                for slot in report["slots"][:3]:
                    r = slot["rect"]
                    crop = pngfiles.read(pathlib.Path(out, slot["slot"] + ".png").read_bytes())[2]
                    region = empty[r["y"]:r["y"] + r["height"], r["x"]:r["x"] + r["width"]]
                    self.assertTrue(np.array_equal(crop, region), slot)
        with open(os.path.join(self.work, "summary.json"), "w") as file:
            json.dump(summary, file)

    def test_calibrate_transparent_records_the_corrected_columns_and_rows(self):
        """Every widget 11 px lower than its slot (the layout's rows off): `calibrate --transparent --into`
        refuses to replace measured numbers unless told (nothing written), then moves every slot
        by d, keeps no screenshot, and the catalog still checks; without --empty, refused."""
        d = (0, 11)
        wall = self.wallpaper("LadyBird.jpg")
        home = ws.paint(wall, [(self.rect(slot), d) for slot in CHOSEN], seed=7, **look("wrc"))
        folder = os.path.join(self.work, "calibrate-transparent")
        content = os.path.join(folder, "content")
        if os.path.exists(folder):
            shutil.rmtree(folder)
        shutil.copytree(harness.CONTENT, content)
        empty_path, home_path = os.path.join(folder, "empty.png"), os.path.join(folder, "home.png")
        ws.save(empty_path, wall, 8, False)
        ws.save(home_path, home, 8, False)
        profile = os.path.join(content, "devices", f"{DEVICE}.md")
        before = pathlib.Path(profile).read_text()
        calibration = sorted(os.listdir(os.path.join(content, "calibration")))
        command = [self.backdrop, "calibrate", home_path, "--empty", empty_path, "--transparent", "--into", DEVICE, "--layout", LAYOUT,
                   "--reference", "painted-2026=Backdrop's widget scene painter, LadyBird, every widget 11 px down",
                   "--content", content]
        refused = subprocess.run(command, capture_output=True, text=True)
        self.assertEqual(refused.returncode, 1, refused.stdout)
        self.assertIn("--replace", refused.stderr)
        self.assertEqual(pathlib.Path(profile).read_text(), before)
        recorded = subprocess.run(command + ["--replace"], capture_output=True, text=True)
        self.assertEqual(recorded.returncode, 0, recorded.stderr)
        self.assertIn("is not kept as a calibration screenshot", recorded.stdout)
        self.assertEqual(sorted(os.listdir(os.path.join(content, "calibration"))), calibration)
        listed = subprocess.run([self.backdrop, "slots", DEVICE, "--layout", LAYOUT, "--json", "--content", content],
                                capture_output=True, text=True, check=True)
        moved = {s["id"]: s["pixels"] for s in json.loads(listed.stdout)[0]["slots"]}
        self.assertEqual(set(moved), set(self.slots))
        for slot, old in self.slots.items():
            with self.subTest(slot=slot):
                self.assertEqual((moved[slot]["x"], moved[slot]["y"]), (old["x"] + d[0], old["y"] + d[1]))
        check = subprocess.run([self.backdrop, "check", "--content", content], capture_output=True, text=True)
        self.assertEqual(check.returncode, 0, check.stdout + check.stderr)
        without = subprocess.run([self.backdrop, "calibrate", home_path, "--transparent", "--content", content], capture_output=True, text=True)
        self.assertNotEqual(without.returncode, 0)
        self.assertIn("--transparent needs --empty", without.stderr)


if __name__ == "__main__":
    unittest.main()


def tearDownModule():
    harness.close()


def open_fixer():
    """The fixer page ("My widgets don't line up"), from file://."""
    page = harness.browser().new_page(viewport={"width": 1280, "height": 900})
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    page.goto(f"file://{harness.SITE}/fix/index.html")
    page.wait_for_selector("#check-widgets[data-state]", timeout=harness.TIMEOUT_MS)
    return page


class CheckWidgetsPageTests(unittest.TestCase):
    """The fixer page, "My widgets don't line up": the same scenes, picked on the page, give the
    command line's offsets, corrected crops (the same samples and chunks) and zip."""

    def check(self, page, empty, home):
        page.set_input_files("#check-form input[name=empty]", empty)
        page.set_input_files("#check-form input[name=home]", home)
        page.wait_for_function("['ready', 'error'].includes(document.getElementById('check-widgets').dataset.state)", timeout=harness.TIMEOUT_MS)
        return page.evaluate("document.getElementById('check-widgets').dataset.state")

    def test_the_page_finds_the_command_lines_offsets_and_crops(self):
        cli_side = CheckWidgetsTests()
        CheckWidgetsTests.setUpClass()
        page = open_fixer()
        for index, wallpaper, letters, depth, p3 in [(40, "LadyBird.jpg", "wrc", 8, False), (41, "vertical_gradient", "", 16, True)]:
            with self.subTest(wallpaper=wallpaper, look=letters):
                painted, report, empty_path, _, out = cli_side.run_scene(index, wallpaper, letters, depth, p3)
                home_path = os.path.join(os.path.dirname(empty_path), "home.png")
                page.reload()
                page.wait_for_selector("#check-widgets[data-state]")
                self.assertEqual(self.check(page, empty_path, home_path), "ready", harness.problems(page))
                self.assertEqual(page.eval_on_selector("#check-form select[name=layout]", "n => n.value"), f"{DEVICE}/{LAYOUT}")
                shown = page.eval_on_selector_all("#check-widgets [data-summary] li",
                                                  "n => n.map(li => [li.dataset.slot, li.dataset.dx, li.dataset.dy, li.textContent])")
                self.assertEqual([slot for slot, *_ in shown], [w["slot"] for w in report["widgets"]])
                for (slot, dx, dy, text), widget in zip(shown, report["widgets"]):
                    self.assertEqual((dx, dy), tuple("null" if v is None else str(v) for v in (widget["dx"], widget["dy"])), slot)
                    if widget["dx"] is None or widget["dy"] is None:
                        self.assertIn("cannot be told", text, slot)
                crops = dict(harness.links(page, "#check-widgets [data-crops] a[download]"))
                self.assertEqual(sorted(crops), sorted(slot["slot"] + ".png" for slot in report["slots"] if slot["placed"]))
                for name, data in crops.items():
                    with open(os.path.join(out, name), "rb") as file:
                        theirs = file.read()
                    ours_chunks = [(kind, body) for kind, body in pngfiles.chunks(data) if kind != b"IDAT"]
                    their_chunks = [(kind, body) for kind, body in pngfiles.chunks(theirs) if kind != b"IDAT"]
                    self.assertEqual(ours_chunks, their_chunks, name)
                    self.assertTrue((pngfiles.read(data)[2] == pngfiles.read(theirs)[2]).all(), name)
                [(zip_name, zipped)] = harness.links(page, "#check-widgets [data-zip] a[download]")
                self.assertEqual(zip_name, "backdrop-corrected.zip")
                with zipfile.ZipFile(io.BytesIO(zipped)) as archive:
                    self.assertEqual(sorted(archive.namelist()), sorted(crops))
                record = page.eval_on_selector("#check-widgets [data-record]", "n => n.textContent")
                self.assertIn(report["layoutBlock"].splitlines()[0].strip(), record)
                self.assertIn(f"--transparent --into {DEVICE} --layout {LAYOUT}", record)
        self.assertEqual(page.errors, [])

    def test_a_home_screen_of_another_page_gets_the_command_lines_message(self):
        folder = os.path.join(harness.WORK, "check-widgets", "another-page")
        os.makedirs(folder, exist_ok=True)
        empty, home = os.path.join(folder, "empty.png"), os.path.join(folder, "home.png")
        ws.save(empty, ws.vertical_gradient(SIZE))
        ws.save(home, ws.waves(SIZE))
        status, _, stderr = harness.cli(["crop", "empty.png", "--widgets-from", "home.png", "--device", DEVICE, "--layout", LAYOUT,
                                         "--out", "crops"], cwd=folder)
        self.assertEqual(status, 1)
        self.assertFalse(os.path.exists(os.path.join(folder, "crops")))
        cli_message = stderr.strip().splitlines()[-1].removeprefix("Error: ")
        page = open_fixer()
        self.assertEqual(self.check(page, empty, home), "error")
        shown = page.eval_on_selector_all("#check-widgets [data-problems] p", "n => n.map(p => p.textContent)")
        self.assertEqual(shown, [cli_message])
