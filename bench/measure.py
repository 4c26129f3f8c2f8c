#!/usr/bin/env python3
"""End-to-end figures (docs/performance.md): wall time and peak memory of
`cinc build` on generated scenes, against libyaml alone reading the same file.

    bench/measure.py BUILD_DIR [SIZES...]      (default sizes: 1000 10000 100000)
    bench/measure.py BUILD_DIR --shapes [NODES] [PARTS]
                                               (default 100000 nodes, 2000 parts)
    bench/measure.py BUILD_DIR --turntables [PARTS...]
                                               (default 100 1000 10000 parts)
    bench/measure.py BUILD_DIR --shape-instructions [NODES]
                                               (default 20000 nodes)
    bench/measure.py BUILD_DIR --against OLD_BUILD_DIR [NODES...]
                                               (default 20000 100000 nodes)

With --shapes, every shape of bench/generate_scene.py --shape at NODES nodes
against libyaml, and the turntable of PARTS parts (its positions fitted)
against the mixed scene of NODES nodes, which needs no fitting: the ratio
of their CPU times (best and paired). Where valgrind is installed, the
instructions both builds execute follow (callgrind: the same count on every
run, where a virtual machine lends no hardware counters), the whole build's
and the fitter's; CINC_MEASURE_INSTRUCTIONS=0 leaves them out.

With --against, the old build's cinc and this one's on every shape at each
NODES and the turntable of 2,000 parts, in turns: medians of wall, CPU and
peak memory, the paired new/old wall ratio, and both builds' instructions
and their ratio to libyaml's (a change's before-and-after table).

With --shape-instructions, every shape at NODES nodes, the instructions
libyaml alone and `cinc build` execute (callgrind): the ratio that does not
wander with the machine. It is not the ratio of times: cinc's work touches
more memory per instruction than libyaml's scanning, and runs on two threads;
the paired wall ratio is printed beside it, and the one over the other.

With --turntables, the turntable at each number of parts alone, with the
keys its fitted positions took (read back from the shards it wrote) and
the CPU time per key: the figure that should stay flat as the parts grow.

Each figure is the best of RUNS runs (default 9), as separate processes,
so peak RSS is the process's own (getrusage of the children, per run). The
two commands take turns, so that a machine that slows down for a while slows
both; "paired" is the median of the ratios of runs taken in turn, the figure
to trust on a machine whose speed wanders. CPU seconds (user + system) are
reported beside wall seconds: cinc parses on a second thread, so its CPU
time is more than its wall time.

    CINC_MEASURE_RUNS=15 bench/measure.py build-release 100000
"""
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def run_measured(args):
    """Wall seconds, peak RSS (MB) and CPU seconds of one child process."""
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
    return seconds, usage.ru_maxrss / 1024.0, usage.ru_utime + usage.ru_stime


def best_of_alternating(first, second, runs):
    """(wall, MB, CPU) minima of each command, the two run in turns, and the
    median ratio of second to first over the turns."""
    results = ([], [])
    for _ in range(runs):
        results[0].append(run_measured(first))
        results[1].append(run_measured(second))
    minima = [tuple(min(r[k] for r in each) for k in range(3)) for each in results]
    paired = statistics.median(b[0] / a[0] for a, b in zip(*results))
    return minima[0], minima[1], paired


SHAPES = ["mixed", "few-large", "many-small", "patterned", "chains", "fan-in", "deep-attach", "hidden",
          "shards"]


def generate(folder, name, count, shape, extra=()):
    scene = os.path.join(folder, f"{name}.yaml")
    with open(scene, "w") as stream:
        subprocess.run([sys.executable, os.path.join(HERE, "generate_scene.py"), str(count),
                        "--shape", shape, *extra], stdout=stream, check=True)
    return scene


def generate_shape(folder, shape, nodes):
    """A shape at NODES nodes; mixed with 100 objects, as the published figures were taken."""
    return generate(folder, shape, nodes, shape, ("--objects", "100") if shape == "mixed" else ())


