#!/usr/bin/env python3
"""The glTF export opened in the real Blender (3.4's own glTF importer).

    gltf_import_test.py CINC

For every example scene (examples/*/*.yaml) and the CONSTRUCTS scene of
tests/gltf_test.py: `cinc build --format glb`, then Blender imports the GLB
with bpy.ops.import_scene.gltf (headless, factory settings, an empty scene
at 24 fps) and plays it at 1 kHz (`scene.frame_set(frame, subframe=...)`,
frame = seconds * 24, the importer's own mapping). Every object's and
camera's `matrix_world` is compared with `cinc eval` converted to Blender's
Z-up the way the importer converts: a point (x, y, z) -> (x, -z, y), a
rotation q -> C q C^-1 with C the turn of +90 degrees about X, a scale
(sx, sy, sz) -> (sx, sz, sy); a camera's rotation also gets the importer's
camera correction on its right, q C (Blender cameras look along their
-Z, glTF's along -Z too, but the axes were turned). Where an object is
hidden (opacity 0) it is scaled to 0, so only its location is compared.

Two playbacks of one import:

- stock: as the importer leaves it. Blender does not play the GLB as glTF
  does, for two reasons documented in docs/gltf.md ("Blender"):
  * CUBICSPLINE samplers: the importer keeps the key values only and drops
    the tangents (`values[1::3]`, "TODO manage tangent?"), making Bezier
    keys whose handles Blender computes itself (auto-clamped), so between
    keys the curve is Blender's guess, not the glTF curve;
  * LINEAR rotations: each quaternion component is its own linear f-curve,
    so Blender plays a normalised lerp (nlerp) where glTF means a slerp;
    cinc writes steady spins as slerp keys up to 120 degrees apart.
  STEP (CONSTANT) and LINEAR translations and scales play exactly.
  The assertion per construct: STEP, LINEAR translation, a channel that is
  not animated: the scene's tolerance; LINEAR rotation: the tolerance plus
  the nlerp-vs-slerp gap at that instant, in closed form from the two keys
  around it; CUBICSPLINE: STOCK_CUBIC_* below (measured, with a margin), and
  the tolerance at the keys themselves (a Bezier f-curve goes through them).
- tangents: the same import with each CUBICSPLINE f-curve's handles set
  from the GLB's own tangents (free handles a third of the way to the next
  key, so Blender's Bezier is exactly glTF's cubic Hermite). This is
  Blender's own evaluator, and it must play within the scene's tolerance
  (LINEAR rotations: plus the nlerp gap): the stock errors are the
  importer's, not the export's. It is what fails first when the export is
  broken (a missing node, a wrong axis, an object centimetres off).

Also checked: every root node comes in as an object named after it (the
scene's objects as empties, its cameras as cameras), with one action each
(the animation's name + "_" + the object's) whose keys are the GLB's keys,
converted as above, at seconds * 24; the importer prints no warning.
Prints, per scene, the worst errors per construct (for docs/gltf.md).

Needs Blender (scripts/setup installs it): without it the test fails, it
does not skip. The same file is the script Blender runs
(`blender -b --factory-startup --python THIS -- GLB TIMES OUT`).
"""

import ast
import json
import math
import os
import shutil
import struct
import subprocess
import sys
import tempfile

try:
    import bpy  # inside Blender
except ImportError:
    bpy = None

FPS = 24  # Blender's default; the importer maps seconds to frames with scene.render.fps
RATE = 1000  # samples per second
DEFAULT_TOLERANCE = (1e-4, 0.01)  # metres, degrees: the scene format's defaults
# float32 everywhere in Blender (keys, f-curve evaluation, the frame number,
# matrix_world): within ~1e-7 of the size of a value, ~3e-7 s in time.
FLOAT_SLACK_METRES = 2e-6
FLOAT_SLACK_DEGREES = 2e-4
# CUBICSPLINE samplers as the stock importer leaves them (tangents dropped,
# Blender's auto-clamped handles): the worst measured on the examples and the
# CONSTRUCTS scene is 0.66 mm and 0.30 degrees (see docs/gltf.md); the
# bounds leave room for scenes like them, and stay below what a broken
# export would show (that is the tangents playback's and the keys' job).
STOCK_CUBIC_METRES = 2e-3
STOCK_CUBIC_DEGREES = 1.0
# Evaluating within this many frames of a key, Blender's f-curve search
# takes the key itself (fcurve.c, BKE_fcurve_bezt_binarysearch_index_ex).
BLENDER_KEY_THRESHOLD_FRAMES = 1e-4


