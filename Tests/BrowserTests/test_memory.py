"""The browser core's memory on every page: failed tries (no widgets found, sizes that do not
match, damaged files) give back every byte they took, to the byte after every round from the
second to the last, and the heap stops growing, so that the page never dies of them and a good
file still works afterwards; and the newest pick always wins: a file picked while
another is still decoding is the one the page shows, holds and zips."""
import io
import json
import os
import unittest
import zipfile

from PIL import Image

import fixtures
import harness

# Rounds of every kind of failure: 50 to 75 failed tries per page. The bytes in use are compared
# exactly after every round, so one byte kept by a try shows at once (100 rounds took 106 s).
TRIES = 25
FOLDER = os.path.join(harness.WORK, "memory")
PAIRS = os.path.join(harness.ROOT, "Tests/CalibrationTests/Pairs")
GOOD_SAMPLE = os.path.join(harness.ROOT, "content/calibration/iphone-14-pro-ios18-widgets-light.png")
FLAT_COLOUR = (10, 200, 30)


def flat(name, width, height, colour=FLAT_COLOUR):
    path = os.path.join(FOLDER, name)
    Image.new("RGB", (width, height), colour).save(path)
    return path


def smallest_screenshot():
    """The smallest screenshot size a layout with slots takes, from the catalog."""
    status, listed, stderr = harness.cli(["slots", "--json"])
    assert status == 0, stderr
    sizes = [(layout["screenshot"]["width"], layout["screenshot"]["height"]) for layout in json.loads(listed) if layout["slots"]]
    return min(sizes, key=lambda size: size[0] * size[1])


def setUpModule():
    os.makedirs(FOLDER, exist_ok=True)


def tearDownModule():
    harness.close()


def core_memory(page):
    """(bytes in use, bytes the heap has taken) of the page's browser cores: the make page's own and
    the full one, which measures (one core on the pages that load only the full one)."""
    return tuple(page.evaluate("""Promise.all([BackdropTool.core(), BackdropTool.core(true)]).then((cores) =>
        [...new Set(cores)].reduce(([used, heap], core) => [used + core.allocatedBytes(), heap + core.heapSize()], [0, 0]))"""))


def done(page, tool):
    """Waits until the page section `tool` has finished with its pick (one pick at a time: two
    reads at once may hold more at their peak, which is no leak); returns its state."""
    page.wait_for_function(f"document.getElementById('{tool}').dataset.state !== 'working'", timeout=harness.TIMEOUT_MS)
    return page.evaluate(f"document.getElementById('{tool}').dataset.state")


def settle(page):
    """Waits until the core's memory stops changing (a decode still running after the page
    showed a newer pick's results), then returns it."""
    last = core_memory(page)
    for _ in range(60):
        page.wait_for_timeout(250)
        now = core_memory(page)
        if now == last:
            return now
        last = now
    raise AssertionError(f"the core's memory did not settle: {last}")


