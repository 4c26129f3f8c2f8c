#!/usr/bin/env python3
"""Save -> new frame under `cinc serve`, for the examples and generated scenes.

    serve_latency.py CINC [--saves N] [--generated SPEC ...]

For each example scene (its folder copied, so that saving does not touch the
repository) and each generated scene (SPEC: `NODES:SHAPE`, bench/
generate_scene.py), starts `cinc serve`, opens the page in Debian's Chromium
(tests/js/serve_check.mjs) and saves the scene N times (default 5), each save
a comment added, written to a new file and renamed over the scene as editors
do. Prints, per scene, the page's size and the milliseconds from each save
to the first frame drawn after the swap (the page's own clock, epoch time),
with the parts: the new page fetched, the new player ready.
"""
import argparse
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DRIVER = os.path.join(ROOT, "tests", "js", "serve_check.mjs")


def measure(cinc, scene, saves, folder):
    server = subprocess.Popen([cinc, "serve", scene], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
    try:
        url = server.stdout.readline().split()[1]
        while not server.stdout.readline().startswith("build 1 "):
            pass
        with open(scene) as stream:
            text = stream.read()
        steps = [{"do": "write", "path": scene, "text": text + f"# save {k}\n", "wait": "swap"}
                 for k in range(saves)]
        job = os.path.join(folder, "job.json")
        with open(job, "w") as stream:
            json.dump({"url": url, "steps": steps}, stream)
        result = json.loads(subprocess.run(["node", DRIVER, job], capture_output=True, text=True,
                                           check=True, cwd=ROOT).stdout)
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=30)
    if result["problems"]:
        raise SystemExit(f"{scene}: {result['problems']}")
    return result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("cinc")
    parser.add_argument("--saves", type=int, default=5)
    parser.add_argument("--generated", nargs="*", default=["2000:turntable"])
    parser.add_argument("--no-examples", action="store_true")
    args = parser.parse_args()
    cinc = os.path.abspath(args.cinc)
    folder = tempfile.mkdtemp(prefix="cinc-serve-latency-")
    scenes = []
    try:
        examples = os.path.join(ROOT, "examples")
        for name in [] if args.no_examples else sorted(os.listdir(examples)):
            source = os.path.join(examples, name)
            if not os.path.isdir(source):
                continue
            for file in sorted(os.listdir(source)):
                if file.endswith(".yaml"):
                    copy = os.path.join(folder, f"{name}-{file}")
                    shutil.copytree(source, copy)
                    scenes.append((f"{name}/{file}", os.path.join(copy, file)))
        for spec in args.generated:
            nodes, shape = spec.split(":")
            path = os.path.join(folder, f"generated-{nodes}-{shape}.yaml")
            with open(path, "w") as stream:
                subprocess.run([sys.executable, os.path.join(ROOT, "bench", "generate_scene.py"),
                                nodes, "--shape", shape], stdout=stream, check=True)
            scenes.append((f"generate_scene.py {nodes} --shape {shape}", path))
        print(f"{'scene':44} {'page MB':>8} {'save -> frame ms (each)':>34} {'fetched':>8} {'ready':>6}")
        for label, scene in scenes:
            result = measure(cinc, scene, args.saves, folder)
            steps = result["steps"]
            latencies = [step["latency_ms"] for step in steps]
            fetched = statistics.median(step["stages_ms"]["fetched"] for step in steps)
            ready = statistics.median(step["stages_ms"]["ready"] for step in steps)
            size = result.get("page_bytes", 0) / 1e6
            print(f"{label:44} {size:8.1f} {', '.join(f'{ms:.0f}' for ms in latencies):>34} "
                  f"{fetched:8.0f} {ready:6.0f}", flush=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
