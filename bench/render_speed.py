#!/usr/bin/env python3
"""Frames per second of `cinc render` (docs/publishing.md "Speed"): each
example rendered to MP4 at 1280x720 and 1920x1080, 30 fps, the first
FRAMES frames (or all, when fewer). Figures, never assertions: the summary
line cinc prints (capture fps, the page's ready time) and the wall time.

    bench/render_speed.py [CINC] [--frames N] [--scenes a.yaml,b.yaml]
"""
import argparse
import os
import re
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCENES = ["examples/assembly/assembly.yaml", "examples/instructions/instructions.yaml",
          "examples/bookcase/bookcase.yaml"]
SIZES = ["1280x720", "1920x1080"]
SUMMARY = re.compile(r"rendered (\d+) frames in ([\d.]+) s \(([\d.]+) fps; the page ready in "
                     r"([\d.]+) s\)")


def frames_of(cinc, scene, limit):
    """min(limit, every frame at 30 fps) of the scene, from `cinc resolve`."""
    import json
    out = subprocess.run([cinc, "resolve", scene], capture_output=True, text=True, check=True)
    duration = json.loads(out.stdout)["duration"]
    return min(limit, int(duration * 30 + 1e-9) + 1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("cinc", nargs="?", default=os.path.join(ROOT, "build", "cinc"))
    parser.add_argument("--frames", type=int, default=90)
    parser.add_argument("--scenes", default=",".join(SCENES))
    arguments = parser.parse_args()
    print(f"{'scene':45} {'size':>10} {'frames':>6} {'capture fps':>11} {'ready s':>8} "
          f"{'wall s':>7}")
    with tempfile.TemporaryDirectory(prefix="cinc-render-speed-") as work:
        for scene in arguments.scenes.split(","):
            path = os.path.join(ROOT, scene)
            frames = frames_of(arguments.cinc, path, arguments.frames)
            for size in SIZES:
                output = os.path.join(work, "out.mp4")
                start = time.monotonic()
                done = subprocess.run([arguments.cinc, "render", path, "-o", output, "--size",
                                       size, "--frames", f"0:{frames}"],
                                      capture_output=True, text=True)
                wall = time.monotonic() - start
                found = SUMMARY.search(done.stderr)
                if done.returncode != 0 or not found:
                    print(f"{scene:45} {size:>10} failed: {done.stderr.strip()[:200]}")
                    continue
                print(f"{scene:45} {size:>10} {found.group(1):>6} {found.group(3):>11} "
                      f"{found.group(4):>8} {wall:7.1f}", flush=True)


if __name__ == "__main__":
    main()
