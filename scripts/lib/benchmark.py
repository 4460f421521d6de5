"""Benchmark: crop every slot of full-size, photo-like screenshots with `backdrop crop` and the
tools a user would pick instead (libvips, as the `vips` command and through pyvips; ImageMagick;
Pillow), and compare time and output bytes, screenshot by screenshot and in all.

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
TARGETS = [("iphone-16-pro-max", "ios26"), ("iphone-16-pro", "ios26"), ("iphone-12", "ios26")]
PEERS = ["vips", "pyvips", "imagemagick", "pillow"]


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
    vips_script = os.path.join(work, "pyvips_crop.py")
    with open(vips_script, "w") as handle:
        # One decode (random access keeps the decoded image), then every crop written with
        # libvips' default PNG settings and the screenshot's profile.
        handle.write(
            "import json, sys\nimport pyvips\n"
            "source, rects, out = sys.argv[1], json.loads(sys.argv[2]), sys.argv[3]\n"
            "image = pyvips.Image.new_from_file(source, access='random')\n"
            "for slot, (x, y, w, h) in rects.items():\n"
            "    image.crop(x, y, w, h).write_to_file(f'{out}/{slot}.png')\n"
        )
    profile = display_p3_like_profile()
    totals = {name: [0.0, 0] for name in ["backdrop"] + PEERS}
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
        vips = ["sh", "-c", " && ".join(
            f"vips crop {source} {outputs['vips']}/{slot}.png {x} {y} {w} {h}" for slot, (x, y, w, h) in rects.items())]
        commands = {
            # --force: each timed run writes the same crops again.
            "backdrop": [args.backdrop, "crop", source, "--device", device, "--layout", layout, "--out", outputs["backdrop"], "--force"],
            "vips": vips,
            "pyvips": [sys.executable, vips_script, source, json.dumps(rects), outputs["pyvips"]],
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
    print(f"all {len(TARGETS)} screenshots, median times added up:")
    for name in PEERS:
        print(f"  backdrop {totals['backdrop'][0]:.3f} s vs {name} {totals[name][0]:.3f} s: "
              f"{totals[name][0] / totals['backdrop'][0]:.2f}x faster; "
              f"bytes {totals['backdrop'][1] / totals[name][1]:.3f}x {name}'s")
    fastest_other = min(PEERS, key=lambda name: totals[name][0])
    print(f"against the fastest peer ({fastest_other}): {totals[fastest_other][0] / totals['backdrop'][0]:.2f}x faster")
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
