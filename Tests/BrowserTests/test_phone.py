"""The phone-first flow (390x844, touch): from the front page to one slot's crop, full size, in
four actions or fewer, and from there into Photos: the Web Share API with the file where the
browser has it, a full-resolution picture to touch and hold where it does not. Also each finding
of the walk-through that led to it: the summary said again on every choice, the size switch
filtering the crops, the names Scriptable is given, the iOS 26/27 choice, the device pages' call
to action and sample label, and the jargon kept behind "For developers".

The screenshots are painted with numpy and written by Pillow (fixtures.paint_rgb), not by Backdrop."""
import base64
import io
import os
import unittest
import zipfile

import numpy as np
from axe_playwright_python.sync_playwright import Axe
from PIL import Image

import fixtures
import harness

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 3}
DEVICE, LAYOUT, SIZE = "iphone-16-pro", "ios26", (1206, 2622)
# 1290x2796 (iPhone 15 Pro Max, 16 Plus): iOS 26 positions derived by the model, with an error.
DERIVED_SIZE = (1290, 2796)
# 1125x2436: the iPhone 12 mini and 13 mini, and the iPhone X, XS and 11 Pro, whose grid differs.
MINI_SIZE = (1125, 2436)

# Runs a Scriptable script in the page with Scriptable's objects stubbed: in light and dark mode
# without a Parameter, then with the Parameter "dark" in light mode and "light" in dark mode; gives
# the path of the picture each run read.
SCRIPTABLE_RUN = """async (script) => {
  const read = [];
  for (const [dark, parameter] of [[false, null], [true, null], [false, "dark"], [true, "light"]]) {
    const env = {
      FileManager: { iCloud: () => ({ documentsDirectory: () => "/docs", joinPath: (a, b) => `${a}/${b}`,
        downloadFileFromiCloud: async () => {}, readImage: (path) => { read.push(path); return path; } }) },
      Device: { isUsingDarkAppearance: () => dark },
      ListWidget: class {},
      Script: { setWidget: () => {}, complete: () => {} },
      args: { widgetParameter: parameter },
    };
    await new Function(...Object.keys(env), `return (async () => {\n${script}\n})()`)(...Object.values(env));
  }
  return read;
}"""

# Holds what the core's deflate workers send back until `window.openGate()` is called: the file of
# a tapped slot cannot then come before the browser's decoded picture, however slow the decoding
# is on a loaded machine (the page shows whichever is first; this test is about the picture).
WORKER_GATE = """
window.gate = new Promise(resolve => { window.openGate = resolve; });
window.Worker = class extends window.Worker {
  set onmessage(handler) { super.onmessage = event => window.gate.then(() => handler.call(this, event)); }
  get onmessage() { return super.onmessage; }
};
"""


def setUpModule():
    global SHOT, SOURCE, DERIVED_SHOT, DARK_SHOT, MINI_SHOT
    os.makedirs(harness.WORK, exist_ok=True)
    SHOT = os.path.join(harness.WORK, "phone-shot.png")
    SOURCE = fixtures.paint_rgb(SHOT, SIZE, 7)
    DERIVED_SHOT = os.path.join(harness.WORK, "phone-derived.png")
    fixtures.paint_rgb(DERIVED_SHOT, DERIVED_SIZE, 8)
    DARK_SHOT = os.path.join(harness.WORK, "phone-shot-dark.png")
    MINI_SHOT = os.path.join(harness.WORK, "phone-mini.png")
    fixtures.paint_rgb(MINI_SHOT, MINI_SIZE, 10)


def tearDownModule():
    harness.close()


def phone_page(share=False, width=None, gate=False):
    profile = dict(PHONE)
    if width:
        profile = {"viewport": {"width": width, "height": 900}}
    context = harness.browser().new_context(**profile)
    if share:
        context.add_init_script(harness.SHARE_STUB)
    if gate:
        context.add_init_script(WORKER_GATE)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    return page


def wait_ready(page):
    page.wait_for_function("['ready', 'error', 'unknown'].includes(document.getElementById('make').dataset.state)", timeout=harness.TIMEOUT_MS)
    return page.evaluate("document.getElementById('make').dataset.state")


def open_make(page, shot):
    page.goto(f"file://{harness.SITE}/make/index.html")
    page.wait_for_selector("#make[data-state]", timeout=harness.TIMEOUT_MS)
    page.set_input_files("input[name=light]", shot)
    return wait_ready(page)


