#!/usr/bin/env python3
"""Checks the hostile-scene painter by routes of its own:

1. masks: widget_scenes.rounded_mask (corners only, cached) equals rounded_mask_every_sample sample for sample;
2. periods: every wallpaper's declared shifts are real (the image shifted by an exact shift, and
   the pattern before shading by any declared shift, equal themselves within 1/255), and complete
   within the window (no shift of |v| <= WINDOW outside the declared lattice leaves the image
   exactly unchanged, nor the pattern unchanged within 1/255);
3. geometry: each scene painted bare (no overlay, rim, content, blur, clock, cover, card, status
   bar, resizing) is decoded with pngfiles.read (not Pillow, not the painter), un-rotated, and
   checked: the page given as empty is the wallpaper (the texture, quantised here); on every
   page each widget's S, where its rounded mask is 1, equals the empty page's piece at R sample
   for sample; everything outside the widgets equals the empty page;
4. twins: the pairs meant to be identical decode to the same picture (16-bit = 8-bit x 257,
   palette colours = RGB samples); the PNGs written decode alike with Pillow (8-bit, palette);
5. with OUT_DIR (from paint_all.py): every file's size, depth, colour type and iCCP agree with
   scenes.json; the identical pairs there are identical; an overlay without content is the
   overlay formula over the empty page's piece within 1 level (away from the rim).

selfcheck.py [OUT_DIR] [--only CLASS] [--names A,B] [--skip-periods]; exits 1 on any failure."""
import argparse
import json
import os
import sys
import tempfile
import time

import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import hostile_scenes as H  # noqa: E402  (found through the path set just above)
import textures as T  # noqa: E402  (found through the path set just above)

pngfiles = H.pngfiles
FAILURES = []


def fail(message):
    FAILURES.append(message)
    print("FAIL", message, flush=True)


def decode(path):
    """Samples (RGB, as stored: uint8 or uint16) of a PNG by pngfiles.read; palettes expanded."""
    with open(path, "rb") as file:
        data = file.read()
    header, chunks, samples = pngfiles.read(data)
    if header["color_type"] == 3:
        colours = np.frombuffer(chunks[b"PLTE"][0], np.uint8).reshape(-1, 3)
        samples = colours[samples[:, :, 0]]
    return header, chunks, samples


def check_masks():
    shapes = {(530, 530, 70.25), (1134, 530, 70.25), (1134, 1182, 70.25), (526, 526, 68.25), (1130, 526, 68.25),
              (1130, 1178, 68.25), (1290, 230, 56.0), (1290, 260, 56.0), (120, 120, 27.0), (250, 250, 60.0)}
    for w, h, r in sorted(shapes):
        fast, slow = H.ws.rounded_mask(w, h, r), H.ws.rounded_mask_every_sample(w, h, r)
        if not np.array_equal(fast, slow):
            fail(f"fast rounded mask {w}x{h} r{r} differs by {np.abs(fast - slow).max()}")
    print(f"masks: {len(shapes)} shapes compared", flush=True)


def shifted_pair(a, v, box):
    """a at p and a at p + v over a box (x0, y0, size)."""
    x0, y0, n = box
    vx, vy = v
    return a[y0:y0 + n, x0:x0 + n], a[y0 + vy:y0 + vy + n, x0 + vx:x0 + vx + n]


def full_overlap(a, v):
    """a at p and a at p + v, over every p where both lie on the page."""
    vx, vy = v
    h, w = a.shape[:2]
    first = a[max(0, -vy):h - max(0, vy), max(0, -vx):w - max(0, vx)]
    second = a[max(0, vy):h - max(0, -vy), max(0, vx):w - max(0, -vx)]
    return first, second


