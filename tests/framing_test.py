#!/usr/bin/env python3
"""Framing and orbits end to end (docs/cameras.md "Framing", "Orbit").

    framing_test.py CINC

A small glTF box model (its corners known here), a scene with framing
nodes (a moving part, a pattern, several views, fovs and aspects) and an
orbit. For each framing node, the camera's pose at the node's end is read
from `cinc eval` and from the written sequence's keys, and the posed
corners are projected here by hand: all inside the frame less the margin,
one within 2 % of it. The orbit's positions are checked against the closed
form. `build --verify` and `--reverse --verify` are clean; bad input is a
coded error at the field with nothing written.
"""
import base64
import json
import math
import os
import struct
import subprocess
import sys
import tempfile
import unittest

CINC = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else "build/cinc"
del sys.argv[1:]

LOW, HIGH = (-0.5, -0.2, -0.3), (0.5, 0.6, 0.3)


def box_gltf():
    """One mesh: the 8 corners of [LOW, HIGH] as a point cloud of triangles."""
    corners = [(HIGH[0] if k & 1 else LOW[0], HIGH[1] if k & 2 else LOW[1], HIGH[2] if k & 4 else LOW[2])
               for k in range(8)]
    data = b"".join(struct.pack("<3f", *c) for c in corners)
    indices = [0, 1, 3, 0, 3, 2, 4, 6, 7, 4, 7, 5, 0, 4, 5, 0, 5, 1, 2, 3, 7, 2, 7, 6, 0, 2, 6, 0, 6, 4, 1, 5, 7, 1, 7, 3]
    index_data = struct.pack(f"<{len(indices)}H", *indices)
    buffer = data + index_data
    return {
        "asset": {"version": "2.0"},
        "scene": 0,
        "scenes": [{"nodes": [0]}],
        "nodes": [{"mesh": 0}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "indices": 1}]}],
        "buffers": [{"byteLength": len(buffer),
                     "uri": "data:application/octet-stream;base64," + base64.b64encode(buffer).decode()}],
        "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": len(data)},
                        {"buffer": 0, "byteOffset": len(data), "byteLength": len(index_data)}],
        "accessors": [{"bufferView": 0, "componentType": 5126, "count": 8, "type": "VEC3",
                       "min": list(LOW), "max": list(HIGH)},
                      {"bufferView": 1, "componentType": 5123, "count": len(indices), "type": "SCALAR"}],
    }


def quat_rotate(q, v):
    x, y, z, w = q
    # v' = v + 2w (q x v) + 2 q x (q x v)
    cx, cy, cz = y * v[2] - z * v[1], z * v[0] - x * v[2], x * v[1] - y * v[0]
    ddx, ddy, ddz = y * cz - z * cy, z * cx - x * cz, x * cy - y * cx
    return (v[0] + 2 * (w * cx + ddx), v[1] + 2 * (w * cy + ddy), v[2] + 2 * (w * cz + ddz))


def conjugate(q):
    return (-q[0], -q[1], -q[2], q[3])


def posed_corners(state):
    points = []
    for k in range(8):
        c = (HIGH[0] if k & 1 else LOW[0], HIGH[1] if k & 2 else LOW[1], HIGH[2] if k & 4 else LOW[2])
        s = state["scale"]
        r = quat_rotate(state["quaternion"], (c[0] * s[0], c[1] * s[1], c[2] * s[2]))
        points.append(tuple(r[i] + state["position"][i] for i in range(3)))
    return points


def ndc_extent(points, position, rotation, fov, aspect):
    """The largest |x| and |y| on the frame, worked by hand; None if a point is behind."""
    tan_half = math.tan(math.radians(fov) / 2)
    widest = 0.0
    for p in points:
        local = quat_rotate(conjugate(rotation), tuple(p[i] - position[i] for i in range(3)))
        if -local[2] <= 0:
            return None
        widest = max(widest, abs(local[0] / (-local[2] * tan_half * aspect)), abs(local[1] / (-local[2] * tan_half)))
    return widest


SCENE = """cinc: 1
aspect: {aspect}
models:
  box: {{source: box.gltf}}
objects:
  mover:
    model: box
    opacity: 1
    nodes:
      - {{id: go, at: 0, duration: 3, position: [3, 1, -2], rotation: [0, 90, 30], scale: 2}}
  screw:
    model: box
    opacity: 1
    pattern: {{count: 3, offset: [-1, 0, 0.5]}}
  pivot: {{opacity: 1}}
cameras:
  cam:
    position: [2, 3, 12]
    rotation: [{pitch}, {yaw}, 0]
    fov: {fov}
    nodes:
      - {{id: wide, at: 1, duration: 1, frame: [mover, screw], ease: ease_in_out}}
      - {{id: close, at: 3, duration: 1, frame: [screw], margin: 0.2}}
      - {{id: turn, at: 4, duration: 2, orbit: {{around: [0, 0, 0], degrees: 90}}}}
director:
  nodes:
    - {{id: open, at: 0, shot: {{camera: cam}}}}
"""


def run(*args, cwd):
    return subprocess.run([CINC, *args], capture_output=True, text=True, cwd=cwd)


class FramingTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.folder = cls.tmp.name
        with open(os.path.join(cls.folder, "box.gltf"), "w") as f:
            json.dump(box_gltf(), f)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def write_scene(self, name, text):
        with open(os.path.join(self.folder, name), "w") as f:
            f.write(text)
        return name

    def eval_at(self, scene, time):
        result = run("eval", scene, "--time", time, cwd=self.folder)
        self.assertEqual(result.returncode, 0, result.stderr)
        return json.loads(result.stdout)

    def check_framed(self, state, names, margin, aspect, label):
        camera = state["cameras"]["cam"]
        points = []
        for name, obj in state["objects"].items():
            if name in names:
                points += posed_corners(obj)
        widest = ndc_extent(points, camera["position"], camera["quaternion"], camera["fov"], aspect)
        self.assertIsNotNone(widest, label)
        limit = 1 - 2 * margin
        self.assertLessEqual(widest, limit + 1e-9, label)
        self.assertGreaterEqual(widest, 0.98 * limit, label)

    def test_views_fovs_and_aspects(self):
        views = [(-20, 10, 50, 16 / 9), (0, 0, 30, 1.0), (-35, -140, 80, 0.75), (15, 60, 65, 2.35)]
        for index, (pitch, yaw, fov, aspect) in enumerate(views):
            label = f"pitch {pitch} yaw {yaw} fov {fov} aspect {aspect}"
            scene = self.write_scene(f"s{index}.yaml", SCENE.format(pitch=pitch, yaw=yaw, fov=fov, aspect=aspect))
            # At each framing node's end, from cinc eval.
            wide = self.eval_at(scene, "2")
            self.check_framed(wide, {"mover", "screw-1", "screw-2", "screw-3"}, 0.1, aspect, label + " wide")
            close = self.eval_at(scene, "4")
            self.check_framed(close, {"screw-1", "screw-2", "screw-3"}, 0.2, aspect, label + " close")
            # The view direction is kept.
            self.assertLess(max(abs(a - b) for a, b in zip(close["cameras"]["cam"]["rotation"], [pitch, yaw, 0])), 1e-9)
            # The orbit: P(t) = C + Ry(90 u)(P(4) - C), linear u, C the origin.
            start = close["cameras"]["cam"]["position"]
            for t, u in (("5", 0.5), ("6", 1.0)):
                a = math.radians(90 * u)
                expected = (start[0] * math.cos(a) + start[2] * math.sin(a), start[1],
                            -start[0] * math.sin(a) + start[2] * math.cos(a))
                got = self.eval_at(scene, t)["cameras"]["cam"]["position"]
                self.assertLess(max(abs(g - e) for g, e in zip(got, expected)), 1e-9, label + " orbit " + t)
            # The sequence, verified, and its camera's keys at the ends.
            out = f"s{index}.sequence.json"
            result = run("build", scene, "-o", out, "--verify", cwd=self.folder)
            self.assertEqual(result.returncode, 0, result.stderr)
            result = run("build", scene, "-o", f"s{index}.reverse.json", "--reverse", "--verify", cwd=self.folder)
            self.assertEqual(result.returncode, 0, result.stderr)
            # The written sequence played by `cinc eval SEQUENCE` at the ends.
            for t, names, margin in (("2", {"mover", "screw-1", "screw-2", "screw-3"}, 0.1),
                                     ("4", {"screw-1", "screw-2", "screw-3"}, 0.2)):
                played = self.eval_at(out, t)["transforms"]["cam"]
                exact = self.eval_at(scene, t)
                camera = dict(exact["cameras"]["cam"])
                camera["position"], camera["quaternion"] = played["position"], played["quaternion"]
                self.check_framed({"cameras": {"cam": camera}, "objects": exact["objects"]}, names,
                                  margin, aspect, label + " sequence " + t)

    def test_errors_at_the_field_and_nothing_written(self):
        text = SCENE.format(pitch=0, yaw=0, fov=50, aspect=1.5).replace(
            "frame: [mover, screw]", "frame: [mover, pivot, scerw]")
        scene = self.write_scene("bad.yaml", text)
        result = run("build", scene, "-o", "bad.json", cwd=self.folder)
        self.assertEqual(result.returncode, 1)
        self.assertIn("bad.yaml:22:62: error: node 'cam.wide' frames unknown object 'scerw' "
                      "(did you mean 'screw'?) [E_OBJECT_MISSING]", result.stderr)
        self.assertFalse(os.path.exists(os.path.join(self.folder, "bad.json")))
        text = text.replace("pivot, scerw", "pivot")
        scene = self.write_scene("bad2.yaml", text)
        result = run("build", scene, "-o", "bad2.json", cwd=self.folder)
        self.assertEqual(result.returncode, 1)
        self.assertIn("bad2.yaml:22:55: error: node 'cam.wide' frames 'pivot', which has no model "
                      "(no bounds to frame) [E_FRAME_BOUNDS]", result.stderr)
        self.assertFalse(os.path.exists(os.path.join(self.folder, "bad2.json")))


if __name__ == "__main__":
    unittest.main()
