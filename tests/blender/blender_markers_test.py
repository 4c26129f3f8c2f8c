#!/usr/bin/env python3
"""Marker poses through the real Blender, compared with Blender's own.

    blender_markers_test.py --dump BUILD/importers/cinc_markers_dump

make_models.py builds .blend files with empties in awkward places and writes
Blender's matrix_world of each (in +Y up) as the expectation; this test
imports the .blend (through cinc's Blender conversion and its cache), the GLB
written by importers/blender/cinc_export.py, the add-on's GLB and Blender's
own glTF and FBX exports, and compares every marker with Blender's to 1e-5.
Fails when no Blender is installed (scripts/setup installs it).
"""

import argparse
import ast
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXPORT_SCRIPT = os.path.join(ROOT, "importers", "blender", "cinc_export.py")
ADDON = os.path.join(ROOT, "importers", "blender", "cinc_addon.py")
MAKE_MODELS = os.path.join(ROOT, "tests", "blender", "make_models.py")
TOLERANCE = 1e-5

DUMP = None
CINC = None  # --cinc: the cinc executable (the add-on's import runs it)
BLENDER = os.environ.get("CINC_BLENDER") or shutil.which("blender")
# Debian's Blender embeds the system Python but takes its prefix from the
# first `python3` on PATH; a virtualenv or pyenv running this test would give
# it a Python without numpy. Blender's own folder first keeps it at home.
ENVIRONMENT = dict(os.environ)
if BLENDER is not None:
    ENVIRONMENT["PATH"] = os.path.dirname(os.path.realpath(BLENDER)) + os.pathsep + os.environ["PATH"]


def run_blender(*arguments):
    return subprocess.run([BLENDER, "-b", "--factory-startup", *arguments],
                          capture_output=True, text=True, timeout=300, env=ENVIRONMENT)


