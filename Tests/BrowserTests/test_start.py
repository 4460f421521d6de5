"""A first-time visitor's way through the site, by keyboard only, on a phone-sized window: from
the index through Start here to the make page, a real-size screenshot pair picked, and the zip
downloaded, with file names that say device, layout, slot and appearance and a README inside. And
the index's filter, which matches model names as people type them and says when nothing does."""
import os
import unittest
import zipfile

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

import harness

SHOTS = os.path.join(harness.ROOT, "content/screenshots")


def tearDownModule():
    harness.close()


def tab_to(page, predicate, limit=150):
    """Presses Tab until the focused element satisfies `predicate` (JavaScript over `e`)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(f"(e => !!e && ({predicate}))(document.activeElement)"):
            return
    raise AssertionError(f"Tab never reached an element where {predicate}")


def choose_by_keyboard(page, name, path, attempts=3):
    """Tabs to the file input `name` and opens its chooser with Space. Once, in a CI rehearsal on the
    2-core machine, headless Chromium opened no chooser within 60 s of the key (it did not happen
    again in the runs before or after); so a key that opens nothing in 20 s is tried again after
    tabbing back to the input, and three that open nothing fail the test."""
    for _ in range(attempts):
        tab_to(page, f"e.matches('input[name={name}]')")
        try:
            with page.expect_file_chooser(timeout=20_000) as chooser:
                page.keyboard.press("Space")
        except PlaywrightTimeoutError:
            continue
        chooser.value.set_files(path)
        return
    raise AssertionError(f"Space on the {name} input opened no file chooser, {attempts} times")


class StartHereFlowTests(unittest.TestCase):
    def test_from_the_index_to_a_zip_by_keyboard_only(self):
        page = harness.browser().new_page(viewport={"width": 390, "height": 844}, accept_downloads=True)
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"file://{harness.SITE}/index.html")

        tab_to(page, "e.matches('.start-cta a') && e.textContent === 'Start here'")
        page.keyboard.press("Enter")
        page.wait_for_url("**/start/index.html")
        self.assertIn("Take the screenshots", page.inner_text("main"))

        tab_to(page, "e.matches('a.button') && e.textContent === 'Make backgrounds'")
        page.keyboard.press("Enter")
        page.wait_for_url("**/make/index.html")
        page.wait_for_selector("#make[data-state]", timeout=harness.TIMEOUT_MS)

        for name, file in (("light", "iphone-16-pro-light.png"), ("dark", "iphone-16-pro-dark.png")):
            choose_by_keyboard(page, name, os.path.join(SHOTS, file))
            # Each pick is cropped before the next key: a page busy cropping takes keys late.
            page.wait_for_function("['ready', 'error'].includes(document.getElementById('make').dataset.state)", timeout=harness.TIMEOUT_MS)
            self.assertEqual(page.evaluate("document.getElementById('make').dataset.state"), "ready", harness.problems(page))

        # The choice is said in one line, and changed from there by keyboard.
        chosen = page.inner_text("[data-chosen]")
        self.assertIn("iPhone 16 Pro, 17, 17 Pro · iOS 26, small icons (1206×2622 px) · positions measured", chosen)
        tab_to(page, "e.matches('[data-change]')")
        page.keyboard.press("Enter")
        self.assertEqual(page.evaluate("document.activeElement.name"), "layout")

        tab_to(page, "e.matches('[data-zip-link]')")
        with page.expect_download() as download:
            page.keyboard.press("Enter")
        self.assertEqual(download.value.suggested_filename, "backdrop_iphone-16-pro_ios26.zip")
        path = os.path.join(harness.WORK, "start-flow.zip")
        download.value.save_as(path)
        with zipfile.ZipFile(path) as archive:
            self.assertIsNone(archive.testzip())
            names = archive.namelist()
            self.assertIn("README.txt", names)
            self.assertIn("small-top-left_light.png", names)
            self.assertIn("large-bottom_dark.png", names)
            self.assertEqual(len(names), 2 * 11 + 1, "every slot of the iOS 26 layout (no iOS 27 extra-large) in light and dark, and the README")
            readme = archive.read("README.txt").decode()
            self.assertIn("Phone: iPhone 16 Pro, 17, 17 Pro (iphone-16-pro)", readme)
            self.assertIn("medium-top_dark.png  a medium widget in the top row, dark appearance", readme)
        self.assertEqual(errors, [])
        page.close()


class FrontPageTests(unittest.TestCase):
    def test_the_front_page_leads_with_what_a_person_does_and_keeps_the_catalog_for_developers(self):
        page = harness.browser().new_page(viewport={"width": 390, "height": 844})
        page.goto(f"file://{harness.SITE}/index.html")
        text = page.inner_text("main")
        order = ["Make your widget background", "Take a screenshot of an empty home-screen page", "In the app you use", "Find your iPhone",
                 "For developers", "What the catalog knows", "This build:"]
        places = [text.find(words) for words in order]
        self.assertNotIn(-1, places, dict(zip(order, places)))
        self.assertEqual(places, sorted(places), "what a person does first, the catalog and the build last")
        self.assertIn("This build:", page.inner_text("section.developers"))
        self.assertIn("What the catalog knows", page.inner_text("section.developers"))
        # The apps people use, each with a link to its steps on Start here.
        apps = page.eval_on_selector_all(
            ".apps li", "nodes => nodes.map(n => [n.querySelector('strong').textContent, n.querySelector('a').getAttribute('href')])")
        self.assertEqual([name for name, _ in apps], ["Widgetsmith", "Scriptable", "Shortcuts"])
        page.goto(f"file://{harness.SITE}/start/index.html")
        for name, link in apps:
            anchor = link.split("#")[1]
            self.assertTrue(page.query_selector(f"#{anchor}"), f"{name}: Start here has #{anchor}")
            self.assertIn(name, page.inner_text(f"#{anchor}"))
        page.close()


class StartHereWordsTests(unittest.TestCase):
    def test_the_appearances_and_the_original_screenshot_are_said_plainly_with_their_sources(self):
        page = harness.browser().new_page(viewport={"width": 390, "height": 844})
        page.goto(f"file://{harness.SITE}/start/index.html")
        appearance = page.inner_text("#use")
        for words in ("Clear and Tinted remove or tint a widget's background picture", "so no crop can look transparent there",
                      "may be drawn faded or desaturated",
                      "Use Default (or Dark)", "iOS 26 draws a glass edge around every widget, even in Default",
                      "The Frosted glass style adds its own rim on top of that edge"):
            self.assertIn(words, appearance)
        # Every claim's mark leads to its source, and a source that is not Apple's says so.
        cited = page.eval_on_selector_all("a.cite", "nodes => nodes.map(n => n.getAttribute('href'))")
        self.assertGreaterEqual(len(cited), 10)
        for target in set(cited):
            self.assertTrue(page.query_selector(f".sources {target}"), target)
        # The marks number the sources in reading order, as the list holds them.
        marks = page.eval_on_selector_all("a.cite", "nodes => nodes.map(n => [n.getAttribute('href'), n.textContent])")
        first = list(dict.fromkeys(map(tuple, marks)))
        self.assertEqual([mark for _, mark in first], [f"[{n}]" for n in range(1, len(first) + 1)])
        listed = page.eval_on_selector_all(".sources ol > li", "nodes => nodes.map(n => '#' + n.id)")
        self.assertEqual(listed, [target for target, _ in first])
        self.assertIn("Not Apple", page.inner_text("#source-edge"))
        self.assertIn("not read here", page.inner_text("#source-airdrop"))
        self.assertIn("not supported in widgets", page.inner_text("#source-scriptable"))
        self.assertFalse(harness.overflows(page))
        page.close()


class UnknownSizeTests(unittest.TestCase):
    def test_a_size_no_phone_takes_says_what_is_known_and_the_next_step(self):
        empty = os.path.join(harness.ROOT, "Tests/CalibrationTests/Pairs/four-small-1000x2100-empty.png")
        page = harness.open_page("make", width=390)
        self.assertEqual(harness.pick(page, {"light": empty}), "error")
        said = page.inner_text("[data-explain]")
        self.assertIn("Known: your screenshot is 1000×2100 px, a size no phone in the catalog takes.", said)
        self.assertIn("Not known: which phone it is", said)
        self.assertEqual(page.eval_on_selector("[data-explain] a", "a => a.getAttribute('href')"), "#measured")
        self.assertFalse(harness.overflows(page))
        self.assertEqual(page.errors, [])
        page.close()


class DefaultLayoutTests(unittest.TestCase):
    def test_every_device_page_opens_on_the_layout_the_make_page_chooses(self):
        """The device pages and the make page agree on the default: the newest iOS, small icons."""
        page = harness.open_page("make")
        geometry = page.evaluate("window.BackdropGeometry")
        for device in geometry["devices"]:
            with self.subTest(device=device["id"]):
                size = device["screenshot"]
                choice = page.evaluate("([w, h]) => BackdropTool.core().then(core => core.layoutsFor(w, h))", [size["width"], size["height"]])
                [default] = [layout for layout in choice["layouts"] if layout["isDefault"]]
                ours = [layout["layout"] for layout in device["layouts"]]
                if default["layout"] not in ours:
                    continue
                other = harness.browser().new_page(viewport={"width": 390, "height": 844})
                other.goto(f"file://{harness.SITE}/devices/{device['id']}/index.html")
                shown = other.eval_on_selector_all("[data-layout-section]", "nodes => nodes.filter(n => !n.hidden).map(n => n.id)")
                self.assertEqual(shown, [default["layout"]])
                current = other.eval_on_selector_all(".layout-switcher a", "nodes => nodes.map(n => n.classList.contains('current'))")
                if len(current) > 1:
                    self.assertEqual(current[0], True, "the first layout of the switcher is the one shown")
                other.close()
        page.close()


class DeviceFilterTests(unittest.TestCase):
    cases = {
        "17 pro": ["iPhone 16 Pro, 17, 17 Pro"],
        "iPhone 17 Pro": ["iPhone 16 Pro, 17, 17 Pro"],
        "17 pro max": ["iPhone 16 Pro Max, 17 Pro Max"],
        "pro max": ["iPhone 11 Pro Max, XS Max", "iPhone 12 Pro Max, 13 Pro Max, 14 Plus", "iPhone 14 Pro Max, 15 Plus, 15 Pro Max, 16 Plus",
                    "iPhone 16 Pro Max, 17 Pro Max"],
        "SE": ["iPhone SE (1st generation)", "iPhone SE (2nd and 3rd generation), 8"],
        "mini": ["iPhone 12 mini, 13 mini"],
        "1125×2436": ["iPhone 12 mini, 13 mini", "iPhone X, XS, 11 Pro"],
        "xr": ["iPhone 11, XR"],
    }

    def visible(self, page, selector):
        return sorted(page.eval_on_selector_all(selector, "nodes => nodes.filter(n => !n.closest('[hidden]')).map(n => n.textContent.trim())"))

    def test_the_filter_matches_model_names_as_typed_and_says_when_none_does(self):
        page = harness.browser().new_page(viewport={"width": 390, "height": 844})
        page.goto(f"file://{harness.SITE}/index.html")
        for query, expected in self.cases.items():
            with self.subTest(query=query):
                page.fill("#device-filter", query)
                self.assertEqual(self.visible(page, ".card h3"), sorted(expected))
                self.assertEqual(self.visible(page, ".matrix tbody th"), sorted(expected), "the coverage matrix shows the same devices")
                count = len(expected)
                self.assertEqual(page.inner_text("[data-filter-status]"), f"{count} device{'s match' if count > 1 else ' matches'}.")
        page.fill("#device-filter", "galaxy s24")
        self.assertEqual(self.visible(page, ".card h3"), [])
        status = page.inner_text("[data-filter-status]")
        self.assertIn("No device in the catalog matches “galaxy s24”", status)
        self.assertIn("measure its slots from two screenshots", status)
        page.fill("#device-filter", "")
        self.assertEqual(len(self.visible(page, ".card h3")), harness.DEVICE_COUNT)
        self.assertEqual(page.inner_text("[data-filter-status]"), "")
        page.close()


if __name__ == "__main__":
    unittest.main()
