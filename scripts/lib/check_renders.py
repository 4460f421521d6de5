"""Checks that browser renders of the site are real pages: not blank, with content in colour,
and no horizontal overflow. Full-width backgrounds and borders touch both edges of the window;
content cut off by an overflowing page touches only the right one."""
import sys

from PIL import Image


def pixels(image):
    return list(image.get_flattened_data() if hasattr(image, "get_flattened_data") else image.getdata())


failures = 0
for path in sys.argv[1:]:
    image = Image.open(path).convert("RGB")
    colours = len(set(pixels(image.resize((image.width // 4, image.height // 4)))))
    left = pixels(image.crop((0, 0, 2, image.height)))
    right = pixels(image.crop((image.width - 2, 0, image.width, image.height)))
    stray = sum(1 for a, b in zip(left[::2], right[::2]) if a != b)
    problems = []
    if colours < 200:
        problems.append(f"only {colours} colours: blank or broken page")
    if stray > image.height // 50:
        problems.append(f"{stray} rows differ at the right edge from the left: the page is wider than the window")
    print(f"{path}: {image.width}x{image.height}, {colours} colours: {'; '.join(problems) or 'ok'}")
    failures += bool(problems)
print(f"renders: {len(sys.argv) - 1 - failures} passed, {failures} failed")
sys.exit(1 if failures else 0)
