#!/usr/bin/env python3
"""Paints every hostile scene: paint_all.py OUT_DIR [--only CLASS[,CLASS]] [--names NAME,...]
writes NAME-empty.png and NAME-home.png for each scene and OUT_DIR/scenes.json (the truth of
each scene, in SCENES order). Scenes are painted grouped by wallpaper so each is made once."""
import argparse
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import hostile_scenes as H  # noqa: E402  (found through the path set just above)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out_dir")
    parser.add_argument("--only", help="comma-separated classes: " + ", ".join(sorted({s["class"] for s in H.SCENES})))
    parser.add_argument("--names", help="comma-separated scene names")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args()
    chosen = H.SCENES
    if args.only:
        classes = set(args.only.split(","))
        unknown = classes - {s["class"] for s in H.SCENES}
        if unknown:
            parser.error(f"unknown class {sorted(unknown)}")
        chosen = [s for s in chosen if s["class"] in classes]
    if args.names:
        names = set(args.names.split(","))
        chosen = [s for s in chosen if s["name"] in names]
    os.makedirs(args.out_dir, exist_ok=True)
    order = sorted(range(len(chosen)), key=lambda i: repr(sorted(chosen[i]["wallpaper"].items())))
    truths = [None] * len(chosen)
    start = time.time()
    for i in order:
        t = time.time()
        truths[i] = H.paint_scene(chosen[i], args.out_dir)
        if not args.quiet:
            print(f"{time.time() - t:5.2f} s  {chosen[i]['class']:<13} {chosen[i]['name']}", flush=True)
    with open(os.path.join(args.out_dir, "scenes.json"), "w") as file:
        json.dump({"device": H.DEVICE, "layout": H.LAYOUT, "size": list(H.SIZE), "window": H.WINDOW,
                   "slots": {k: list(v) for k, v in H.SLOTS.items()}, "scenes": truths}, file, indent=1)
    print(f"{len(chosen)} scenes in {time.time() - start:.1f} s -> {args.out_dir}")


if __name__ == "__main__":
    main()
