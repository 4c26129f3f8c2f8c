#!/usr/bin/env python3
"""`cinc timeline`: the SVG Gantt chart, read by an XML parser and drawn by
Debian's Chromium.

    timeline_test.py CINC

For every example scene, the CONSTRUCTS scene of tests/gltf_test.py and two
generated 200-node scenes (bench/generate_scene.py: 8 objects of 25 nodes,
40 of 5):
- the file parses as XML (xml.etree) with an <svg> root whose width and
  height are its viewBox's;
- there is a bar or diamond per node of `cinc resolve`, its tooltip naming
  the node and its times as resolve prints them (a diamond exactly when the
  node lasts no time), and a row per object, camera and the director;
- the nodes drawn as critical are the `critical_path` of `cinc resolve
  --critical-path`, and the highlighted arrows join consecutive nodes of it;
- Chromium draws it (tests/js/render_svg.mjs) at its own size, not blank,
  with no console error and no request; the PNGs are kept under
  $CINC_TIMELINE_PICTURES (default: a temporary folder, printed).
And the command: the default output beside the scene, a scene with errors
(its diagnostics, exit 1, nothing written), an output that cannot be
written (E_OUTPUT, exit 3).
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ElementTree

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CINC = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.join(ROOT, "build", "cinc")
del sys.argv[1:]
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gltf_test import CONSTRUCTS, example_scenes, require_browser  # noqa: E402

NODE = shutil.which("node")
RENDER = os.path.join(ROOT, "tests", "js", "render_svg.mjs")
SVG = "{http://www.w3.org/2000/svg}"


def run(*args):
    result = subprocess.run([CINC, *args], capture_output=True, text=True, timeout=300)
    return result.returncode, result.stdout, result.stderr


def seconds_text(value):
    """A time as the chart writes it: 1.5 -> "1.5 s", 2.0 -> "2 s"."""
    text = repr(float(value))
    if text.endswith(".0"):
        text = text[:-2]
    return text + " s"


def classes(element):
    return element.get("class", "").split()


class TimelineTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        require_browser()
        cls.folder = tempfile.mkdtemp(prefix="cinc-timeline-test-")
        cls.pictures = os.environ.get("CINC_TIMELINE_PICTURES") or tempfile.mkdtemp(
            prefix="cinc-timeline-pictures-")
        os.makedirs(cls.pictures, exist_ok=True)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.folder, ignore_errors=True)
        print(f"\ntimeline pictures in {cls.pictures}", file=sys.stderr)

    def scenes(self):
        scenes = list(example_scenes())
        constructs = os.path.join(self.folder, "constructs.yaml")
        with open(constructs, "w") as stream:
            stream.write(CONSTRUCTS)
        scenes.append(("constructs.yaml", constructs))
        for objects in (8, 40):
            path = os.path.join(self.folder, f"generated-200-{objects}.yaml")
            scene = subprocess.run([sys.executable, os.path.join(ROOT, "bench", "generate_scene.py"),
                                    "200", "--objects", str(objects)], capture_output=True,
                                   text=True, check=True).stdout
            with open(path, "w") as stream:
                stream.write(scene)
            scenes.append((f"generated-200-{objects}.yaml", path))
        return scenes

    def check_svg(self, label, scene, svg_path):
        status, out, err = run("resolve", scene, "--critical-path", "--allow-outside", ROOT)
        self.assertEqual(status, 0, f"{label}: {err}")
        resolved = json.loads(out)
        root = ElementTree.parse(svg_path).getroot()
        self.assertEqual(root.tag, SVG + "svg", label)
        self.assertEqual(root.get("viewBox"), f"0 0 {root.get('width')} {root.get('height')}")

        drawn = {}
        critical = []
        for group in root.iter(SVG + "g"):
            if "node" not in classes(group) or group.find(SVG + "title") is None:
                continue
            lines = group.find(SVG + "title").text.split("\n")
            name = lines[0].split(" (")[0]
            drawn[name] = (lines[1], group.find(SVG + "polygon") is not None)
            if "crit" in classes(group):
                critical.append(name)
        self.assertEqual(sorted(drawn), sorted(n["node"] for n in resolved["nodes"]), label)
        for node in resolved["nodes"]:
            times, diamond = drawn[node["node"]]
            if node["start"] == node["end"]:
                self.assertEqual(times, "at " + seconds_text(node["start"]), node)
                self.assertTrue(diamond, node)
            else:
                self.assertEqual(times, seconds_text(node["start"]) + " – " +
                                 seconds_text(node["end"]), node)
                self.assertFalse(diamond, node)
        self.assertEqual(sorted(critical), sorted(resolved["critical_path"]), label)
        self.assertTrue(resolved["critical_path"], label)

        owners = [t.text for t in root.iter(SVG + "text") if "owner" in classes(t)]
        expected_owners = []
        for node in resolved["nodes"]:
            owner = node["node"].split(".")[0].split("#")[0]
            if owner not in expected_owners:
                expected_owners.append(owner)
        for owner in expected_owners:
            self.assertIn(owner, owners, label)

        # A highlighted arrow runs from a node of the path to the next one.
        path = resolved["critical_path"]
        for arrow in root.iter(SVG + "path"):
            if "crit" in classes(arrow) and arrow.find(SVG + "title") is not None:
                title = arrow.find(SVG + "title").text
                waiting = title.split(" ")[0]
                self.assertIn(waiting, path, title)
                index = path.index(waiting)
                self.assertGreater(index, 0, title)
                self.assertIn(" " + path[index - 1], title, title)
        return root

    def test_every_scene_is_drawn(self):
        files = []
        for label, scene in self.scenes():
            stem = label.replace("/", "_").replace(".yaml", "")
            svg = os.path.join(self.folder, stem + ".timeline.svg")
            status, out, err = run("timeline", scene, "-o", svg, "--allow-outside", ROOT)
            self.assertEqual(status, 0, f"{label}: {err}")
            self.assertEqual(out, f"wrote {svg}\n")
            self.assertNotIn(": error:", err)  # the constructs scene warns on purpose
            with self.subTest(scene=label):
                root = self.check_svg(label, scene, svg)
                files.append({"svg": svg, "png": os.path.join(self.pictures, stem + ".png"),
                              "width": float(root.get("width")),
                              "height": float(root.get("height"))})
        job = os.path.join(self.folder, "render.json")
        with open(job, "w") as stream:
            json.dump({"files": files}, stream)
        result = subprocess.run([NODE, RENDER, job], capture_output=True, text=True, timeout=600,
                                cwd=ROOT)
        self.assertEqual(result.returncode, 0, result.stderr)
        report = json.loads(result.stdout)
        self.assertEqual(report["problems"], [])
        self.assertEqual(len(report["renders"]), len(files))
        for render, file in zip(report["renders"], files):
            self.assertAlmostEqual(render["width"], file["width"], delta=1, msg=render)
            self.assertAlmostEqual(render["height"], file["height"], delta=1, msg=render)
            self.assertGreater(render["colours"], 100, render)
            self.assertGreater(render["non_background"], 0.1, render)

    def test_default_output_errors_and_an_unwritable_output(self):
        scene = os.path.join(self.folder, "box.yaml")
        with open(scene, "w") as stream:
            stream.write("cinc: 1\nobjects:\n  box:\n    nodes:\n"
                         "      - {id: in, at: 0, duration: 1, position: [0, 1, 0]}\n")
        status, out, err = run("timeline", scene)
        expected = os.path.join(self.folder, "box.timeline.svg")
        self.assertEqual((status, out, err), (0, f"wrote {expected}\n", ""))
        ElementTree.parse(expected)

        broken = os.path.join(self.folder, "broken.yaml")
        with open(broken, "w") as stream:
            stream.write("cinc: 1\nobjects:\n  box:\n    nodes:\n"
                         "      - {id: a, after: b, duration: 1}\n"
                         "      - {id: b, after: a, duration: 1}\n")
        status, out, err = run("timeline", broken)
        self.assertEqual(status, 1, err)
        self.assertEqual(out, "")
        self.assertEqual(err.splitlines()[0], f"{broken}:5:24: error: dependency cycle: "
                         "box.a -> box.b -> box.a [E_TIMING_CYCLE]")
        self.assertFalse(os.path.exists(os.path.join(self.folder, "broken.timeline.svg")))

        status, out, err = run("timeline", scene, "-o", os.path.join(self.folder, "no", "t.svg"))
        self.assertEqual(status, 3, err)
        self.assertIn("[E_OUTPUT]", err)
        self.assertIn("cannot write " + os.path.join(self.folder, "no", "t.svg"), err)


if __name__ == "__main__":
    unittest.main(verbosity=2)
