"""`backdrop crop EMPTY --icons-from HOME`: the slot grid read off a page of app icons, on the pairs
the independent painter of Tests/CalibrationTests/IconPages paints (written from iOS 26's
documented look and the icon rule's research notes, never from Backdrop's code): the four
catalog grids and six invented ones, two screen sizes no phone has, large icons, folders, badges,
widgets among the icons, holes, only rows 3-5, drop shadows, glass rims, dark mode, 8 and 16 bits,
Display P3, palette and interlaced files; and every refusal (one icon, no icons, jiggle mode,
another wallpaper or size, light against dark, the pair the wrong way round).

Checked for every scene: a measured page gives every slot the painter's rule gives within 1 px
(0 slots off by more), and each crop is the empty page's region at that slot; a page where an
axis cannot be told names it (or gives no slot that needs it); a refused page exits 1 with the
reason and writes nothing."""
import json
import os
import shutil
import subprocess
import sys
import unittest

import numpy as np

import harness
import pngfiles

sys.path.insert(0, os.path.join(harness.ROOT, "Tests", "CalibrationTests", "IconPages"))
import paint_matrix  # noqa: E402

# The words each refusal must say.
REFUSALS = {
    "refused: too few icons": "only 1 app icon",
    "refused: no icons": "same picture",
    "refused: jiggle mode": "jiggle",
    "refused: another wallpaper": "not of the same page",
    "refused: another size": "take both on the same phone",
    "refused: light against dark": "light and in dark mode",
    "refused: wrong way round (the pages are swapped)": "wrong way round",
}


class IconPagesTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.matrix = os.path.join(harness.WORK, "icon-pages")
        if not os.path.exists(os.path.join(cls.matrix, "scenes.json")):
            subprocess.run([sys.executable, paint_matrix.__file__, cls.matrix], check=True, capture_output=True)
        with open(os.path.join(cls.matrix, "scenes.json"), encoding="utf-8") as file:
            cls.scenes = json.load(file)

    def run_scene(self, scene):
        out = os.path.join(harness.WORK, "icon-crops", scene["name"])
        shutil.rmtree(out, ignore_errors=True)
        return out, subprocess.run(
            [harness.BACKDROP, "crop", os.path.join(self.matrix, scene["empty"]), "--icons-from", os.path.join(self.matrix, scene["home"]),
             "--out", out, "--json", "--content", harness.CONTENT], capture_output=True, text=True)

    def test_every_scene_is_read_within_one_pixel_or_refused_with_its_reason(self):
        off = []
        for scene in self.scenes:
            with self.subTest(scene=scene["name"]):
                truth, expect = scene["truth"], scene["truth"]["expect"]
                out, run = self.run_scene(scene)
                if isinstance(expect, str) and expect.startswith("refused"):
                    self.assertEqual(run.returncode, 1, f"{scene['name']}: measured a page that must be refused ({expect})")
                    self.assertIn(REFUSALS[expect], run.stderr)
                    self.assertFalse(os.path.exists(out), "a refusal writes nothing")
                    continue
                if isinstance(expect, dict):
                    axes = expect["unknownAxes"]
                    if run.returncode == 1:
                        self.assertTrue(all(axis in run.stderr for axis in axes), run.stderr)
                        self.assertFalse(os.path.exists(out))
                        continue
                    report = json.loads(run.stdout)
                    self.assertTrue(all(any(said.startswith(axis) for said in report["unknownAxes"]) for axis in axes), report["unknownAxes"])
                else:
                    self.assertEqual(run.returncode, 0, run.stderr)
                    report = json.loads(run.stdout)
                got = {slot["id"]: slot["pixels"] for slot in report["slots"]}
                for slot, rect in got.items():
                    if slot in truth["slots"]:
                        x, y, w, h = truth["slots"][slot]
                        miss = max(abs(rect["x"] - x), abs(rect["y"] - y), abs(rect["width"] - w), abs(rect["height"] - h))
                        if miss > 1:
                            off.append(f"{scene['name']} {slot}: {rect} against {truth['slots'][slot]}")
                if expect == "measured":
                    self.assertEqual(set(truth["slots"]) - set(got) - {u["id"] for u in report["unknownSlots"]}, set(),
                                     "every slot is given or said to be unknown")
                self.assertCropsAreTheEmptyPagesRegions(scene, out, got)
        self.assertEqual(off, [], "slots more than 1 px off the painted truth")

    def assertCropsAreTheEmptyPagesRegions(self, scene, out, slots):
        with open(os.path.join(self.matrix, scene["empty"]), "rb") as file:
            _, _, empty = pngfiles.read(file.read())
        for slot, rect in list(slots.items())[:3]:
            with open(os.path.join(out, f"{slot}.png"), "rb") as file:
                _, _, crop = pngfiles.read(file.read())
            region = empty[rect["y"]:rect["y"] + rect["height"], rect["x"]:rect["x"] + rect["width"]]
            self.assertTrue(np.array_equal(crop, region), f"{scene['name']} {slot}: the crop is not the empty page's region")


if __name__ == "__main__":
    unittest.main()
