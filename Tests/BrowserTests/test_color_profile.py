"""Hostile colour profiles: the make page keeps or drops a screenshot's iCCP chunk as `backdrop
crop` does (one policy, PNGCodec's ColorProfilePolicy), its crops carry the same colour chunks
byte for byte, and it says the same of a dropped chunk."""
import os
import unittest
import zlib

import numpy as np

import fixtures
import harness
import pngfiles

FOLDER = os.path.join(harness.WORK, "color-profile")
COLOUR_CHUNKS = (b"iCCP", b"gAMA", b"sRGB", b"cHRM", b"cICP", b"mDCV", b"cLLI")


def profile_parts():
    """The Display P3 profile of the independent painter: (keyword, inflated profile)."""
    chunk = fixtures.display_p3_profile()
    keyword, _, rest = chunk.partition(b"\0")
    return keyword, zlib.decompress(rest[1:])


def bomb_chunk():
    """A profile header declaring 300 MB, then 300 MB of zeros: a chunk of about 300 KB."""
    header = bytearray(132)
    header[0:4] = (300 << 20).to_bytes(4, "big")
    compressor = zlib.compressobj(9)
    parts = [compressor.compress(bytes(header))]
    block = bytes(1 << 20)
    for _ in range(300):
        parts.append(compressor.compress(block))
    parts.append(compressor.flush())
    return b"Bomb\0\0" + b"".join(parts)


def screenshots():
    """{name: path}: a good profile, an invalid one (a grey profile on an RGB image) and a bomb."""
    os.makedirs(FOLDER, exist_ok=True)
    keyword, profile = profile_parts()
    grey = bytearray(profile)
    grey[16:20] = b"GRAY"
    y, x = np.mgrid[0:fixtures.HEIGHT, 0:fixtures.WIDTH]
    samples = np.stack([x % 256, y % 256, (x + y) % 256], axis=-1)
    made = {}
    for name, chunk in [
        ("good-profile", fixtures.display_p3_profile()),
        ("grey-profile", keyword + b"\0\0" + zlib.compress(bytes(grey))),
        ("bomb-profile", bomb_chunk()),
    ]:
        path = os.path.join(FOLDER, name + ".png")
        pngfiles.write(path, samples, 2, 8, [(b"iCCP", chunk), (b"gAMA", (45455).to_bytes(4, "big"))])
        made[name] = path
    return made


def with_profile(source, target, profile_chunk):
    """A copy of PNG file `source` whose iCCP chunk (put after IHDR when it has none) is `profile_chunk`."""
    with open(source, "rb") as file:
        found = [(kind, data) for kind, data in pngfiles.chunks(file.read()) if kind != b"iCCP"]
    found.insert(1, (b"iCCP", profile_chunk))
    with open(target, "wb") as file:
        file.write(pngfiles.SIGNATURE + b"".join(pngfiles.chunk(kind, data) for kind, data in found))
    return target


def colour_chunks(data):
    return [(kind, body) for kind, body in pngfiles.chunks(data) if kind in COLOUR_CHUNKS]


def tearDownModule():
    harness.close()


