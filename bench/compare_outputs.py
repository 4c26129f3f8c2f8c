#!/usr/bin/env python3
"""Byte-compares what two cinc executables write, for refactors that must not
change a byte.

    compare_outputs.py OLD_CINC NEW_CINC [--sizes 1000,10000,100000] [--keep DIR]

Builds every example scene of the repository (`examples/*/*.yaml`) and
generated scenes of each size (`bench/generate_scene.py N`) with both
executables, and compares the sequence files (every shard), the output of
`cinc resolve`, and `cinc eval` at a few times. Prints one line per
comparison and a summary; exits 1 when anything differs.
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


def run(cinc, args, cwd):
    result = subprocess.run([cinc] + args, cwd=cwd, capture_output=True)
    return result.returncode, result.stdout, result.stderr


def outputs(folder):
    return sorted(os.path.relpath(path, folder)
                  for path in glob.glob(os.path.join(folder, "**", "*.sequence.json"),
                                        recursive=True))


def build_with(cinc, scene, work):
    """Copies the scene's folder to `work`, builds there; returns the results."""
    shutil.copytree(os.path.dirname(scene), work, dirs_exist_ok=True)
    for stale in outputs(work):
        os.remove(os.path.join(work, stale))
    local = os.path.join(work, os.path.basename(scene))
    results = {"build": run(cinc, ["build", local, "--allow-outside", ROOT], work)[0],
               "resolve": run(cinc, ["resolve", local, "--allow-outside", ROOT], work)[1:]}
    for time in ("0", "0.5", "1.25", "3", "1000"):
        results[f"eval {time}"] = run(cinc, ["eval", local, "--time", time,
                                             "--allow-outside", ROOT], work)[1:]
    return results


def compare(name, old, new, scene, scratch):
    old_dir = os.path.join(scratch, name, "old")
    new_dir = os.path.join(scratch, name, "new")
    old_results = build_with(old, scene, old_dir)
    new_results = build_with(new, scene, new_dir)
    problems = [key for key in old_results if old_results[key] != new_results[key]]
    old_files, new_files = outputs(old_dir), outputs(new_dir)
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
    print(f"{name}: {len(old_files)} sequence file(s), {sizes} bytes, build exit "
          f"{old_results['build']}: {status}", flush=True)
    return not problems


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--keep", help="keep the outputs in this folder")
    args = parser.parse_args()
    old, new = os.path.abspath(args.old), os.path.abspath(args.new)
    scratch = args.keep or tempfile.mkdtemp(prefix="cinc-compare-")
    same = True
    for scene in sorted(glob.glob(os.path.join(ROOT, "examples", "*", "*.yaml"))):
        name = os.path.relpath(scene, ROOT)
        same &= compare(name, old, new, scene, scratch)
    for size in [int(s) for s in args.sizes.split(",") if s]:
        folder = os.path.join(scratch, f"generated-{size}-source")
        os.makedirs(folder, exist_ok=True)
        scene = os.path.join(folder, f"generated-{size}.yaml")
        with open(scene, "w") as out:
            subprocess.run([sys.executable, os.path.join(ROOT, "bench", "generate_scene.py"),
                            str(size)], stdout=out, check=True)
        same &= compare(f"generated {size}", old, new, scene, scratch)
    if not args.keep:
        shutil.rmtree(scratch, ignore_errors=True)
    print("all outputs byte-identical" if same else "outputs differ")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
