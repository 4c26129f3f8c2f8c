#!/usr/bin/env python3
"""The preview page (`cinc preview`), played in Debian's Chromium.

    preview_test.py CINC

For every example scene and the CONSTRUCTS scene of tests/gltf_test.py,
and for the disassembly (`--reverse`) of the constructs and the tutorial
(examples/tutorial/manual.yaml holds a `disassembly:`: its chapters are
also checked against times and labels worked out by hand):
- `cinc preview` writes the page; tests/js/preview_check.mjs opens it from
  file:// in headless Chromium (playwright-core), every request that is not
  file:, data: or blob: refused and counted as a failure, console errors
  collected;
- `window.cinc.ready` settles (a page not ready after 60 s hangs); the time
  from navigation start is reported (the best of up to three cold starts
  while slower than 2 s), not held to a speed: a loaded machine is slower,
  and such an assertion would fail there with nothing wrong;
- `duration` is the scene's, `chapters` are the scene's labels (from the
  marker cues of the sequence `cinc build` writes, worked out here);
- at every 0.1 s (`cinc eval SCENE --time 0 --every 0.1`) and at each
  chapter's start, `state().objects` is the exact state: positions within
  the scene's tolerance + float slack, rotations within the tolerance +
  0.001 degrees (the angle between the quaternions, sign-insensitive),
  scales where visible, `visible` == (opacity > 0), opacity within 1e-6;
- the controls work: space plays and pauses, ←/→ step one 60 fps frame,
  Home/End, the scrubber, 4x with loop wraps, without loop play stops at
  the end;
- `state().camera` is the sequence's output camera (`cinc eval SEQUENCE`):
  the shot's camera, position and rotation within the tolerance + float
  slack, fov within 1e-6 degrees;
- a screenshot at each chapter's start (or, without chapters, at the start,
  middle and end) in both views, saved under $CINC_PREVIEW_SCREENSHOTS
  (default: a temporary folder, kept), none blank.
"""
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CINC = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.join(ROOT, "build", "cinc")
del sys.argv[1:]
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gltf_test import CONSTRUCTS, example_scenes, require_browser  # noqa: E402  (the scene with every construct)

NODE = shutil.which("node")
CHECK = os.path.join(ROOT, "tests", "js", "preview_check.mjs")
# Cold starts are tried again while slower than this, for the report.
READY_RETRY_ABOVE_MS = 2000
# Not a speed check: a page not ready by then hangs.
READY_HANG_MS = 60000
# The GLB holds float32: times within ~1e-7 s, values within ~1e-7 of their size.
SLACK_METRES = 1e-5
SLACK_DEGREES = 0.001
OPACITY_SLACK = 1e-6
FOV_SLACK = 1e-6
# A screenshot is blank when almost nothing in its viewport is away from the
# background colour (the grid alone is not blank: at a chapter that starts
# with a fade-in from 0 nothing else is drawn). In each view at least one
# screenshot must show lit models: many colours.
MIN_NON_BACKGROUND = 0.002
MIN_COLOURS_LIT = 200


def run(*args, **kwargs):
    result = subprocess.run(list(args), capture_output=True, text=True, timeout=600, **kwargs)
    return result.returncode, result.stdout, result.stderr


def angle_degrees(a, b):
    dot = abs(sum(x * y for x, y in zip(a, b)))
    norm = math.sqrt(sum(x * x for x in a) * sum(y * y for y in b))
    return math.degrees(2 * math.acos(min(1.0, dot / norm))) if norm > 0 else 180.0


def ghost_spans(scene, resolved, objects, duration, reverse):
    """{object: [(start, end, factor)]}: the director's ghosts (docs/language.md
    "Emphasis"), read from the scene and `cinc resolve`'s times, mirrored for
    the disassembly. A name stands for its object or a pattern's copies."""
    with open(scene) as stream:
        text = yaml.safe_load(stream)
    nodes = ((text or {}).get("director") or {}).get("nodes") or []
    times = {entry["node"]: (entry["start"], entry["end"]) for entry in resolved}

    def named(names):
        return {o for o in objects for n in names
                if o == n or (o.startswith(n + "-") and o[len(n) + 1:].isdigit())}

    spans = {}
    for index, node in enumerate(nodes):
        ghost = node.get("ghost")
        if ghost is None:
            continue
        factor = 0.2
        if isinstance(ghost, dict):
            factor = ghost.get("opacity", 0.2)
            ghost = ghost["objects"]
        ghosted = (set(objects) - named(node.get("highlight", [])) if ghost == "others"
                   else named(ghost))
        start, end = times[f"director.{node['id']}" if "id" in node else f"director#{index}"]
        if reverse:
            start, end = duration - end, duration - start
        for name in ghosted:
            spans.setdefault(name, []).append((start, end, factor))
    return spans