class ColorProfileTests(unittest.TestCase):
    maxDiff = None

    def test_the_page_keeps_and_drops_profiles_as_backdrop_crop_does(self):
        layout = f"{fixtures.DEVICE}/{fixtures.LAYOUT}"
        page = harness.open_page("make")
        for name, path in screenshots().items():
            with self.subTest(screenshot=name):
                out = os.path.join(FOLDER, "cli-" + name)
                status, _, stderr = harness.cli(
                    ["crop", os.path.basename(path), "--device", fixtures.DEVICE, "--layout", fixtures.LAYOUT, "--out", out], cwd=FOLDER)
                self.assertEqual(status, 0, stderr)
                cli_warnings = [line.replace(": warning: libpng: ", ": warning: ") for line in stderr.splitlines() if ": warning: " in line]
                page.reload()
                page.wait_for_selector("#make[data-state]")
                self.assertEqual(harness.pick(page, {"light": path}), "ready", harness.problems(page))
                self.assertEqual(page.eval_on_selector("select[name=layout]", "s => s.value"), layout)
                shown = page.eval_on_selector_all("[data-warnings] p", "nodes => nodes.map(n => n.textContent)")
                self.assertEqual(shown, cli_warnings, "the same words about the profile")
                if name == "good-profile":
                    self.assertEqual(shown, [])
                else:
                    self.assertEqual(len(shown), 1)
                    self.assertIn("iCCP: ", shown[0])
                    self.assertIn("the colour profile was dropped", shown[0])
                # The page names a crop SLOT.png, as backdrop crop does.
                crops = harness.links(page, "[data-crops] a[download]")
                self.assertEqual(sorted(n for n, _ in crops), harness.page_files(out))
                for file_name, data in crops:
                    with open(os.path.join(out, file_name), "rb") as file:
                        theirs = file.read()
                    ours_chunks, their_chunks = colour_chunks(data), colour_chunks(theirs)
                    self.assertEqual(ours_chunks, their_chunks, f"{name} {file_name}: colour chunks")
                    kinds = [kind for kind, _ in ours_chunks]
                    self.assertEqual(kinds, [b"iCCP", b"gAMA"] if name == "good-profile" else [b"gAMA"], f"{name} {file_name}")
        self.assertEqual(page.errors, [])

    def test_measured_crops_keep_and_drop_profiles_as_backdrop_crop_does(self):
        """The make page's "measure from my screenshots" crops the empty page: its profile is
        judged as `backdrop crop EMPTY --measured-from PLACED` judges it."""
        pairs = os.path.join(harness.ROOT, "Tests/CalibrationTests/Pairs")
        placed = os.path.join(pairs, "one-small-p3-1200x2600-placed.png")
        os.makedirs(FOLDER, exist_ok=True)
        page = harness.open_page("make")
        for name, chunk in [("kept", fixtures.display_p3_profile()), ("bomb", bomb_chunk())]:
            with self.subTest(profile=name):
                empty = with_profile(os.path.join(pairs, "one-small-p3-1200x2600-empty.png"), os.path.join(FOLDER, f"empty-{name}.png"), chunk)
                out = os.path.join(FOLDER, "cli-measured-" + name)
                status, _, stderr = harness.cli(["crop", empty, "--measured-from", placed, "--out", out])
                self.assertEqual(status, 0, stderr)
                cli_warnings = [line.replace(": warning: libpng: ", ": warning: ") for line in stderr.splitlines() if ": warning: " in line]
                cli_warnings = [line.replace(empty, os.path.basename(empty)) for line in cli_warnings]
                page.reload()
                page.wait_for_selector("#measured[data-state]")
                page.set_input_files("#measured-form input[name=empty]", empty)
                page.set_input_files("#measured-form input[name=placed]", placed)
                page.wait_for_function("['ready', 'error'].includes(document.getElementById('measured').dataset.state)", timeout=harness.TIMEOUT_MS)
                self.assertEqual(page.evaluate("document.getElementById('measured').dataset.state"), "ready")
                shown = page.eval_on_selector_all("#measured [data-warnings] p", "nodes => nodes.map(n => n.textContent)")
                self.assertEqual(shown, cli_warnings, "the same words about the profile")
                self.assertEqual(len(shown), 0 if name == "kept" else 1)
                crops = harness.links(page, "#measured [data-crops] a[download]")
                self.assertEqual(sorted(n for n, _ in crops), sorted(n for n in os.listdir(out) if n.endswith(".png")))
                for file_name, data in crops:
                    with open(os.path.join(out, file_name), "rb") as file:
                        theirs = file.read()
                    self.assertEqual(colour_chunks(data), colour_chunks(theirs), f"{name} {file_name}: colour chunks")
                    self.assertEqual(b"iCCP" in [kind for kind, _ in colour_chunks(data)], name == "kept", f"{name} {file_name}")
        self.assertEqual(page.errors, [])


if __name__ == "__main__":
    unittest.main()
