"""Benchmark: crop every slot of full-size, photo-like screenshots with `backdrop crop` and the
tools a user would pick instead (libvips, as the `vips` command and through pyvips; ImageMagick;
Pillow), and compare time and output bytes, screenshot by screenshot and in all.

Then the styles (content/docs/styles.md): one blur of a 1320x2868 screenshot (the iPhone 16 Pro
Max's, 8-bit and 16-bit RGB), σ = 10 pt at @3x = 30 px, by `backdrop crop --style blur` beside
Pillow's GaussianBlur(30) and libvips' gaussblur(30), in the same run: the whole job (read the PNG,
blur the whole screen, crop the 12 slots, write 12 PNGs), and the blur alone (Pillow's and libvips'
on the decoded image, in this process; for Backdrop, whose blur runs only inside `crop`, the time
of `--style blur` less that of `--style none`, both writing stored crops, which cost the same to
write blurred or not, run by run).

Then "check my widgets": `backdrop crop EMPTY --widgets-from HOME` on a 1320x2868 pair painted by
the independent widget-scene painter (four transparent widgets with overlay, rim and content, off
their slots), beside the plain crop of the same empty page, run by run in the same loop.

Then the slots read off a page of app icons: `backdrop crop EMPTY --icons-from ICONS` on a 1320x2868
pair painted by the independent icon-page painter, beside the plain crop of the same empty page.

Run through scripts/benchmark.sh, which builds the release binary and installs the tools;
--only crops, --only styles, --only check or --only icons runs one part; --record keeps each part's
figures in docs/figures.json (scripts/lib/figures.py).
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
import zlib

import numpy as np
from PIL import Image

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "Tests", "BrowserTests"))

import pngfiles  # noqa: E402  (our own PNG writer: Pillow cannot write 16-bit RGB)

import figures  # noqa: E402  (scripts/lib/figures.py: --record)

# (device, layout) pairs whose screenshots are generated and cropped.
TARGETS = [("iphone-16-pro-max", "ios26"), ("iphone-16-pro", "ios26"), ("iphone-12", "ios26")]
PEERS = ["vips", "pyvips", "imagemagick", "pillow"]
# The crops' aims: at least this many times as fast as the fastest peer, and a peak memory of at
# most this many times the decoded screenshot.
SPEED_AIM = 2
MEMORY_AIM = 3
# The styles part: the screenshot blurred, its layout, and the blur style's σ there (10 pt at @3x).
STYLE_TARGET = ("iphone-16-pro-max", "ios26")
STYLE_SIGMA = 30


def photo_like(width, height, seed):
    """A wallpaper-like RGB image: smooth gradients, soft blobs and fine grain, like a photo."""
    return Image.fromarray(np.clip(photo_like_field(width, height, seed) * 255 + 0.5, 0, 255).astype(np.uint8), "RGB")


def photo_like_field(width, height, seed):
    """photo_like's picture as floats, 0 to 1 (a little beyond before clipping)."""
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
    return image


def display_p3_like_profile():
    """Borrow an RGB ICC profile so the screenshots carry an iCCP chunk like real ones."""
    from PIL import ImageCms

    return ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()


def style_screenshots(folder, width, height, seed=0):
    """The styles part's screenshots, one picture (photo_like's) at two depths, each with an iCCP
    chunk: [(name, path, what)]. The browser benchmark blurs the same files."""
    profile = display_p3_like_profile()
    field = photo_like_field(width, height, seed)
    eight = os.path.join(folder, f"styles-{width}x{height}-rgb-8.png")
    Image.fromarray(np.clip(field * 255 + 0.5, 0, 255).astype(np.uint8), "RGB").save(eight, icc_profile=profile)
    sixteen = os.path.join(folder, f"styles-{width}x{height}-rgb-16.png")
    samples = np.clip(field * 65535 + 0.5, 0, 65535).astype(np.uint16)
    pngfiles.write(sixteen, samples, 2, 16, [(b"iCCP", b"sRGB\0\0" + zlib.compress(profile))])
    return [("rgb-8", eight, "8-bit RGB"), ("rgb-16", sixteen, "16-bit RGB")]


