#!/usr/bin/env python3
"""Byte-compares what two cinc executables write, for refactors that must not
change a byte.

    compare_outputs.py OLD_CINC NEW_CINC [--sizes 1000,10000,100000]
                       [--shapes all|SHAPE,...] [--shape-nodes N] [--glb] [--keep DIR]

Builds every example scene of the repository (`examples/*/*.yaml`), the
golden scenes that build (`tests/golden/*.yaml`), generated scenes of each
size (`bench/generate_scene.py N`) and of each shape named (`--shape SHAPE`,
at --shape-nodes nodes) with both executables, and compares the sequence
files (every shard), the output of `cinc resolve`, and `cinc eval` at a few
times; with --glb also the GLB each writes (`--format glb`). Prints one line
per comparison and a summary; exits 1 when anything differs.
"""
import argparse
import filecmp
import glob
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))
from generate_scene import SHAPES as GENERATED_SHAPES  # noqa: E402

SHAPES = ["mixed"] + sorted(GENERATED_SHAPES)


def run(cinc, args, cwd):
    result = subprocess.run([cinc] + args, cwd=cwd, capture_output=True)
    return result.returncode, result.stdout, result.stderr


def outputs(folder):
    return sorted(os.path.relpath(path, folder)
                  for path in glob.glob(os.path.join(folder, "**", "*.sequence.json"),
                                        recursive=True))


def glb_outputs(folder):
    return sorted(os.path.relpath(path, folder)
                  for path in glob.glob(os.path.join(folder, "**", "*.glb"), recursive=True)
                  if os.path.basename(path).startswith("compared-"))


def build_with(cinc, scene, work, glb):
    """Copies the scene's folder to `work`, builds there; returns the results."""
    shutil.copytree(os.path.dirname(scene), work, dirs_exist_ok=True)
    for stale in outputs(work) + glb_outputs(work):
        os.remove(os.path.join(work, stale))
    local = os.path.join(work, os.path.basename(scene))

    def same_place(output):  # the two builds run in different folders
        return tuple(stream.replace(work.encode(), b"<folder>") for stream in output)

    results = {"build": run(cinc, ["build", local, "--allow-outside", ROOT], work)[0],
               "resolve": same_place(run(cinc, ["resolve", local, "--allow-outside", ROOT],
                                         work)[1:])}
    if glb:
        output = "compared-" + os.path.splitext(os.path.basename(scene))[0] + ".glb"
        results["build glb"] = run(cinc, ["build", local, "--format", "glb", "-o", output,
                                          "--allow-outside", ROOT], work)[0]
    for time in ("0", "0.5", "1.25", "3", "1000"):
        results[f"eval {time}"] = same_place(run(cinc, ["eval", local, "--time", time,
                                                        "--allow-outside", ROOT], work)[1:])
    return results


def compare(name, old, new, scene, scratch, glb):
    old_dir = os.path.join(scratch, name, "old")
    new_dir = os.path.join(scratch, name, "new")
    old_results = build_with(old, scene, old_dir, glb)
    new_results = build_with(new, scene, new_dir, glb)
    problems = [key for key in old_results if old_results[key] != new_results[key]]
    old_files = outputs(old_dir) + glb_outputs(old_dir)
    new_files = outputs(new_dir) + glb_outputs(new_dir)
    if old_files != new_files:
        problems.append(f"files {old_files} != {new_files}")
    sizes = 0
    for relative in old_files:
        if relative in new_files:
            sizes += os.path.getsize(os.path.join(old_dir, relative))
            if not filecmp.cmp(os.path.join(old_dir, relative), os.path.join(new_dir, relative),
                               shallow=False):
                problems.append(f"{relative} differs")
    status = "same" if not problems else "DIFFERENT: " + "; ".join(problems)
    print(f"{name}: {len(old_files)} file(s), {sizes} bytes, build exit "
          f"{old_results['build']}: {status}", flush=True)
    return not problems


# Eased moves cut where the format must split their timing curves (take-overs,
# attachments starting mid-move, overshooting and steep CSS curves).
CUT_EASES = """cinc: 1
name: cut-eases
objects:
  body:
    opacity: 1
    nodes:
      - {id: swing, at: 0, duration: 2, rotation: [0, 170, 0], ease: [0.3, -0.5, 0.7, 1.5]}
      - {id: slide, at: 0.2, duration: 1.9, position: [1, 0, 0], ease: [0.9, 0.1, 0.1, 0.9]}
      - {id: cut, at: 1.37, duration: 1, position: [1, 1, 0], ease: ease-in}
  part:
    opacity: 1
    nodes:
      - {id: grow, at: 0, duration: 1.5, scale: 2, ease: [0.05, 0.9, 0.2, 1.6]}
      - {id: shrink, at: 0.61, duration: 1.2, scale: 0.5, ease: [0.8, -0.6, 0.95, 0.3]}
      - {id: ride, at: 0.9, duration: 1.1, attach: {to: body}, ease: [0.25, 0.1, 0.25, 1]}
      - {id: turn, at: 1.1, duration: 0.7, rotation: [40, 0, 0], ease: [0.6, 0.04, 0.98, 0.34]}
      - {id: away, at: 1.55, duration: 0.8, position: [0, 2, 0], ease: [1, 0, 0, 1]}
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--shapes", default="",
                        help="generated shapes to compare too: all, or a comma-separated list")
    parser.add_argument("--shape-nodes", type=int, default=1000)
    parser.add_argument("--glb", action="store_true", help="compare the GLBs too")
    parser.add_argument("--keep", help="keep the outputs in this folder")
    args = parser.parse_args()
    old, new = os.path.abspath(args.old), os.path.abspath(args.new)
    scratch = args.keep or tempfile.mkdtemp(prefix="cinc-compare-")
    same = True
    scenes = sorted(glob.glob(os.path.join(ROOT, "examples", "*", "*.yaml")))
    scenes += sorted(glob.glob(os.path.join(ROOT, "tests", "golden", "*.yaml")))
    for scene in scenes:
        name = os.path.relpath(scene, ROOT)
        same &= compare(name, old, new, scene, scratch, args.glb)
    cut_folder = os.path.join(scratch, "cut-eases-source")
    os.makedirs(cut_folder, exist_ok=True)
    with open(os.path.join(cut_folder, "cut-eases.yaml"), "w") as out:
        out.write(CUT_EASES)
    same &= compare("cut eases", old, new, os.path.join(cut_folder, "cut-eases.yaml"), scratch,
                    args.glb)
    generated = [(size, "mixed") for size in [int(s) for s in args.sizes.split(",") if s]]
    shapes = SHAPES if args.shapes == "all" else [s for s in args.shapes.split(",") if s]
    generated += [(args.shape_nodes, shape) for shape in shapes]
    generated = list(dict.fromkeys(generated))  # --sizes N and mixed at N are one scene
    for size, shape in generated:
        name = f"generated-{shape}-{size}"
        folder = os.path.join(scratch, name + "-source")
        os.makedirs(folder, exist_ok=True)
        scene = os.path.join(folder, name + ".yaml")
        with open(scene, "w") as out:
            subprocess.run([sys.executable, os.path.join(ROOT, "bench", "generate_scene.py"),
                            str(size), "--shape", shape], stdout=out, check=True)
        same &= compare(name, old, new, scene, scratch, args.glb)
    if not args.keep:
        shutil.rmtree(scratch, ignore_errors=True)
    print("all outputs byte-identical" if same else "outputs differ")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
