"""The fixer page, "My widgets don't line up" (site/fix/index.html), where people need it: a phone
(390 px, touch) gets from the front page to it in one tap (the navigation of every page), and from
a corrected background to the share sheet in one more; without the share sheet the full-size
picture is there to touch and hold. Without the empty page it says what to do. The results come
into view, in plain words. Every result card of the make page links to it. axe-core finds no
serious or critical problem.

The scenes are painted by the independent painter (Tests/CalibrationTests/WidgetScenes)."""
import io
import json
import os
import sys
import unittest

import numpy as np
from axe_playwright_python.sync_playwright import Axe
from PIL import Image

import fixtures
import harness

sys.path.insert(0, os.path.join(harness.ROOT, "Tests", "CalibrationTests", "WidgetScenes"))
import widget_scenes as ws  # noqa: E402

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 3}
DEVICE, LAYOUT, SIZE = "iphone-16-pro-max", "ios26", (1320, 2868)
# Words the page once used that a person does not say.
JARGON = ["was 619", "same column or row across", "off its spot", "widgets found,"]


def setUpModule():
    global EMPTY, HOME, SLOTS
    folder = os.path.join(harness.WORK, "fix-page")
    os.makedirs(folder, exist_ok=True)
    SLOTS = {s["id"]: s["pixels"] for s in harness.slots(DEVICE, LAYOUT)[0]["slots"]}
    wall = ws.photo("LadyBird.jpg", SIZE)
    rect = lambda slot: tuple(SLOTS[slot][k] for k in ("x", "y", "width", "height"))  # noqa: E731
    # Two small widgets in the middle row, 12 px right and 7 px down of their slots; a medium one
    # at the top, in the same column.
    home = ws.paint(wall, [(rect("small-middle-left"), (12, 7)), (rect("small-middle-right"), (12, 7)), (rect("medium-top"), (12, -3))],
                    overlay=("white", 0.2), rim=True, seed=3)
    EMPTY, HOME = os.path.join(folder, "empty.png"), os.path.join(folder, "home.png")
    ws.save(EMPTY, wall)
    ws.save(HOME, home)


def tearDownModule():
    harness.close()


def phone_page(share=False):
    context = harness.browser().new_context(**PHONE)
    if share:
        context.add_init_script(harness.SHARE_STUB)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    return page


def check(page):
    page.set_input_files("#check-form input[name=empty]", EMPTY)
    page.set_input_files("#check-form input[name=home]", HOME)
    page.wait_for_function("['ready', 'error'].includes(document.getElementById('check-widgets').dataset.state)", timeout=harness.TIMEOUT_MS)
    return page.evaluate("document.getElementById('check-widgets').dataset.state")


def check_home(page):
    """Picks HOME beside the empty page already picked; the state the check ends in."""
    page.set_input_files("#check-form input[name=home]", HOME)
    page.wait_for_function("['ready', 'error'].includes(document.getElementById('check-widgets').dataset.state)", timeout=harness.TIMEOUT_MS)
    return page.evaluate("document.getElementById('check-widgets').dataset.state")


def styled_widgets(chosen, name, style="blur"):
    """A home screen of widgets in `chosen` slots whose backgrounds `backdrop crop --style STYLE`
    cut from EMPTY, each 12 px right and 7 px down of its slot (its rounded corners showing the
    wallpaper), and the command line's check of it with `--style STYLE`: (report, home, crops folder)."""
    folder = os.path.join(harness.WORK, "fix-page", name)
    status, _, stderr = harness.cli(["crop", EMPTY, "--device", DEVICE, "--layout", LAYOUT, "--style", style, "--out", folder, "--force"])
    assert status == 0, stderr
    home = np.asarray(Image.open(EMPTY).convert("RGB"), dtype=np.float64) / 255
    for slot in chosen:
        x, y, width, height = (SLOTS[slot][k] for k in ("x", "y", "width", "height"))
        piece = np.asarray(Image.open(os.path.join(folder, f"{slot}-{style}.png")).convert("RGB"), dtype=np.float64) / 255
        cover = ws.rounded_mask(width, height, min(width, height) * 0.125 + 4)[:, :, None]
        target = home[y + 7:y + 7 + height, x + 12:x + 12 + width]
        home[y + 7:y + 7 + height, x + 12:x + 12 + width] = target * (1 - cover) + piece * cover
    home_path = os.path.join(folder, "home.png")
    ws.save(home_path, home)
    out = os.path.join(folder, "cli")
    status, stdout, stderr = harness.cli(["crop", EMPTY, "--widgets-from", home_path, "--device", DEVICE, "--layout", LAYOUT, "--style", style,
                                          "--out", out, "--force", "--json"])
    assert status == 0, stderr
    return json.loads(stdout), home_path, out