def imagemagick_convert():
    """Debian's ImageMagick `convert` (a tool of the same name may come first on the PATH)."""
    for candidate in ("convert-im6.q16", "magick"):
        if shutil.which(candidate):
            return shutil.which(candidate)
    return "/usr/bin/convert"


def timed(command, runs):
    return statistics.median(timed_runs(command, runs))


# The largest resident set of any process a timed run started, in bytes, by command (its last run).
PEAK_MEMORY = {}


def timed_runs(command, runs):
    """The seconds of each of `runs` runs of `command` (a list of arguments: a process, its
    output dropped, its error output shown only when it fails; or a function, called in this
    process). A process's peak memory is kept in PEAK_MEMORY: GNU time's (the kernel's account of
    the process and of the children it waited for), not this process's own wait4, whose account
    starts at the fork, a copy of this Python process and its arrays."""
    times = []
    for _ in range(runs):
        if callable(command):
            start = time.perf_counter()
            command()
            times.append(time.perf_counter() - start)
            continue
        with tempfile.NamedTemporaryFile("r", suffix=".rss") as peak:
            start = time.perf_counter()
            result = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", peak.name, *command],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            times.append(time.perf_counter() - start)
            if result.returncode != 0:
                raise SystemExit(f"{' '.join(command)} failed:\n{result.stderr}")
            PEAK_MEMORY[tuple(command)] = int(peak.read().split()[-1]) * 1024
    return times


def tool_versions():
    """The peers' versions, as their own tools say them."""
    versions = {"pillow": Image.__version__}
    for tool, command in (("libvips", ["vips", "--version"]), ("imagemagick", [imagemagick_convert(), "-version"])):
        try:
            versions[tool] = subprocess.check_output(command, text=True).split("\n")[0].strip()
        except (OSError, subprocess.CalledProcessError):
            versions[tool] = "missing"
    return versions


def folder_bytes(folder):
    return sum(os.path.getsize(os.path.join(folder, name)) for name in os.listdir(folder))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--backdrop", default=".build/release/backdrop")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", choices=["crops", "styles", "check", "icons"],
                        help="run one part: the plain crops, the blur of the styles, check my widgets, or the slots read off a page of icons")
    parser.add_argument("--record", action="store_true", help="keep each part's figures in docs/figures.json (scripts/lib/figures.py)")
    args = parser.parse_args()

    work = tempfile.mkdtemp(prefix="backdrop-bench-")
    # The styles part last: it loads libvips into this process (pyvips), whose FreeType then serves
    # Pillow's text too, and the painters' widget content (text) comes out wrong after it.
    parts = [("crops", crops_part), ("check", check_part), ("icons", icons_part), ("styles", styles_part)]
    for index, (name, part) in enumerate(part for part in parts if args.only in (None, part[0])):
        if index:
            print()
        runs = "" if args.runs == 5 else f" --runs {args.runs}"
        part(args, work, figures.Recorder(args.record, f"bash scripts/benchmark.sh --only {name}{runs}"))
    shutil.rmtree(work)


# At most this many times the plain crop of the empty page: the check's aim (issue 51).
CHECK_AIM = 3

# The check's pair: each widget's offset, as iOS moves them (one column, a row each).
CHECK_OFFSETS = {"medium-top": (-3, 26), "small-middle-left": (-3, -27), "small-middle-right": (-2, -27), "medium-bottom": (-3, 8)}