def check_periods(specs):
    W = H.WINDOW
    for spec in specs:
        tex = T.make(spec, H.SIZE)
        exact, near = T.lattice(spec)
        worst = 0.0
        for v in exact:
            a, b = full_overlap(tex.image, v)
            worst = max(worst, float(np.abs(a - b).max()))
        for v in exact + near:
            a, b = full_overlap(tex.periodic, v)
            worst = max(worst, float(np.abs(a - b).max()))
        if worst > 1 / 255:
            fail(f"{spec}: a declared shift changes the texture by {worst * 255:.2f} levels")
        # Completeness within the window, on a patch in the middle of the page.
        exact_set = {tuple(p) for p in T.lattice_points(exact, W).tolist()}
        every_set = {tuple(p) for p in T.lattice_points(exact + near, W).tolist()}
        box = (H.SIZE[0] // 2 - 64, H.SIZE[1] // 2 - 64, 128)
        smooth = spec["kind"] in ("vertical_gradient", "horizontal_gradient", "waves")
        undeclared, undeclared_near = [], []
        for vy in range(-W, W + 1):
            for vx in range(-W, W + 1):
                if (vx, vy) == (0, 0):
                    continue
                if (vx, vy) not in exact_set:
                    a, b = shifted_pair(tex.image, (vx, vy), box)
                    if np.array_equal(a, b):
                        undeclared.append((vx, vy))
                if (vx, vy) not in every_set and not smooth:
                    a, b = shifted_pair(tex.periodic, (vx, vy), box)
                    if float(np.abs(a - b).max()) <= 1 / 255:
                        undeclared_near.append((vx, vy))
        if undeclared:
            fail(f"{spec}: shifts {undeclared[:6]} leave the image unchanged but are not declared")
        if undeclared_near:
            fail(f"{spec}: shifts {undeclared_near[:6]} leave the pattern unchanged within 1/255 but are not declared")
        sym = T.symmetry(spec, W)
        print(f"periods ok {spec['kind']:<20} x {sym['period_x']} y {sym['period_y']} (near x {sym['near_period_x']} "
              f"y {sym['near_period_y']}), worst {worst * 255:.3f} levels", flush=True)


def widget_mask(R):
    w, h = R[2], R[3]
    return H.ws.rounded_mask(w, h, min(w, h) * 0.125 + 4) == 1


def check_geometry(scene, tmp):
    truth = H.paint_scene(scene, tmp, bare=True)
    pages = {}
    for which in ("empty", "home"):
        info = truth["files"][which]
        header, _chunks, samples = decode(os.path.join(tmp, info["file"]))
        if info["rotated_k"]:
            samples = np.rot90(samples, -info["rotated_k"])
        if (samples.shape[1], samples.shape[0]) != tuple(H.SIZE):
            fail(f"{scene['name']} {which}: size {samples.shape[1]}x{samples.shape[0]} after un-rotating")
            return
        pages[which] = (info, header, samples)
    texture = T.make(scene["wallpaper"], H.SIZE).image
    for which, (info, header, samples) in pages.items():
        if info["palette"] or pages["empty" if which == "home" else "home"][0]["palette"]:
            # A palette pair: the reference is the page that shows no widget, as decoded.
            plain = [p for p in pages.values() if not p[0]["shows"]]
            if not plain:
                fail(f"{scene['name']}: a palette pair with no plain page")
                continue
            ref = plain[0][2].astype(np.int64) * (257 if header["depth"] == 16 and plain[0][1]["depth"] == 8 else 1)
            if header["depth"] == 8 and plain[0][1]["depth"] == 16:
                ref = ref // 257
        else:
            ref = H.quantise(texture, header["depth"]).astype(np.int64)
        got = samples.astype(np.int64)
        outside = np.ones(got.shape[:2], bool)
        for widget in info["shows"]:
            x, y, w, h = widget["R"]
            sx, sy = widget["S"][:2]
            inner = widget_mask(widget["R"])
            a = got[sy:sy + h, sx:sx + w][inner]
            b = ref[y:y + h, x:x + w][inner]
            if not np.array_equal(a, b):
                fail(f"{scene['name']} {which} {widget['slot']}: S differs from the empty page's piece at R "
                     f"in {int((a != b).any(axis=-1).sum())} pixels")
            outside[sy:sy + h, sx:sx + w] = False
        if not np.array_equal(got[outside], ref[outside]):
            fail(f"{scene['name']} {which}: outside the widgets the page is not the wallpaper "
                 f"({int((got[outside] != ref[outside]).any(axis=-1).sum())} pixels)")
    check_twins(scene, {w: (p[1], p[2]) for w, p in pages.items()}, "bare")
    return truth


def check_twins(scene, pages, where):
    refuse = scene["expect"].get("refuse") or []
    if "identical" not in refuse:
        return
    (h1, a), (h2, b) = pages["empty"], pages["home"]
    a, b = a.astype(np.int64), b.astype(np.int64)
    if h1["depth"] != h2["depth"]:
        a, b = (a * 257, b) if h1["depth"] == 8 else (a, b * 257)
    if a.shape != b.shape or not np.array_equal(a, b):
        fail(f"{scene['name']} ({where}): the twins do not decode to the same picture")


def check_out_dir(out_dir, scenes):
    with open(os.path.join(out_dir, "scenes.json")) as file:
        truths = {t["name"]: t for t in json.load(file)["scenes"]}
    pillow_checked = 0
    for scene in scenes:
        truth = truths.get(scene["name"])
        if truth is None:
            continue
        pages = {}
        for which in ("empty", "home"):
            info = truth["files"][which]
            path = os.path.join(out_dir, info["file"])
            header, chunks, samples = decode(path)
            want_kind = 3 if info["palette"] else 2
            if (header["width"], header["height"]) != tuple(info["size"]) or header["depth"] != info["depth"] \
                    or header["color_type"] != want_kind or (b"iCCP" in chunks) != info["p3"]:
                fail(f"{scene['name']} {which}: header {header} / iCCP {b'iCCP' in chunks} disagrees with scenes.json {info}")
            expected_size = list(H.SIZE)
            if info["resized_to"]:
                expected_size = info["resized_to"]
            if info["rotated_k"] % 2:
                expected_size = expected_size[::-1]
            if info["size"] != expected_size:
                fail(f"{scene['name']} {which}: size {info['size']}, expected {expected_size}")
            if header["depth"] == 8 and pillow_checked < 40:
                theirs = np.asarray(Image.open(path).convert("RGB"))
                if not np.array_equal(theirs, samples):
                    fail(f"{scene['name']} {which}: Pillow decodes it differently")
                pillow_checked += 1
            pages[which] = (header, samples)
        check_twins(scene, pages, "painted")
        look, pair = scene["look"], scene["pair"]
        if (look.get("overlay") and not look.get("content") and pair["roles"] == "normal" and not pair.get("resize")
                and not pair.get("rotate") and not pair.get("palette") and not look.get("cover") and not look.get("clock")):
            empty, home = (pages[w][1].astype(np.float64) / (65535 if pages[w][0]["depth"] == 16 else 255) for w in ("empty", "home"))
            colour, alpha = look["overlay"]
            c = {"white": 1.0, "black": 0.0, "grey": 0.6}[colour]
            for widget in truth["widgets"]:
                x, y, w, h = widget["R"]
                sx, sy = widget["S"][:2]
                m = 8
                inner = H.ws.rounded_mask(w - 2 * m, h - 2 * m, min(w, h) * 0.125 + 4 - m) == 1
                want = (empty[y + m:y + h - m, x + m:x + w - m] * (1 - alpha) + c * alpha)[inner]
                got = home[sy + m:sy + h - m, sx + m:sx + w - m][inner]
                if float(np.abs(got - want).max()) > 1 / 255 + 1e-9:
                    fail(f"{scene['name']} {widget['slot']}: overlay differs by {np.abs(got - want).max() * 255:.2f} levels")
    checked = sum(s["name"] in truths for s in scenes)
    print(f"out dir: {checked} scenes' files checked against scenes.json ({pillow_checked} also decoded by Pillow)", flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out_dir", nargs="?")
    parser.add_argument("--only")
    parser.add_argument("--names")
    parser.add_argument("--skip-periods", action="store_true")
    args = parser.parse_args()
    scenes = H.SCENES
    if args.only:
        scenes = [s for s in scenes if s["class"] in args.only.split(",")]
    if args.names:
        scenes = [s for s in scenes if s["name"] in args.names.split(",")]
    start = time.time()
    check_masks()
    if not args.skip_periods:
        specs, seen = [], set()
        for s in scenes:
            key = repr(sorted(s["wallpaper"].items()))
            if key not in seen and s["wallpaper"]["kind"] != "photo":
                seen.add(key)
                specs.append(s["wallpaper"])
        check_periods(specs)
    with tempfile.TemporaryDirectory() as tmp:
        for scene in sorted(scenes, key=lambda s: repr(sorted(s["wallpaper"].items()))):
            check_geometry(scene, tmp)
            print(f"geometry ok {scene['name']}" if not any(scene["name"] in f for f in FAILURES) else f"geometry FAILED {scene['name']}",
                  flush=True)
            for name in os.listdir(tmp):
                os.remove(os.path.join(tmp, name))
            H._WRITTEN.clear()
    if args.out_dir:
        check_out_dir(args.out_dir, scenes)
    print(f"{len(FAILURES)} failures in {time.time() - start:.0f} s")
    sys.exit(1 if FAILURES else 0)


if __name__ == "__main__":
    main()