class MemoryTests(unittest.TestCase):
    maxDiff = None

    def tries(self, page, picks, pick):
        """Picks every entry of `picks` in turn, TRIES times; each must fail, and from the second
        round on (the core's own tables are made, and every path has run: a round's first pick may
        meet the last round's other file) the bytes in use after each round must be the same.
        Returns the core's memory after the second round and after the last."""
        first = None
        for round_ in range(TRIES):
            for files in picks:
                self.assertEqual(pick(page, files), "error", f"round {round_}: {files}")
            if round_ == 1:
                first = core_memory(page)
            elif round_ > 1:
                in_use = core_memory(page)[0]
                self.assertEqual(in_use, first[0], f"{in_use - first[0]} bytes still allocated after round {round_ + 1} of failed tries")
        return first, core_memory(page)

    def assert_given_back(self, first, last, what):
        self.assertEqual(last[0], first[0], f"{what}: {last[0] - first[0]} bytes still allocated after {TRIES} rounds of failed tries")
        self.assertEqual(last[1], first[1], f"{what}: the heap grew from {first[1]} to {last[1]} bytes over the tries")

    def test_failed_measurements_give_their_memory_back(self):
        page = harness.open_page("measure")
        blank = flat("blank-measure.png", 300, 640)
        other = flat("blank-empty.png", 300, 640, (200, 10, 30))
        picks = [{"screenshot": blank}, {"screenshot": other, "empty": blank}]

        def pick(page, files):
            page.set_input_files("input[name=empty]", files.get("empty", []))
            done(page, "measure")
            page.set_input_files("input[name=screenshot]", files["screenshot"])
            return done(page, "measure")

        first, last = self.tries(page, picks, pick)
        self.assert_given_back(first, last, "measure page")
        page.set_input_files("input[name=empty]", [])
        self.assertEqual(harness.pick(page, {"screenshot": GOOD_SAMPLE}), "ready", harness.problems(page))
        self.assertEqual(core_memory(page)[0], first[0], "measure page: bytes still allocated after a measurement")
        self.assertEqual(page.errors, [])

    def test_failed_crops_give_their_memory_back(self):
        page = harness.open_page("make")
        # The smallest screenshot a phone takes: a leaked byte shows at any size, and two hundred
        # reads of it take a fraction of a larger phone's time.
        good = flat("good-make.png", *smallest_screenshot())
        with open(good, "rb") as file:
            damaged = bytearray(file.read())
        damaged[40] ^= 1  # a chunk's CRC no longer matches
        bad_crc = os.path.join(FOLDER, "bad-crc.png")
        with open(bad_crc, "wb") as file:
            file.write(damaged)
        unknown_size = flat("unknown-size.png", 300, 640)
        picks = [
            {"light": unknown_size, "dark": []},
            {"light": good, "dark": flat("other-size-dark.png", 300, 641)},
            {"light": good, "dark": bad_crc},
        ]

        def pick(page, files):
            page.set_input_files("input[name=dark]", files["dark"])
            done(page, "make")
            page.set_input_files("input[name=light]", files["light"])
            return done(page, "make")

        first, last = self.tries(page, picks, pick)
        self.assert_given_back(first, last, "make page")
        page.set_input_files("input[name=dark]", [])
        self.assertEqual(harness.pick(page, {"light": good}), "ready", harness.problems(page))
        # The page holds the good screenshot for a change of layout, and gives it back with the next pick.
        with_good = core_memory(page)[0]
        self.assertGreater(with_good, first[0])
        # A size no phone has is held (a page of app icons can still be read against it, issue 50),
        # and the good screenshot is given back; the next good pick gives the unknown one back.
        self.assertEqual(harness.pick(page, {"light": unknown_size}), "error")
        self.assertLess(core_memory(page)[0], with_good, "make page: the good screenshot was not given back")
        self.assertEqual(harness.pick(page, {"light": good}), "ready", harness.problems(page))
        self.assertEqual(core_memory(page)[0], with_good, "make page: the unknown size was not given back")
        self.assertEqual(page.errors, [])

    def test_failed_measured_crops_give_their_memory_back(self):
        page = harness.open_page("make")
        page.wait_for_selector("#measured[data-state]")
        blank = flat("blank-pair-empty.png", 300, 640)
        picks = [
            {"empty": blank, "placed": flat("blank-pair-placed.png", 300, 640)},
            {"empty": blank, "placed": flat("blank-pair-other-size.png", 300, 600)},
        ]

        def pick(page, files):
            page.set_input_files("#measured-form input[name=empty]", files["empty"])
            done(page, "measured")
            page.set_input_files("#measured-form input[name=placed]", files["placed"])
            return done(page, "measured")

        first, last = self.tries(page, picks, pick)
        self.assert_given_back(first, last, "measure from my screenshots")
        good = {"empty": os.path.join(PAIRS, "grey-800x1700-empty.png"), "placed": os.path.join(PAIRS, "grey-800x1700-placed.png")}
        self.assertEqual(pick(page, good), "ready", harness.problems(page))
        self.assertEqual(core_memory(page)[0], first[0], "measure from my screenshots: bytes still allocated after a measurement")
        self.assertEqual(page.errors, [])

    def test_the_newest_pick_wins_while_the_first_is_still_decoding(self):
        """File A is picked, then file B (both of one size, in other colours) while A is still
        being inflated: A's inflation is held back three seconds, so that B is read, cropped and
        shown first. The page must hold B, zip B's crops when the layout changes, and give A's
        memory back."""
        slow = flat("slow-a.png", fixtures.WIDTH, fixtures.HEIGHT, (200, 10, 30))
        quick = flat("quick-b.png", fixtures.WIDTH, fixtures.HEIGHT)
        page = harness.open_page("make")
        start = core_memory(page)
        # The next inflation (A's image data) takes three seconds longer.
        page.evaluate("""() => {
            const Original = window.DecompressionStream;
            let slow = true;
            window.DecompressionStream = class extends Original {
                constructor(format) {
                    super(format);
                    const delay = () => new Promise((done) => setTimeout(done, 3000));
                    this.held = slow ? super.readable.pipeThrough(new TransformStream({ start: delay })) : null;
                    slow = false;
                }
                get readable() { return this.held || super.readable; }
            };
        }""")
        page.set_input_files("input[name=light]", slow)
        page.set_input_files("input[name=light]", quick)
        self.assertEqual(done(page, "make"), "ready", harness.problems(page))
        page.wait_for_timeout(3500)  # A's inflation ends, then its decode
        held = settle(page)
        layouts = page.eval_on_selector_all("select[name=layout] option", "options => options.map(o => o.value)")
        current = page.eval_on_selector("select[name=layout]", "s => s.value")
        other = next(value for value in layouts if value != current and value.startswith(fixtures.DEVICE + "/ios18"))
        page.select_option("select[name=layout]", other)
        self.assertEqual(done(page, "make"), "ready", harness.problems(page))
        figures = page.eval_on_selector_all("[data-figures] figcaption", "nodes => nodes.map(n => n.textContent)")
        self.assertEqual(len(figures), 1)
        self.assertTrue(figures[0].startswith("quick-b.png"), figures)
        [(_, zipped)] = harness.links(page, "[data-zip] a[download]")
        with zipfile.ZipFile(io.BytesIO(zipped)) as archive:
            names = [name for name in archive.namelist() if name.endswith(".png")]
            self.assertTrue(names)
            self.assertIn("quick-b.png", archive.read("README.txt").decode(), "the README names B's screenshot")
            for name in names:
                image = Image.open(io.BytesIO(archive.read(name)))
                self.assertEqual(image.convert("RGB").getcolors(), [(image.width * image.height, FLAT_COLOUR)], f"{name} is not B's crop")
        # Only B is held: picking B alone holds as much.
        fresh = harness.open_page("make")
        fresh_start = core_memory(fresh)
        self.assertEqual(harness.pick(fresh, {"light": quick}), "ready")
        self.assertEqual(held[0] - start[0], settle(fresh)[0] - fresh_start[0], "more is held than B's screenshot")
        self.assertEqual(page.errors, [])


if __name__ == "__main__":
    unittest.main()
