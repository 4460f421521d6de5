"""The make page's "measure from my screenshots": pairs painted by an independent painter
(Tests/CalibrationTests/Pairs) at sizes no catalog has; the page's slots and crops are
`backdrop crop EMPTY --measured-from PLACED`'s (the Swift API's are compared with the command
line's in MeasuredCropTests), and the zip holds the same files."""
import io
import json
import os
import unittest
import zipfile

import harness
import pngfiles

PAIRS = os.path.join(harness.ROOT, "Tests/CalibrationTests/Pairs")


def tearDownModule():
    harness.close()


class MeasuredMakePageTests(unittest.TestCase):
    maxDiff = None

    def measure(self, page, empty, placed):
        page.set_input_files("#measured-form input[name=empty]", empty)
        page.set_input_files("#measured-form input[name=placed]", placed)
        page.wait_for_function("['ready', 'error'].includes(document.getElementById('measured').dataset.state)", timeout=harness.TIMEOUT_MS)
        return page.evaluate("document.getElementById('measured').dataset.state")

    def test_the_page_measures_and_crops_as_the_command_line_does(self):
        with open(os.path.join(PAIRS, "pairs.json")) as file:
            pairs = json.load(file)["pairs"]
        page = harness.open_page("make")
        for pair in pairs:
            with self.subTest(pair=pair["name"]):
                empty = os.path.join(PAIRS, pair["files"]["empty"])
                placed = os.path.join(PAIRS, pair["files"]["placed"])
                out = os.path.join(harness.WORK, "measured-" + pair["name"])
                status, stdout, stderr = harness.cli(["crop", empty, "--measured-from", placed, "--out", out, "--json"])
                self.assertEqual(status, 0, stderr)
                cli = json.loads(stdout)
                page.reload()
                page.wait_for_selector("#measured[data-state]")
                self.assertEqual(self.measure(page, empty, placed), "ready", harness.problems(page))
                kinds = page.eval_on_selector_all("#measured [data-crops] li", "n => n.map(li => li.dataset.kind)")
                self.assertEqual(kinds, [slot["kind"] for slot in cli["slots"]])
                crops = dict(harness.links(page, "#measured [data-crops] a[download]"))
                self.assertEqual(sorted(crops), sorted(slot["id"] + ".png" for slot in cli["slots"]))
                for name, data in crops.items():
                    with open(os.path.join(out, name), "rb") as file:
                        theirs = file.read()
                    # The same chunks but the compressed image data (the browser's deflate is not
                    # zlib's), and the same samples.
                    ours_chunks = [(kind, body) for kind, body in pngfiles.chunks(data) if kind != b"IDAT"]
                    their_chunks = [(kind, body) for kind, body in pngfiles.chunks(theirs) if kind != b"IDAT"]
                    self.assertEqual(ours_chunks, their_chunks, f"{pair['name']} {name}: chunks")
                    self.assertTrue((pngfiles.read(data)[2] == pngfiles.read(theirs)[2]).all(), f"{pair['name']} {name}: samples")
                [(zip_name, zipped)] = harness.links(page, "#measured [data-zip] a[download]")
                with zipfile.ZipFile(io.BytesIO(zipped)) as archive:
                    self.assertIsNone(archive.testzip())
                    self.assertEqual(sorted(archive.namelist()), sorted(crops))
                    for name in archive.namelist():
                        self.assertEqual(archive.read(name), crops[name], f"{pair['name']} {name} in the zip")
                undetermined = page.eval_on_selector("#measured [data-unavailable]", "n => n.textContent")
                for slot in cli["undetermined"]:
                    self.assertIn(slot["id"], undetermined)
                record = page.eval_on_selector("#measured [data-record]", "n => n.textContent")
                self.assertIn("--into DEVICE --layout LAYOUT", record)
        self.assertEqual(page.errors, [])

    def test_screenshots_of_different_sizes_get_the_command_lines_message(self):
        empty = os.path.join(PAIRS, "four-small-1000x2100-empty.png")
        placed = os.path.join(PAIRS, "glass-16bit-900x1950-placed.png")
        status, _, stderr = harness.cli(["crop", empty, "--measured-from", placed, "--out", os.path.join(harness.WORK, "x")])
        self.assertEqual(status, 1)
        cli_message = stderr.strip().splitlines()[0].removeprefix("Error: ")
        page = harness.open_page("make")
        page.wait_for_selector("#measured[data-state]")
        self.assertEqual(self.measure(page, empty, placed), "error")
        shown = page.eval_on_selector_all("#measured [data-problems] p", "n => n.map(p => p.textContent)")
        self.assertEqual([os.path.basename(part) for part in shown[0].split(" ")], [os.path.basename(part) for part in cli_message.split(" ")])
        self.assertEqual(page.eval_on_selector_all("#measured [data-crops] a", "n => n.length"), 0)

    def test_the_page_says_how_to_take_the_two_screenshots(self):
        page = harness.open_page("make")
        text = page.eval_on_selector("#measured .prose", "n => n.textContent")
        self.assertIn("screenshot of an empty home-screen page", text)
        self.assertIn("place a few widgets on that same page", text)


if __name__ == "__main__":
    unittest.main()