def in_view(page, selector):
    return page.eval_on_selector(selector, "n => { const r = n.getBoundingClientRect(); return r.top >= -1 && r.top < window.innerHeight; }")


class FixPageTests(unittest.TestCase):
    maxDiff = None

    def test_from_the_front_page_in_one_tap_and_from_a_corrected_background_to_the_share_sheet_in_one_more(self):
        page = phone_page(share=True)
        page.goto(f"file://{harness.SITE}/index.html")
        page.tap("[data-fix-link]")
        page.wait_for_selector("#check-widgets[data-state]", timeout=harness.TIMEOUT_MS)
        self.assertTrue(page.url.endswith("/fix/index.html"), page.url)
        self.assertEqual(page.inner_text("h1"), "My widgets don’t line up")
        self.assertEqual(check(page), "ready", harness.problems(page))
        # The results come into view, in plain words.
        self.assertTrue(in_view(page, "[data-found-title]"), "the results are brought into view")
        text = page.inner_text("#check-widgets")
        for words in JARGON:
            self.assertNotIn(words, text)
        self.assertIn("Found and measured 3 widgets", page.inner_text("[data-status]"))
        summary = page.inner_text("[data-summary]")
        self.assertIn("its background was cut 12 px too far left, 7 px too high", summary)
        # Each new background: the command line's file, one tap from the share sheet.
        out = os.path.join(harness.WORK, "fix-page", "cli")
        status, _, stderr = harness.cli(["crop", EMPTY, "--widgets-from", HOME, "--device", DEVICE, "--layout", LAYOUT, "--out", out, "--force"])
        self.assertEqual(status, 0, stderr)
        cards = page.eval_on_selector_all("[data-crops] li[data-rect]", "n => n.map(li => li.dataset.slot)")
        self.assertEqual(len(cards), 11)
        self.assertEqual(len(page.query_selector_all("[data-crops] [data-share]")), 11)
        page.tap("[data-share='small-middle-left.png']")
        page.wait_for_function("window.sharedFiles.length === 1")
        name, kind, shared = harness.shared_file(page)
        self.assertEqual((name, kind), ("small-middle-left.png", "image/png"))
        with open(os.path.join(out, "small-middle-left.png"), "rb") as file:
            theirs = np.asarray(Image.open(file))
        self.assertTrue(np.array_equal(np.asarray(Image.open(io.BytesIO(shared))), theirs))
        self.assertEqual(page.errors, [])
        page.context.close()

    def test_without_the_share_sheet_each_picture_is_there_full_size_to_touch_and_hold(self):
        page = phone_page()
        page.goto(f"file://{harness.SITE}/fix/index.html")
        page.wait_for_selector("#check-widgets[data-state]", timeout=harness.TIMEOUT_MS)
        self.assertEqual(check(page), "ready", harness.problems(page))
        self.assertEqual(page.query_selector_all("[data-share]"), [])
        self.assertIn("touch and hold a picture", page.inner_text("[data-touch-hint]"))
        sizes = page.eval_on_selector_all("[data-crops] img", "n => n.map(i => [i.naturalWidth, i.naturalHeight])")
        self.assertEqual(len(sizes), 11)
        self.assertIn([SLOTS["small-top-left"]["width"], SLOTS["small-top-left"]["height"]], sizes)
        page.context.close()

    def test_without_the_empty_page_it_says_what_to_do(self):
        page = phone_page()
        page.goto(f"file://{harness.SITE}/fix/index.html")
        page.wait_for_selector("#check-widgets[data-state]", timeout=harness.TIMEOUT_MS)
        page.set_input_files("#check-form input[name=home]", HOME)
        page.wait_for_function("document.getElementById('check-widgets').dataset.state === 'empty'")
        self.assertIn("A new screenshot of an empty page with the same wallpaper works", page.inner_text("[data-status]"))
        self.assertTrue(page.eval_on_selector("#no-empty-page", "d => d.open"))
        self.assertIn("swipe left past your last page", page.inner_text("#no-empty-page"))
        # A new screenshot of an empty page of that wallpaper is taken like the first.
        self.assertEqual(check(page), "ready", harness.problems(page))
        page.context.close()

    def test_the_empty_page_is_read_while_the_home_screen_is_picked_once_for_every_check_and_given_back(self):
        """The empty page is read as soon as it is picked (the check then starts from it), kept
        while it stays chosen (another style is checked without reading it again), and given back
        to the core when another empty page is picked, or none."""
        page = harness.browser().new_page(viewport={"width": 1280, "height": 900})
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"file://{harness.SITE}/fix/index.html")
        page.wait_for_selector("#check-widgets[data-state]", timeout=harness.TIMEOUT_MS)
        # Every screenshot the page has the core read, by name.
        page.evaluate("""() => BackdropTool.core().then((core) => {
            const read = core.readScreenshot.bind(core);
            window.reads = [];
            core.readScreenshot = (name, bytes) => { window.reads.push(name); return read(name, bytes); };
        })""")
        in_use = lambda: page.evaluate("BackdropTool.core().then((core) => core.allocatedBytes())")  # noqa: E731
        state = "document.getElementById('check-widgets').dataset.state"
        settled = f"['ready', 'error'].includes({state})"
        before = in_use()
        page.set_input_files("#check-form input[name=empty]", EMPTY)
        page.wait_for_selector("#check-widgets[data-empty=read]", state="attached", timeout=harness.TIMEOUT_MS)
        self.assertEqual(page.evaluate(state), "empty")
        self.assertEqual(page.evaluate("window.reads"), ["empty.png"])
        self.assertGreaterEqual(in_use() - before, SIZE[0] * SIZE[1] * 3, "the empty page read and kept")
        page.set_input_files("#check-form input[name=home]", HOME)
        page.wait_for_function(settled, timeout=harness.TIMEOUT_MS)
        self.assertEqual(page.evaluate(state), "ready", harness.problems(page))
        # Checked again in another style (these widgets are not in it: whatever the answer), and
        # in theirs: the empty page read once for the three checks.
        for style in ("light", "none"):
            page.select_option("#check-form select[name=style]", style)
            page.wait_for_function(settled, timeout=harness.TIMEOUT_MS)
        self.assertEqual(page.evaluate(state), "ready", harness.problems(page))
        self.assertEqual(page.evaluate("window.reads"), ["empty.png"] + ["home.png"] * 3, "the empty page read once for the three checks")
        checked = in_use()
        # Another empty page: read, and the first given back.
        other = os.path.join(harness.WORK, "fix-page", "empty-again.png")
        with open(EMPTY, "rb") as source, open(other, "wb") as copy:
            copy.write(source.read())
        page.set_input_files("#check-form input[name=empty]", other)
        page.wait_for_function(f"{settled} && document.getElementById('check-widgets').dataset.empty === 'read'", timeout=harness.TIMEOUT_MS)
        self.assertEqual(page.evaluate(state), "ready", harness.problems(page))
        self.assertEqual(page.evaluate("window.reads")[-2:], ["empty-again.png", "home.png"])
        self.assertEqual(in_use(), checked, "the first empty page given back")
        # None: nothing kept.
        page.set_input_files("#check-form input[name=empty]", [])
        page.wait_for_function(f"{state} === 'empty'", timeout=harness.TIMEOUT_MS)
        self.assertGreaterEqual(checked - in_use(), SIZE[0] * SIZE[1] * 3, "the empty page given back once none is chosen")
        self.assertIsNone(page.evaluate("document.getElementById('check-widgets').dataset.empty ?? null"))
        self.assertEqual(errors, [])
        page.close()

    def test_an_empty_page_that_cannot_be_read_is_said_at_once_in_the_command_lines_words(self):
        """Picked alone, before the home screen: the command line's message for the file, at once;
        then with the home screen, the same."""
        folder = os.path.join(harness.WORK, "fix-page")
        with open(EMPTY, "rb") as file:
            good = file.read()
        broken = bytearray(good)
        broken[29] ^= 0xFF  # inside IHDR's data: its CRC no longer matches
        for name, data in {"truncated.png": good[:5000], "bad-crc.png": bytes(broken)}.items():
            with self.subTest(file=name):
                path = os.path.join(folder, name)
                with open(path, "wb") as file:
                    file.write(data)
                expected = harness.cli_error(["crop", name, "--widgets-from", HOME, "--device", DEVICE, "--layout", LAYOUT,
                                              "--out", os.path.join(folder, "x")], folder)
                page = harness.browser().new_page(viewport={"width": 1280, "height": 900})
                page.goto(f"file://{harness.SITE}/fix/index.html")
                page.wait_for_selector("#check-widgets[data-state]", timeout=harness.TIMEOUT_MS)
                page.set_input_files("#check-form input[name=empty]", path)
                page.wait_for_function("document.getElementById('check-widgets').dataset.state === 'error'", timeout=harness.TIMEOUT_MS)
                self.assertEqual(harness.problems(page), [expected])
                self.assertEqual(check_home(page), "error")
                self.assertEqual(harness.problems(page), [expected])
                page.close()

    def test_every_result_card_of_the_make_page_links_here(self):
        page = phone_page()
        page.goto(f"file://{harness.SITE}/make/index.html")
        page.wait_for_selector("#make[data-state]", timeout=harness.TIMEOUT_MS)
        shot = os.path.join(harness.WORK, "fix-page", "make-shot.png")
        fixtures.paint_rgb(shot, SIZE, 5)
        page.set_input_files("input[name=light]", shot)
        page.wait_for_function("['ready', 'error', 'unknown'].includes(document.getElementById('make').dataset.state)", timeout=harness.TIMEOUT_MS)
        cards = page.eval_on_selector_all("#make [data-crops] li", "n => n.map(li => !!li.querySelector('a[data-fix]'))")
        self.assertTrue(cards and all(cards), cards)
        note = page.inner_text("#make [data-crops] li .fix-note")
        self.assertEqual(note, "May be a few pixels off: if a seam shows, fix it here.")
        page.tap("button.slot-button[data-slot=small-top-left]")
        page.wait_for_selector("[data-picked-actions] a[data-fix]", timeout=harness.TIMEOUT_MS)
        page.context.close()

    def test_widgets_made_in_a_style_are_checked_in_it_and_named_as_the_command_line_names_them(self):
        """Widgets whose backgrounds were cropped blurred, 12 px right and 7 px down of their slots:
        the style chosen on the page gives the command line's offsets and crops (`--style blur`),
        each named as its file (SLOT-blur.png), the same samples."""
        chosen = ("small-top-left", "small-bottom-right")
        report, home_path, out = styled_widgets(chosen, "blurred")
        self.assertEqual(sorted((w["slot"], w["dx"], w["dy"]) for w in report["widgets"]), [(slot, 12, 7) for slot in sorted(chosen)])
        page = harness.browser().new_page(viewport={"width": 1280, "height": 900})
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"file://{harness.SITE}/fix/index.html")
        page.wait_for_selector("#check-widgets[data-state]", timeout=harness.TIMEOUT_MS)
        page.set_input_files("#check-form input[name=empty]", EMPTY)
        page.set_input_files("#check-form input[name=home]", home_path)
        page.wait_for_function("['ready', 'error'].includes(document.getElementById('check-widgets').dataset.state)", timeout=harness.TIMEOUT_MS)
        page.select_option("#check-form select[name=style]", "blur")
        page.wait_for_function("""() => document.getElementById('check-widgets').dataset.state === 'ready'
            && [...document.querySelectorAll('#check-widgets [data-crops] a[download]')].some(a => a.download.endsWith('-blur.png'))""",
                               timeout=harness.TIMEOUT_MS)
        shown = page.eval_on_selector_all("#check-widgets [data-summary] li", "n => n.map(li => [li.dataset.slot, li.dataset.dx, li.dataset.dy])")
        self.assertEqual(sorted(shown), [[w["slot"], str(w["dx"]), str(w["dy"])] for w in sorted(report["widgets"], key=lambda w: w["slot"])])
        crops = dict(harness.links(page, "#check-widgets [data-crops] a[download]"))
        self.assertEqual(sorted(crops), sorted(name for name in os.listdir(out) if name.endswith(".png")))
        self.assertEqual(sorted(crops), sorted(file for slot in report["slots"] for file in slot["files"]))
        for name, data in crops.items():
            theirs = np.asarray(Image.open(os.path.join(out, name)))
            self.assertTrue(np.array_equal(np.asarray(Image.open(io.BytesIO(data))), theirs), name)
        self.assertEqual(errors, [])
        page.close()

    def test_widgets_in_a_style_filling_two_rows_are_not_taken_for_one_widget_three_rows_tall(self):
        """Issue 51: a medium widget and two small ones under it, or two small ones above a medium
        one, cropped in a style and all 12 px right and 7 px down, were once reported as one
        extra-large widget (three rows tall, its last row the wallpaper itself) at that offset:
        the styled empty page, where the pieces are looked for, was also taken for the wallpaper
        shown between the widgets. Every style, each arrangement in two of them."""
        arrangements = [("medium-top", "small-middle-left", "small-middle-right"), ("small-top-left", "small-middle-left", "medium-bottom")]
        for index, style in enumerate(["blur", "light", "dark", "glass"]):
            chosen = arrangements[index % 2]
            with self.subTest(style=style, widgets=chosen):
                report, _, _ = styled_widgets(chosen, f"styled-rows-{style}", style)
                self.assertEqual(sorted((w["slot"], w["dx"], w["dy"]) for w in report["widgets"]), [(slot, 12, 7) for slot in sorted(chosen)])

    def test_no_serious_accessibility_problem_at_390_and_1280(self):
        for width in (390, 1280):
            page = harness.browser().new_page(viewport={"width": width, "height": 900})
            page.goto(f"file://{harness.SITE}/fix/index.html")
            page.wait_for_selector("#check-widgets[data-state]", timeout=harness.TIMEOUT_MS)
            self.assertEqual(check(page), "ready", harness.problems(page))
            results = Axe().run(page)
            serious = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
            self.assertEqual(serious, [], f"{width} px: {[v['id'] for v in serious]}")
            page.close()


if __name__ == "__main__":
    unittest.main()