def check_pair(backdrop, folder, content_options=()):
    """A 1320x2868 "check my widgets" pair painted by the independent widget-scene painter:
    LadyBird, four widgets (CHECK_OFFSETS) with a white overlay, the glass rim and content; the
    slots as `backdrop` lists them (with `content_options`, e.g. `--content DIR`)."""
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "Tests", "CalibrationTests", "WidgetScenes"))
    import widget_scenes  # noqa: PLC0415  (needs mate-backgrounds: only this part)

    listed = json.loads(subprocess.check_output([backdrop, "slots", "iphone-16-pro-max", "--layout", "ios26", "--json", *content_options]))[0]
    pixels = {slot["id"]: slot["pixels"] for slot in listed["slots"]}
    wall = widget_scenes.photo("LadyBird.jpg", (1320, 2868))
    widgets = [((pixels[slot]["x"], pixels[slot]["y"], pixels[slot]["width"], pixels[slot]["height"]), d) for slot, d in CHECK_OFFSETS.items()]
    home = widget_scenes.paint(wall, widgets, overlay=("white", 0.2), rim=True, content=True, seed=3)
    os.makedirs(folder, exist_ok=True)
    empty_path, home_path = os.path.join(folder, "empty.png"), os.path.join(folder, "home.png")
    # Compressed (zlib level 1), as a phone's screenshot is; the tests store theirs.
    widget_scenes.save(empty_path, wall, level=1)
    widget_scenes.save(home_path, home, level=1)
    return empty_path, home_path


def check_part(args, work, recorder):
    """`crop EMPTY --widgets-from HOME` beside `crop EMPTY` (its 12 crops), pair by pair in one loop."""
    empty_path, home_path = check_pair(args.backdrop, os.path.join(work, "check-pair"))
    base = ["--device", "iphone-16-pro-max", "--layout", "ios26", "--force"]
    checks, crops = [], []
    for _ in range(args.runs):
        checks += timed_runs([args.backdrop, "crop", empty_path, "--widgets-from", home_path, "--out", os.path.join(work, "checked"), *base], 1)
        crops += timed_runs([args.backdrop, "crop", empty_path, "--out", os.path.join(work, "cropped"), *base], 1)
    ratios = [a / b for a, b in zip(checks, crops)]
    print(f"check my widgets, 1320x2868 8-bit pair (4 widgets; overlay, rim, content), median of {args.runs}, side by side:")
    print(f"  crop --widgets-from   {statistics.median(checks):6.2f} s (runs {', '.join(f'{t:.2f}' for t in checks)})")
    print(f"  crop, same empty page {statistics.median(crops):6.2f} s (runs {', '.join(f'{t:.2f}' for t in crops)})")
    print(f"  check / crop, run by run: median {statistics.median(ratios):.2f}x (min {min(ratios):.2f}, max {max(ratios):.2f})")
    recorder.record("cli-check", {"runs": args.runs, "widgets": len(CHECK_OFFSETS), "check": figures.spread(checks), "crop": figures.spread(crops),
                              "ratio": figures.spread(ratios), "aim": CHECK_AIM})


def icons_pair(folder):
    """A 1320x2868 8-bit pair of the independent icon-page painter (the Garden photograph): the
    empty page and a page of app icons over the same wallpaper, and how many icons it painted."""
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "Tests", "CalibrationTests", "IconPages"))
    import icon_pages  # noqa: PLC0415  (needs numpy, Pillow and mate-backgrounds: only this part)

    empty, home, truth = icon_pages.paint_pair({"grid": "1320x2868", "wallpaper": "photo:Garden.jpg", "seed": 4})
    os.makedirs(folder, exist_ok=True)
    paths = [os.path.join(folder, "empty.png"), os.path.join(folder, "icons.png")]
    for path, pixels in zip(paths, (empty, home)):
        pngfiles.write(path, icon_pages.samples_of(pixels, 8), 2, 8)
    return (*paths, len(truth["icons"]))


# The icon part's aim: reading the slots off the icons at most this many times the plain crop.
ICONS_AIM = 2


