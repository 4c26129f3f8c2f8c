#!/usr/bin/env python3
"""Writes a large, valid cinc scene for benchmarks.

    generate_scene.py NODES [--objects N] [--seed S] > scene.yaml

Objects get NODES / objects nodes each. Every node either chains after the
previous node of its list or relates (after / with / end_with / before, or a
`start:` list) to a random node written earlier in the file, so the graph is
acyclic. The generator works the times out itself (--times FILE writes them,
for tests that compare with `cinc resolve`), adding lags where a start would
fall before 0. Nodes move, turn (each object about one Euler axis), scale or fade, with every
easing. The output is a pure function of the arguments.
"""
import argparse
import random

EASES = ["linear", "step", "ease_in_out", "ease", "ease-in", "ease-out", "ease-in-out"]
RELATIONS = ["after", "with", "end_with", "before"]
CHANNELS = ["position", "rotation", "scale", "opacity"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("nodes", type=int)
    parser.add_argument("--objects", type=int, default=0, help="default: nodes / 25")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--times", help="also write each node's start and end, worked out here")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    object_count = args.objects or max(1, args.nodes // 25)
    per_object = [args.nodes // object_count] * object_count
    for index in range(args.nodes % object_count):
        per_object[index] += 1

    out = [f"cinc: 1\nname: generated-{args.nodes}\nobjects:\n"]
    written = []  # qualified names of nodes already written
    times = {}  # qualified name -> (start, end), worked out here independently of cinc
    for object_index, count in enumerate(per_object):
        name = f"part{object_index}"
        x, y, z = (round(rng.uniform(-5, 5), 3) for _ in range(3))
        out.append(f"  {name}:\n    position: [{x}, {y}, {z}]\n    nodes:\n")
        previous_end = 0.0
        busy = {}  # channel -> the [start, end] of the nodes driving it
        for node_index in range(count):
            node_id = f"n{node_index}"
            fields = [f"id: {node_id}"]
            duration = round(rng.uniform(0.05, 0.6), 3)
            if node_index > 0 and written and rng.random() < 0.5:
                target = rng.choice(written[-2000:])
                target_start, target_end = times[target]
                if rng.random() < 0.1:
                    other = rng.choice(written[-2000:])
                    fields.append(f"start: [{{after: {target}, lag: 0.1}}, {{with: {other}}}]")
                    start = max(target_end + 0.1, times[other][0])
                else:
                    relation = rng.choice(RELATIONS)
                    fields.append(f"{relation}: {target}")
                    start = {"after": target_end, "with": target_start,
                             "end_with": target_end - duration,
                             "before": target_start - duration}[relation]
                    if start < 0:  # keep every start at or after 0
                        lag = round(-start + 0.5, 3)
                        fields.append(f"lag: {lag}")
                        start += lag
            elif node_index == 0:
                at = round(rng.uniform(0, 2), 3)
                fields.append(f"at: {at}")
                start = at
            else:
                lag = round(rng.uniform(-0.2, 0.5), 3) if rng.random() < 0.3 else 0
                if previous_end + lag < 0:
                    lag = 0
                if lag:
                    fields.append(f"lag: {lag}")
                start = previous_end + lag
            fields.append(f"duration: {duration}")
            # A channel whose previous node has ended: no two nodes of an
            # object drive one channel at once (no W_TIMING_OVERLAP). A node
            # with no free channel is a pure timing anchor.
            wanted = rng.random()
            wanted = ("position" if wanted < 0.45 else "rotation" if wanted < 0.65 else
                      "scale" if wanted < 0.8 else "opacity")
            end = start + duration
            free = [c for c in CHANNELS
                    if all(end <= s or start >= e for s, e in busy.get(c, []))]
            channel = wanted if wanted in free else (free[0] if free else None)
            if channel is not None:
                busy.setdefault(channel, []).append((start, end))
            if channel == "position":
                px, py, pz = (round(rng.uniform(-5, 5), 3) for _ in range(3))
                fields.append(f"position: [{px}, {py}, {pz}]")
            elif channel == "rotation":
                axis = object_index % 3  # one Euler axis per object: exact keys
                angles = [0, 0, 0]
                angles[axis] = round(rng.uniform(-85, 85), 1)
                fields.append(f"rotation: [{angles[0]}, {angles[1]}, {angles[2]}]")
            elif channel == "scale":
                fields.append(f"scale: {round(rng.uniform(0.5, 2), 3)}")
            elif channel == "opacity":
                fields.append(f"opacity: {round(rng.random(), 3)}")
            fields.append(f"ease: {rng.choice(EASES)}")
            if rng.random() < 0.02:
                fields.append(f'label: "step {len(written)}"')
            out.append("      - {" + ", ".join(fields) + "}\n")
            qualified = f"{name}.{node_id}"
            written.append(qualified)
            times[qualified] = (start, start + duration)
            previous_end = start + duration
    if args.times:
        with open(args.times, "w") as stream:
            for qualified in written:
                start, end = times[qualified]
                stream.write(f"{qualified} {start!r} {end!r}\n")
    print("".join(out), end="")


if __name__ == "__main__":
    main()
