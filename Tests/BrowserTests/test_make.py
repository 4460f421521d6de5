"""The make page: for every PNG kind, its crops are `backdrop crop`'s (IHDR, colour chunks,
palette and transparency byte for byte, samples equal, and equal to the screenshot's region);
light and dark are named apart; the zip holds the same files; every bad file gets the command
line's message."""
import base64
import io
import os
import unittest
import time
import zipfile
import zlib
from concurrent.futures import ThreadPoolExecutor

import numpy as np
from PIL import Image

import fixtures
import harness
import pngfiles

FIXTURES = os.path.join(harness.WORK, "fixtures")
CROPS = os.path.join(harness.WORK, "cli-crops")
COLOUR_CHUNKS = [b"PLTE", b"tRNS", b"iCCP", b"sRGB", b"gAMA", b"cHRM", b"cICP"]
made = []
cli_done = {}


def chunk_map(data):
    """A PNG's chunks by type."""
    found = {}
    for kind, body in pngfiles.chunks(data):
        found.setdefault(kind, []).append(body)
    return found


def samples(data):
    """A PNG's samples: 16-bit ones as they are, read by our own decoder; the others through
    Pillow (palette indices, grey and colour values), which is quicker."""
    if data[24] == 16:
        return pngfiles.read(data)[2]
    return np.asarray(Image.open(io.BytesIO(data)))


def filtered_rows(found):
    """The image data, inflated: each row's filter type and filtered bytes."""
    return zlib.decompress(b"".join(found[b"IDAT"]))


def setUpModule():
    made.extend(fixtures.make_once(FIXTURES))
    bad = {
        "photo.png": b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00" + bytes(64),
        "heic.png": b"\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic" + bytes(64),
    }
    with open(os.path.join(FIXTURES, "rgb-8.png"), "rb") as file:
        good = file.read()
    bad["truncated.png"] = good[:5000]
    broken = bytearray(good)
    broken[29] ^= 0xFF  # inside IHDR's data: its CRC no longer matches
    bad["bad-crc.png"] = bytes(broken)
    for name, data in bad.items():
        with open(os.path.join(FIXTURES, name), "wb") as file:
            file.write(data)
    for name, size in {"odd-size.png": (1000, 2000), "landscape.png": (2622, 1206), "iphone-14-pro.png": (1179, 2556)}.items():
        Image.new("RGB", size, (40, 90, 160)).save(os.path.join(FIXTURES, name))

    def crop(name):
        out = os.path.join(CROPS, name)
        status, _, stderr = harness.cli(
            ["crop", name + ".png", "--device", fixtures.DEVICE, "--layout", fixtures.LAYOUT, "--out", out], cwd=FIXTURES)
        return name, (status, stderr, out)

    with ThreadPoolExecutor(2) as pool:
        cli_done.update(pool.map(crop, [name for name, _, _ in made]))


def tearDownModule():
    harness.close()