def icons_part(args, work, recorder):
    """`crop EMPTY --icons-from ICONS` beside `crop EMPTY`, pair by pair in one loop."""
    empty_path, icons_path, icons = icons_pair(os.path.join(work, "icons-pair"))
    reading = [args.backdrop, "crop", empty_path, "--icons-from", icons_path, "--out", os.path.join(work, "icons-read"), "--force"]
    plain = [args.backdrop, "crop", empty_path, "--out", os.path.join(work, "icons-plain"), "--force"]
    reads, crops = [], []
    for _ in range(args.runs):
        reads += timed_runs(reading, 1)
        crops += timed_runs(plain, 1)
    ratios = [a / b for a, b in zip(reads, crops)]
    placed = len([name for name in os.listdir(os.path.join(work, "icons-read")) if name.endswith(".png")])
    print(f"the slots read off a page of icons, 1320x2868 8-bit pair ({icons} icons), {placed} crops written, median of {args.runs}, side by side:")
    print(f"  crop --icons-from     {statistics.median(reads):6.2f} s (runs {', '.join(f'{t:.2f}' for t in reads)}), "
          f"peak {PEAK_MEMORY[tuple(reading)] / 2**20:.0f} MB")
    print(f"  crop, same empty page {statistics.median(crops):6.2f} s (runs {', '.join(f'{t:.2f}' for t in crops)}), "
          f"peak {PEAK_MEMORY[tuple(plain)] / 2**20:.0f} MB")
    print(f"  icons / crop, run by run: median {statistics.median(ratios):.2f}x (min {min(ratios):.2f}, max {max(ratios):.2f}); "
          f"aim: at most {ICONS_AIM}x")
    peaks = {"read": PEAK_MEMORY[tuple(reading)], "crop": PEAK_MEMORY[tuple(plain)]}
    recorder.record("cli-icons", {"runs": args.runs, "icons": icons, "crops": placed, "read": figures.spread(reads), "crop": figures.spread(crops),
                                  "ratio": figures.spread(ratios), "peak bytes": peaks, "aim": ICONS_AIM})


def crops_part(args, work, recorder):
    """Every slot cropped from three phones' screenshots by backdrop and by each peer."""
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
    screenshots = []
    print(f"{'screenshot':<24} {'tool':<12} {'time (s)':>9} {'bytes':>10} {'peak memory':>12} {'x decoded':>10}")
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
        # The screenshot decoded: 8-bit RGB.
        decoded = width * height * 3
        tools = {}
        for name, command in commands.items():
            seconds = timed(command, args.runs)
            size = folder_bytes(outputs[name])
            totals[name][0] += seconds
            totals[name][1] += size
            peak = PEAK_MEMORY[tuple(command)]
            tools[name] = {"seconds": round(seconds, 3), "bytes": size, "peak bytes": peak}
            aim = f"  aim: at most {MEMORY_AIM}x" if name == "backdrop" else ""
            print(f"{width}x{height:<17} {name:<12} {seconds:>9.3f} {size:>10} {peak / 2**20:>9.0f} MB {peak / decoded:>9.2f}x{aim}")
        screenshots.append({"size": f"{width}x{height}", "device": device, "layout": layout, "slots": len(rects), "decoded bytes": decoded,
                            "tools": tools})
    print()
    print(f"all {len(TARGETS)} screenshots, median times added up:")
    for name in PEERS:
        print(f"  backdrop {totals['backdrop'][0]:.3f} s vs {name} {totals[name][0]:.3f} s: "
              f"{totals[name][0] / totals['backdrop'][0]:.2f}x faster; "
              f"bytes {totals['backdrop'][1] / totals[name][1]:.3f}x {name}'s")
    fastest_other = min(PEERS, key=lambda name: totals[name][0])
    print(f"against the fastest peer ({fastest_other}): {totals[fastest_other][0] / totals['backdrop'][0]:.2f}x faster")
    recorder.record("cli-crops", {"runs": args.runs, "screenshots": screenshots, "versions": tool_versions(),
                              "speed aim": SPEED_AIM, "memory aim": MEMORY_AIM})


