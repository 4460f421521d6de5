"""The make page's styles: a style picked on the page gives the zip `backdrop crop --style`
writes (each crop's IHDR, colour chunks and samples equal), named with the style; the slots show
the style in place; the slot tapped stays picked, in the new style; `none` is the crops as before."""
import io
import os
import unittest
import zipfile

import fixtures
import harness
import test_make

FIXTURES = os.path.join(harness.WORK, "style-fixtures")
CROPS = os.path.join(harness.WORK, "style-crops")
STYLES = ["blur", "light", "dark", "glass"]
# The styles' names for people (CropStyle.title): what the picture looks like, not an appearance.
TITLES = {"none": "Exact wallpaper", "blur": "Blurred", "light": "Blurred, lighter", "dark": "Blurred, darker", "glass": "Frosted glass"}
made = {}


def setUpModule():
    for name, path, _ in fixtures.make_once(FIXTURES):
        made[name] = path
    for name in ("rgb-8", "p3-rgb-16"):
        status, _, stderr = harness.cli(
            ["crop", name + ".png", "--device", fixtures.DEVICE, "--layout", fixtures.LAYOUT, "--style", "all",
             "--out", os.path.join(CROPS, name)], cwd=FIXTURES)
        assert status == 0, stderr


def tearDownModule():
    harness.close()


class MakeStyleTests(unittest.TestCase):
    maxDiff = None
    # The make page's own checks of a crop against backdrop crop's, and its way to pick files.
    assert_same_png = test_make.MakePageTests.assert_same_png
    crop_with_page = test_make.MakePageTests.crop_with_page

    def choose_style(self, page, style):
        page.check(f"input[name=style][value={style}]")
        page.wait_for_function("document.getElementById('make').dataset.state === 'ready'", timeout=harness.TIMEOUT_MS)

    def assert_zip_is_the_command_lines(self, page, fixture, style):
        [(zip_name, zipped)] = harness.links(page, "[data-zip] a[download]")
        self.assertEqual(zip_name, f"backdrop_{fixtures.DEVICE}_{fixtures.LAYOUT}_{style}.zip")
        folder = os.path.join(CROPS, fixture, style)
        expected = sorted(name for name in os.listdir(folder) if not name.startswith("extra-large-portrait"))
        with zipfile.ZipFile(io.BytesIO(zipped)) as archive:
            self.assertIsNone(archive.testzip())
            names = sorted(name for name in archive.namelist() if name != "README.txt")
            self.assertEqual(names, expected, f"{style}: the zip's files are backdrop crop --style {style}'s")
            for name in names:
                with open(os.path.join(folder, name), "rb") as file:
                    self.assert_same_png(archive.read(name), file.read(), f"{fixture} {style} {name}")
            self.assertIn(f"Style: {TITLES[style]}", archive.read("README.txt").decode())

    def test_each_style_zips_what_backdrop_crop_style_writes(self):
        page = self.crop_with_page({"light": made["rgb-8"]})
        self.assertFalse(page.query_selector_all(".slot-button.styled"), "no preview for none")
        # The choice names what the picture looks like, with a plain line each, numbers left to the Styles page.
        labels = page.eval_on_selector_all("[data-styles] label", "nodes => nodes.map(n => [n.textContent.trim(), n.title])")
        self.assertEqual([title for title, _ in labels], [TITLES[name] for name in ["none", *STYLES]])
        for title, line in labels:
            self.assertNotRegex(line, r"\d+ ?(pt|%)", f"{title}: {line}")
        for style in STYLES:
            with self.subTest(style=style):
                self.choose_style(page, style)
                self.assert_zip_is_the_command_lines(page, "rgb-8", style)
                # The live preview: every slot button shows its own crop in the style.
                previews = page.eval_on_selector_all(
                    ".slot-button", "nodes => nodes.map(n => [n.classList.contains('styled'), n.style.backgroundImage.startsWith('url(\"blob:')])")
                self.assertTrue(previews and all(styled and blob for styled, blob in previews), previews)
                self.assertIn(TITLES[style], page.inner_text("[data-style-about]"))
        self.choose_style(page, "none")
        self.assertFalse(page.query_selector_all(".slot-button.styled"))
        [(zip_name, _)] = harness.links(page, "[data-zip] a[download]")
        self.assertEqual(zip_name, f"backdrop_{fixtures.DEVICE}_{fixtures.LAYOUT}.zip")
        self.assertEqual(page.errors, [])

    def test_a_16_bit_display_p3_screenshot_keeps_its_depth_and_profile_in_a_style(self):
        page = self.crop_with_page({"light": made["p3-rgb-16"]})
        self.choose_style(page, "glass")
        self.assert_zip_is_the_command_lines(page, "p3-rgb-16", "glass")
        self.assertEqual(page.errors, [])

    def test_the_slot_tapped_stays_picked_in_the_new_style(self):
        page = self.crop_with_page({"light": made["rgb-8"]})
        page.click(".slot-button[data-slot=small-top-left]")
        page.wait_for_selector("[data-picked-image]")
        self.assertEqual(page.get_attribute("[data-picked-image]", "data-name"), "small-top-left.png")
        self.choose_style(page, "dark")
        page.wait_for_selector("[data-picked-image]")
        self.assertEqual(page.get_attribute("[data-picked-image]", "data-name"), "small-top-left-dark.png")
        self.assertEqual(page.get_attribute(".slot-button[data-slot=small-top-left]", "aria-pressed"), "true")
        [(name, data)] = harness.links(page, "[data-picked-actions] a[data-download]")
        self.assertEqual(name, "small-top-left-dark.png")
        with open(os.path.join(CROPS, "rgb-8", "dark", name), "rb") as file:
            self.assert_same_png(data, file.read(), f"picked {name}")
