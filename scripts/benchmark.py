"""Benchmark: crop every slot of full-size, photo-like screenshots with `backdrop crop`,
ImageMagick and Pillow, and compare time and output bytes.

Run through scripts/benchmark.sh, which builds the release binary and installs the tools.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np
from PIL import Image

# (device, layout) pairs whose screenshots are generated and cropped.
TARGETS = [("iphone-16-pro-max", "ios18"), ("iphone-16-pro", "ios18"), ("iphone-12", "ios18")]


def photo_like(width, height, seed):
    """A wallpaper-like RGB image: smooth gradients, soft blobs and fine grain, like a photo."""
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:height, 0:width].astype(np.float32)
    x /= width
    y /= height
    image = np.zeros((height, width, 3), np.float32)
    base = rng.uniform(0.1, 0.9, (2, 3)).astype(np.float32)
    image += base[0] * (1 - y[..., None]) + base[1] * y[..., None]
    for _ in range(14):
        cx, cy = rng.uniform(0, 1, 2)
        radius = rng.uniform(0.05, 0.35)
        color = rng.uniform(-0.5, 0.5, 3).astype(np.float32)
        falloff = np.exp(-(((x - cx) * width / height) ** 2 + (y - cy) ** 2) / (2 * radius**2))
        image += falloff[..., None] * color
    ripples = np.sin(x * rng.uniform(20, 60) + np.sin(y * rng.uniform(10, 40)) * 3) * 0.04
    image += ripples[..., None]
    image += rng.normal(0, 0.012, image.shape).astype(np.float32)  # sensor-like grain
    return Image.fromarray(np.clip(image * 255 + 0.5, 0, 255).astype(np.uint8), "RGB")


def display_p3_like_profile():
    """Borrow an RGB ICC profile so the screenshots carry an iCCP chunk like real ones."""
    from PIL import ImageCms

    return ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()


def imagemagick_convert():
    """Debian's ImageMagick `convert` (a tool of the same name may come first on the PATH)."""
    for candidate in ("convert-im6.q16", "magick"):
        if shutil.which(candidate):
            return shutil.which(candidate)
    return "/usr/bin/convert"


def timed(command, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def folder_bytes(folder):
    return sum(os.path.getsize(os.path.join(folder, name)) for name in os.listdir(folder))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--backdrop", default=".build/release/backdrop")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    work = tempfile.mkdtemp(prefix="backdrop-bench-")
    pillow_script = os.path.join(work, "pillow_crop.py")
    with open(pillow_script, "w") as handle:
        handle.write(
            "import json, sys\nfrom PIL import Image\n"
            "source, rects, out = sys.argv[1], json.loads(sys.argv[2]), sys.argv[3]\n"
            "image = Image.open(source)\nimage.load()\nicc = image.info.get('icc_profile')\n"
            "for slot, (x, y, w, h) in rects.items():\n"
            "    image.crop((x, y, x + w, y + h)).save(f'{out}/{slot}.png', icc_profile=icc)\n"
        )
    profile = display_p3_like_profile()
    totals = {"backdrop": [0.0, 0], "imagemagick": [0.0, 0], "pillow": [0.0, 0]}
    print(f"{'screenshot':<24} {'tool':<12} {'time (s)':>9} {'bytes':>10}")
    for index, (device, layout) in enumerate(TARGETS):
        geometry = json.loads(subprocess.check_output([args.backdrop, "slots", device, "--layout", layout, "--json"]))[0]
        width, height = geometry["screenshot"]["width"], geometry["screenshot"]["height"]
        source = os.path.join(work, f"{device}.png")
        photo_like(width, height, seed=index).save(source, icc_profile=profile)
        rects = {s["id"]: [s["pixels"][k] for k in ("x", "y", "width", "height")] for s in geometry["slots"]}

        outputs = {name: os.path.join(work, f"{device}-{name}") for name in totals}
        for folder in outputs.values():
            os.makedirs(folder, exist_ok=True)
        magick = [imagemagick_convert(), source]
        for slot, (x, y, w, h) in rects.items():
            magick += ["(", "+clone", "-crop", f"{w}x{h}+{x}+{y}", "+repage", "-write", f"{outputs['imagemagick']}/{slot}.png", "+delete", ")"]
        magick += ["null:"]
        commands = {
            # --force: each timed run writes the same crops again.
            "backdrop": [args.backdrop, "crop", source, "--device", device, "--layout", layout, "--out", outputs["backdrop"], "--force"],
            "imagemagick": magick,
            "pillow": [sys.executable, pillow_script, source, json.dumps(rects), outputs["pillow"]],
        }
        for name, command in commands.items():
            seconds = timed(command, args.runs)
            size = folder_bytes(outputs[name])
            totals[name][0] += seconds
            totals[name][1] += size
            print(f"{width}x{height:<17} {name:<12} {seconds:>9.3f} {size:>10}")
    print()
    fastest_other = min(("imagemagick", "pillow"), key=lambda name: totals[name][0])
    for name in ("imagemagick", "pillow"):
        print(f"backdrop is {totals[name][0] / totals['backdrop'][0]:.2f}x faster than {name}, "
              f"output {100 * (totals['backdrop'][1] / totals[name][1] - 1):+.1f}% bytes")
    print(f"against the faster of the two ({fastest_other}): "
          f"{totals[fastest_other][0] / totals['backdrop'][0]:.2f}x faster")
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
