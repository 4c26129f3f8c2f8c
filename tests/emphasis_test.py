#!/usr/bin/env python3
"""Emphasis and callouts (issue 36 items 2 and 3), end to end.

    emphasis_test.py CINC

- The sequence: the highlight, ghost and callout cues of a small scene at
  the times worked out by hand from its timing.
- Bad input writes nothing.
- The preview in Debian's Chromium (tests/js/emphasis_check.mjs, render
  mode, 480 x 300): against a plain build of the same scene, the ghosted
  block is fainter and the highlighted one tinted; both callouts' label
  boxes lie inside the picture and apart, and each leader starts at its
  anchor projected here by hand from the camera and the objects' poses that
  window.cinc.state() reports. Screenshots stay in $CINC_PREVIEW_SCREENSHOTS
  (default: a temporary folder).
"""
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CINC = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.join(ROOT, "build", "cinc")
del sys.argv[1:]
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gltf_test import require_browser  # noqa: E402
from mesh_glb import mesh_glb  # noqa: E402

NODE = shutil.which("node")
CHECK = os.path.join(ROOT, "tests", "js", "emphasis_check.mjs")
WIDTH, HEIGHT = 480, 300
HALF = 0.15  # the block's half size


def block_glb():
    """A grey cube of side 2 HALF (24 vertices with face normals), as GLB bytes."""
    positions, normals, indices = [], [], []
    for axis in range(3):
        for sign in (1, -1):
            n = [0, 0, 0]
            n[axis] = sign
            u, v = [(axis + 1) % 3, (axis + 2) % 3]
            base = len(positions)
            for a, b in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
                p = [0.0, 0.0, 0.0]
                p[axis] = sign * HALF
                p[u] = a * HALF
                p[v] = b * HALF
                positions.append(p)
                normals.append(n)
            quad = [base, base + 1, base + 2, base, base + 2, base + 3]
            indices += quad if sign > 0 else [quad[0], quad[2], quad[1], quad[3], quad[5], quad[4]]
    grey = {"name": "grey", "pbrMetallicRoughness": {
        "baseColorFactor": [0.6, 0.6, 0.6, 1], "metallicFactor": 0, "roughnessFactor": 0.7}}
    return mesh_glb("block", grey, positions, normals, indices, HALF)


# The plate comes in over [0, 0.5), the pin over [1, 1.5). The chapter
# [1, 3) highlights the pin and ghosts the rest (the plate) at 0.25; two
# callouts over [1, 3): the director's on plate/top, the pin's own on
# pin/top ($part and $number from the model's part).
EMPHASIS = """cinc: 1
name: emphasis
models:
  block:
    source: block.glb
    part: {name: Block, number: B-7}
    markers:
      top: {position: [0, 0.15, 0]}
objects:
  plate:
    model: block
    position: [-0.3, 0, 0]
    nodes: [{id: in, at: 0, duration: 0.5, opacity: 1}]
  pin:
    model: block
    position: [0.3, 0, 0]
    nodes:
      - {id: in, at: 1, duration: 0.5, opacity: 1}
      - {id: note, at: 1, duration: 2, callout: {text: "2 × $part ($number)", on: pin/top}}
cameras:
  cam: {position: [0, 0, 2], fov: 40}
director:
  nodes:
    - {at: 0, shot: {camera: cam}}
    - {id: step, at: 1, duration: 2, label: "Step 1", highlight: [pin],
       ghost: {objects: others, opacity: 0.25}, callout: {text: Plate, on: plate/top}}
"""
PLAIN = (EMPHASIS.replace(", callout: {text: \"2 × $part ($number)\", on: pin/top}", "")
         .replace(""", highlight: [pin],
       ghost: {objects: others, opacity: 0.25}, callout: {text: Plate, on: plate/top}""", ""))


def rotate(q, v):
    """v turned by the unit quaternion q = [x, y, z, w]."""
    x, y, z, w = q
    t = [2 * (y * v[2] - z * v[1]), 2 * (z * v[0] - x * v[2]), 2 * (x * v[1] - y * v[0])]
    return [v[0] + w * t[0] + (y * t[2] - z * t[1]),
            v[1] + w * t[1] + (z * t[0] - x * t[2]),
            v[2] + w * t[2] + (x * t[1] - y * t[0])]