def measure_shapes(build, nodes, parts, runs):
    cinc = os.path.join(build, "cinc")
    events = os.path.join(build, "bench", "yaml_events")
    print(f"| shape ({nodes} nodes) | scene MB | libyaml s | cinc build s | cinc CPU s | cinc MB "
          "| best / best | paired |")
    print("|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "out.sequence.json")
        mixed = None
        for shape in SHAPES:
            scene = generate_shape(folder, shape, nodes)
            if shape == "mixed":
                mixed = scene
            megabytes = os.path.getsize(scene) / 1e6
            (yaml_s, _, _), (build_s, build_mb, build_cpu), paired = best_of_alternating(
                [events, scene], [cinc, "build", scene, "-o", out], runs)
            print(f"| {shape} | {megabytes:.1f} | {yaml_s:.3f} | {build_s:.3f} | {build_cpu:.3f} | "
                  f"{build_mb:.1f} | {build_s / yaml_s:.2f} | {paired:.2f} |")
        table = generate(folder, "turntable", parts, "turntable")
        # Each to its own output: a build looks at the shards another build
        # left beside its path.
        mixed_out = os.path.join(folder, "mixed.sequence.json")
        table_out = os.path.join(folder, "turntable.sequence.json")
        results = ([], [])
        for _ in range(runs):
            results[0].append(run_measured([cinc, "build", mixed, "-o", mixed_out]))
            results[1].append(run_measured([cinc, "build", table, "-o", table_out]))
        best = [tuple(min(r[k] for r in each) for k in range(3)) for each in results]
        paired = statistics.median(b[2] / a[2] for a, b in zip(*results))
        print()
        print(f"| turntable | parts | cinc build s | cinc CPU s | cinc MB | CPU / mixed {nodes} "
              "(best) | paired |")
        print("|---|---|---|---|---|---|---|")
        print(f"| turntable | {parts} | {best[1][0]:.3f} | {best[1][2]:.3f} | {best[1][1]:.1f} | "
              f"{best[1][2] / best[0][2]:.2f} | {paired:.2f} |")
        if shutil.which("valgrind") and os.environ.get("CINC_MEASURE_INSTRUCTIONS", "1") != "0":
            print()
            print("| instructions (callgrind) | whole build | in the fitter | whole / mixed |")
            print("|---|---|---|---|")
            mixed_total, mixed_fit = count_instructions([cinc, "build", mixed, "-o", mixed_out],
                                                        folder)
            table_total, table_fit = count_instructions([cinc, "build", table, "-o", table_out],
                                                        folder)
            print(f"| mixed {nodes} | {mixed_total:,} | {mixed_fit:,} | 1.00 |")
            print(f"| turntable {parts} | {table_total:,} | {table_fit:,} | "
                  f"{table_total / mixed_total:.2f} |")


def count_instructions(args, folder):
    """Instructions one build executes, on every thread, and those inside the
    fitter (FitHermite and what it calls): counted by callgrind, the same
    on every run, where the machine's own counters are not to be had."""
    profile = os.path.join(folder, "callgrind.out")
    # The huge-pages restart would leave valgrind behind with the first process.
    environment = dict(os.environ, CINC_HUGE_PAGES="0")
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={profile}", *args],
                   env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   check=True)
    report = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", "--auto=no",
                             profile],
                            capture_output=True, text=True, check=True).stdout
    total = fitting = 0
    for line in report.splitlines():
        if "PROGRAM TOTALS" in line:
            total = int(line.split()[0].replace(",", ""))
        elif re.search(r"\bcinc::FitHermite<\d>\(", line):
            fitting += int(line.split()[0].replace(",", ""))
    return total, fitting