# --- The GLB, read without numpy (both sides use it) -------------------------

def read_glb(path):
    with open(path, "rb") as stream:
        data = stream.read()
    magic, _, _ = struct.unpack_from("<III", data, 0)
    if magic != 0x46546C67:
        raise ValueError(f"{path} is not a GLB")
    json_length, _ = struct.unpack_from("<II", data, 12)
    document = json.loads(data[20:20 + json_length])
    offset = 20 + json_length
    binary = b""
    if offset + 8 <= len(data):
        binary_length, _ = struct.unpack_from("<II", data, offset)
        binary = data[offset + 8:offset + 8 + binary_length]
    return document, binary


def read_accessor(document, binary, index):
    accessor = document["accessors"][index]
    if accessor["componentType"] != 5126:
        raise ValueError(f"accessor {index} is not float32")
    width = {"SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4}[accessor["type"]]
    view = document["bufferViews"][accessor["bufferView"]]
    stride = view.get("byteStride", 4 * width)
    base = view.get("byteOffset", 0) + accessor.get("byteOffset", 0)
    return [struct.unpack_from(f"<{width}f", binary, base + k * stride)
            for k in range(accessor["count"])]


def glb_channels(path):
    """{node name: {path: {"interpolation", "times", "values" (per key),
    "in", "out" (CUBICSPLINE tangents, per key)}}} of the first animation,
    and {node name: "camera" | "object"} of the scene's root nodes."""
    document, binary = read_glb(path)
    nodes = document["nodes"]
    scene = document["scenes"][document.get("scene", 0)]
    roots = {nodes[i]["name"]: ("camera" if "camera" in nodes[i] else "object")
             for i in scene["nodes"]}
    channels = {}
    animations = document.get("animations", [])
    for channel in (animations[0]["channels"] if animations else []):
        sampler = animations[0]["samplers"][channel["sampler"]]
        times = [t[0] for t in read_accessor(document, binary, sampler["input"])]
        output = read_accessor(document, binary, sampler["output"])
        entry = {"interpolation": sampler.get("interpolation", "LINEAR"), "times": times}
        if entry["interpolation"] == "CUBICSPLINE":
            entry["in"], entry["values"], entry["out"] = output[0::3], output[1::3], output[2::3]
        else:
            entry["values"] = output
        name = nodes[channel["target"]["node"]]["name"]
        channels.setdefault(name, {})[channel["target"]["path"]] = entry
    return channels, roots, document


# --- glTF (+Y up) to Blender (+Z up), as io_scene_gltf2 converts --------------
# blender/imp/gltf2_blender_gltf.py (set_convert_functions) and
# gltf2_blender_vnode.py (correct_cameras_and_lights): Blender quaternions
# are (w, x, y, z).

S2 = math.sqrt(0.5)
CAMERA_CORRECTION = (S2, S2, 0.0, 0.0)  # w, x, y, z: +90 degrees about X


def q_mul(a, b):  # (w, x, y, z)
    aw, ax, ay, az = a
    bw, bx, by, bz = b
    return (aw * bw - ax * bx - ay * by - az * bz,
            aw * bx + ax * bw + ay * bz - az * by,
            aw * by - ax * bz + ay * bw + az * bx,
            aw * bz + ax * by - ay * bx + az * bw)


def location_to_blender(v):
    return (v[0], -v[2], v[1])


def quaternion_to_blender(q, camera):
    """A glTF [x, y, z, w] as the importer's Blender (w, x, y, z); linear in q,
    so tangents convert alike."""
    converted = (q[3], q[0], -q[2], q[1])
    return q_mul(converted, CAMERA_CORRECTION) if camera else converted


def scale_to_blender(s, camera):
    converted = (s[0], s[2], s[1])
    # a camera's correction swaps Y and Z back (scale_rot_swap_matrix)
    return (converted[0], converted[2], converted[1]) if camera else converted


def to_blender(path, value, camera):
    if path == "translation":
        return location_to_blender(value)
    if path == "rotation":
        return quaternion_to_blender(value, camera)
    return scale_to_blender(value, camera)


BLENDER_PATHS = {"translation": "location", "rotation": "rotation_quaternion", "scale": "scale"}


# --- Inside Blender ------------------------------------------------------------

def numpy_bool_alias():
    """Blender 3.4's importer makes mesh flags with `np.bool`
    (gltf2_blender_mesh.py, set_poly_smoothing), an alias NumPy 1.24 removed:
    with Debian 12's python3-numpy every GLB with a mesh fails to import
    (KhronosGroup/glTF-Blender-IO#1844, fixed in Blender 3.5, not in 3.4).
    Restores the alias (NumPy's own `bool`) when it is missing; True if it was."""
    import numpy
    if "bool" in vars(numpy):
        return False
    numpy.bool = bool
    return True


def blender_main(arguments):
    glb, times_file, out_file = arguments
    restored_alias = numpy_bool_alias()
    bpy.ops.wm.read_factory_settings(use_empty=True)
    scene = bpy.context.scene
    scene.render.fps = FPS
    scene.render.fps_base = 1.0
    result = bpy.ops.import_scene.gltf(filepath=glb)
    if result != {"FINISHED"}:
        raise RuntimeError(f"the import returned {result}")
    scene = bpy.context.scene
    channels, roots, document = glb_channels(glb)
    with open(times_file) as stream:
        times = json.load(stream)["times"]

    report = {"numpy_bool_alias_restored": restored_alias, "numpy": __import__("numpy").__version__,
              "blender": bpy.app.version_string, "fps": scene.render.fps, "frame_range": [scene.frame_start, scene.frame_end],
              "objects": {}, "missing": [], "key_mismatch": 0.0, "actions": {}}
    objects = {}
    for name, kind in roots.items():
        obj = bpy.data.objects.get(name)
        if obj is None or obj.parent is not None:
            report["missing"].append(name)
            continue
        objects[name] = obj
        animation = obj.animation_data
        info = {"type": obj.type, "rotation_mode": obj.rotation_mode,
                "action": animation.action.name if animation and animation.action else None,
                "nla_tracks": [[t.name, t.mute, [[s.name, s.frame_start, s.frame_end]
                                                 for s in t.strips]]
                               for t in animation.nla_tracks] if animation else [],
                "fcurves": {}}
        if animation and animation.action:
            for fcurve in animation.action.fcurves:
                keys = fcurve.keyframe_points
                info["fcurves"][f"{fcurve.data_path}[{fcurve.array_index}]"] = {
                    "keys": len(keys),
                    "interpolation": sorted({k.interpolation for k in keys}),
                    "handles": sorted({k.handle_left_type for k in keys}
                                      | {k.handle_right_type for k in keys}),
                    "extrapolation": fcurve.extrapolation}
        report["objects"][name] = info

    # The keys Blender holds are the GLB's, converted, at seconds * fps.
    fcurves = {}
    for name, obj in objects.items():
        action = obj.animation_data.action if obj.animation_data else None
        for path, channel in channels.get(name, {}).items():
            camera = roots[name] == "camera"
            values = [to_blender(path, v, camera) for v in channel["values"]]
            for index in range(len(values[0])):
                fcurve = action.fcurves.find(BLENDER_PATHS[path], index=index) if action else None
                if fcurve is None or len(fcurve.keyframe_points) != len(values):
                    report["missing"].append(f"{name}.{BLENDER_PATHS[path]}[{index}] keys")
                    continue
                fcurves[(name, path, index)] = fcurve
                for key, t, value in zip(fcurve.keyframe_points, channel["times"], values):
                    report["key_mismatch"] = max(report["key_mismatch"],
                                                 abs(key.co[0] - t * FPS) / FPS,
                                                 abs(key.co[1] - value[index]))

    def sample():
        poses = {name: [] for name in objects}
        for t in times:
            frame = t * FPS
            whole = math.floor(frame)
            scene.frame_set(whole, subframe=frame - whole)
            for name, obj in objects.items():
                location, rotation, scale = obj.matrix_world.decompose()
                poses[name].append([list(location), list(rotation), list(scale)])
        return poses

    stock = sample()

    # The GLB's tangents as free handles a third of the way to each
    # neighbouring key: Blender's Bezier is then glTF's cubic Hermite.
    free = bpy.types.Keyframe.bl_rna.properties["handle_left_type"].enum_items["FREE"].identifier
    restored = 0
    for (name, path, index), fcurve in fcurves.items():
        channel = channels[name][path]
        if channel["interpolation"] != "CUBICSPLINE":
            continue
        camera = roots[name] == "camera"
        keys = fcurve.keyframe_points
        frames = [t * FPS for t in channel["times"]]
        for k, key in enumerate(keys):
            value = to_blender(path, channel["values"][k], camera)[index]
            # the importer flips a quaternion to the nearer hemisphere: follow it
            sign = -1.0 if path == "rotation" and key.co[1] * value < 0 else 1.0
            slope_in = sign * to_blender(path, channel["in"][k], camera)[index] / FPS
            slope_out = sign * to_blender(path, channel["out"][k], camera)[index] / FPS
            key.handle_left_type = free
            key.handle_right_type = free
            before = (frames[k] - frames[k - 1]) / 3 if k > 0 else 1.0
            after = (frames[k + 1] - frames[k]) / 3 if k + 1 < len(frames) else 1.0
            x, y = key.co
            key.handle_left = (x - before, y - slope_in * before)
            key.handle_right = (x + after, y + slope_out * after)
        restored += 1
    report["restored_fcurves"] = restored
    tangents = sample()

    with open(out_file, "w") as stream:
        json.dump({"report": report, "stock": stock, "tangents": tangents}, stream)


# --- The test, outside Blender ---------------------------------------------------

if bpy is None:
    import unittest

    import yaml

    ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    CINC = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.join(ROOT, "build",
                                                                                "cinc")
    del sys.argv[1:]
    BLENDER = os.environ.get("CINC_BLENDER") or shutil.which("blender")
    # Debian's Blender takes its Python prefix from the first python3 on PATH.
    ENVIRONMENT = dict(os.environ)
    if BLENDER is not None:
        ENVIRONMENT["PATH"] = (os.path.dirname(os.path.realpath(BLENDER)) + os.pathsep
                               + os.environ.get("PATH", ""))


def constructs_scene():
    """The CONSTRUCTS scene of tests/gltf_test.py, read without running it."""
    with open(os.path.join(ROOT, "tests", "gltf_test.py")) as source:
        tree = ast.parse(source.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "CONSTRUCTS":
            return ast.literal_eval(node.value)
    raise AssertionError("no CONSTRUCTS in tests/gltf_test.py")


def run(*arguments, timeout=600):
    result = subprocess.run(list(arguments), capture_output=True, text=True, timeout=timeout,
                            env=ENVIRONMENT)
    return result.returncode, result.stdout, result.stderr


def angle_degrees(a, b):
    """The angle between two rotations, (w, x, y, z) (q and -q are one)."""
    w, x, y, z = q_mul((a[0], -a[1], -a[2], -a[3]), b)
    return math.degrees(2 * math.atan2(math.sqrt(x * x + y * y + z * z), abs(w)))


def nlerp_gap_degrees(q0, q1, u):
    """How far Blender's normalised lerp of two unit quaternions is from
    their slerp at u (both turn about one axis; only the speed differs)."""
    dot = abs(sum(a * b for a, b in zip(q0, q1)))
    half = math.acos(min(1.0, dot))  # half the turn between the keys
    played = math.atan2(u * math.sin(half), (1 - u) + u * math.cos(half))
    return math.degrees(2 * abs(played - u * half))


def segment(times, t):
    """The index k of the key interval [times[k], times[k+1]) holding t, or
    None before the first key or from the last on."""
    if t < times[0] or t >= times[-1]:
        return None
    lo, hi = 0, len(times) - 1
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if times[mid] <= t:
            lo = mid
        else:
            hi = mid
    return lo


def expected_pose(kind, state):
    """cinc's exact state in Blender's space: location, (w, x, y, z), scale."""
    x, y, z, w = state["quaternion"]
    camera = kind == "cameras"
    return (location_to_blender(state["position"]),
            quaternion_to_blender((x, y, z, w), camera),
            scale_to_blender(state.get("scale", (1, 1, 1)), camera))


if bpy is None:
    class GltfBlenderImportTest(unittest.TestCase):
        @classmethod
        def setUpClass(cls):
            if BLENDER is None:
                raise AssertionError("Blender is not installed: scripts/setup installs it "
                                     "(apt-get install blender python3-numpy)")
            cls.folder = tempfile.mkdtemp(prefix="cinc-gltf-blender-")
            cls.report = []

        @classmethod
        def tearDownClass(cls):
            shutil.rmtree(cls.folder, ignore_errors=True)
            print("\nworst errors, Blender's glTF import vs cinc eval at 1 kHz "
                  "(metres, degrees):", file=sys.stderr)
            for line in cls.report:
                print("  " + line, file=sys.stderr)

        def check_scene(self, label, scene):
            with open(scene) as stream:
                tolerance = (yaml.safe_load(stream) or {}).get("tolerance") or {}
            position_tolerance = tolerance.get("position", DEFAULT_TOLERANCE[0])
            rotation_tolerance = tolerance.get("rotation", DEFAULT_TOLERANCE[1])
            metres = position_tolerance + FLOAT_SLACK_METRES
            degrees = rotation_tolerance + FLOAT_SLACK_DEGREES

            stem = os.path.join(self.folder, label.replace("/", "_").replace(".yaml", ""))
            glb = stem + ".glb"
            common = ["--allow-outside", ROOT]
            status, out, err = run(CINC, "build", scene, "--format", "glb", "-o", glb, *common)
            self.assertEqual(status, 0, f"{label}: {err}\n{out}")
            status, out, err = run(CINC, "eval", scene, "--time", "0", "--every",
                                   str(1 / RATE), *common)
            self.assertEqual(status, 0, err)
            states = json.loads(out)
            times = [state["time"] for state in states]
            with open(stem + ".times.json", "w") as stream:
                json.dump({"times": times}, stream)
            status, out, err = run(BLENDER, "-b", "--factory-startup", "--python-exit-code", "1",
                                   "--python", os.path.abspath(__file__), "--", glb,
                                   stem + ".times.json", stem + ".blender.json", timeout=900)
            self.assertEqual(status, 0, f"{label}: Blender failed:\n{out}\n{err}")
            warnings = [line for line in (out + err).splitlines()
                        if "WARNING" in line.upper() or "ERROR" in line.upper()]
            self.assertEqual(warnings, [], f"{label}: the importer warned")
            with open(stem + ".blender.json") as stream:
                played = json.load(stream)
            report = played["report"]
            channels, roots, _ = glb_channels(glb)

            # What came through: every root node, named after it, the right type.
            self.assertEqual(report["missing"], [], f"{label}: not imported")
            self.assertEqual(report["fps"], FPS)
            self.assertLessEqual(report["key_mismatch"], 1e-6,
                                 f"{label}: Blender's keys are not the GLB's, converted")
            names = {"objects": set(states[0]["objects"]), "cameras": set(states[0]["cameras"])}
            self.assertEqual(set(roots), names["objects"] | names["cameras"], label)
            for name, info in report["objects"].items():
                camera = name in names["cameras"]
                self.assertEqual(info["type"], "CAMERA" if camera else "EMPTY", f"{label}: {name}")
                self.assertEqual(info["rotation_mode"], "QUATERNION", f"{label}: {name}")
                if name in channels:
                    self.assertTrue(info["action"], f"{label}: {name} has no action")

            # Playback, per construct.
            worst = {}  # (playback, quantity, construct) -> error
            failures = []

            def note(playback, quantity, construct, error):
                key = (playback, quantity, construct)
                worst[key] = max(worst.get(key, 0.0), error)

            for kind in ("objects", "cameras"):
                for name in states[0][kind]:
                    node_channels = channels.get(name, {})
                    camera = kind == "cameras"
                    for playback in ("stock", "tangents"):
                        poses = played[playback][name]
                        for index, state in enumerate(states):
                            t = state["time"]
                            exact = state[kind][name]
                            location, rotation, scale = expected_pose(kind, exact)
                            got_location, got_rotation, got_scale = poses[index]
                            visible = camera or exact["opacity"] > 0
                            self.check_quantity(
                                label, name, t, playback, "translation", node_channels,
                                math.dist(location, got_location), metres, note, camera,
                                failures)
                            if not visible:
                                continue
                            self.check_quantity(
                                label, name, t, playback, "rotation", node_channels,
                                angle_degrees(rotation, got_rotation), degrees, note, camera,
                                failures)
                            if not camera:
                                self.check_quantity(
                                    label, name, t, playback, "scale", node_channels,
                                    max(abs(a - b) for a, b in zip(scale, got_scale)), metres,
                                    note, camera, failures)
            summary = []
            for playback in ("stock", "tangents"):
                parts = []
                for quantity, unit in (("translation", "m"), ("rotation", "deg"),
                                       ("scale", "")):
                    for construct in ("fixed", "STEP", "LINEAR", "CUBICSPLINE"):
                        error = worst.get((playback, quantity, construct))
                        if error is not None:
                            parts.append(f"{quantity} {construct} {error:.2e}{unit}")
                position = max((e for (p, q, _), e in worst.items()
                                if p == playback and q == "translation"), default=0.0)
                rotation = max((e for (p, q, _), e in worst.items()
                                if p == playback and q == "rotation"), default=0.0)
                summary.append(f"{playback}: worst {position:.2e} m, {rotation:.2e} deg "
                               f"({'; '.join(parts)})")
            self.report.append(f"{label} ({len(states)} samples, tolerance "
                               f"{position_tolerance:g} m, {rotation_tolerance:g} deg):\n    "
                               + "\n    ".join(summary))
            if os.environ.get("CINC_DUMP"):
                with open(stem + ".failures.txt", "w") as stream:
                    stream.write("\n".join(failures))
            self.assertEqual(failures[:12], [], f"{label}: {len(failures)} samples out of bounds")

        @staticmethod
        def check_quantity(label, name, t, playback, path, node_channels, error, tolerance,
                           note, camera, failures):
            """One quantity at one instant against its construct's bound."""
            channel = node_channels.get(path)
            construct = channel["interpolation"] if channel else "fixed"
            bound = tolerance
            k = segment(channel["times"], t) if channel else None
            if channel and k is not None:
                frames_from_key = min(abs(t - channel["times"][k]),
                                      abs(channel["times"][k + 1] - t)) * FPS
                at_key = frames_from_key < BLENDER_KEY_THRESHOLD_FRAMES
                if construct == "LINEAR" and path == "rotation":
                    t0, t1 = channel["times"][k], channel["times"][k + 1]
                    q0 = quaternion_to_blender(channel["values"][k], camera)
                    q1 = quaternion_to_blender(channel["values"][k + 1], camera)
                    bound += nlerp_gap_degrees(q0, q1, (t - t0) / (t1 - t0))
                elif construct == "CUBICSPLINE" and playback == "stock" and not at_key:
                    bound = STOCK_CUBIC_DEGREES if path == "rotation" else STOCK_CUBIC_METRES
            note(playback, path, construct, error)
            if not error <= bound:
                failures.append(f"{name} {path} ({construct}, {playback} playback) at {t} s: "
                                f"{error:.3e} > {bound:.3e}")

        def test_examples(self):
            examples = os.path.join(ROOT, "examples")
            for folder in sorted(os.listdir(examples)):
                if not os.path.isdir(os.path.join(examples, folder)):
                    continue
                for name in sorted(os.listdir(os.path.join(examples, folder))):
                    if name.endswith(".yaml"):
                        with self.subTest(example=f"{folder}/{name}"):
                            self.check_scene(f"{folder}/{name}",
                                             os.path.join(examples, folder, name))

        def test_every_construct(self):
            scene = os.path.join(self.folder, "constructs.yaml")
            with open(scene, "w") as stream:
                stream.write(constructs_scene())
            self.check_scene("constructs", scene)


if __name__ == "__main__":
    if bpy is not None:
        blender_main(sys.argv[sys.argv.index("--") + 1:])
    else:
        unittest.main()