def project(camera, point):
    """The pixel of a world point seen by the camera (-Z ahead, vertical fov)."""
    x, y, z, w = camera["quaternion"]
    relative = [point[i] - camera["position"][i] for i in range(3)]
    local = rotate([-x, -y, -z, w], relative)
    depth = -local[2]
    scale = math.tan(math.radians(camera["fov"]) / 2)
    ndc_x = local[0] / depth / (scale * WIDTH / HEIGHT)
    ndc_y = local[1] / depth / scale
    return [(ndc_x + 1) / 2 * WIDTH, (1 - ndc_y) / 2 * HEIGHT]


def cues_of(path):
    with open(path) as stream:
        sequence = json.load(stream)
    return [cue for track in sequence["tracks"] if track["type"] == "cues" for cue in track["cues"]]


class EmphasisTest(unittest.TestCase):
    def setUp(self):
        self.work = tempfile.mkdtemp(prefix="cinc-emphasis-")
        self.addCleanup(shutil.rmtree, self.work)
        with open(os.path.join(self.work, "block.glb"), "wb") as stream:
            stream.write(block_glb())

    def write(self, name, text):
        path = os.path.join(self.work, name)
        with open(path, "w") as stream:
            stream.write(text)
        return path

    def test_the_cues_at_the_times_worked_by_hand(self):
        scene = self.write("emphasis.yaml", EMPHASIS)
        out = os.path.join(self.work, "emphasis.json")
        result = subprocess.run([CINC, "build", scene, "-o", out], capture_output=True, text=True)
        self.assertEqual(result.returncode, 0, result.stderr)
        vfx = [(cue["t"], cue["name"], cue.get("target"), cue.get("data"))
               for cue in cues_of(out) if cue["kind"] == "vfx" and cue["t"] >= 1]
        # The chapter is [1, 3): at 1 the plate (fully in since 0.5) jumps to
        # 0.25 and back to 1 at 3; the pin fades in over [1, 1.5) as without
        # emphasis and is highlighted until 3; the pin's callout (its node
        # [1, 3)) and the director's, both ending at 3.
        pin_in = (1, "opacity", "pin", {"from": 0, "to": 1, "duration": 0.5, "ease": "linear"})
        self.assertEqual(vfx, [
            (1, "opacity", "plate", {"from": 1, "to": 0.25, "duration": 0, "ease": "linear"}),
            pin_in,
            (1, "callout", "pin", {"text": "2 × Block (B-7)", "marker": "top",
                                   "point": [0, 0.15, 0], "end": 3}),
            (1, "highlight", "pin", {"end": 3}),
            (1, "callout", "plate", {"text": "Plate", "marker": "top", "point": [0, 0.15, 0],
                                     "end": 3}),
            (3, "opacity", "plate", {"from": 0.25, "to": 1, "duration": 0, "ease": "linear"}),
        ])
        # The plain scene's cues have none of it.
        plain = self.write("plain.yaml", PLAIN)
        plain_out = os.path.join(self.work, "plain.json")
        subprocess.run([CINC, "build", plain, "-o", plain_out], check=True, capture_output=True)
        self.assertEqual([(c["t"], c["name"], c.get("target"), c.get("data"))
                          for c in cues_of(plain_out) if c["t"] >= 1 and c["kind"] == "vfx"],
                         [pin_in])

    def test_bad_input_writes_nothing(self):
        scene = self.write("bad.yaml", EMPHASIS.replace("on: plate/top", "on: plate/tpo"))
        for fmt in ("json", "glb", "preview.html"):
            out = os.path.join(self.work, f"bad.{fmt}")
            result = subprocess.run([CINC, "build", scene, "-o", out], capture_output=True,
                                    text=True)
            self.assertEqual(result.returncode, 1)
            self.assertIn("error: node 'director.step' has a callout on unknown marker 'tpo' of "
                          "object 'plate' (model 'block') (did you mean 'top'?) [E_MARKER_MISSING]",
                          result.stderr)
            self.assertFalse(os.path.exists(out))

    def shots(self, name, text, probes, folder, panel_times=()):
        scene = self.write(f"{name}.yaml", text)
        page = os.path.join(self.work, f"{name}.preview.html")
        result = subprocess.run([CINC, "preview", scene, "-o", page], capture_output=True, text=True)
        self.assertEqual(result.returncode, 0, result.stderr)
        job = {"page": page, "viewport": {"width": WIDTH, "height": HEIGHT}, "folder": folder,
               "prefix": name, "times": [2], "probes": probes,
               "panel_times": list(panel_times)}
        job_path = self.write(f"{name}.job.json", json.dumps(job))
        run = subprocess.run([NODE, CHECK, job_path], capture_output=True, text=True, timeout=300)
        self.assertEqual(run.returncode, 0, run.stderr)
        report = json.loads(run.stdout)
        self.assertEqual(report["problems"], [])
        self.panels = report["panels"]
        return report["shots"][0]

    def test_the_preview_draws_emphasis_and_callouts(self):
        require_browser()
        folder = os.environ.get("CINC_PREVIEW_SCREENSHOTS") or tempfile.mkdtemp(prefix="cinc-emph-")
        os.makedirs(folder, exist_ok=True)
        # The blocks' front faces' middles, projected by hand: the camera at
        # (0, 0, 2) looks down -Z; the faces are at z = 0.15.
        camera = {"position": [0, 0, 2], "quaternion": [0, 0, 0, 1], "fov": 40}
        probes = {"background": {"x": 230, "y": 40, "width": 20, "height": 20}}
        for name, x in (("plate", -0.3), ("pin", 0.3)):
            px, py = project(camera, [x, 0, HALF])
            probes[name] = {"x": px - 8, "y": py - 8, "width": 16, "height": 16}
        plain = self.shots("plain", PLAIN, probes, folder)
        emphasis = self.shots("emphasis", EMPHASIS, probes, folder, panel_times=[0.25, 2])
        # The parts panel: the chapter [1, 3) brings the pin in (its first
        # visible moment is 1), one block; before it no chapter holds the
        # playhead (the plate comes in outside every chapter).
        self.assertEqual([(p["t"], p["chapter"], p["lines"]) for p in self.panels],
                         [(0.25, "", ["No parts come in here"]),
                          (2, "Step 1", ["1 ×Block (B-7)"])])
        contrast = lambda shot, name: abs(shot["probes"][name]["luminance"] -
                                          shot["probes"]["background"]["luminance"])
        tint = lambda shot: shot["probes"]["pin"]["r"] - shot["probes"]["pin"]["b"]
        print(f"plate contrast plain {contrast(plain, 'plate'):.1f}, ghosted "
              f"{contrast(emphasis, 'plate'):.1f}; pin red - blue plain {tint(plain):.1f}, "
              f"highlighted {tint(emphasis):.1f}; {plain['path']}, {emphasis['path']}",
              file=sys.stderr)
        # Ghosted at 0.25: well under half the plain contrast.
        self.assertLess(contrast(emphasis, "plate"), 0.5 * contrast(plain, "plate"))
        # Highlighted: amber, so red well above blue, unlike the plain grey.
        self.assertLess(abs(tint(plain)), 10)
        self.assertGreater(tint(emphasis), 40)
        self.assertEqual(plain["callouts"], [])
        # The callouts: in cue order (the pin's node, then the director's).
        callouts = emphasis["callouts"]
        self.assertEqual([c["text"] for c in callouts], ["2 × Block (B-7)", "Plate"])
        state = emphasis["state"]
        self.assertIsNotNone(state["camera"]["position"])
        boxes = []
        for callout, leader in zip(callouts, emphasis["leaders"]):
            pose = state["objects"][callout["target"]]
            top = rotate(pose["quaternion"], [0, HALF, 0])
            world = [pose["position"][i] + top[i] for i in range(3)]
            expected = project(state["camera"], world)
            self.assertAlmostEqual(callout["anchor"][0], expected[0], delta=0.5)
            self.assertAlmostEqual(callout["anchor"][1], expected[1], delta=0.5)
            self.assertAlmostEqual(leader[0], expected[0], delta=0.6)  # drawn to 0.1 px
            self.assertAlmostEqual(leader[1], expected[1], delta=0.6)
            box = callout["box"]
            self.assertGreaterEqual(box["left"], 0)
            self.assertGreaterEqual(box["top"], 0)
            self.assertLessEqual(box["left"] + box["width"], WIDTH)
            self.assertLessEqual(box["top"] + box["height"], HEIGHT)
            # The leader ends on the box's edge.
            self.assertTrue(box["left"] - 0.1 <= leader[2] <= box["left"] + box["width"] + 0.1)
            self.assertTrue(box["top"] - 0.1 <= leader[3] <= box["top"] + box["height"] + 0.1)
            boxes.append(box)
        a, b = boxes
        apart = (a["left"] + a["width"] <= b["left"] or b["left"] + b["width"] <= a["left"] or
                 a["top"] + a["height"] <= b["top"] or b["top"] + b["height"] <= a["top"])
        self.assertTrue(apart, boxes)


if __name__ == "__main__":
    unittest.main()
