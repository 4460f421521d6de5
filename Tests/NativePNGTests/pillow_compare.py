"""Checks Backdrop's PNG output against Pillow, an independent decoder.

Reads a JSON spec: [{"source": path, "raw": path-or-null, "crops": [{"file", "x", "y", "width", "height"}]}].
For each source: Backdrop's decoded samples (raw, big-endian for 16-bit) must equal Pillow's;
every crop file, decoded by Pillow, must equal Pillow's crop of the source, with the same mode and
the same ICC profile. Prints one line per failure and exits 1 if there is any.
"""
import json
import sys

from PIL import Image


def samples_of(image):
    """Pillow's pixels as big-endian bytes in PNG sample order."""
    if image.mode in ("I;16", "I;16B"):
        return b"".join(value.to_bytes(2, "big") for value in image.getdata())
    return image.tobytes()


def main(spec_path):
    failures = []
    for entry in json.load(open(spec_path)):
        source = Image.open(entry["source"])
        source.load()
        if entry.get("raw"):
            ours = open(entry["raw"], "rb").read()
            theirs = samples_of(source)
            if ours != theirs:
                failures.append(f"{entry['source']}: decoded samples differ from Pillow's ({source.mode})")
        for crop in entry["crops"]:
            box = (crop["x"], crop["y"], crop["x"] + crop["width"], crop["y"] + crop["height"])
            expected = source.crop(box)
            actual = Image.open(crop["file"])
            actual.load()
            if actual.mode != expected.mode or actual.size != expected.size:
                failures.append(f"{crop['file']}: {actual.mode} {actual.size}, expected {expected.mode} {expected.size}")
            elif samples_of(actual) != samples_of(expected):
                failures.append(f"{crop['file']}: pixels differ from Pillow's crop {box}")
            if actual.info.get("icc_profile") != source.info.get("icc_profile"):
                failures.append(f"{crop['file']}: ICC profile not carried over")
    for failure in failures:
        print(failure)
    print(f"pillow: {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