# The styles part's peers doing backdrop's job: read once, blur the whole screen once, cut every
# slot out of the blurred screen and write it as a PNG with the screenshot's profile.
PILLOW_BLUR_SCRIPT = """import json, sys
from PIL import Image, ImageFilter
source, rects, out, sigma = sys.argv[1], json.loads(sys.argv[2]), sys.argv[3], float(sys.argv[4])
image = Image.open(source)
image.load()
icc = image.info.get('icc_profile')
blurred = image.filter(ImageFilter.GaussianBlur(sigma))
for slot, (x, y, w, h) in rects.items():
    blurred.crop((x, y, x + w, y + h)).save(f'{out}/{slot}.png', icc_profile=icc)
"""
# copy_memory: the whole screen blurred once (left lazy, libvips would blur each crop's region
# with its margin again, overlapping crops twice).
PYVIPS_BLUR_SCRIPT = """import json, sys
import pyvips
source, rects, out, sigma = sys.argv[1], json.loads(sys.argv[2]), sys.argv[3], float(sys.argv[4])
blurred = pyvips.Image.new_from_file(source, access='sequential').gaussblur(sigma).copy_memory()
for slot, (x, y, w, h) in rects.items():
    blurred.crop(x, y, w, h).write_to_file(f'{out}/{slot}.png')
"""