def chapters_of(sequence):
    """The labels: marker cues in time order (file order at one time)."""
    cues = [cue for track in sequence["tracks"] if track["type"] == "cues" for cue in track["cues"]]
    cues.sort(key=lambda cue: cue["t"])
    chapters = []
    for cue in cues:
        if cue["kind"] != "marker":
            continue
        data = cue.get("data") or {}
        chapters.append({"t": cue["t"], "label": data.get("label", cue["name"]), "end": data.get("end")})
    return chapters


class PreviewTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        require_browser()
        cls.folder = tempfile.mkdtemp(prefix="cinc-preview-test-")
        cls.screenshots = os.environ.get("CINC_PREVIEW_SCREENSHOTS") or tempfile.mkdtemp(
            prefix="cinc-preview-screenshots-")
        os.makedirs(cls.screenshots, exist_ok=True)
        cls.report = []

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.folder, ignore_errors=True)
        print("\npreview: ready times and worst errors (page vs cinc eval):", file=sys.stderr)
        for line in cls.report:
            print("  " + line, file=sys.stderr)
        print(f"  screenshots in {cls.screenshots}", file=sys.stderr)

    def check_scene(self, label, scene, reverse=False):
        stem = label.replace("/", "_").replace(".yaml", "") + ("-reversed" if reverse else "")
        base = os.path.join(self.folder, stem)
        # The disassembly: the page, the sequence and the exact state with --reverse alike.
        common = ["--allow-outside", ROOT] + (["--reverse"] if reverse else [])
        page = base + ".preview.html"
        status, out, err = run(CINC, "preview", scene, "-o", page, *common)
        self.assertEqual(status, 0, f"{label}: cinc preview: {err}\n{out}")
        status, _, err = run(CINC, "build", scene, "-o", base + ".sequence.json", *common)
        self.assertEqual(status, 0, f"{label}: cinc build: {err}")
        with open(base + ".sequence.json") as stream:
            sequence = json.load(stream)
        status, out, err = run(CINC, "eval", scene, "--time", "0", "--every", "0.1", *common)
        self.assertEqual(status, 0, f"{label}: cinc eval: {err}")
        exact = json.loads(out)
        status, out, err = run(CINC, "eval", base + ".sequence.json", "--time", "0", "--every", "0.1")
        self.assertEqual(status, 0, f"{label}: cinc eval SEQUENCE: {err}")
        played = json.loads(out)
        self.assertEqual([s["time"] for s in exact], [s["time"] for s in played])

        status, out, err = run(CINC, "resolve", scene)  # forward times; mirrored below
        self.assertEqual(status, 0, f"{label}: cinc resolve: {err}")
        ghosts = ghost_spans(scene, json.loads(out)["nodes"], exact[0]["objects"],
                             sequence["duration"], reverse)
        chapters = chapters_of(sequence)
        # The chapter starts too, with their exact and sequence states.
        extra = sorted({c["t"] for c in chapters} - {s["time"] for s in exact})
        for t in extra:
            status, out, err = run(CINC, "eval", scene, "--time", repr(t), *common)
            self.assertEqual(status, 0, err)
            exact.append(json.loads(out))
            status, out, err = run(CINC, "eval", base + ".sequence.json", "--time", repr(t))
            self.assertEqual(status, 0, err)
            played.append(json.loads(out))
        times = [s["time"] for s in exact]

        shot_times = [{"t": c["t"], "name": f"chapter{i + 1}"} for i, c in enumerate(chapters)]
        if not shot_times:
            duration = sequence["duration"]
            shot_times = [{"t": 0, "name": "start"}, {"t": duration / 2, "name": "middle"},
                          {"t": duration, "name": "end"}]
        job = {"page": page, "times": times, "viewport": {"width": 1280, "height": 720},
               "ready_limit_ms": READY_RETRY_ABOVE_MS, "ready_attempts": 3, "controls": True,
               "screenshots": {"folder": self.screenshots, "prefix": stem, "times": shot_times}}
        with open(base + ".job.json", "w") as stream:
            json.dump(job, stream)
        status, out, err = run(NODE, CHECK, base + ".job.json", cwd=ROOT)
        self.assertEqual(status, 0, f"{label}: preview_check.mjs: {err}")
        result = json.loads(out)
        self.assertEqual(result["problems"], [], f"{label}: the page")

        ready = result["ready_ms"]
        self.assertIsNotNone(ready, f"{label}: no ready time")
        attempts = ", ".join(f"{t:.0f}" for t in result["ready_attempts"])
        self.assertLess(ready, READY_HANG_MS, f"{label}: not ready after {attempts} ms (a hang)")
        self.assertAlmostEqual(result["duration"], sequence["duration"], delta=1e-12)
        self.assertEqual(len(result["chapters"]), len(chapters), f"{label}: chapters")
        for got, want in zip(result["chapters"], chapters):
            self.assertEqual(got["label"], want["label"])
            self.assertAlmostEqual(got["t"], want["t"], delta=1e-12)
            if want["end"] is None:
                self.assertIsNone(got["end"])
            else:
                self.assertAlmostEqual(got["end"], want["end"], delta=1e-12)

        # The chapter list follows the playhead: at each chapter's start its
        # row is lit and wholly in view, the list shows whole rows from its
        # top (unless scrolled to its end), and the page itself never scrolls.
        for index, row in enumerate(result["chapter_rows"]):
            self.assertEqual(row["on"], index, f"{label}: chapter {index + 1}'s row")
            self.assertTrue(row["on_whole"], f"{label}: chapter {index + 1}'s row cut: {row}")
            if not row["at_end"]:
                self.assertLess(row["top_cut"], 0.5, f"{label}: chapter {index + 1}: {row}")
            self.assertEqual(row["page_scrolled"], 0, f"{label}: chapter {index + 1}")

        with open(page) as stream:
            text = stream.read()
        start = text.index('id="cinc-data">') + len('id="cinc-data">')
        data = json.loads(text[start:text.index("</script>", start)])
        tolerance = data["tolerance"]
        position_limit = tolerance["position"] + SLACK_METRES
        rotation_limit = tolerance["rotation"] + SLACK_DEGREES
        worst = {"position": 0.0, "rotation": 0.0, "scale": 0.0, "opacity": 0.0,
                 "camera position": 0.0, "camera rotation": 0.0, "fov": 0.0}
        where = {}

        def note(kind, value, at):
            if value > worst[kind]:
                worst[kind] = value
                where[kind] = at

        self.assertEqual(len(result["states"]), len(times))
        for state, want, seq in zip(result["states"], exact, played):
            t = want["time"]
            self.assertAlmostEqual(state["time"], t, delta=1e-12)
            self.assertEqual(sorted(state["objects"]), sorted(want["objects"]),
                             f"{label}: objects at {t}")
            for name, exact_object in want["objects"].items():
                got = state["objects"][name]
                at = f"{name} at {t} s"
                distance = math.dist(got["position"], exact_object["position"])
                note("position", distance, at)
                self.assertLessEqual(distance, position_limit, f"{label}: {at}: position")
                # A ghost draws the object at its factor times the exact
                # opacity over its span (not at the span's ends themselves).
                spans = ghosts.get(name, [])
                factor = min([f for a, b, f in spans if a < t < b], default=1)
                if not any(abs(t - a) < 1e-9 or abs(t - b) < 1e-9 for a, b, _ in spans):
                    opacity_error = abs(got["opacity"] - factor * exact_object["opacity"])
                    note("opacity", opacity_error, at)
                    self.assertLessEqual(opacity_error, OPACITY_SLACK, f"{label}: {at}: opacity")
                    self.assertEqual(got["visible"], factor * exact_object["opacity"] > 0,
                                     f"{label}: {at}: visible")
                if exact_object["opacity"] <= 0:
                    continue  # hidden: scaled to 0 in the GLB, its rotation means nothing
                turn = angle_degrees(got["quaternion"], exact_object["quaternion"])
                note("rotation", turn, at)
                self.assertLessEqual(turn, rotation_limit, f"{label}: {at}: rotation")
                scale_error = max(abs(a - b) for a, b in zip(got["scale"], exact_object["scale"]))
                note("scale", scale_error, at)
                self.assertLessEqual(scale_error, position_limit, f"{label}: {at}: scale")

            want_camera = seq["camera"]
            got_camera = state["camera"]
            if want_camera is None:
                self.assertIsNone(got_camera, f"{label}: a camera at {t} s without a camera track")
                continue
            self.assertIsNotNone(got_camera, f"{label}: no camera at {t} s")
            at = f"{want_camera['camera']} at {t} s"
            self.assertEqual(got_camera["camera"], want_camera["camera"], f"{label}: shot at {t} s")
            distance = math.dist(got_camera["position"], want_camera["position"])
            note("camera position", distance, at)
            self.assertLessEqual(distance, position_limit, f"{label}: {at}: camera position")
            turn = angle_degrees(got_camera["quaternion"], want_camera["quaternion"])
            note("camera rotation", turn, at)
            self.assertLessEqual(turn, rotation_limit, f"{label}: {at}: camera rotation")
            if want_camera["fov"] is not None:
                fov_error = abs(got_camera["fov"] - want_camera["fov"])
                note("fov", fov_error, at)
                self.assertLessEqual(fov_error, FOV_SLACK, f"{label}: {at}: fov")

        self.assertEqual(len(result["screenshots"]), 2 * len(shot_times))
        for shot in result["screenshots"]:
            self.assertTrue(os.path.getsize(shot["path"]) > 0)
            self.assertGreaterEqual(shot["non_background"], MIN_NON_BACKGROUND,
                                    f"{label}: {shot['path']} is all background")
        for view in ("camera", "orbit"):
            colours = max(s["colours"] for s in result["screenshots"] if s["view"] == view)
            self.assertGreaterEqual(colours, MIN_COLOURS_LIT,
                                    f"{label}: no screenshot of the {view} view shows lit models")

        details = ", ".join(
            f"{kind} {value:.2e}" + (f" ({where[kind]})" if kind in where else "")
            for kind, value in worst.items())
        shots = ", ".join(f"{s['name']}/{s['view']} {s['colours']}" for s in result["screenshots"])
        self.report.append(f"{label}: ready {ready:.0f} ms (starts: {attempts} ms); {len(times)} times; "
                           f"worst {details}; screenshot colours: {shots}")
        return result

    def test_examples(self):
        for label, path in example_scenes():
            with self.subTest(example=label):
                result = self.check_scene(label, path)
                if label == "tutorial/manual.yaml":
                    self.check_manual_chapters(result)

    def check_manual_chapters(self, result):
        """examples/tutorial/manual.yaml (docs/reverse.md "Disassembly in the
        scene"): the page's chapters are the assembly's, the turntable's, then
        steps 4 to 2 taken apart under their own labels. By hand: steps at 0,
        0.8, 1.9, 2.6, the turntable over [4, 7]; the disassembly starts at
        T = 7 + 0.5 and mirrors [0.8, 4] about T + 4 = 11.5, each reversed
        chapter spanning its step (to the next chapter's start) backwards."""
        got = [(c["label"], round(c["t"], 9), None if c["end"] is None else round(c["end"], 9))
               for c in result["chapters"]]
        self.assertEqual(got, [
            ("Step 1: the base", 0, 0.6),
            ("Step 2: the bracket", 0.8, 1.1),
            ("Step 3: the top screw", 1.9, 2.2),
            ("Step 4: the side screw", 2.6, 2.9),
            ("Turntable", 4, 7),
            ("Step 5: take out the side screw", 7.5, 8.9),
            ("Step 6: take out the top screw", 8.9, 9.6),
            ("Step 7: lift the bracket off", 9.6, 10.7),
        ])
        self.assertAlmostEqual(result["duration"], 10.7, delta=1e-12)

    def test_every_construct(self):
        path = os.path.join(self.folder, "constructs.yaml")
        with open(path, "w") as stream:
            stream.write(CONSTRUCTS)
        self.check_scene("constructs", path)

    def test_disassemblies(self):
        """`cinc preview --reverse`: the constructs, and the tutorial (models
        to see in the screenshots), played backwards."""
        path = os.path.join(self.folder, "constructs.yaml")
        with open(path, "w") as stream:
            stream.write(CONSTRUCTS)
        self.check_scene("constructs", path, reverse=True)
        tutorial = os.path.join(ROOT, "examples", "tutorial", "tutorial.yaml")
        self.check_scene("tutorial/tutorial.yaml", tutorial, reverse=True)


if __name__ == "__main__":
    unittest.main()
