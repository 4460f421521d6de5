"""Both pages at phone and desktop widths, empty, with a screenshot and with an error: no
horizontal overflow, no script error; without JavaScript they say the tool needs it. Renders
go to BACKDROP_RENDERS (a folder) when it is set, to be looked at."""
import os
import unittest

import harness

RENDERS = os.environ.get("BACKDROP_RENDERS")
PAINTED = os.path.join(harness.ROOT, "Tests/CalibrationTests/Painted")
SHOTS = os.path.join(harness.ROOT, "content/screenshots")


def tearDownModule():
    harness.close()


class PageLayoutTests(unittest.TestCase):
    cases = {
        "make": {
            "loaded": {"light": os.path.join(SHOTS, "iphone-16-pro-light.png"), "dark": os.path.join(SHOTS, "iphone-16-pro-dark.png")},
            "error": {"light": os.path.join(harness.ROOT, "README.md")},
        },
        "measure": {
            "loaded": {"screenshot": os.path.join(PAINTED, "content-p3-16pro.png"), "empty": os.path.join(PAINTED, "content-p3-16pro-empty.png")},
            "error": {"screenshot": os.path.join(SHOTS, "iphone-16-pro-light.png")},
        },
    }

    def test_no_horizontal_overflow_at_phone_and_desktop_widths(self):
        for tool, states in self.cases.items():
            for width in (390, 1280):
                for state in ("empty", "loaded", "error"):
                    with self.subTest(page=tool, width=width, state=state):
                        page = harness.open_page(tool, width=width)
                        if state != "empty":
                            self.assertEqual(harness.pick(page, states[state]), "ready" if state == "loaded" else "error")
                        self.assertFalse(harness.overflows(page), "the page is wider than the window")
                        if RENDERS:
                            os.makedirs(RENDERS, exist_ok=True)
                            page.screenshot(path=os.path.join(RENDERS, f"{tool}-{state}-{width}.png"), full_page=True)
                        self.assertEqual(page.errors, [])
                        page.close()

    def test_without_javascript_the_pages_say_the_tool_needs_it(self):
        context = harness.browser().new_context(java_script_enabled=False)
        for tool in ("make", "measure"):
            with self.subTest(page=tool):
                page = context.new_page()
                page.goto(f"file://{harness.SITE}/{tool}/index.html")
                self.assertIn("needs JavaScript", page.inner_text("main"))
                self.assertFalse(page.is_visible(f"#{tool}-form"))
        context.close()


if __name__ == "__main__":
    unittest.main()
