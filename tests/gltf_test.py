#!/usr/bin/env python3
"""The glTF export, checked by real glTF clients.

    gltf_test.py CINC

For every example scene and for generated scenes with every construct
(attachments and chains, spins about tilted axes, look-at, paths, hidden
intervals and fades, jumps, 300 objects), and for the disassembly
(`--reverse`) of the examples and the constructs:
- `cinc build --format glb --verify` passes, and the Khronos glTF-Validator
  (npm gltf-validator) reports no error and no warning on the GLB and on the
  `.gltf` form;
- three.js in Node (GLTFLoader + AnimationMixer, tests/js/play_gltf.mjs)
  plays every object and camera node within the scene's tolerance (plus
  float32 rounding) of `cinc eval` at 1 kHz: positions, rotations (the angle
  between the quaternions), and scales where the object is visible;
- the keys of each format are counted (printed, for the notes);
- the same for `--for blender` (the Blender profile's LINEAR keys).
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
NODE = shutil.which("node")
JS = os.path.join(ROOT, "tests", "js")
RATE = 1000  # samples per second
# float32 keys: times within ~1e-7 s, values within ~1e-7 of their size.
FLOAT_SLACK_METRES = 2e-6
FLOAT_SLACK_DEGREES = 2e-4

CONSTRUCTS = """cinc: 1
name: constructs
tolerance: {position: 0.0001, rotation: 0.01}
objects:
  body:
    nodes:
      - {id: in, at: 0, duration: 0.4, opacity: 1, ease: ease-out}
      - {id: turn, at: 0.5, duration: 2, rotation: [0, 120, 0], ease: ease_in_out}
      - {id: lift, at: 1.2, duration: 1, position: [0, 0.3, 0], ease: [0.3, -0.4, 0.7, 1.4]}
  screw:
    position: [0.4, 0.5, 0]
    nodes:
      - {id: show, at: 0.2, duration: 0, opacity: 1}
      - {id: park, at: 0.3, duration: 0, attach: {to: body, offset: {position: [0.1, 0.2, 0]}}}
      - {id: drive, at: 0.6, duration: 1.5, attach: {to: body, offset: {position: [0.1, 0, 0]}},
         spin: {axis: [0, 1, 0], turns: 3}}
  washer:
    nodes:
      - {id: show, at: 0.5, duration: 0.3, opacity: 0.5}
      - {id: seat, at: 0.5, duration: 0.6, attach: {to: screw, offset: {position: [0, 0.02, 0]}}}
      - {id: solid, at: 1, duration: 0.2, opacity: 1}
      - {id: hide, at: 3.2, duration: 0, opacity: 0}
  wheel:
    opacity: 1
    nodes:
      - {id: tilt-spin, at: 0, duration: 3, spin: {axis: [1, 1, 0.3], turns: 2}}
      - {id: grow, at: 1, duration: 1, scale: [2, 1, 0.5], ease: ease-in-out}
  flyer:
    opacity: 1
    nodes:
      - {id: fly, at: 0.2, duration: 2.5, position: [1, 0, -1], path: [[0.5, 1, 0], [1, 0.5, 0.5]],
         ease: ease_in_out}
      - {id: jump, at: 3, duration: 0, position: [0, 0, 0], rotation: [10, 20, 30]}
      - {id: steady, at: 3.1, duration: 0.6, rotation: [10, 200, 30]}
  lid:
    opacity: 1
    position: [0, 1, 0]
    nodes:
      - {id: flip, at: 0, duration: 1, rotation: [170, 0, 0]}
      - {id: flop, at: 0.5, duration: 1, rotation: [0, 0, 90], ease: ease}
cameras:
  main:
    position: [2, 1.5, 2]
    fov: 40
    nodes:
      - {id: aim, at: 0, duration: 1.5, look_at: screw, ease: ease_in_out}
      - {id: dolly, at: 2, duration: 1.5, position: [2.5, 1, 0], ease: linear}
  rider:
    nodes:
      - {id: ride, at: 0, duration: 0, attach: {to: wheel, offset: {position: [0, 0, 1]}}}
director:
  nodes:
    - {id: open, at: 0, shot: {camera: main}}
    - {id: end, at: 3.8}