def measure_shape_instructions(build, nodes, runs):
    """Every shape's instructions against libyaml's, and (issue 40 item 3)
    whether wall time follows: the paired wall ratio to libyaml over RUNS
    turns, and that ratio over the instruction ratio (the goal: <= 1.5)."""
    cinc = os.path.join(build, "cinc")
    events = os.path.join(build, "bench", "yaml_events")
    print(f"| shape ({nodes} nodes) | libyaml instructions | cinc build instructions | ratio "
          "| wall ratio (paired) | wall / instructions |")
    print("|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "out.sequence.json")
        for shape in SHAPES:
            scene = generate_shape(folder, shape, nodes)
            parse, _ = count_instructions([events, scene], folder)
            whole, _ = count_instructions([cinc, "build", scene, "-o", out], folder)
            _, _, paired = best_of_alternating([events, scene], [cinc, "build", scene, "-o", out],
                                               runs)
            ratio = whole / parse
            print(f"| {shape} | {parse:,} | {whole:,} | {ratio:.2f} | {paired:.2f} | "
                  f"{paired / ratio:.2f} |")


def measure_against(old_build, build, nodes_list, parts, runs):
    """Every shape (and the turntable of PARTS parts) built by the old and the
    new cinc in turns: medians of wall and CPU seconds and peak MB of each,
    the median of the new-over-old wall ratios of the turns, and (where
    valgrind is) both builds' instructions and libyaml's."""
    old_cinc, cinc = os.path.join(old_build, "cinc"), os.path.join(build, "cinc")
    events = os.path.join(build, "bench", "yaml_events")
    count = shutil.which("valgrind") and os.environ.get("CINC_MEASURE_INSTRUCTIONS", "1") != "0"
    print("| shape | nodes | wall s old / new | CPU s old / new | peak MB old / new | paired "
          "| instructions old / new (M) | × libyaml old / new |")
    print("|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        out_old = os.path.join(folder, "old.sequence.json")
        out_new = os.path.join(folder, "new.sequence.json")
        cases = [(shape, nodes) for nodes in nodes_list for shape in SHAPES] + [("turntable", parts)]
        for shape, nodes in cases:
            scene = (generate(folder, "turntable", parts, "turntable") if shape == "turntable"
                     else generate_shape(folder, shape, nodes))
            results = ([], [])
            for _ in range(runs):
                results[0].append(run_measured([old_cinc, "build", scene, "-o", out_old]))
                results[1].append(run_measured([cinc, "build", scene, "-o", out_new]))
            medians = [tuple(statistics.median(r[k] for r in each) for k in range(3))
                       for each in results]
            paired = statistics.median(b[0] / a[0] for a, b in zip(*results))
            instructions = ratios = "–"
            if count:
                parse, _ = count_instructions([events, scene], folder)
                before, _ = count_instructions([old_cinc, "build", scene, "-o", out_old], folder)
                after, _ = count_instructions([cinc, "build", scene, "-o", out_new], folder)
                instructions = f"{before / 1e6:,.0f} / {after / 1e6:,.0f}"
                ratios = f"{before / parse:.2f} / {after / parse:.2f}"
            (old_s, old_mb, old_cpu), (new_s, new_mb, new_cpu) = medians
            print(f"| {shape} | {nodes} | {old_s:.2f} / {new_s:.2f} | {old_cpu:.2f} / {new_cpu:.2f} "
                  f"| {old_mb:.0f} / {new_mb:.0f} | {paired:.2f} | {instructions} | {ratios} |",
                  flush=True)


def count_position_keys(first_shard):
    """The position keys of every transform track in a build's shards."""
    keys = 0
    stem = first_shard[:-len(".sequence.json")]
    number = 1
    path = first_shard
    while os.path.exists(path):
        with open(path) as stream:
            sequence = json.load(stream)
        for track in sequence["tracks"]:
            if track.get("type") == "transform":
                keys += len(track.get("position", []))
        number += 1
        path = f"{stem}.{number}.sequence.json"
    return keys


def measure_turntables(build, counts, runs):
    cinc = os.path.join(build, "cinc")
    print("| parts | scene MB | cinc build s | cinc CPU s | cinc MB | position keys | CPU µs / key |")
    print("|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        for parts in counts:
            scene = generate(folder, f"turntable{parts}", parts, "turntable")
            out = os.path.join(folder, f"turntable{parts}.sequence.json")
            results = [run_measured([cinc, "build", scene, "-o", out]) for _ in range(runs)]
            wall, megabytes, cpu = (min(r[k] for r in results) for k in range(3))
            keys = count_position_keys(out)
            print(f"| {parts} | {os.path.getsize(scene) / 1e6:.2f} | {wall:.3f} | {cpu:.3f} | "
                  f"{megabytes:.1f} | {keys} | {cpu / max(keys, 1) * 1e6:.1f} |")


def main():
    build = os.path.abspath(sys.argv[1])
    runs = int(os.environ.get("CINC_MEASURE_RUNS", "9"))
    if len(sys.argv) > 2 and sys.argv[2] == "--turntables":
        measure_turntables(build, [int(s) for s in sys.argv[3:]] or [100, 1000, 10000], runs)
        return
    if len(sys.argv) > 2 and sys.argv[2] == "--shape-instructions":
        measure_shape_instructions(build, int(sys.argv[3]) if len(sys.argv) > 3 else 20000, runs)
        return
    if len(sys.argv) > 3 and sys.argv[2] == "--against":
        numbers = [int(s) for s in sys.argv[4:]]
        measure_against(os.path.abspath(sys.argv[3]), build, numbers or [20000, 100000], 2000, runs)
        return
    if len(sys.argv) > 2 and sys.argv[2] == "--shapes":
        numbers = [int(s) for s in sys.argv[3:]]
        measure_shapes(build, numbers[0] if numbers else 100000,
                       numbers[1] if len(numbers) > 1 else 2000, runs)
        return
    sizes = [int(s) for s in sys.argv[2:]] or [1000, 10000, 100000]
    cinc = os.path.join(build, "cinc")
    events = os.path.join(build, "bench", "yaml_events")
    print("| nodes | scene MB | libyaml s | libyaml MB | cinc build s | cinc CPU s | cinc build MB "
          "| best / best | paired |")
    print("|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        for size in sizes:
            scene = os.path.join(folder, f"scene{size}.yaml")
            with open(scene, "w") as stream:
                # 100 objects (fewer for small scenes): the published
                # figures were all taken that way. More objects write shards.
                objects = str(min(100, max(1, size // 25)))
                subprocess.run([sys.executable, os.path.join(HERE, "generate_scene.py"), str(size),
                                "--objects", objects], stdout=stream, check=True)
            megabytes = os.path.getsize(scene) / 1e6
            (yaml_seconds, yaml_memory, _), (build_seconds, build_memory, build_cpu), paired = \
                best_of_alternating(
                    [events, scene],
                    [cinc, "build", scene, "-o", os.path.join(folder, "out.sequence.json")], runs)
            print(f"| {size} | {megabytes:.1f} | {yaml_seconds:.3f} | {yaml_memory:.1f} | "
                  f"{build_seconds:.3f} | {build_cpu:.3f} | {build_memory:.1f} | "
                  f"{build_seconds / yaml_seconds:.2f} | {paired:.2f} |")


if __name__ == "__main__":
    main()