def export_options(path):
    """The EXPORT_OPTIONS dict literal of a script, read without running it."""
    with open(path) as source:
        tree = ast.parse(source.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "EXPORT_OPTIONS":
            return ast.literal_eval(node.value)
    raise AssertionError(f"no EXPORT_OPTIONS in {path}")


def function_source(path, name):
    """The source of a script's top-level function `name`, read without running it."""
    with open(path) as source:
        text = source.read()
    for node in ast.parse(text).body:
        if isinstance(node, ast.FunctionDef) and node.name == name:
            return ast.get_source_segment(text, node)
    raise AssertionError(f"no {name} in {path}")


class ExportOptionsTest(unittest.TestCase):
    def test_addon_and_script_export_alike(self):
        self.assertEqual(export_options(EXPORT_SCRIPT), export_options(ADDON))
        self.assertEqual(function_source(EXPORT_SCRIPT, "mark_blender_objects"),
                         function_source(ADDON, "mark_blender_objects"))


class BlenderMarkersTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if BLENDER is None:
            raise AssertionError("Blender is not installed: scripts/setup installs it "
                                 "(apt-get install blender python3-numpy)")
        cls.folder = tempfile.mkdtemp(prefix="cinc_blender_test_")
        result = run_blender("--python-exit-code", "1", "--python", MAKE_MODELS, "--",
                             "--out", cls.folder)
        if result.returncode != 0:
            raise AssertionError("make_models.py failed:\n" + result.stdout + result.stderr)
        cls.expectations = {}
        for model in ("awkward", "kinds"):
            with open(os.path.join(cls.folder, model + ".expected.json")) as expected:
                cls.expectations[model] = json.load(expected)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.folder, ignore_errors=True)

    def path(self, name):
        return os.path.join(self.folder, name)

    def dump(self, name, environment=None):
        """(exit status, parsed stdout or None, parsed stderr or None)"""
        # The caller's own environment: cinc must cope with a virtualenv's PATH.
        env = dict(os.environ, **(environment or {}))
        result = subprocess.run([DUMP, "--cache", self.path("cache"), self.path(name)],
                                capture_output=True, text=True, env=env, timeout=300)
        output = json.loads(result.stdout) if result.stdout.strip() else None
        errors = json.loads(result.stderr) if result.stderr.strip() else None
        return result.returncode, output, errors

    def assert_close(self, actual, expected, what):
        self.assertEqual(len(actual), len(expected), what)
        for a, e in zip(actual, expected):
            self.assertAlmostEqual(a, e, delta=TOLERANCE, msg=f"{what}: {actual} vs {expected}")

    def assert_same_rotation(self, actual, expected, what):
        # q and -q are one rotation.
        flipped = [-x for x in expected]
        distance = min(max(abs(a - e) for a, e in zip(actual, expected)),
                       max(abs(a - e) for a, e in zip(actual, flipped)))
        self.assertLess(distance, TOLERANCE, f"{what}: {actual} vs {expected}")

    def assert_matches_blender(self, name, unchecked=(), left_out=()):
        """The markers of the file `name` are Blender's empties of its model
        (awkward.*: awkward.expected.json, kinds.*: kinds.expected.json), to
        1e-5, and nothing else is a marker. `unchecked`: markers whose pose is
        not compared; `left_out`: names not compared at all."""
        status, model, errors = self.dump(name)
        self.assertEqual(status, 0, errors)
        expectation = self.expectations["kinds" if name.startswith("kinds") else "awkward"]
        markers = {marker["name"]: marker for marker in model["markers"]
                   if marker["name"] not in left_out}
        expected = {marker["name"]: marker for marker in expectation["markers"]
                    if marker["name"] not in left_out}
        self.assertEqual(sorted(markers), sorted(expected), name)
        for marker_name, marker in expected.items():
            if marker_name in unchecked:
                continue
            what = f"{name}: {marker_name}"
            self.assert_close(markers[marker_name]["position"], marker["position"], what)
            self.assert_same_rotation(markers[marker_name]["quaternion"], marker["quaternion"],
                                      what)
        self.assertEqual(model["lods"], expectation["lods"])
        return model

    def test_blend_file_through_cinc_and_its_cache(self):
        self.assert_matches_blender("awkward.blend")
        cached = [f for f in os.listdir(self.path("cache")) if f.endswith(".glb")]
        self.assertEqual(len(cached), 1)
        # A second import must not run Blender: a Blender that cannot run proves it.
        status, _, errors = self.dump("awkward.blend", {"CINC_BLENDER": "/nonexistent/blender"})
        self.assertEqual(status, 0, errors)

    def test_glb_from_the_export_script(self):
        result = run_blender("--disable-autoexec", self.path("awkward.blend"),
                             "--python-exit-code", "1", "--python", EXPORT_SCRIPT, "--",
                             "--out", self.path("script.glb"))
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assert_matches_blender("script.glb")

    def test_gltf_from_blenders_exporter(self):
        self.assert_matches_blender("awkward.gltf")

    def test_fbx_gives_the_same_frames_as_gltf(self):
        # Blender's FBX exporter keeps each object's Z-up frame; cinc turns it
        # as the glTF exporter does. A child of a camera is misplaced: the FBX
        # exporter turns camera frames to FBX's (looking along +X) and does
        # not undo that for their children (docs/importers.md, known limits).
        self.assert_matches_blender("awkward.fbx", unchecked=("on_camera",))

    def test_collada_gives_the_same_frames_as_gltf(self):
        # Blender's COLLADA exporter writes no custom properties: without its
        # flag, `flagged_parent` has a child and `flagged_out` is a leaf.
        self.assert_matches_blender("awkward.dae", left_out=("flagged_parent", "flagged_out"))

    def test_only_empties_are_markers_of_a_blend_file(self):
        # A mesh without faces, a geometry-nodes object that makes points and
        # an area light leave bare nodes in the GLB; cinc's export script
        # marks them. A leaf bone is no marker either.
        self.assert_matches_blender("kinds.blend")

    def test_fbx_and_collada_of_the_same_objects_agree(self):
        # FBX: only Nulls can be markers, and its leaf bone `lower_end` sits
        # under a joint; COLLADA: the unweighted leaf bone `lower` is under one.
        self.assert_matches_blender("kinds.fbx")
        self.assert_matches_blender("kinds.dae")

    def test_unit_scale_is_refused(self):
        status, _, errors = self.dump("unit_scale.blend")
        self.assertEqual(status, 1)
        self.assertEqual(errors[0]["code"], "E_MODEL_LOAD")
        self.assertIn("unit scale 0.01", errors[0]["message"])
        result = run_blender("--disable-autoexec", self.path("unit_scale.blend"),
                             "--python-exit-code", "1", "--python", EXPORT_SCRIPT, "--",
                             "--out", self.path("unit_scale.glb"))
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("cinc_export: error: scene 'Scene' has unit scale 0.01", result.stderr)
        self.assertFalse(os.path.exists(self.path("unit_scale.glb")))

    def test_a_newer_blenders_file_says_so(self):
        installed = run_blender("--version").stdout.splitlines()[0].split()[1]  # "3.4.1"
        with open(self.path("awkward.blend"), "rb") as blend:
            content = blend.read()
        self.assertTrue(content.startswith(b"BLENDER-v"), content[:12])
        # Blender 3.4 opens the first (its reader looks at the version only to
        # upgrade old files) and cannot open the second (a Blender 5 header).
        for header, made_by in ((b"BLENDER-v402", "4.2"), (b"BLENDER17-01v0500", "5.0")):
            with open(self.path("newer.blend"), "wb") as blend:
                blend.write(header + content[12:])
            status, _, errors = self.dump("newer.blend")
            self.assertEqual(status, 1)
            self.assertEqual([e["code"] for e in errors], ["E_MODEL_LOAD"])
            self.assertEqual(
                errors[0]["message"],
                f"cannot read {self.path('newer.blend')}: it was made by Blender {made_by}; "
                f"the installed Blender is {installed}, which cannot read files of newer "
                f"Blenders: export a GLB from Blender {made_by} (File > Export > glTF 2.0) and "
                f"name it in `source:`, or set CINC_BLENDER to Blender {made_by} or newer")

    def test_no_blender_says_how_to_install_it(self):
        shutil.copy(self.path("awkward.blend"), self.path("fresh.blend"))
        with open(self.path("fresh.blend"), "ab") as blend:
            blend.write(b"\0")  # new content: not in the cache
        status, _, errors = self.dump("fresh.blend", {"CINC_BLENDER": "/nonexistent/blender"})
        self.assertEqual(status, 1)
        self.assertEqual(errors[0]["code"], "E_MODEL_LOAD")
        self.assertIn("apt-get install blender python3-numpy", errors[0]["message"])

    def test_addon_exports_on_save_and_runs_cinc_build(self):
        fake_cinc = self.path("fake_cinc.sh")
        with open(fake_cinc, "w") as script:
            script.write(f'#!/bin/sh\necho "$@" > "{self.path("cinc_build_args.txt")}"\n')
        os.chmod(fake_cinc, 0o755)
        setup = "; ".join([
            "import sys, addon_utils, bpy",
            f"sys.path.insert(0, {os.path.dirname(ADDON)!r})",
            "addon_utils.enable('cinc_addon', default_set=True)",
            "prefs = bpy.context.preferences.addons['cinc_addon'].preferences",
            f"prefs.cinc_executable = {fake_cinc!r}",
            f"prefs.scene_path = {self.path('scene.yaml')!r}",
            f"bpy.ops.wm.save_as_mainfile(filepath={self.path('saved.blend')!r})",
        ])
        result = run_blender(self.path("awkward.blend"), "--python-exit-code", "1",
                             "--python-expr", setup)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assert_matches_blender("saved.glb")
        for _ in range(100):  # the build runs in the background
            if os.path.exists(self.path("cinc_build_args.txt")):
                break
            subprocess.run(["sleep", "0.05"])
        with open(self.path("cinc_build_args.txt")) as arguments:
            self.assertEqual(arguments.read().strip(), "build " + self.path("scene.yaml"))

    def test_addon_imports_a_cinc_animation_for_blender(self):
        # File > Import > cinc animation: `cinc build --for blender`, then
        # Blender's own glTF importer. screw1 of the Blender assembly at 2 s
        # (frame 48 at 24 fps) is where `cinc eval` puts it, in Blender's
        # Z-up (x, -z, y), within the scene's tolerance plus float32.
        scene = os.path.join(ROOT, "examples", "blender_assembly", "assembly.yaml")
        out = self.path("imported.json")
        setup = "; ".join([
            "import sys, json, addon_utils, bpy",
            f"sys.path.insert(0, {os.path.dirname(ADDON)!r})",
            "addon_utils.enable('cinc_addon', default_set=True)",
            "prefs = bpy.context.preferences.addons['cinc_addon'].preferences",
            f"prefs.cinc_executable = {CINC!r}",
            "bpy.context.scene.render.fps = 24",
            f"result = bpy.ops.import_scene.cinc_animation(filepath={scene!r})",
            "s = bpy.context.scene",
            "s.frame_set(48)",
            "keys = {k.interpolation for a in bpy.data.actions for c in a.fcurves"
            " for k in c.keyframe_points}",
            "json.dump({'result': sorted(result), 'range': [s.frame_start, s.frame_end],"
            " 'screw1': list(bpy.data.objects['screw1'].matrix_world.translation),"
            f" 'interpolations': sorted(keys)}}, open({out!r}, 'w'))",
        ])
        result = run_blender("--python-exit-code", "1", "--python-expr", setup)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        with open(out) as stream:
            imported = json.load(stream)
        self.assertEqual(imported["result"], ["FINISHED"])
        self.assertEqual(imported["interpolations"], ["CONSTANT", "LINEAR"])  # no Bezier
        status = subprocess.run([CINC, "eval", scene, "--time", "2"], capture_output=True,
                                text=True, timeout=300)
        self.assertEqual(status.returncode, 0, status.stderr)
        x, y, z = json.loads(status.stdout)["objects"]["screw1"]["position"]
        for got, want in zip(imported["screw1"], (x, -z, y)):
            self.assertAlmostEqual(got, want, delta=1e-4 + 2e-6)
        # The frame range is the animation's: 10.5 s at 24 fps.
        self.assertEqual(imported["range"], [0, 252])


def main():
    global DUMP, CINC
    parser = argparse.ArgumentParser()
    parser.add_argument("--dump", required=True, help="the cinc_markers_dump executable")
    parser.add_argument("--cinc", required=True, help="the cinc executable")
    options, rest = parser.parse_known_args()
    DUMP = os.path.abspath(options.dump)
    CINC = os.path.abspath(options.cinc)
    program = unittest.main(argv=[sys.argv[0], *rest], exit=False, verbosity=2)
    if not program.result.wasSuccessful():
        sys.exit(1)


if __name__ == "__main__":
    main()