"""


def crowd(count=300):
    """Many objects, short: each shows, moves and turns."""
    lines = ["cinc: 1", "name: crowd", "objects:"]
    for k in range(count):
        x = (k % 20) * 0.1
        z = (k // 20) * 0.1
        lines += [f"  o{k}:", f"    position: [{x:.1f}, 0, {z:.1f}]", "    nodes:",
                  f"      - {{id: show, at: {k % 7 * 0.01:.2f}, duration: 0.1, opacity: 1}}",
                  f"      - {{id: move, duration: 0.3, position: [{x:.1f}, 0.2, {z:.1f}], "
                  f"ease: ease_in_out}}",
                  f"      - {{id: turn, with: move, duration: 0.3, rotation: [0, {k % 90}, 0]}}"]
    return "\n".join(lines) + "\n"


def run(*args, **kwargs):
    result = subprocess.run(list(args), capture_output=True, text=True, timeout=600, **kwargs)
    return result.returncode, result.stdout, result.stderr


def angle_degrees(a, b):
    dot = abs(sum(x * y for x, y in zip(a, b)))
    norm = math.sqrt(sum(x * x for x in a) * sum(y * y for y in b))
    return math.degrees(2 * math.acos(min(1.0, dot / norm))) if norm > 0 else 180.0


def count_keys(gltf_json):
    keys = 0
    for animation in gltf_json.get("animations", []):
        for sampler in animation["samplers"]:
            keys += gltf_json["accessors"][sampler["input"]]["count"]
    return keys


def sequence_keys(path):
    with open(path) as stream:
        sequence = json.load(stream)
    return sum(len(track.get(channel, [])) for track in sequence["tracks"]
               if track["type"] == "transform" for channel in ("position", "rotation", "scale"))


def glb_json(path):
    with open(path, "rb") as stream:
        data = stream.read()
    length = int.from_bytes(data[12:16], "little")
    return json.loads(data[20:20 + length])



def require_browser():
    """Node.js, the npm packages and Debian's Chromium, or a failure that says
    so (the browser tests: tests/preview_test.py, tests/timeline_test.py)."""
    if NODE is None or not os.path.isdir(os.path.join(ROOT, "node_modules", "playwright-core")):
        raise RuntimeError("node and the npm packages are needed (scripts/setup installs them)")
    if not os.path.exists("/usr/bin/chromium"):
        raise RuntimeError("Debian's chromium is needed (scripts/setup installs it)")


def example_scenes():
    """(label, path) of every example scene: examples/FOLDER/NAME.yaml, sorted."""
    examples = os.path.join(ROOT, "examples")
    for folder in sorted(os.listdir(examples)):
        if not os.path.isdir(os.path.join(examples, folder)):
            continue
        for name in sorted(os.listdir(os.path.join(examples, folder))):
            if name.endswith(".yaml"):
                yield f"{folder}/{name}", os.path.join(examples, folder, name)

class GltfExportTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if NODE is None or not os.path.isdir(os.path.join(ROOT, "node_modules", "three")):
            raise RuntimeError("node and the npm packages are needed (scripts/setup installs them)")
        cls.folder = tempfile.mkdtemp(prefix="cinc-gltf-")
        cls.report = []

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.folder, ignore_errors=True)
        print("\nkeys and worst errors (glTF vs three.js at 1 kHz):", file=sys.stderr)
        for line in cls.report:
            print("  " + line, file=sys.stderr)

    def scene_file(self, name, text):
        path = os.path.join(self.folder, name + ".yaml")
        with open(path, "w") as stream:
            stream.write(text)
        return path

    def check_scene(self, label, scene, tolerance=(1e-4, 0.01), reverse=False, blender=False):
        suffix = ("-reversed" if reverse else "") + ("-for-blender" if blender else "")
        glb = os.path.join(self.folder, label.replace("/", "_") + suffix + ".glb")
        gltf = glb[:-4] + ".gltf"
        sequence = glb[:-4] + ".sequence.json"
        # The disassembly: built and evaluated with --reverse alike.
        common = ["--allow-outside", ROOT] + (["--reverse"] if reverse else [])
        profile = ["--for", "blender"] if blender else []
        status, out, err = run(CINC, "build", scene, "-o", glb, "--verify", *profile, *common)
        self.assertEqual(status, 0, f"{label}: {err}\n{out}")
        status, _, err = run(CINC, "build", scene, "-o", gltf, *profile, *common)
        self.assertEqual(status, 0, err)
        status, _, err = run(CINC, "build", scene, "-o", sequence, *common)
        self.assertEqual(status, 0, err)
        status, out, err = run(NODE, os.path.join(JS, "validate_gltf.mjs"), glb, gltf)
        self.assertEqual(status, 0, f"{label}: the validator:\n{out}{err}")

        status, out, err = run(CINC, "eval", scene, "--time", "0", "--every", "0.001", *common)
        self.assertEqual(status, 0, err)
        states = json.loads(out)
        times_file = glb[:-4] + ".times.json"
        with open(times_file, "w") as stream:
            json.dump({"times": [state["time"] for state in states]}, stream)
        status, out, err = run(NODE, os.path.join(JS, "play_gltf.mjs"), glb, times_file)
        self.assertEqual(status, 0, err)
        played = json.loads(out)["nodes"]

        position_tolerance = tolerance[0] + FLOAT_SLACK_METRES
        rotation_tolerance = tolerance[1] + FLOAT_SLACK_DEGREES
        worst_position = worst_rotation = 0.0
        for kind in ("objects", "cameras"):
            for name in states[0][kind]:
                self.assertIn(name, played, f"{label}: no node '{name}' in three.js's scene")
                node = played[name]
                for index, state in enumerate(states):
                    exact = state[kind][name]
                    t = state["time"]
                    distance = math.dist(exact["position"], node["position"][index])
                    worst_position = max(worst_position, distance)
                    self.assertLessEqual(distance, position_tolerance,
                                         f"{label}: {name} position at {t} s")
                    # A hidden object is scaled to 0: its world rotation, decomposed
                    # from a zero matrix, means nothing.
                    visible = kind == "cameras" or exact["opacity"] > 0
                    if not visible:
                        continue
                    turn = angle_degrees(exact["quaternion"], node["quaternion"][index])
                    worst_rotation = max(worst_rotation, turn)
                    self.assertLessEqual(turn, rotation_tolerance,
                                         f"{label}: {name} rotation at {t} s")
                    if kind == "objects":
                        for a, b in zip(exact["scale"], node["scale"][index]):
                            self.assertAlmostEqual(a, b, delta=position_tolerance,
                                                   msg=f"{label}: {name} scale at {t} s")
        self.report.append(
            f"{label}{' reversed' if reverse else ''}{' --for blender' if blender else ''}: glTF {count_keys(glb_json(glb))} keys, sequence {sequence_keys(sequence)} "
            f"keys; worst {worst_position:.2e} m, {worst_rotation:.2e} degrees over "
            f"{len(states)} samples")

    def test_examples(self):
        for label, path in example_scenes():
            with self.subTest(example=label):
                self.check_scene(label, path)

    def test_every_construct(self):
        self.check_scene("constructs", self.scene_file("constructs", CONSTRUCTS))

    def test_disassemblies(self):
        """Every example and the constructs played backwards (--reverse):
        three.js against `cinc eval --reverse`."""
        scenes = list(example_scenes()) + [("constructs", self.scene_file("constructs", CONSTRUCTS))]
        for label, path in scenes:
            with self.subTest(example=label):
                self.check_scene(label, path, reverse=True)

    def test_blender_profile(self):
        """`--for blender` (LINEAR keys only): verified, valid, and played by
        three.js within the tolerance too, forwards and (the constructs)
        backwards."""
        constructs = self.scene_file("constructs", CONSTRUCTS)
        for label, path in list(example_scenes()) + [("constructs", constructs)]:
            with self.subTest(example=label):
                self.check_scene(label, path, blender=True)
        self.check_scene("constructs", constructs, reverse=True, blender=True)

    def test_models_read_through_assimp_keep_their_meshes_and_colours(self):
        # An OBJ cube with a diffuse colour, written by hand: 8 vertices, 6 quads.
        corners = [(x, y, z) for x in (0, 0.1) for y in (0, 0.1) for z in (0, 0.1)]
        faces = [(1, 3, 4, 2), (5, 6, 8, 7), (1, 2, 6, 5), (3, 7, 8, 4), (1, 5, 7, 3), (2, 4, 8, 6)]
        with open(os.path.join(self.folder, "cube.obj"), "w") as stream:
            stream.write("mtllib cube.mtl\no cube\n")
            stream.writelines(f"v {x} {y} {z}\n" for x, y, z in corners)
            stream.write("usemtl orange\n")
            stream.writelines("f " + " ".join(map(str, face)) + "\n" for face in faces)
        with open(os.path.join(self.folder, "cube.mtl"), "w") as stream:
            stream.write("newmtl orange\nKd 0.8 0.4 0.1\n")
        scene = self.scene_file("obj", "cinc: 1\nmodels:\n  cube: {source: cube.obj}\nobjects:\n"
                                       "  a:\n    model: cube\n    nodes:\n"
                                       "      - {at: 0, duration: 1, opacity: 1, position: [1, 0, 0]}\n"
                                       "  b:\n    model: cube\n    opacity: 1\n")
        self.check_scene("obj", scene)
        document = glb_json(os.path.join(self.folder, "obj.glb"))
        self.assertEqual(len(document["meshes"]), 1, "two objects of one model share its mesh")
        primitive = document["meshes"][0]["primitives"][0]
        self.assertEqual(document["accessors"][primitive["indices"]]["count"], 36)  # 12 triangles
        self.assertIn("NORMAL", primitive["attributes"])
        colour = document["materials"][primitive["material"]]["pbrMetallicRoughness"]
        self.assertEqual([round(c, 6) for c in colour["baseColorFactor"]], [0.8, 0.4, 0.1, 1])
        position = document["accessors"][primitive["attributes"]["POSITION"]]
        self.assertEqual([round(v, 6) for v in position["min"] + position["max"]],
                         [0, 0, 0, 0.1, 0.1, 0.1])

    def test_300_objects(self):
        self.check_scene("crowd", self.scene_file("crowd", crowd()))


if __name__ == "__main__":
    unittest.main()
