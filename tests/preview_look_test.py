#!/usr/bin/env python3
"""The preview's look (issue "Instructions that explain", light for metal).

    preview_look_test.py CINC

A polished metal sphere (metallic 1, roughness 0.25, base colour 0.9 grey,
written here as a GLB) fills the middle of the default camera view of a
one-object scene. tests/js/preview_check.mjs opens the page in Debian's Chromium and
measures the median luminance (Rec. 709, 0-255) of a box in the middle of the
viewport, which the sphere covers:
- with the default look (studio: an environment made in the page, tone
  mapped) the metal reads as metal: its mean luminance is at least
  MIN_METAL_LUMINANCE on the dark background;
- the screenshots are kept in $CINC_PREVIEW_SCREENSHOTS (default: a
  temporary folder) to be looked at.
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
CHECK = os.path.join(ROOT, "tests", "js", "preview_check.mjs")
# The default framing puts the sphere in the middle, about 60 % of the
# viewport's height across; the probe is the square inscribed in it.
PROBE = {"x": 0.34, "y": 0.31, "width": 0.32, "height": 0.38}
# The median over the probe, so that a highlight does not count. Measured:
# the old look (a hemisphere and two lights, no environment: the metal black
# but for one highlight) 31, the studio look 207; the bound is far from both.
MIN_METAL_LUMINANCE = 80


def sphere_glb(radius=0.05, rings=24, segments=48):
    """A UV sphere of polished metal, as GLB bytes (positions, normals, indices)."""
    positions, normals, indices = [], [], []
    for ring in range(rings + 1):
        theta = math.pi * ring / rings
        for segment in range(segments + 1):
            phi = 2 * math.pi * segment / segments
            n = (math.sin(theta) * math.cos(phi), math.cos(theta), math.sin(theta) * math.sin(phi))
            normals.append(n)
            positions.append(tuple(radius * c for c in n))
    for ring in range(rings):
        for segment in range(segments):
            a = ring * (segments + 1) + segment
            b = a + segments + 1
            indices += [a, a + 1, b, b, a + 1, b + 1]
    steel = {"name": "steel", "pbrMetallicRoughness": {
        "baseColorFactor": [0.9, 0.9, 0.9, 1], "metallicFactor": 1, "roughnessFactor": 0.25}}
    return mesh_glb("ball", steel, positions, normals, indices, radius)


SCENE = """cinc: 1
name: metal
models:
  steel-ball: {source: ball.glb}
objects:
  ball:
    model: steel-ball
    nodes:
      - {id: in, at: 0, duration: 0.5, opacity: 1}
"""


class PreviewLookTest(unittest.TestCase):
    def setUp(self):
        require_browser()
        self.work = tempfile.mkdtemp(prefix="cinc-look-")
        self.addCleanup(shutil.rmtree, self.work)
        self.shots = os.environ.get("CINC_PREVIEW_SCREENSHOTS") or tempfile.mkdtemp(prefix="cinc-look-shots-")
        os.makedirs(self.shots, exist_ok=True)
        with open(os.path.join(self.work, "ball.glb"), "wb") as stream:
            stream.write(sphere_glb())

    def probe(self, name, scene_text):
        scene = os.path.join(self.work, f"{name}.yaml")
        with open(scene, "w") as stream:
            stream.write(scene_text)
        page = os.path.join(self.work, f"{name}.preview.html")
        result = subprocess.run([CINC, "preview", scene, "-o", page], capture_output=True, text=True)
        self.assertEqual(result.returncode, 0, result.stderr)
        job = {"page": page, "times": [], "viewport": {"width": 960, "height": 600},
               "ready_attempts": 1,
               "screenshots": {"folder": self.shots, "prefix": name, "probe": PROBE,
                               "times": [{"t": 0.5, "name": "end"}]}}
        job_path = os.path.join(self.work, f"{name}.job.json")
        with open(job_path, "w") as stream:
            json.dump(job, stream)
        run = subprocess.run([NODE, CHECK, job_path], capture_output=True, text=True, timeout=300)
        self.assertEqual(run.returncode, 0, run.stderr)
        report = json.loads(run.stdout)
        self.assertEqual(report["problems"], [])
        return {shot["view"]: shot for shot in report["screenshots"]}

    def test_metal_reads_as_metal_in_the_studio_look(self):
        shots = self.probe("studio", SCENE)
        luminance = shots["camera"]["probe_luminance"]
        print(f"studio: metal sphere median luminance {luminance:.1f} "
              f"({shots['camera']['path']})", file=sys.stderr)
        self.assertGreaterEqual(luminance, MIN_METAL_LUMINANCE)


if __name__ == "__main__":
    unittest.main()