def visible_crops(page):
    return page.eval_on_selector_all("[data-crops] li", "nodes => nodes.filter(n => n.checkVisibility()).map(n => n.className)")


def in_view(page, selector):
    """Whether the top of the element is inside the window."""
    return page.eval_on_selector(selector, "n => { const r = n.getBoundingClientRect(); return r.top >= -1 && r.top < window.innerHeight; }")


# axe's results with every node of every kind (by default it lists one node of a rule that passed).
EVERY_RESULT = {"resultTypes": ["violations", "incomplete", "passes"]}


def label_contrast(results, kind):
    """The slot labels among axe's colour-contrast results of `kind` ("passes", "incomplete")."""
    return [node["target"] for rule in results.response[kind] if rule["id"] == "color-contrast"
            for node in rule["nodes"] if "slot-label" in node["html"]]


class PhoneFlowTests(unittest.TestCase):
    maxDiff = None

    def test_front_page_to_the_medium_top_crop_in_four_actions_and_into_photos(self):
        page = phone_page(share=True)
        page.goto(f"file://{harness.SITE}/index.html")
        actions = 0
        page.tap("[data-make-cta]")
        actions += 1
        page.wait_for_selector("#make[data-state]", timeout=harness.TIMEOUT_MS)
        page.set_input_files("input[name=light]", SHOT)
        actions += 1
        self.assertEqual(wait_ready(page), "ready", harness.problems(page))
        # The slots are brought into view at once.
        self.assertTrue(in_view(page, "[data-tap-title]"))
        page.tap("label:has(#family-medium)")
        actions += 1
        page.tap("button.slot-button[data-slot=medium-top]")
        actions += 1
        self.assertLessEqual(actions, 4)
        page.wait_for_function("(() => { const i = document.querySelector('[data-picked-image]'); "
                               "return !!i && i.complete && i.naturalWidth > 0; })()")
        self.assertTrue(in_view(page, "[data-picked]"), "the crop is brought into view")

        # The picture is the crop at its full size, the command line's pixels.
        [rect] = [s["pixels"] for s in harness.slots(DEVICE, LAYOUT)[0]["slots"] if s["id"] == "medium-top"]
        natural = page.eval_on_selector("[data-picked-image]", "i => [i.naturalWidth, i.naturalHeight]")
        self.assertEqual(natural, [rect["width"], rect["height"]])
        [(name, shown)] = harness.links(page, "[data-picked-actions] a[download]")
        self.assertEqual(name, "medium-top.png")
        region = SOURCE[rect["y"]:rect["y"] + rect["height"], rect["x"]:rect["x"] + rect["width"]]
        self.assertTrue(np.array_equal(np.asarray(Image.open(io.BytesIO(shown))), region))
        out = os.path.join(harness.WORK, "phone-cli")
        status, _, stderr = harness.cli(["crop", SHOT, "--device", DEVICE, "--layout", LAYOUT, "--out", out, "--force"])
        self.assertEqual(status, 0, stderr)
        cli_crop = np.asarray(Image.open(os.path.join(out, "medium-top.png")))
        self.assertTrue(np.array_equal(cli_crop, region), "the command line's crop has the same pixels")

        # Save to Photos hands the share sheet a PNG file with the crop's bytes.
        page.tap("[data-share]")
        page.wait_for_function("window.sharedFiles.length === 1")
        name, kind, shared = harness.shared_file(page)
        self.assertEqual((name, kind), ("medium-top.png", "image/png"))
        self.assertEqual(shared, shown)

        # What to do next, in the user's words.
        steps = page.inner_text("[data-next-steps]")
        self.assertIn("choose this picture from Photos", steps)
        self.assertIn("Scriptable", steps)
        self.assertEqual(page.errors, [])
        page.context.close()

    def test_a_slot_tapped_once_drawn_shows_its_crop_before_the_others_are_made_and_the_zip_has_the_same_file(self):
        # A phone's speed (the CPU slowed four times), so that the set takes seconds: the slots
        # are drawn before any crop is made, and the tapped one is cropped first. The deflate
        # workers' replies wait until the picture is shown (WORKER_GATE).
        page = phone_page(gate=True)
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
        page.goto(f"file://{harness.SITE}/make/index.html")
        page.wait_for_selector("#make[data-state]", timeout=harness.TIMEOUT_MS)
        # The tap comes the moment the slots are drawn (a test's taps take longer than a person's);
        # what the page shows is recorded as it changes (the picture drawn at once is replaced by
        # its file within a moment).
        page.evaluate("""() => {
            const make = document.getElementById('make');
            const state = () => [make.dataset.state, document.querySelectorAll('[data-crops] li, [data-zip-link]').length];
            new MutationObserver(() => {
                const button = document.querySelector('button.slot-button[data-slot=large-top]');
                if (button && !window.atTap) {
                    const top = document.querySelector('[data-tap-title]').getBoundingClientRect().top;
                    window.atTap = [top >= -1 && top < window.innerHeight, ...state()];
                    button.click();
                }
                const canvas = document.querySelector('canvas[data-picked-preview]');
                if (canvas && !window.preview) {
                    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
                    window.preview = [canvas.width, canvas.height, (BASE64)(data.filter((_, i) => i % 4 !== 3)), ...state()];
                    window.openGate();
                }
            }).observe(make, { childList: true, subtree: true });
        }""".replace("BASE64", harness.BASE64))
        page.set_input_files("input[name=light]", SHOT)
        page.wait_for_function("!!window.preview", timeout=harness.TIMEOUT_MS)
        self.assertEqual(page.evaluate("window.atTap"), [True, "working", 0], "the slots are in view when drawn, before any crop is made")
        width, height, pixels, *seen = page.evaluate("window.preview")
        self.assertEqual(seen, ["working", 0], "the tapped crop is shown while the others are still being made")
        [rect] = [s["pixels"] for s in harness.slots(DEVICE, LAYOUT)[0]["slots"] if s["id"] == "large-top"]
        region = SOURCE[rect["y"]:rect["y"] + rect["height"], rect["x"]:rect["x"] + rect["width"]]
        self.assertEqual([width, height], [rect["width"], rect["height"]])
        drawn = np.frombuffer(base64.b64decode(pixels), np.uint8).reshape(region.shape)
        self.assertTrue(np.array_equal(drawn, region), "the picture shown is the slot's region")
        self.assertTrue(in_view(page, "[data-picked]"))

        # Then its file, the command line's pixels, replaces it.
        page.wait_for_function("(() => { const i = document.querySelector('img[data-picked-image]'); "
                               "return !!i && i.complete && i.naturalWidth > 0; })()", timeout=harness.TIMEOUT_MS)
        self.assertEqual(page.eval_on_selector_all("canvas[data-picked-preview]", "n => n.length"), 0)
        [(name, shown)] = harness.links(page, "[data-picked-actions] a[download]")
        self.assertEqual(name, "large-top.png")
        self.assertTrue(np.array_equal(np.asarray(Image.open(io.BytesIO(shown))), region))

        # The set follows, with the crop still in view, and the zip holds the same file.
        self.assertEqual(wait_ready(page), "ready", harness.problems(page))
        self.assertTrue(in_view(page, "[data-picked]"), "the finished set does not move the page")
        self.assertEqual(page.get_attribute("button.slot-button[data-slot=large-top]", "aria-pressed"), "true")
        [(_, zipped)] = harness.links(page, "[data-zip-link]")
        slots = [s["id"] for s in harness.slots(DEVICE, LAYOUT)[0]["slots"] if s["id"] != "extra-large-portrait"]
        with zipfile.ZipFile(io.BytesIO(zipped)) as archive:
            self.assertEqual(archive.read("large-top.png"), shown)
            self.assertEqual(sorted(n for n in archive.namelist() if n.endswith(".png")), sorted(f"{slot}.png" for slot in slots))
        self.assertEqual(page.errors, [])
        page.context.close()

    def test_without_the_share_api_the_full_size_picture_is_there_to_touch_and_hold(self):
        page = phone_page()
        self.assertEqual(open_make(page, SHOT), "ready", harness.problems(page))
        page.tap("button.slot-button[data-slot=small-top-left]")
        page.wait_for_function("(() => { const i = document.querySelector('[data-picked-image]'); "
                               "return !!i && i.complete && i.naturalWidth > 0; })()")
        self.assertEqual(page.query_selector_all("[data-share]"), [])
        self.assertIn("touch and hold the picture", page.inner_text("[data-picked-actions]"))
        [rect] = [s["pixels"] for s in harness.slots(DEVICE, LAYOUT)[0]["slots"] if s["id"] == "small-top-left"]
        self.assertEqual(page.eval_on_selector("[data-picked-image]", "i => [i.naturalWidth, i.naturalHeight]"), [rect["width"], rect["height"]])
        page.context.close()

    def test_copy_for_scriptable_names_the_file_the_page_gives(self):
        page = phone_page()
        page.context.grant_permissions(["clipboard-read", "clipboard-write"])
        self.assertEqual(open_make(page, SHOT), "ready", harness.problems(page))
        page.tap("label:has(#family-large)")
        page.tap("button.slot-button[data-slot=large-top]")
        page.tap("[data-copy-scriptable]")
        page.wait_for_function("document.querySelector('.copied').textContent !== ''")
        copied = page.evaluate("navigator.clipboard.readText().catch(() => '')") or page.eval_on_selector(
            "[data-picked-actions] textarea", "t => t.value")
        download = page.eval_on_selector("[data-picked-actions] a[download]", "a => a.download")
        self.assertEqual(download, "large-top.png")
        self.assertIn(f'"{download}"', copied)
        self.assertIn("widget.backgroundImage = fm.readImage(path)", copied)
        page.context.close()

    def test_the_summary_follows_the_choice_and_the_menu_shows_the_ios_first(self):
        page = phone_page()
        self.assertEqual(open_make(page, SHOT), "ready", harness.problems(page))
        self.assertIn("iOS 26, small icons", page.inner_text("[data-chosen]"))
        options = page.eval_on_selector_all("select[name=layout] option", "nodes => nodes.map(n => [n.value, n.textContent])")
        self.assertTrue(all(text.startswith("iOS ") for _, text in options), options)
        self.assertNotIn("26–27", " ".join(text for _, text in options))
        page.select_option("select[name=layout]", f"{DEVICE}/ios18")
        self.assertEqual(wait_ready(page), "ready")
        chosen = page.inner_text("[data-chosen]")
        self.assertIn("iOS 18", chosen)
        self.assertNotIn("iOS 26", chosen)
        # At 390 px the menu fits the window.
        box = page.eval_on_selector("select[name=layout]", "s => s.getBoundingClientRect().right")
        self.assertLessEqual(box, 390)
        page.context.close()

    def test_the_size_switch_filters_the_crops_and_ios_27_alone_has_the_extra_large_one(self):
        page = phone_page()
        self.assertEqual(open_make(page, SHOT), "ready", harness.problems(page))
        self.assertEqual(set(visible_crops(page)), {"crop crop-small"})
        page.tap("label:has(#family-medium)")
        self.assertEqual(visible_crops(page), ["crop crop-medium"] * 3)
        names = page.eval_on_selector_all("[data-crops] a[download]", "nodes => nodes.map(n => n.download)")
        self.assertNotIn("extra-large-portrait.png", names)
        self.assertFalse(page.eval_on_selector("#family-extra-large-portrait", "n => n.closest('label').checkVisibility()"))
        page.select_option("select[name=layout]", f"{DEVICE}/ios26@27")
        self.assertEqual(wait_ready(page), "ready")
        names = page.eval_on_selector_all("[data-crops] a[download]", "nodes => nodes.map(n => n.download)")
        self.assertIn("extra-large-portrait.png", names)
        self.assertTrue(page.eval_on_selector("#family-extra-large-portrait", "n => n.closest('label').checkVisibility()"))
        page.context.close()

    def test_derived_positions_say_what_the_person_will_see_and_the_advice_is_a_link_to_the_fixer(self):
        page = phone_page()
        self.assertEqual(open_make(page, DERIVED_SHOT), "ready", harness.problems(page))
        error = harness.slots("iphone-14-pro-max", "ios26")[0]["error"]
        self.assertIn(f"positions estimated: may be up to {error} px off", page.inner_text("[data-chosen]"))
        options = page.eval_on_selector_all("select[name=layout] option", "nodes => nodes.map(n => n.textContent)")
        self.assertFalse([text for text in options if "±" in text or "derived" in text], "the menu says what a person will see, not ±")
        # Beside the slots, in view where the page scrolled to.
        self.assertTrue(in_view(page, "[data-caution]"))
        caution = page.inner_text("[data-caution]")
        self.assertIn(f"your widget may sit up to {error} px off", caution)
        self.assertIn("a thin seam would show at its edge", caution)
        self.assertEqual(page.eval_on_selector_all("[data-caution] a", "nodes => nodes.map(n => n.getAttribute('href'))"),
                         ["../fix/index.html", "#measured"])
        # Published tables say the same; measured positions say why they can be trusted.
        page.select_option("select[name=layout]", "iphone-14-pro-max/ios14")
        self.assertEqual(wait_ready(page), "ready")
        self.assertIn("Taken from the tables other widget apps use", page.inner_text("[data-caution]"))
        self.assertIn("a thin seam would show", page.inner_text("[data-caution]"))
        self.assertEqual(open_make(page, SHOT), "ready", harness.problems(page))
        self.assertIn("cited so that anyone can check it", page.inner_text("[data-caution]"))
        page.context.close()

    def test_the_newcomers_path_keeps_the_jargon_behind_for_developers(self):
        page = phone_page()
        page.goto(f"file://{harness.SITE}/make/index.html")
        shown_links = page.eval_on_selector_all(".site-header nav a", "nodes => nodes.filter(n => n.checkVisibility()).map(n => n.textContent)")
        self.assertEqual(shown_links, ["Start here", "Make backgrounds", "Fix my widgets", "Devices"])
        self.assertEqual(page.inner_text(".site-header nav summary"), "For developers")
        visible = page.inner_text("#make")
        for jargon in ("backdrop crop", "bit depth", "palette"):
            self.assertNotIn(jargon, visible)
        page.goto(f"file://{harness.SITE}/devices/{DEVICE}/index.html")
        self.assertEqual(page.eval_on_selector("[data-make-cta] a", "a => a.getAttribute('href')"), f"../../make/index.html?device={DEVICE}")
        self.assertIn("samples", page.inner_text("[data-make-cta]"))
        self.assertIn("sample wallpaper", page.inner_text(".sample-label"))
        visible = page.inner_text("main")
        self.assertNotIn("leave-one-out", visible)
        page.context.close()

    def test_the_tapped_slot_is_marked_and_a_crop_of_another_size_is_put_away(self):
        page = phone_page()
        self.assertEqual(open_make(page, SHOT), "ready", harness.problems(page))
        self.assertIn("For iPhone 16 Pro, 17, 17 Pro, iOS 26, small icons.", page.inner_text("[data-which]"))
        page.tap("button.slot-button[data-slot=small-top-left]")
        pressed = page.eval_on_selector_all(".slot-button[aria-pressed=true]", "nodes => nodes.map(n => n.dataset.slot)")
        self.assertEqual(pressed, ["small-top-left"])
        page.tap("label:has(#family-medium)")
        self.assertTrue(page.eval_on_selector("[data-picked]", "n => n.hidden"), "the small crop is put away when medium is chosen")
        self.assertEqual(page.query_selector_all(".slot-button[aria-pressed=true]"), [])
        page.context.close()

    def test_a_light_and_dark_pair_gives_both_pictures_and_one_picture_twice_is_refused(self):
        dark = os.path.join(harness.WORK, "phone-shot-dark.png")
        fixtures.paint_rgb(dark, SIZE, 9)
        page = phone_page()
        page.goto(f"file://{harness.SITE}/make/index.html")
        page.wait_for_selector("#make[data-state]", timeout=harness.TIMEOUT_MS)
        page.set_input_files("input[name=light]", SHOT)
        page.set_input_files("input[name=dark]", dark)
        self.assertEqual(wait_ready(page), "ready", harness.problems(page))
        page.tap("button.slot-button[data-slot=small-top-left]")
        page.wait_for_function("document.querySelectorAll('[data-picked-image]').length === 2")
        names = page.eval_on_selector_all("[data-picked-image]", "nodes => nodes.map(n => n.dataset.name)")
        self.assertEqual(names, ["small-top-left_light.png", "small-top-left_dark.png"])
        self.assertIn("touch and hold each picture", page.inner_text("[data-picked-actions]"))
        # The same picture as light and dark is refused, as the build refuses it (S006).
        page.set_input_files("input[name=dark]", SHOT)
        self.assertEqual(wait_ready(page), "error")
        [problem] = harness.problems(page)
        self.assertIn("phone-shot.png and phone-shot.png: the light and dark screenshots are the same picture", problem)
        page.context.close()

    def test_the_measured_part_keeps_the_contributor_command_for_maintainers(self):
        pairs = os.path.join(harness.ROOT, "Tests/CalibrationTests/Pairs")
        page = phone_page()
        page.goto(f"file://{harness.SITE}/make/index.html")
        page.wait_for_selector("#measured[data-state]", timeout=harness.TIMEOUT_MS)
        page.set_input_files("#measured-form input[name=empty]", os.path.join(pairs, "four-small-1000x2100-empty.png"))
        page.set_input_files("#measured-form input[name=placed]", os.path.join(pairs, "four-small-1000x2100-placed.png"))
        page.wait_for_function("['ready', 'error'].includes(document.getElementById('measured').dataset.state)", timeout=harness.TIMEOUT_MS)
        self.assertEqual(page.evaluate("document.getElementById('measured').dataset.state"), "ready")
        self.assertIn("Why you can trust them: the edges of the widgets you placed were found on your own two screenshots",
                      page.inner_text("#measured"), "the measurement on your screenshots says why it can be trusted")
        self.assertNotIn("backdrop calibrate", page.inner_text("#measured"), "the command is behind For maintainers")
        page.click("#measured details.for-developers summary")
        self.assertIn("backdrop calibrate", page.inner_text("#measured"))
        page.context.close()

    def test_a_light_and_dark_pair_is_one_card_shared_as_both_files_with_one_script_for_both(self):
        dark_source = fixtures.paint_rgb(DARK_SHOT, SIZE, 9)
        page = phone_page(share=True)
        page.context.grant_permissions(["clipboard-read", "clipboard-write"])
        page.goto(f"file://{harness.SITE}/make/index.html")
        page.wait_for_selector("#make[data-state]", timeout=harness.TIMEOUT_MS)
        page.set_input_files("input[name=light]", SHOT)
        page.set_input_files("input[name=dark]", DARK_SHOT)
        self.assertEqual(wait_ready(page), "ready", harness.problems(page))
        page.tap("button.slot-button[data-slot=small-top-left]")
        page.wait_for_function("[...document.querySelectorAll('img[data-picked-image]')].filter(i => i.complete && i.naturalWidth).length === 2")
        self.assertTrue(in_view(page, "[data-picked]"))

        # One card: one button to save both, one to copy the script, the two pictures side by side.
        buttons = page.eval_on_selector_all("[data-picked] .button", "nodes => nodes.filter(n => n.checkVisibility()).map(n => n.textContent)")
        self.assertEqual(buttons, ["Save both to Photos…", "Copy for Scriptable"])
        boxes = page.eval_on_selector_all("img[data-picked-image]", "nodes => nodes.map(n => { const r = n.getBoundingClientRect(); "
                                          "return [Math.round(r.left), Math.round(r.top), Math.round(r.right)]; })")
        self.assertEqual(boxes[0][1], boxes[1][1], "side by side, not stacked")
        self.assertLessEqual(boxes[0][2], boxes[1][0])
        self.assertLessEqual(boxes[1][2], 390)
        captions = page.eval_on_selector_all("[data-picked-figure] figcaption", "nodes => nodes.map(n => n.textContent)")
        self.assertEqual(captions, ["Light mode · small-top-left_light.png", "Dark mode · small-top-left_dark.png"])
        # Which picture a widget app takes, and how to choose.
        which = page.inner_text("[data-which-picture]")
        self.assertIn("shows one picture in light and dark mode alike", which)
        self.assertIn("choose the one of the mode your phone is in most of the time", which)

        # Save both to Photos hands the share sheet both files at once, each the crop of its screenshot.
        page.tap("[data-share]")
        page.wait_for_function("window.sharedFiles.length === 2")
        shared = [harness.shared_file(page, index) for index in range(2)]
        self.assertEqual([(name, kind) for name, kind, _ in shared],
                         [("small-top-left_light.png", "image/png"), ("small-top-left_dark.png", "image/png")])
        [rect] = [s["pixels"] for s in harness.slots(DEVICE, LAYOUT)[0]["slots"] if s["id"] == "small-top-left"]
        for (name, _, data), source in zip(shared, (SOURCE, dark_source)):
            region = source[rect["y"]:rect["y"] + rect["height"], rect["x"]:rect["x"] + rect["width"]]
            self.assertTrue(np.array_equal(np.asarray(Image.open(io.BytesIO(data))), region), name)
        self.assertEqual([name for name, _ in harness.links(page, "[data-picked-actions] a[download]")],
                         ["small-top-left_light.png", "small-top-left_dark.png"])

        # One Scriptable script with both names that switches with the phone's appearance, or with
        # the widget's Parameter where Scriptable cannot tell it (its documentation: not in widgets).
        page.tap("[data-copy-scriptable]")
        page.wait_for_function("document.querySelector('.copied').textContent !== ''")
        script = page.evaluate("navigator.clipboard.readText().catch(() => '')") or page.eval_on_selector(
            "[data-picked-actions] textarea", "t => t.value")
        self.assertIn('"small-top-left_light.png"', script)
        self.assertIn('"small-top-left_dark.png"', script)
        self.assertIn("Device.isUsingDarkAppearance()", script)
        read = page.evaluate(SCRIPTABLE_RUN, script)
        self.assertEqual(read, [
            "/docs/small-top-left_light.png", "/docs/small-top-left_dark.png",  # light, dark
            "/docs/small-top-left_dark.png", "/docs/small-top-left_light.png",  # the Parameter wins
        ])
        steps = page.inner_text("[data-next-steps]")
        for app in ("Widgetsmith", "Scriptable", "Shortcuts"):
            self.assertIn(app, steps)
        self.assertIn("Clear and Tinted", steps)
        self.assertIn("glass edge around every widget even in Default", steps)
        # The advice links to Start here's section, where Apple's documentation is cited.
        source = page.eval_on_selector("[data-next-steps] a[data-source-link]", "a => a.href")
        self.assertTrue(source.startswith("file://") and source.endswith("/start/index.html#appearance"), source)
        with open(source[len("file://"):].split("#")[0], encoding="utf-8") as start:
            self.assertIn('id="appearance"', start.read())
        self.assertEqual(page.errors, [])
        page.context.close()

    def test_a_size_two_phones_share_says_the_choice_and_where_the_others_widgets_sit_above_the_slots(self):
        page = phone_page()
        self.assertEqual(open_make(page, MINI_SHOT), "ready", harness.problems(page))
        self.assertEqual(page.eval_on_selector("select[name=layout]", "s => s.value"), "iphone-12-mini/ios26")
        # Where the page scrolls to: the slots, with the choice, why, and the other phones above them.
        for part in ("[data-tap-title]", "[data-which]", "[data-other-phones]"):
            self.assertTrue(in_view(page, part), part)
        which = page.inner_text("[data-which]")
        self.assertIn("For iPhone 12 mini, 13 mini, iOS 26, small icons. Chosen: the newest iOS these phones run", which)
        self.assertIn("Not your phone or iOS? Change it", which)
        mini = harness.slots("iphone-12-mini", "ios26")[0]["slots"]
        x = harness.slots("iphone-x", "ios26")[0]["slots"]
        higher = min(s["pixels"]["y"] for s in mini) - min(s["pixels"]["y"] for s in x)
        self.assertGreater(higher, 0)
        self.assertIn(f"the iPhone X, XS, 11 Pro, whose widgets sit {higher} px higher: if yours is one of them, change it.",
                      page.inner_text("[data-other-phones]"))
        page.tap("[data-other-phones] button")
        self.assertEqual(page.evaluate("document.activeElement.name"), "layout")
        # Published tables: 18 px between the two phones' iOS 14 rows.
        page.select_option("select[name=layout]", "iphone-12-mini/ios14")
        self.assertEqual(wait_ready(page), "ready")
        self.assertIn("whose widgets sit 18 px higher", page.inner_text("[data-other-phones]"))
        self.assertIn("Your choice.", page.inner_text("[data-which]"))
        page.context.close()

    def test_a_device_pages_button_opens_the_make_page_with_that_phone_chosen(self):
        page = phone_page()
        page.goto(f"file://{harness.SITE}/devices/iphone-x/index.html")
        page.tap("[data-make-cta] a")
        page.wait_for_selector("#make[data-state]", timeout=harness.TIMEOUT_MS)
        self.assertIn("For your iPhone X, XS, 11 Pro", page.inner_text("[data-for-phone]"))
        page.set_input_files("input[name=light]", MINI_SHOT)
        self.assertEqual(wait_ready(page), "ready", harness.problems(page))
        self.assertEqual(page.eval_on_selector("select[name=layout]", "s => s.value"), "iphone-x/ios26")
        self.assertIn("Chosen: the iPhone X, XS, 11 Pro, whose page you came from.", page.inner_text("[data-which]"))
        self.assertIn("the iPhone 12 mini, 13 mini, whose widgets sit", page.inner_text("[data-other-phones]"))
        # A screenshot of another phone's size is chosen by its size, and the page says so.
        page.set_input_files("input[name=light]", SHOT)
        self.assertEqual(wait_ready(page), "ready", harness.problems(page))
        self.assertEqual(page.eval_on_selector("select[name=layout]", "s => s.value"), f"{DEVICE}/{LAYOUT}")
        self.assertIn("is not the size of the iPhone X, XS, 11 Pro's screenshots, so the page chose by its size", page.inner_text("[data-which]"))
        self.assertEqual(page.errors, [])
        page.context.close()

    def test_a_jpeg_at_a_phones_size_says_how_to_get_the_original_as_the_command_line_does(self):
        jpeg = os.path.join(harness.WORK, "messaged.jpg")
        Image.fromarray(SOURCE).save(jpeg, quality=85)
        page = phone_page()
        self.assertEqual(open_make(page, jpeg), "error")
        [problem] = harness.problems(page)
        self.assertIn("messaged.jpg: not a PNG file: it looks like a JPEG image", problem)
        self.assertIn("take the screenshot again on the phone", problem)
        self.assertIn("AirDrop, or Save to Files in the share sheet", problem)
        self.assertNotIn("export the screenshot as PNG", problem)
        status, _, stderr = harness.cli(["crop", jpeg, "--out", os.path.join(harness.WORK, "messaged")])
        self.assertEqual(status, 1)
        self.assertIn(problem, stderr, "the command line says the same")
        # Start here gives the steps, each with its source.
        page.goto(f"file://{harness.SITE}/start/index.html")
        original = page.inner_text("#screenshot")
        for words in ("Take the screenshot again on the phone", "AirDrop", "Save to Files", "Download and Keep Originals"):
            self.assertIn(words, original)
        page.context.close()

    def test_the_slot_labels_over_the_screenshots_pass_the_contrast_check_on_every_page_that_draws_them(self):
        axe = Axe()
        pairs = os.path.join(harness.ROOT, "Tests/CalibrationTests/Pairs")
        for width in (390, 1280):
            page = phone_page(width=None if width == 390 else width)
            page.goto(f"file://{harness.SITE}/devices/{DEVICE}/index.html")
            with self.subTest(page="device", width=width):
                results = axe.run(page, options=EVERY_RESULT)
                self.assertEqual(label_contrast(results, "incomplete"), [])
                self.assertGreaterEqual(len(label_contrast(results, "passes")), 6)
            page.goto(f"file://{harness.SITE}/make/index.html")
            page.wait_for_selector("#measured[data-state]", timeout=harness.TIMEOUT_MS)
            page.set_input_files("#measured-form input[name=empty]", os.path.join(pairs, "four-small-1000x2100-empty.png"))
            page.set_input_files("#measured-form input[name=placed]", os.path.join(pairs, "four-small-1000x2100-placed.png"))
            page.wait_for_function("document.getElementById('measured').dataset.state === 'ready'", timeout=harness.TIMEOUT_MS)
            with self.subTest(page="measured", width=width):
                results = axe.run(page, context="#measured", options=EVERY_RESULT)
                self.assertEqual(label_contrast(results, "incomplete"), [])
                self.assertGreaterEqual(len(label_contrast(results, "passes")), 4)
            page.context.close()

    def test_axe_finds_nothing_serious_on_the_flow_at_390_and_1280(self):
        axe = Axe()
        for width in (390, 1280):
            with self.subTest(width=width):
                page = phone_page(share=True, width=None if width == 390 else width)
                self.assertEqual(open_make(page, SHOT), "ready", harness.problems(page))
                page.click("button.slot-button[data-slot=small-top-left]")
                page.wait_for_selector("[data-picked]:not([hidden])")
                results = axe.run(page, options=EVERY_RESULT)
                serious = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
                self.assertEqual(serious, [], [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in serious])
                # The slot labels drawn over the screenshot: their contrast is checked and passes,
                # not left for review (their chips are opaque, whatever the wallpaper).
                self.assertEqual(label_contrast(results, "incomplete"), [])
                self.assertGreaterEqual(len(label_contrast(results, "passes")), 6, "every small slot's label passes")
                shots = os.environ.get("BACKDROP_RENDERS")
                if shots:
                    page.screenshot(path=os.path.join(shots, f"make-picked-{width}.png"), full_page=True)
                page.context.close()


if __name__ == "__main__":
    unittest.main()
