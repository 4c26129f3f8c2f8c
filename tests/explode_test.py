#!/usr/bin/env python3
"""Explode and collapse end to end (docs/language.md "Explode and collapse").

    explode_test.py CINC

A scene whose parts are pushed out radially from an object (a part and a
pattern's copies), from a point (a part exactly at the point: +Y), and
along a marker's +Y (a part inserted into a tilted hole, with an ease),
then brought back. `cinc eval` at several times is checked against the
closed form start + dir * D * ease(u) worked out here; the written
sequence played by `cinc eval SEQUENCE` agrees; `build --verify` and
`--reverse --verify` are clean; bad input is a coded error at the field
with nothing written.
"""
import json
import math
import os
import subprocess
import sys
import tempfile
import unittest

CINC = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else "build/cinc"
del sys.argv[1:]

SCENE = """cinc: 1
models:
  plate:
    markers:
      tilted: {position: [0.1, 0, 0], rotation: [90, 0, 0]}
objects:
  body: {model: plate, opacity: 1}
  peg:
    position: [0, 1, 0]
    opacity: 1
    nodes:
      - {id: seat, at: 0, duration: 1, insert: {into: body/tilted, from: 0.05}}
  cap: {position: [1, 0.5, 0], opacity: 1}
  nut: {position: [0, 0, 2], opacity: 1, pattern: {count: 2, offset: [0.5, 0, 0]}}
  dot: {position: [0, 0, 0], opacity: 1}
director:
  nodes:
    - {id: apart, at: 1, duration: 2, explode: {parts: [cap, nut], from: body, distance: 0.3}}
    - {id: up, at: 1, duration: 2, ease: ease_in_out, explode: {parts: [peg], along: axis, distance: 0.2}}
    - {id: point, at: 1, duration: 2, explode: {parts: [dot], from: [0, 0, 0], distance: 0.1}}
    - {id: back, at: 3.5, duration: 1, collapse: {parts: [cap, nut], from: body, distance: 0.3}}
    - {id: down, at: 3.5, duration: 1, collapse: {parts: [peg, dot], along: axis, distance: 0.2}}
"""

# Where each part starts (world, at 1 s) and the unit direction it moves in.
STARTS = {
    "cap": ((1, 0.5, 0), (1 / math.sqrt(1.25), 0.5 / math.sqrt(1.25), 0)),
    "nut-1": ((0, 0, 2), (0, 0, 1)),
    "nut-2": ((0.5, 0, 2), (0.5 / math.sqrt(4.25), 0, 2 / math.sqrt(4.25))),
    # Inserted into the marker turned 90 degrees about X: its +Y is world +Z.
    "peg": ((0.1, 0, 0), (0, 0, 1)),
    # Exactly at the point: +Y.
    "dot": ((0, 0, 0), (0, 1, 0)),
}
DISTANCE = {"cap": 0.3, "nut-1": 0.3, "nut-2": 0.3, "peg": 0.2, "dot": 0.1}


def smoothstep(u):
    return u * u * (3 - 2 * u)


def expected(name, t):
    """The closed form: start + dir * D * ease(u), out over [1, 3], back over [3.5, 4.5]."""
    start, direction = STARTS[name]
    ease = smoothstep if name == "peg" else (lambda u: u)
    out = ease(min(max((t - 1) / 2, 0), 1))
    distance = DISTANCE[name]
    if name == "dot":
        # Collapsed along the world +Y (it is in the world frame) by 0.2, not 0.1.
        back = 0.2 * min(max(t - 3.5, 0), 1)
        return tuple(start[i] + direction[i] * distance * out - (0, 1, 0)[i] * back for i in range(3))
    back = min(max(t - 3.5, 0), 1)
    return tuple(start[i] + direction[i] * distance * (out - back) for i in range(3))


def run(*args, cwd):
    return subprocess.run([CINC, *args], capture_output=True, text=True, cwd=cwd)


class ExplodeTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.folder = cls.tmp.name
        with open(os.path.join(cls.folder, "scene.yaml"), "w") as f:
            f.write(SCENE)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def eval_at(self, target, time):
        result = run("eval", target, "--time", time, cwd=self.folder)
        self.assertEqual(result.returncode, 0, result.stderr)
        return json.loads(result.stdout)

    def test_positions_are_the_closed_form(self):
        for t in ["1", "1.5", "2.25", "3", "3.25", "3.5", "3.8", "4.5", "5"]:
            state = self.eval_at("scene.yaml", t)["objects"]
            for name in STARTS:
                want = expected(name, float(t))
                got = state[name]["position"]
                for axis in range(3):
                    self.assertAlmostEqual(got[axis], want[axis], delta=1e-12, msg=f"{name} at {t}")
        # The peg stays in its hole's frame all along.
        self.assertEqual(self.eval_at("scene.yaml", "2")["objects"]["peg"]["frame"], "body/tilted")

    def test_sequence_verify_and_reverse(self):
        result = run("build", "scene.yaml", "-o", "out.sequence.json", "--verify", cwd=self.folder)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertNotIn("W_", result.stderr)
        result = run("build", "scene.yaml", "-o", "back.sequence.json", "--reverse", "--verify",
                     cwd=self.folder)
        self.assertEqual(result.returncode, 0, result.stderr)
        for t in ["1.5", "2.25", "3", "3.8"]:
            played = self.eval_at("out.sequence.json", t)["transforms"]
            for name in STARTS:
                want = expected(name, float(t))
                for axis in range(3):
                    self.assertAlmostEqual(played[name]["position"][axis], want[axis], delta=1e-4,
                                           msg=f"{name} at {t}")

    def test_errors_at_the_field_and_nothing_written(self):
        text = SCENE + """    - {id: bad, at: 5, duration: 1, explode: {parts: [nutt], from: body, distance: 0.1}}
    - {id: neg, at: 5, duration: 1, explode: {parts: [cap], from: body, distance: -1}}
"""
        with open(os.path.join(self.folder, "bad.yaml"), "w") as f:
            f.write(text)
        result = run("build", "bad.yaml", "-o", "bad.sequence.json", cwd=self.folder)
        self.assertEqual(result.returncode, 1)
        self.assertFalse(os.path.exists(os.path.join(self.folder, "bad.sequence.json")))
        lines = [line for line in result.stderr.splitlines() if ": error: " in line]
        self.assertEqual(lines, [
            "bad.yaml:23:55: error: node 'director.bad' explodes unknown object 'nutt' "
            "(did you mean 'nut'?) [E_OBJECT_MISSING]",
            "bad.yaml:24:83: error: distance -1 is outside (0, 1000000] [E_SCENE_VALUE]",
        ])


if __name__ == "__main__":
    unittest.main()
