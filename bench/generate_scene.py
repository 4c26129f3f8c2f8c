#!/usr/bin/env python3
"""Writes a large, valid cinc scene for benchmarks.

    generate_scene.py NODES [--objects N] [--seed S] [--shape SHAPE] > scene.yaml

SHAPE (default `mixed`, described next) picks what the scene looks like; the
others stress one thing each (bench/measure.py --shapes runs them all):
  few-large    10 objects of NODES / 10 nodes, else as mixed
  many-small   a body with nine screws, repeated: 4 nodes an object (about
               NODES / 4 objects), each object's first node after a random
               earlier node; about NODES / 4 / 256 shards
  chains       100 objects, every node after the node written before it (in
               another object): one relation chain NODES long
  fan-in       100 objects, every tenth node after a list of 50 earlier
               nodes, the others with one
  deep-attach  chains of 8 objects, each attached to the one before it
               (a washer on a nut on a bolt on a bracket ...), whose root
               moves and turns: 4 nodes an object
  hidden       objects that start hidden and move while hidden, each shown
               once for a moment: 4 nodes an object
  shards       NODES / 2 objects of 2 nodes: many tracks, many shards
  turntable    NODES parts attached to inline markers (radii 0.1 to 0.46 m)
               of a body that spins three eased turns in 10 s: every part's
               position is fitted

Objects get NODES / objects nodes each. Every node either chains after the
previous node of its list or relates (after / with / end_with / before, or a
`start:` list) to a random node written earlier in the file, so the graph is
acyclic. The generator works the times out itself (--times FILE writes them,
for tests that compare with `cinc resolve`), adding lags where a start would
fall before 0. Nodes move, turn (each object about one Euler axis), scale or fade, with every
easing. The output is a pure function of the arguments.
"""
import argparse
import math
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
    parser.add_argument("--shape", default="mixed", choices=["mixed"] + sorted(SHAPES))
    args = parser.parse_args()
    rng = random.Random(args.seed)
    if args.shape == "few-large":
        args.objects = 10
    elif args.shape != "mixed":
        print(SHAPES[args.shape](args.nodes, rng), end="")
        return
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


