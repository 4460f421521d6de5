"""The make page through `backdrop serve` (over http, not file://): it loads the core and crops."""
import os
import re
import shutil
import subprocess
import unittest

import harness


class ServeTests(unittest.TestCase):
    def test_the_make_page_crops_through_backdrop_serve(self):
        # One device's content, so that the server's first build is quick.
        content = os.path.join(harness.WORK, "serve-content")
        shutil.rmtree(content, ignore_errors=True)
        for file in ["devices/iphone-16-pro.md", "screenshots/iphone-16-pro-light.png", "screenshots/iphone-16-pro-dark.png",
                     "calibration/iphone-16-pro-ios18-widgets-light.png", "calibration/iphone-16-pro-ios18-widgets-dark.png",
                     *(os.path.join("docs", name) for name in os.listdir(os.path.join(harness.CONTENT, "docs")))]:
            os.makedirs(os.path.dirname(os.path.join(content, file)), exist_ok=True)
            shutil.copy(os.path.join(harness.CONTENT, file), os.path.join(content, file))
        server = subprocess.Popen(
            [harness.BACKDROP, "serve", "--port", "0", "--content", content, "--templates", os.path.join(harness.ROOT, "templates"),
             "--browser-core", os.environ["BACKDROP_CORE"]],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            base = None
            for line in server.stdout:
                found = re.search(r"serving (http://127\.0\.0\.1:\d+/)", line)
                if found:
                    base = found.group(1)
                    break
            self.assertIsNotNone(base, "backdrop serve said where it serves")
            page = harness.open_page("make", base=base)
            shot = os.path.join(harness.CONTENT, "screenshots/iphone-16-pro-light.png")
            self.assertEqual(harness.pick(page, {"light": shot}), "ready", harness.problems(page))
            crops = harness.links(page, "[data-crops] a[download]")
            self.assertEqual(len(crops), 11, "the iOS 26 layout, chosen by default: eleven slots (the extra-large one is iOS 27's)")
            self.assertEqual(page.errors, [])
        finally:
            server.terminate()
            server.wait(timeout=30)
            server.stdout.close()
            harness.close()


if __name__ == "__main__":
    unittest.main()
