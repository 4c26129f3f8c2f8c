#!/usr/bin/env python3
"""End-to-end figures for issue notes: wall time and peak memory of
`cinc build` on generated scenes, against libyaml alone reading the same file.

    bench/measure.py BUILD_DIR [SIZES...]      (default sizes: 1000 10000 100000)

Each figure is the best of three runs, as separate processes, so peak RSS is
the process's own (getrusage of the children, per run).
"""
import os
import resource
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def run_measured(args):
    """Wall seconds and peak RSS (MB) of one child process."""
    before = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.execv(args[0], args)
    _, status, usage = os.wait4(pid, 0)
    seconds = time.perf_counter() - before
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"failed: {' '.join(args)}")
    return seconds, usage.ru_maxrss / 1024.0


def best_of(args, runs=3):
    results = [run_measured(args) for _ in range(runs)]
    return min(r[0] for r in results), min(r[1] for r in results)


def main():
    build = os.path.abspath(sys.argv[1])
    sizes = [int(s) for s in sys.argv[2:]] or [1000, 10000, 100000]
    cinc = os.path.join(build, "cinc")
    events = os.path.join(build, "bench", "yaml_events")
    print("| nodes | scene MB | libyaml s | libyaml MB | cinc build s | cinc build MB | build / libyaml |")
    print("|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        for size in sizes:
            scene = os.path.join(folder, f"scene{size}.yaml")
            with open(scene, "w") as stream:
                # At most 100 objects: more would need more than the format's
                # 256 tracks per sequence, and cinc does not write shards yet.
                objects = str(min(100, max(1, size // 25)))
                subprocess.run([sys.executable, os.path.join(HERE, "generate_scene.py"), str(size),
                                "--objects", objects], stdout=stream, check=True)
            megabytes = os.path.getsize(scene) / 1e6
            yaml_seconds, yaml_memory = best_of([events, scene])
            build_seconds, build_memory = best_of(
                [cinc, "build", scene, "-o", os.path.join(folder, "out.sequence.json")])
            print(f"| {size} | {megabytes:.1f} | {yaml_seconds:.3f} | {yaml_memory:.1f} | "
                  f"{build_seconds:.3f} | {build_memory:.1f} | {build_seconds / yaml_seconds:.2f} |")


if __name__ == "__main__":
    main()