class MakePageTests(unittest.TestCase):
    maxDiff = None

    @classmethod
    def setUpClass(cls):
        cls.slots = {slot["id"]: slot["pixels"] for slot in harness.slots(fixtures.DEVICE, fixtures.LAYOUT)[0]["slots"]}

    def crop_with_page(self, files, layout=f"{fixtures.DEVICE}/{fixtures.LAYOUT}"):
        page = harness.open_page("make")
        self.assertEqual(harness.pick(page, files), "ready", harness.problems(page))
        if page.eval_on_selector("select[name=layout]", "s => s.value") != layout:
            page.select_option("select[name=layout]", layout)
            page.wait_for_function("document.getElementById('make').dataset.state === 'ready'")
        return page

    def assert_same_png(self, ours, theirs, what, source=None, rect=None):
        found, cli_found = chunk_map(ours), chunk_map(theirs)
        self.assertEqual(found[b"IHDR"], cli_found[b"IHDR"], f"{what}: IHDR")
        # Colour chunks byte for byte, the iCCP chunk's compressed profile included: both copy the
        # screenshot's chunk as it is stored.
        for kind in COLOUR_CHUNKS:
            self.assertEqual(found.get(kind), cli_found.get(kind), f"{what}: {kind.decode()}")
        ours_samples = samples(ours)
        # The same filtered rows (with the same IHDR) are the same samples; otherwise decode both.
        if filtered_rows(found) != filtered_rows(cli_found):
            self.assertTrue(np.array_equal(ours_samples, samples(theirs)), f"{what}: samples differ from backdrop crop's")
        if source is not None:
            region = source[rect["y"]:rect["y"] + rect["height"], rect["x"]:rect["x"] + rect["width"]]
            self.assertTrue(np.array_equal(ours_samples, region), f"{what}: samples differ from the screenshot's region")
        a, b = Image.open(io.BytesIO(ours)), Image.open(io.BytesIO(theirs))
        self.assertEqual(a.mode, b.mode, what)
        self.assertEqual(a.convert("RGBA").tobytes(), b.convert("RGBA").tobytes(), f"{what}: pixels through Pillow")

    def test_every_png_kind_crops_as_the_command_line_does(self):
        page = harness.open_page("make")
        for name, path, what in made:
            with self.subTest(fixture=name, what=what):
                status, stderr, out = cli_done[name]
                self.assertEqual(status, 0, stderr)
                page.reload()
                page.wait_for_selector("#make[data-state]")
                self.assertEqual(harness.pick(page, {"light": path}), "ready", harness.problems(page))
                self.assertEqual(page.eval_on_selector("select[name=layout]", "s => s.value"), f"{fixtures.DEVICE}/{fixtures.LAYOUT}")
                crops = [(harness.cli_name(n), data) for n, data in harness.links(page, "[data-crops] a[download]")]
                self.assertEqual(sorted(n for n, _ in crops), harness.page_files(out))
                with open(path, "rb") as file:
                    source = samples(file.read())
                for file_name, data in crops:
                    with open(os.path.join(out, file_name), "rb") as file:
                        self.assert_same_png(data, file.read(), f"{name} {file_name}", source, self.slots[file_name[:-4]])
        self.assertEqual(page.errors, [])

    def test_iccp_chunks_are_the_screenshots_bytes(self):
        """The page and `backdrop crop` both write the screenshot's iCCP chunk as it is stored,
        not a recompression of the profile (libpng's would differ from the browser's zlib)."""
        path = os.path.join(FIXTURES, "p3-rgb-16.png")
        page = self.crop_with_page({"light": path})
        [(name, data)] = harness.links(page, '[data-crops] a[download="small-top-left.png"]')
        with open(path, "rb") as file:
            self.assertEqual(chunk_map(data)[b"iCCP"], chunk_map(file.read())[b"iCCP"], "iCCP of the screenshot")

    def test_light_and_dark_are_named_apart_and_zipped(self):
        light, dark = os.path.join(FIXTURES, "rgb-8.png"), os.path.join(FIXTURES, "p3-rgb-16.png")
        page = self.crop_with_page({"light": light, "dark": dark})
        links = dict(harness.links(page, "[data-crops] a[download]"))
        # Named by slot and appearance, as backdrop crop names them by slot (in a folder per appearance).
        self.assertIn("small-top-left_light.png", links)
        crops = {harness.cli_name(name): data for name, data in links.items()}
        self.assertEqual(len(crops), 2 * (len(self.slots) - 1), "every slot but iOS 27's extra-large one, light and dark")
        for slot in (slot for slot in self.slots if slot != "extra-large-portrait"):
            for appearance, fixture in (("light", "rgb-8"), ("dark", "p3-rgb-16")):
                with open(os.path.join(CROPS, fixture, slot + ".png"), "rb") as file:
                    self.assert_same_png(crops[f"{slot}-{appearance}.png"], file.read(), f"{slot} {appearance}")
        [(zip_name, zipped)] = harness.links(page, "[data-zip] a[download]")
        self.assertEqual(zip_name, f"backdrop_{fixtures.DEVICE}_{fixtures.LAYOUT}.zip")
        with zipfile.ZipFile(io.BytesIO(zipped)) as archive:
            self.assertIsNone(archive.testzip())
            self.assertEqual(sorted(archive.namelist()), sorted(list(links) + ["README.txt"]))
            for name in links:
                self.assertEqual(archive.read(name), links[name], name)
            readme = archive.read("README.txt").decode()
            for name in links:
                self.assertIn(name, readme)
            self.assertIn("small widget in the top row, left column, light appearance", readme)
            self.assertIn("rgb-8.png, 1206×2622 px", readme)
            # Dated today (local time), not 1980.
            today = time.localtime()[:3]
            self.assertEqual({info.date_time[:3] for info in archive.infolist()}, {today})

    def test_two_dropped_files_are_told_apart_by_name(self):
        shots = os.path.join(harness.ROOT, "content/screenshots")
        files = []
        for name in ("iphone-se-1st-gen-dark.png", "iphone-se-1st-gen-light.png"):  # dark first
            with open(os.path.join(shots, name), "rb") as file:
                files.append([name, base64.b64encode(file.read()).decode()])
        page = harness.open_page("make")
        page.evaluate("""(files) => {
            const transfer = new DataTransfer();
            for (const [name, data] of files) {
                const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
                transfer.items.add(new File([bytes], name, { type: 'image/png' }));
            }
            const zone = document.querySelector('[data-drop]');
            zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
        }""", files)
        page.wait_for_function("['ready', 'error'].includes(document.getElementById('make').dataset.state)")
        self.assertEqual(page.evaluate("document.getElementById('make').dataset.state"), "ready", harness.problems(page))
        picked = page.evaluate("['light', 'dark'].map(n => document.querySelector(`input[name=${n}]`).files[0].name)")
        self.assertEqual(picked, ["iphone-se-1st-gen-light.png", "iphone-se-1st-gen-dark.png"])
        names = page.eval_on_selector_all("[data-crops] a[download]", "nodes => nodes.map(n => n.download)")
        self.assertIn("small-top-left_dark.png", names)
        self.assertIn("small-top-left_light.png", names)

    def test_another_layout_of_the_same_size_crops_its_own_slots(self):
        path = os.path.join(FIXTURES, "rgb-8.png")
        page = self.crop_with_page({"light": path}, layout=f"{fixtures.DEVICE}/ios18-large-icons")
        out = os.path.join(harness.WORK, "cli-large-icons")
        status, _, stderr = harness.cli(
            ["crop", "rgb-8.png", "--device", fixtures.DEVICE, "--layout", "ios18-large-icons", "--out", out], cwd=FIXTURES)
        self.assertEqual(status, 0, stderr)
        crops = [(harness.cli_name(n), data) for n, data in harness.links(page, "[data-crops] a[download]")]
        self.assertEqual(sorted(n for n, _ in crops), sorted(os.listdir(out)))
        for name, data in crops:
            with open(os.path.join(out, name), "rb") as file:
                self.assert_same_png(data, file.read(), f"ios18-large-icons {name}")

    def test_every_bad_file_gets_the_command_lines_message(self):
        for name in ["photo.png", "heic.png", "truncated.png", "bad-crc.png"]:
            with self.subTest(file=name):
                expected = harness.cli_error(
                    ["crop", name, "--device", fixtures.DEVICE, "--layout", fixtures.LAYOUT, "--out", os.path.join(harness.WORK, "x")], FIXTURES)
                page = harness.open_page("make")
                self.assertEqual(harness.pick(page, {"light": os.path.join(FIXTURES, name)}), "error")
                self.assertEqual(harness.problems(page), [expected])
                self.assertEqual(page.eval_on_selector("[data-problems]", "n => n.getAttribute('role')"), "alert")
                self.assertEqual(page.eval_on_selector_all("[data-crops] a", "n => n.length"), 0)

    def test_a_browser_that_cannot_run_the_core_is_told_so_in_words(self):
        # WebAssembly without SIMD (the module does not compile, nor does a probe of SIMD); no
        # zlib streams; WebAssembly turned off (Lockdown Mode takes the object away).
        no_simd = ("WebAssembly.validate = () => false;"
                   " WebAssembly.instantiate = async () => { throw new WebAssembly.CompileError('invalid opcode 0xfd'); };")
        too_old = "This browser cannot run Backdrop's tools: they need a newer one (Safari on iOS 16.4, Chrome 91, Firefox 113 or later)."
        off = "This browser runs no WebAssembly, which Backdrop's tools need: it may be turned off (on an iPhone, Lockdown Mode does that"
        for missing, words in [(no_simd, too_old), ("delete globalThis.CompressionStream;", too_old), ("delete globalThis.WebAssembly;", off)]:
            with self.subTest(missing=missing):
                page = harness.open_page("make", init_script=missing)
                self.assertEqual(harness.pick(page, {"light": os.path.join(FIXTURES, "odd-size.png")}), "error")
                [message] = harness.problems(page)
                self.assertTrue(message.startswith(words), message)
                self.assertTrue(message.endswith("make the backgrounds on a computer with the backdrop command-line tool."), message)

    def test_a_size_no_layout_has_is_said_as_the_command_line_says_it(self):
        for name in ["odd-size.png", "landscape.png"]:
            with self.subTest(file=name):
                cli = harness.cli_error(
                    ["crop", name, "--device", fixtures.DEVICE, "--layout", fixtures.LAYOUT, "--out", os.path.join(harness.WORK, "x")], FIXTURES)
                hint = cli.split("; ", 1)[1]  # what the size is, after the device's expected size
                page = harness.open_page("make")
                self.assertEqual(harness.pick(page, {"light": os.path.join(FIXTURES, name)}), "error")
                [message] = harness.problems(page)
                self.assertIn(hint, message)

    def test_a_display_zoom_size_offers_its_zoomed_layouts(self):
        zoomed = os.path.join(harness.ROOT, "Tests/CalibrationTests/Painted/one-small-12mini-zoom-interlaced-empty.png")
        page = harness.open_page("make")
        self.assertEqual(harness.pick(page, {"light": zoomed}), "ready", harness.problems(page))
        options = page.eval_on_selector_all("select[name=layout] option", "nodes => nodes.map(n => [n.value, n.textContent])")
        self.assertIn("iphone-12-mini/ios18-zoom", [value for value, _ in options])
        self.assertTrue(all("Display Zoom" in label for _, label in options), options)

    def test_light_and_dark_of_different_sizes(self):
        page = harness.open_page("make")
        state = harness.pick(page, {"light": os.path.join(FIXTURES, "rgb-8.png"), "dark": os.path.join(FIXTURES, "iphone-14-pro.png")})
        self.assertEqual(state, "error")
        self.assertEqual(harness.problems(page), [
            "rgb-8.png and iphone-14-pro.png: the light screenshot is 1206x2622 but the dark one is 1179x2556: "
            "pick a dark screenshot of the same page on the same phone, or remove it"])
        # Removing the dark one crops the light one alone.
        page.click("[data-clear-dark]")
        page.wait_for_function("document.getElementById('make').dataset.state === 'ready'", timeout=harness.TIMEOUT_MS)
        self.assertTrue(page.eval_on_selector("[data-clear-dark]", "n => n.hidden"))
        self.assertIn("small-top-left.png", page.eval_on_selector_all("[data-crops] a[download]", "nodes => nodes.map(n => n.download)"))

    def test_one_picture_stored_two_ways_as_light_and_dark_is_refused(self):
        # The same screenshot as the light and the dark one, stored another way each time (16 bits,
        # RGBA and Adam7, and the same bytes): every pixel the same at 8 bits is one picture. One
        # level changed in one pixel is another picture, and is cropped.
        with open(os.path.join(FIXTURES, "rgb-8.png"), "rb") as file:
            _, _, samples = pngfiles.read(file.read())
        folder = os.path.join(harness.WORK, "same-picture")
        os.makedirs(folder, exist_ok=True)
        opaque = np.concatenate([samples, np.full(samples.shape[:2] + (1,), 255, np.uint8)], axis=2)
        apart = samples.copy()
        apart[100, 100, 1] = apart[100, 100, 1] ^ 1
        copies = {
            "rgb-16.png": (samples.astype(np.uint16) * 257, 2, 16, False),
            "adam7-rgba-8.png": (opaque, 6, 8, True),
            "rgb-8.png": (samples, 2, 8, False),
            "apart.png": (apart, 2, 8, False),
        }
        for name, (stored, color_type, depth, interlaced) in copies.items():
            with self.subTest(dark=name):
                # A page each: a second pick on one page could be read before the page starts on it.
                page = harness.open_page("make")
                dark = os.path.join(folder, "dark-" + name)
                pngfiles.write(dark, stored, color_type, depth, interlaced=interlaced)
                state = harness.pick(page, {"light": os.path.join(FIXTURES, "rgb-8.png"), "dark": dark})
                if name == "apart.png":
                    self.assertEqual(state, "ready", harness.problems(page))
                    continue
                self.assertEqual(state, "error")
                self.assertEqual(harness.problems(page), [
                    f"rgb-8.png and dark-{name}: the light and dark screenshots are the same picture (every pixel the same "
                    "at 8 bits, however each file stores it): pick a dark screenshot of the same page on the same phone, or remove it"])


if __name__ == "__main__":
    unittest.main()