def shape_many_small(nodes, rng):
    out = ["cinc: 1\nname: many-small\nobjects:\n"]
    written = []
    for index in range(max(1, nodes // 4)):
        group, member = divmod(index, 10)
        name = f"body{group}" if member == 0 else f"screw{group}-{member}"
        x, z = round(rng.uniform(-2, 2), 3), round(rng.uniform(-2, 2), 3)
        out.append(f"  {name}:\n    position: [{x}, 0.3, {z}]\n    opacity: 0\n    nodes:\n")
        start = (f"after: {rng.choice(written[-2000:])}" if written and member
                 else f"at: {round(rng.uniform(0, 60), 3)}")
        out.append(f"      - {{id: show, {start}, duration: 0.2, opacity: 1}}\n")
        out.append(f"      - {{id: drive, duration: 0.5, position: [{x}, 0.01, {z}], ease: ease-in}}\n")
        out.append("      - {id: turn, with: drive, duration: 0.5, rotation: [0, 90, 0]}\n")
        out.append("      - {id: settle, duration: 0.1, scale: 1.01, ease: ease-out}\n")
        written += [f"{name}.show", f"{name}.drive"]
    return "".join(out)


def shape_patterned(nodes, rng):
    """many-small written with patterns: each body's nine screws one linear
    pattern, staggered; the same number of objects and nodes once expanded."""
    out = ["cinc: 1\nname: patterned\nobjects:\n"]
    groups = max(1, nodes // 40)
    for group in range(groups):
        x, z = round(rng.uniform(-2, 2), 3), round(rng.uniform(-2, 2), 3)
        out.append(f"  body{group}:\n    position: [{x}, 0.3, {z}]\n    nodes:\n")
        out.append(f"      - {{id: show, at: {round(rng.uniform(0, 60), 3)}, duration: 0.2, opacity: 1}}\n")
        out.append(f"      - {{id: drive, duration: 0.5, position: [{x}, 0.01, {z}], ease: ease-in}}\n")
        out.append("      - {id: turn, with: drive, duration: 0.5, rotation: [0, 90, 0]}\n")
        out.append("      - {id: settle, duration: 0.1, scale: 1.01, ease: ease-out}\n")
        out.append(f"  screw{group}:\n    pattern: {{count: 9, offset: [0.05, 0, 0]}}\n    stagger: 0.1\n"
                   f"    position: [{x}, 0.3, {z}]\n    nodes:\n")
        out.append(f"      - {{id: show, after: body{group}.drive, duration: 0.2, opacity: 1}}\n")
        out.append(f"      - {{id: drive, duration: 0.5, position: [{x}, 0.01, {z}], ease: ease-in}}\n")
        out.append("      - {id: turn, with: drive, duration: 0.5, rotation: [0, 90, 0]}\n")
        out.append("      - {id: settle, duration: 0.1, scale: 1.01, ease: ease-out}\n")
    return "".join(out)


def shape_chains(nodes, rng):
    objects = 100
    out = [f"cinc: 1\nname: chains\nobjects:\n"]
    for index in range(objects):
        out.append(f"  part{index}:\n    nodes:\n")
        for k in range(index, nodes, objects):
            previous = k - 1
            start = (f"after: part{previous % objects}.n{previous // objects}, lag: -0.009"
                     if k else "at: 0")
            out.append(f"      - {{id: n{k // objects}, {start}, duration: 0.01, "
                       f"position: [{k % 7}, {k % 5}, 0]}}\n")
    return "".join(out)


def shape_fan_in(nodes, rng):
    objects = 100
    names = [f"part{k % objects}.n{k // objects}" for k in range(nodes)]
    out = [f"cinc: 1\nname: fan-in\nobjects:\n"]
    for index in range(objects):
        out.append(f"  part{index}:\n    nodes:\n")
        for k in range(index, nodes, objects):
            if k < 50:
                start = f"at: {round(rng.uniform(0, 1), 3)}"
            elif k % 10 == 0:
                # nodes numbered lower: the graph stays acyclic
                targets = sorted(rng.sample(range(max(0, k - 5000), k), 50))
                start = "after: [" + ", ".join(names[t] for t in targets) + "]"
            else:
                start = f"with: {names[rng.randrange(max(0, k - 5000), k)]}"
            # A moment each: a step of the opacity, no two nodes driving it at once.
            out.append(f"      - {{id: n{k // objects}, {start}, duration: 0, opacity: {k % 2}}}\n")
    return "".join(out)


def shape_deep_attach(nodes, rng):
    out = ["cinc: 1\nname: deep-attach\nobjects:\n"]
    for index in range(max(1, nodes // 4)):
        chain, level = divmod(index, 8)
        name = f"c{chain}-{level}"
        t = round(rng.uniform(0, 30), 3)
        out.append(f"  {name}:\n    position: [{chain % 50}, {level * 0.05}, {chain // 50}]\n    nodes:\n")
        if level == 0:
            out.append(f"      - {{id: a, at: {t}, duration: 1, position: [{chain % 50}, 1, {chain // 50}]}}\n")
            out.append("      - {id: b, duration: 2, rotation: [0, 120, 0], ease: ease-in-out}\n")
            out.append("      - {id: c, duration: 1, position: [0, 0, 0], ease: ease-out}\n")
            out.append("      - {id: d, duration: 0.5, scale: 1.2}\n")
        else:
            out.append(f"      - {{id: a, at: 0, duration: 0, attach: {{to: c{chain}-{level - 1}}}}}\n")
            out.append(f"      - {{id: b, at: {t}, duration: 0.5, opacity: 0.5}}\n")
            out.append("      - {id: c, duration: 0.5, opacity: 1}\n")
            out.append("      - {id: d, duration: 0.2, scale: 1.1}\n")
    return "".join(out)


def timed_parts(name, parts, span, rows, rng, part):
    """A scene of `parts` objects: object k is part.format(k=k, t=T, x=k % rows),
    T its first node's start, random in [0, span]."""
    out = [f"cinc: 1\nname: {name}\nobjects:\n"]
    for index in range(max(1, parts)):
        out.append(part.format(k=index, t=round(rng.uniform(0, span), 3), x=index % rows))
    return "".join(out)


HIDDEN_PART = """  part{k}:
    opacity: 0
    nodes:
      - {{id: a, at: {t}, duration: 2, position: [{x}, 1, 0], ease: ease-in}}
      - {{id: b, duration: 2, rotation: [0, 0, 45]}}
      - {{id: c, duration: 0.1, opacity: 1}}
      - {{id: d, duration: 0.1, opacity: 0}}
"""


def shape_hidden(nodes, rng):
    return timed_parts("hidden", nodes // 4, 60, 9, rng, HIDDEN_PART)


SHARDS_PART = """  part{k}:
    nodes:
      - {{id: a, at: {t}, duration: 0.5, position: [{x}, 1, 0]}}
      - {{id: b, duration: 0.5, opacity: 0.5}}
"""


def shape_shards(nodes, rng):
    return timed_parts("shards", nodes // 2, 30, 11, rng, SHARDS_PART)


def shape_turntable(parts, rng):
    out = ["cinc: 1\nname: turntable\nmodels:\n  table:\n    markers:\n"]
    for k in range(parts):
        radius = 0.1 + 0.36 * k / max(1, parts - 1)
        angle = 2 * math.pi * rng.random()
        x, z = round(radius * math.cos(angle), 4), round(radius * math.sin(angle), 4)
        out.append(f"      m{k}: {{position: [{x}, {round(rng.uniform(0, 0.2), 4)}, {z}]}}\n")
    out.append("objects:\n  body:\n    model: table\n    nodes:\n"
               "      - {id: turn, at: 0, duration: 10, spin: {axis: [0, 1, 0], turns: 3}, "
               "ease: ease-in-out}\n")
    for k in range(parts):
        out.append(f"  part{k}:\n    nodes:\n"
                   f"      - {{id: on, at: 0, duration: 0, attach: {{to: body/m{k}}}}}\n")
    return "".join(out)


SHAPES = {
    "few-large": None,
    "many-small": shape_many_small,
    "patterned": shape_patterned,
    "chains": shape_chains,
    "fan-in": shape_fan_in,
    "deep-attach": shape_deep_attach,
    "hidden": shape_hidden,
    "shards": shape_shards,
    "turntable": shape_turntable,
}


if __name__ == "__main__":
    main()