def styles_part(args, work, recorder):
    """One blur of a 1320x2868 screenshot: `backdrop crop --style blur` and `--style none` beside
    Pillow and libvips blurring, cropping and writing the same slots, and each blur alone; every
    tool once per round, in turn, so that all share the machine's state."""
    try:
        import pyvips

        pyvips.cache_set_max(0)  # every timed gaussblur computed again, not taken from the cache
    except ImportError:
        pyvips = None
        print("(no pyvips: its rows are left out)")
    from PIL import ImageFilter

    device, layout = STYLE_TARGET
    geometry = json.loads(subprocess.check_output([args.backdrop, "slots", device, "--layout", layout, "--json"]))[0]
    width, height = geometry["screenshot"]["width"], geometry["screenshot"]["height"]
    rects = {s["id"]: [s["pixels"][k] for k in ("x", "y", "width", "height")] for s in geometry["slots"]}
    scripts = {}
    for tool, text in (("pillow", PILLOW_BLUR_SCRIPT), ("pyvips", PYVIPS_BLUR_SCRIPT)):
        scripts[tool] = os.path.join(work, f"{tool}_blur_crop.py")
        with open(scripts[tool], "w") as handle:
            handle.write(text)
    sigma = str(STYLE_SIGMA)
    print(f"styles: one blur, σ {STYLE_SIGMA} px (10 pt at @3x), of a {width}x{height} screenshot, {len(rects)} slots of {device} {layout}; "
          f"{args.runs} rounds, each tool once a round in turn")
    recorded = []
    for name, source, what in style_screenshots(work, width, height):
        out = {tool: os.path.join(work, f"styles-{name}-{tool}") for tool in ("blur", "none", "pillow", "pyvips")}
        for folder in out.values():
            os.makedirs(folder, exist_ok=True)
        backdrop = [args.backdrop, "crop", source, "--device", device, "--layout", layout, "--force", "--out"]
        decoded = Image.open(source)
        decoded.load()
        # Stored crops (zlib level 0, no row filters) cost the same to write blurred or not: the
        # difference of those two is the blur (with its conversions to levels and back).
        stored = ["--compression-level", "0", "--filters", "none"]
        jobs = {
            "blur": backdrop + [out["blur"], "--style", "blur"],
            "none": backdrop + [out["none"], "--style", "none"],
            "blur stored": backdrop + [out["blur"] + "-stored", "--style", "blur"] + stored,
            "none stored": backdrop + [out["none"] + "-stored", "--style", "none"] + stored,
            "pillow": [sys.executable, scripts["pillow"], source, json.dumps(rects), out["pillow"], sigma],
            "pillow blur": lambda: decoded.filter(ImageFilter.GaussianBlur(STYLE_SIGMA)),
        }
        if pyvips:
            in_memory = pyvips.Image.new_from_file(source, access="sequential").copy_memory()
            jobs["pyvips"] = [sys.executable, scripts["pyvips"], source, json.dumps(rects), out["pyvips"], sigma]
            jobs["pyvips blur"] = lambda: in_memory.gaussblur(STYLE_SIGMA).copy_memory()
        times = {job: [] for job in jobs}
        for _ in range(args.runs):
            for job, command in jobs.items():
                times[job] += timed_runs(command, 1)
        times["blur - none"] = [b - n for b, n in zip(times["blur"], times["none"])]
        times["stored blur - none"] = [b - n for b, n in zip(times["blur stored"], times["none stored"])]
        eight_bit = ", read as 8-bit" if "16" in what else ""  # Pillow opens 16-bit RGB as 8-bit RGB
        rows = [
            ("the whole job: read the PNG, blur the whole screen, crop 12 slots, write 12 PNGs (a process each)", None, None),
            ("backdrop crop --style blur (single-threaded blur; crops encoded on every core)", "blur", "blur"),
            (f"pillow: open, GaussianBlur({STYLE_SIGMA}), crop, save{eight_bit}", "pillow", "blur"),
            (f"pyvips: open, gaussblur({STYLE_SIGMA}) into memory, crop, write (threaded)", "pyvips", "blur"),
            ("backdrop crop --style none (no blur: read, crop, write)", "none", "blur"),
            ("backdrop crop --style blur, stored crops (--compression-level 0 --filters none)", "blur stored", "blur"),
            ("backdrop crop --style none, stored crops", "none stored", "blur"),
            ("the blur alone", None, None),
            ("backdrop: (blur - none) with stored crops, round by round: the blur, levels in and out", "stored blur - none", "stored blur - none"),
            ("backdrop: (blur - none) as written by default (blurred crops deflate faster: hides some; no ratio)", "blur - none", None),
            (f"pillow GaussianBlur({STYLE_SIGMA}) of the decoded image, in process{eight_bit}", "pillow blur", "stored blur - none"),
            (f"pyvips gaussblur({STYLE_SIGMA}) of the decoded image into memory, in process (threaded)", "pyvips blur", "stored blur - none"),
        ]
        print()
        print(f"{width}x{height} {what} ({os.path.getsize(source)} bytes)" + " " * 72 + "median ms (min-max)  x backdrop's")
        for label, job, reference in rows:
            if job is None:
                print(f"  {label}")
                continue
            if job not in times:
                continue
            median = statistics.median(times[job])
            if reference is None:
                shown = "-"
            elif job == reference:
                shown = "1.00 (ref)"
            else:
                shown = f"{median / statistics.median(times[reference]):.2f}"
            print(f"    {label:<104} {median * 1000:7.0f} ({min(times[job]) * 1000:.0f}-{max(times[job]) * 1000:.0f})  {shown}")
        print("  the same slot (large-top) from each, against backdrop's: mean |difference| in 8-bit levels (max)")
        reference = np.asarray(Image.open(os.path.join(out["blur"], "large-top-blur.png")).convert("RGB"), np.int16)
        differences = {}
        for tool in ("pillow", "pyvips"):
            path = os.path.join(out[tool], "large-top.png")
            if os.path.exists(path):
                difference = np.abs(np.asarray(Image.open(path).convert("RGB"), np.int16) - reference)
                differences[tool] = round(float(difference.mean()), 2)
                print(f"    {tool:<8} {difference.mean():.2f} ({difference.max()})")
        recorded.append({"screenshot": what, "size": f"{width}x{height}", "bytes": os.path.getsize(source),
                         "times": {job: figures.spread(values) for job, values in times.items()}, "difference from backdrop's": differences})
    recorder.record("cli-styles", {"runs": args.runs, "sigma": STYLE_SIGMA, "device": device, "layout": layout, "slots": len(rects),
                               "screenshots": recorded, "versions": tool_versions()})


if __name__ == "__main__":
    main()
