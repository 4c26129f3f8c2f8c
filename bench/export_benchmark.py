#!/usr/bin/env python3
"""Time and size of the glTF export and the preview page, by scene size.

    export_benchmark.py CINC [--objects 10,300,2000] [--runs 5]

Each scene is an assembly of N parts made from three models of
examples/tutorial (a base, brackets and screws: meshes and materials), every
part shown, moved, attached or spun, so that the export writes meshes once per
model, instances per object, and exact and fitted channels. For each size it
prints, for `build` (the sequence), `build --format glb` and `preview`: the
best wall time of the runs, the median, the CPU time of the best run, the
peak memory, and the size of what was written. Figures for the docs, never
assertions.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODELS = os.path.join(ROOT, "examples", "tutorial", "models")


def scene_text(count):
    lines = ["cinc: 1", f"name: export-{count}", "models:",
             "  base: {source: models/base.glb}", "  bracket: {source: models/bracket.glb}",
             "  screw: {source: models/screw.glb}", "objects:",
             "  body:", "    model: base", "    nodes:",
             "      - {id: in, at: 0, duration: 0.5, opacity: 1}",
             "      - {id: turn, at: 1, duration: 4, rotation: [0, 90, 0], ease: ease_in_out}"]
    for k in range(count - 1):
        x = (k % 40) * 0.05 - 1
        z = (k // 40) * 0.05 - 1
        model = "screw" if k % 3 else "bracket"
        lag = (k % 25) * 0.02
        lines += [f"  part{k}:", f"    model: {model}", f"    position: [{x:.2f}, 0.3, {z:.2f}]",
                  "    nodes:",
                  f"      - {{id: show, after: body.in, lag: {lag:.2f}, duration: 0.3, opacity: 1}}"]
        kind = k % 4
        if kind == 0:
            lines.append(f"      - {{id: move, duration: 1, position: [{x:.2f}, 0.1, {z:.2f}], "
                         "ease: ease}")
        elif kind == 1:
            lines.append("      - {id: ride, duration: 1, attach: {to: body/mount}, "
                         "ease: ease_in_out}")
        elif kind == 2:
            lines.append("      - {id: spin, duration: 1.5, spin: {axis: [0, 1, 0], turns: 2}}")
        else:
            lines.append(f"      - {{id: tilt, duration: 1, rotation: [20, {k % 90}, 10]}}")
    return "\n".join(lines) + "\n"


def measure(command):
    """Wall seconds, CPU seconds and peak kilobytes of one run (GNU time)."""
    start = time.perf_counter()
    result = subprocess.run(["/usr/bin/time", "-f", "%U %S %M", *command], capture_output=True)
    wall = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"{' '.join(command)} failed:\n{result.stderr.decode()}")
    user, system, peak = result.stderr.decode().split()[-3:]
    return wall, float(user) + float(system), int(peak)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("cinc")
    parser.add_argument("--objects", default="10,300,2000")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    cinc = os.path.abspath(args.cinc)
    folder = tempfile.mkdtemp(prefix="cinc-export-bench-")
    shutil.copytree(MODELS, os.path.join(folder, "models"))
    print(f"{'objects':>7} {'output':<9} {'best s':>8} {'median s':>9} {'CPU s':>7} "
          f"{'peak MB':>8} {'size KB':>9}")
    try:
        for count in [int(n) for n in args.objects.split(",")]:
            scene = os.path.join(folder, f"export{count}.yaml")
            with open(scene, "w") as stream:
                stream.write(scene_text(count))
            outputs = {"sequence": (["build"], f"export{count}.sequence.json"),
                       "glb": (["build", "--format", "glb"], f"export{count}.glb"),
                       "preview": (["preview"], f"export{count}.preview.html")}
            for label, (words, written) in outputs.items():
                runs = [measure([cinc, *words, scene]) for _ in range(args.runs)]
                best = min(runs, key=lambda run: run[0])
                stem = written.split(".")[0]
                size = sum(os.path.getsize(os.path.join(folder, name)) for name in os.listdir(folder)
                           if name.startswith(stem + ".") and name.endswith(written[len(stem):])
                           ) / 1024
                print(f"{count:>7} {label:<9} {best[0]:>8.3f} "
                      f"{statistics.median(run[0] for run in runs):>9.3f} {best[1]:>7.3f} "
                      f"{best[2] / 1024:>8.1f} {size:>9.1f}", flush=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
