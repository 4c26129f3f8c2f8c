#!/usr/bin/env python3
"""The glTF export opened in the real Blender, with Blender 3.4's own importer.

    gltf_import_test.py CINC

For every example scene (examples/*/*.yaml) and the CONSTRUCTS scene of
tests/gltf_test.py: `cinc build --format glb`, then Blender imports the GLB
with bpy.ops.import_scene.gltf (headless, factory settings, an empty scene
at 24 fps) and plays it at 1 kHz with scene.frame_set(frame, subframe=...),
frame = seconds * 24: the importer keys a glTF time t at frame
t * scene.render.fps, unrounded (it ignores fps_base). Each object's and
camera's matrix_world is compared with `cinc eval` converted to Blender's
Z-up as the importer converts (io_scene_gltf2/blender/imp/
gltf2_blender_gltf.py and gltf2_blender_vnode.py): a point (x, y, z) ->
(x, -z, y); a rotation [x, y, z, w] -> (w, x, -z, y), i.e. C q C^-1 with C
+90 degrees about X; a scale (sx, sy, sz) -> (sx, sz, sy); a camera's
rotation also gets the importer's camera correction on its right, q * C
(glTF and Blender cameras both look along their local -Z, but after the
axis change glTF's -Z is Blender's +Y). A hidden object (opacity 0) is
scaled to 0: there only its location is compared.

Checked first: every root node of the GLB comes in as a root object named
after it (the scene's objects as empties, its cameras as cameras), in
quaternion mode, with an action holding one f-curve per animated component
(STEP -> CONSTANT, LINEAR -> LINEAR, CUBICSPLINE -> BEZIER with
AUTO_CLAMPED handles) whose keys are the GLB's keys, converted as above, at
seconds * 24; Blender and the importer print no warning.

Then two playbacks of one import, every sample against a bound that names
its reason; the worst errors per construct are printed (docs/gltf.md,
"Blender", has the figures and the reasons):

- stock, as the importer leaves it. Blender does not play the GLB as glTF
  does:
  * CUBICSPLINE: the importer keeps the key values and drops the tangents
    (gltf2_blender_animation_node.py: `values[1::3]`, "TODO manage
    tangent?"). It asks for AUTO handles, but its foreach_set of the handle
    type does not take in 3.4, so the keys keep Blender's default,
    AUTO_CLAMPED: slopes Blender picks from the neighbouring key values,
    flat at the first and last key, next to a hold and at every
    component's local extreme. Such a curve never leaves, component by
    component, the range of its two keys' values; the bound is the
    farthest corner of that box from the exact value (a rotation: the
    largest angle to a corner).
  * LINEAR rotations: each quaternion component is its own linear f-curve
    and the object's matrix normalises the result, so Blender plays a
    normalised lerp where glTF means a slerp (cinc writes steady spins as
    slerp keys up to 120 degrees apart). Same axis, other speed: the bound
    adds the nlerp-vs-slerp angle at that instant, in closed form from the
    two keys.
  * STEP, LINEAR translations and scales, channels that are not animated,
    and every sample on a key: the scene's tolerance.
- tangents: the same import with each CUBICSPLINE key's handles set from
  the GLB's own in/out tangents (FREE handles a third of the way to the
  neighbouring keys: Blender's Bezier is then exactly glTF's cubic
  Hermite). Blender's own evaluator must then play within the scene's
  tolerance (LINEAR rotations: plus the nlerp angle), so the stock errors
  are the importer's, not the export's; this is the check that fails first
  when the export is broken (a node missing or renamed, a wrong axis, a
  camera turned, an object off by a millimetre, wrong tangents or times).

In both, two effects of Blender's float32 time are allowed for:
- a jump at t is two keys a float32 apart (the old value just below t);
  times 24 they are ~1e-5 frames apart, inside the 1e-4 frames within
  which Blender's f-curve search takes a key as hit (fcurve.cc,
  BKE_fcurve_bezt_binarysearch_index_ex), and at t itself Blender may show
  either key: at a jump instant the key before the jump is accepted too
  (counted and printed);
- the frame number, the keys' frames and Blender's solve for the Bezier
  parameter are float32: a sample plays up to about one float32 step of
  its frame number off (3.2e-7 s at frame 100), so the bound adds the exact
  motion's speed times TIME_SLACK_ULPS steps (a screw spinning at 2000
  degrees/s turns 6.5e-4 degrees in one).

With Debian 12's Blender 3.4.1 and NumPy 1.24 the importer cannot read a
GLB with a mesh at all (`np.bool`, see numpy_bool_alias): the Blender side
puts the alias back before importing.

Needs Blender (scripts/setup installs it): without it the test fails, it
does not skip. The same file is the script Blender runs
(`blender -b --factory-startup --python THIS -- GLB TIMES.json OUT.json`).
"""

import ast
import bisect
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

FPS = 24  # Blender's default; the importer keys frames at seconds * scene.render.fps
RATE = 1000  # samples per second
DEFAULT_TOLERANCE = (1e-4, 0.01)  # metres, degrees: the scene format's defaults
# float32 keys, f-curve evaluation and matrix_world: ~1e-7 of a value's size.
FLOAT_SLACK = {"translation": 2e-6, "rotation": 2e-4, "scale": 2e-6}
# Blender plays a sample this many float32 steps of its frame number (/24 s)
# off (see judge).
TIME_SLACK_ULPS = 2
# Within this many frames of a key, Blender's f-curve search takes the key
# itself (fcurve.cc, BKE_fcurve_bezt_binarysearch_index_ex, threshold 0.0001).
KEY_SNAP_FRAMES = 1e-4
PATHS = ("translation", "rotation", "scale")
BLENDER_PATHS = {"translation": "location", "rotation": "rotation_quaternion", "scale": "scale"}
BLENDER_INTERPOLATION = {"STEP": "CONSTANT", "LINEAR": "LINEAR", "CUBICSPLINE": "BEZIER"}


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


# --- glTF (+Y up) to Blender (+Z up), as io_scene_gltf2 converts --------------
# Blender quaternions are (w, x, y, z).

S2 = math.sqrt(0.5)
CAMERA_CORRECTION = (S2, S2, 0.0, 0.0)  # +90 degrees about X (gltf.camera_correction)


def q_mul(a, b):  # (w, x, y, z)
    aw, ax, ay, az = a
    bw, bx, by, bz = b
    return (aw * bw - ax * bx - ay * by - az * bz,
            aw * bx + ax * bw + ay * bz - az * by,
            aw * by - ax * bz + ay * bw + az * bx,
            aw * bz + ax * by - ay * bx + az * bw)


def to_blender(path, value, camera):
    """A glTF translation, rotation [x, y, z, w] or scale in Blender's space.
    Linear in the value, so tangents convert alike."""
    if path == "translation":  # convert_loc
        return (value[0], -value[2], value[1])
    if path == "rotation":  # convert_quat, then the camera's rotation_before
        converted = (value[3], value[0], -value[2], value[1])
        return q_mul(converted, CAMERA_CORRECTION) if camera else converted
    converted = (value[0], value[2], value[1])  # convert_scale
    # a camera's correction swaps Y and Z back (scale_rot_swap_matrix)
    return (converted[0], converted[2], converted[1]) if camera else converted


def glb_animation(path):
    """The GLB's root nodes {name: "camera" | "object"} and, for each node its
    first animation moves, {path: channel} in Blender's space: "interpolation",
    "times" (seconds), "values" and for CUBICSPLINE "in", "out" (per second),
    rotations flipped key to key to the nearer hemisphere as the importer
    does (gltf2_blender_animation_node.py)."""
    document, binary = read_glb(path)
    nodes = document["nodes"]
    scene = document["scenes"][document.get("scene", 0)]
    roots = {nodes[i]["name"]: ("camera" if "camera" in nodes[i] else "object")
             for i in scene["nodes"]}
    animations = document.get("animations", [])
    channels = {}
    for channel in (animations[0]["channels"] if animations else []):
        sampler = animations[0]["samplers"][channel["sampler"]]
        target = channel["target"]
        name = nodes[target["node"]].get("name")
        camera = "camera" in nodes[target["node"]]
        kind = target["path"]
        if kind not in PATHS:
            continue
        interpolation = sampler.get("interpolation", "LINEAR")
        times = [t[0] for t in read_accessor(document, binary, sampler["input"])]
        output = [to_blender(kind, v, camera)
                  for v in read_accessor(document, binary, sampler["output"])]
        entry = {"interpolation": interpolation, "times": times}
        if interpolation == "CUBICSPLINE":
            entry["in"], entry["values"], entry["out"] = output[0::3], output[1::3], output[2::3]
        else:
            entry["values"] = output
        if kind == "rotation":
            for k in range(1, len(times)):
                if sum(a * b for a, b in zip(entry["values"][k], entry["values"][k - 1])) < 0:
                    for part in ("values", "in", "out"):
                        if part in entry:
                            entry[part][k] = tuple(-c for c in entry[part][k])
        channels.setdefault(name, {})[kind] = entry
    return roots, channels


# --- Inside Blender ------------------------------------------------------------

def numpy_bool_alias():
    """Blender 3.4's importer builds mesh flags with `np.bool`
    (gltf2_blender_mesh.py, set_poly_smoothing), an alias NumPy 1.24 removed:
    with Debian 12's python3-numpy (1.24.2) every GLB with a mesh fails to
    import with AttributeError (KhronosGroup/glTF-Blender-IO#1844, fixed in
    Blender 3.5, not backported). Restores the alias when it is missing
    (True if it was)."""
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
    roots, channels = glb_animation(glb)
    with open(times_file) as stream:
        times = json.load(stream)["times"]

    report = {"blender": bpy.app.version_string, "numpy": __import__("numpy").__version__,
              "numpy_bool_alias_restored": restored_alias, "fps": scene.render.fps,
              "frame_range": [scene.frame_start, scene.frame_end], "objects": {},
              "missing": [], "key_mismatch": 0.0}
    objects = {}
    for name in roots:
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
            for index in range(len(channel["values"][0])):
                fcurve = action.fcurves.find(BLENDER_PATHS[path], index=index) if action else None
                if fcurve is None or len(fcurve.keyframe_points) != len(channel["times"]):
                    report["missing"].append(f"{name} {BLENDER_PATHS[path]}[{index}] keys")
                    continue
                fcurves[(name, path, index)] = fcurve
                for key, t, value in zip(fcurve.keyframe_points, channel["times"],
                                         channel["values"]):
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

    # The GLB's tangents as FREE handles a third of the way to each
    # neighbouring key: Blender's Bezier is then glTF's cubic Hermite.
    restored = 0
    for (name, path, index), fcurve in fcurves.items():
        channel = channels[name][path]
        if channel["interpolation"] != "CUBICSPLINE":
            continue
        frames = [t * FPS for t in channel["times"]]
        for k, key in enumerate(fcurve.keyframe_points):
            slope_in = channel["in"][k][index] / FPS  # per frame
            slope_out = channel["out"][k][index] / FPS
            before = (frames[k] - frames[k - 1]) / 3 if k > 0 else 1.0
            after = (frames[k + 1] - frames[k]) / 3 if k + 1 < len(frames) else 1.0
            key.handle_left_type = "FREE"
            key.handle_right_type = "FREE"
            x, y = key.co
            key.handle_left = (x - before, y - slope_in * before)
            key.handle_right = (x + after, y + slope_out * after)
        restored += 1
    report["fcurves_given_tangents"] = restored
    tangents = sample()

    with open(out_file, "w") as stream:
        json.dump({"report": report, "stock": stock, "tangents": tangents}, stream)


# --- The test, outside Blender -----------------------------------------------

def angle_degrees(a, b):
    """The angle between two rotations, (w, x, y, z) (q and -q are one)."""
    w, x, y, z = q_mul((a[0], -a[1], -a[2], -a[3]), b)
    return math.degrees(2 * math.atan2(math.sqrt(x * x + y * y + z * z), abs(w)))


def nlerp_gap_degrees(q0, q1, u):
    """How far the normalised lerp of two unit quaternions is from their
    slerp at u: both turn about the same axis, at different speeds."""
    dot = min(1.0, abs(sum(a * b for a, b in zip(q0, q1))) /
              math.sqrt(sum(a * a for a in q0) * sum(b * b for b in q1)))
    half = math.acos(dot)  # half the turn between the keys
    played = math.atan2(u * math.sin(half), (1 - u) + u * math.cos(half))
    return math.degrees(2 * abs(played - u * half))


def error_of(path, a, b):
    if path == "translation":
        return math.dist(a, b)
    if path == "rotation":
        return angle_degrees(a, b)
    return max(abs(x - y) for x, y in zip(a, b))


def box_bound(path, exact, lo, hi):
    """The largest error of a value anywhere in the box [lo, hi] (per
    component) from `exact`."""
    if path == "rotation":
        if sum(e * (l + h) for e, l, h in zip(exact, lo, hi)) < 0:
            exact = tuple(-e for e in exact)  # the keys' hemisphere
        worst = 0.0
        for corner in range(16):
            c = [hi[i] if corner >> i & 1 else lo[i] for i in range(4)]
            norm = math.sqrt(sum(x * x for x in c))
            if norm == 0:
                return 180.0
            dot = sum(x * e for x, e in zip(c, exact)) / norm
            worst = max(worst, math.degrees(2 * math.acos(max(-1.0, min(1.0, dot)))))
        return worst
    far = [max(abs(e - l), abs(e - h)) for e, l, h in zip(exact, lo, hi)]
    return math.sqrt(sum(f * f for f in far)) if path == "translation" else max(far)


def float32_ulp(x):
    x = abs(x)
    if x < 2.0 ** -126:
        return 2.0 ** -149
    return 2.0 ** (math.floor(math.log2(x)) - 23)


def key_interval(times, t):
    """k with times[k] <= t < times[k + 1], or None outside the keys."""
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


def normalised(v):
    norm = math.sqrt(sum(x * x for x in v))
    return tuple(x / norm for x in v) if norm > 0 else v


PROFILE_NOTE = """With `--for blender` (cinc build's Blender profile: LINEAR keys only,
rotations fitted for slerp and for Blender's normalised lerp alike, a
jump's old value keyed 10 us before it, docs/gltf.md "Blender") the stock
import is held to the scene's tolerance itself: no nlerp allowance, no box
of two keys; only the float32 slack of every playback and the time slack
remain, and no jump instant may play its old key."""


def judge(playback, path, channel, t, exact, got, tolerance, speed, strict=False):
    """(construct, error, bound, why) of one quantity at one instant; strict:
    the Blender profile (PROFILE_NOTE)."""
    construct = channel["interpolation"] if channel else "fixed"
    error = error_of(path, exact, got)
    frame = t * FPS
    # Blender's time is float32: half a step each for the frame number and
    # the two keys' frames, and its float32 solve for the Bezier parameter.
    time_slack = TIME_SLACK_ULPS * float32_ulp(frame) / FPS
    bound = tolerance + FLOAT_SLACK[path] + speed * time_slack
    if channel is None:
        return construct, error, bound, "tolerance"
    times = channel["times"]
    values = channel["values"]
    k = key_interval(times, t)
    after = bisect.bisect_right(times, t)  # the first key after t
    near = [j for j in range(max(0, after - 3), min(len(times), after + 3))
            if abs(times[j] * FPS - frame) < 2 * KEY_SNAP_FRAMES]
    if len(near) >= 2 and not strict:
        # A jump: Blender may show the key on either side of it.
        to_key = min(error_of(path, normalised(values[j]) if path == "rotation" else values[j],
                              got) for j in near)
        if to_key <= FLOAT_SLACK[path]:
            return construct, to_key, FLOAT_SLACK[path], "a jump's key"
    if k is None:
        return construct, error, bound, "tolerance (outside the keys)"
    # Within KEY_SNAP_FRAMES of a key Blender plays the key itself; the
    # stock judgement keeps to half of it, the strict one takes all of it.
    snap = KEY_SNAP_FRAMES if strict else KEY_SNAP_FRAMES / 2
    snapped = [j for j in near if abs(times[j] * FPS - frame) < snap]
    if snapped:
        # Blender plays the key's own value.
        j = snapped[0]
        return construct, error, bound + speed * abs(t - times[j]), "tolerance (on a key)"
    t0, t1 = times[k], times[k + 1]
    if strict:
        return construct, error, bound, "tolerance (the Blender profile)"
    if path == "rotation" and construct == "LINEAR":
        return (construct, error, bound + nlerp_gap_degrees(values[k], values[k + 1],
                                                            (t - t0) / (t1 - t0)),
                "tolerance + nlerp")
    if construct == "CUBICSPLINE" and playback == "stock":
        lo = [min(a, b) for a, b in zip(values[k], values[k + 1])]
        hi = [max(a, b) for a, b in zip(values[k], values[k + 1])]
        return (construct, error, max(bound, box_bound(path, exact, lo, hi) + FLOAT_SLACK[path]),
                "the box of the two keys")
    return construct, error, bound, "tolerance"


if bpy is None:
    import unittest

    import yaml

    ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    CINC = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.join(ROOT, "build",
                                                                                "cinc")
    # `--for blender`: the Blender profile, judged strictly (see PROFILE_NOTE).
    PROFILE = sys.argv[3] if len(sys.argv) > 3 and sys.argv[2] == "--for" else "gltf"
    del sys.argv[1:]
    sys.path.insert(0, os.path.join(ROOT, "tests"))
    from gltf_test import CONSTRUCTS, example_scenes  # noqa: E402  (one listing of both)
    BLENDER = os.environ.get("CINC_BLENDER") or shutil.which("blender")
    # Debian's Blender takes its Python prefix from the first python3 on PATH.
    ENVIRONMENT = dict(os.environ)
    if BLENDER is not None:
        ENVIRONMENT["PATH"] = (os.path.dirname(os.path.realpath(BLENDER)) + os.pathsep
                               + os.environ.get("PATH", ""))

    def run(*arguments, timeout=600):
        result = subprocess.run(list(arguments), capture_output=True, text=True,
                                timeout=timeout, env=ENVIRONMENT)
        return result.returncode, result.stdout, result.stderr

    def exact_in_blender(kind, state):
        """cinc's exact state in Blender's space: location, (w, x, y, z), scale."""
        camera = kind == "cameras"
        return (to_blender("translation", state["position"], camera),
                to_blender("rotation", state["quaternion"], camera),
                to_blender("scale", state.get("scale", (1, 1, 1)), camera))

    def speeds(poses, times):
        """Per sample, the exact motion's speed per path: the smaller of the
        speeds to the samples either side (a jump is on one side only)."""
        out = {path: [0.0] * len(times) for path in PATHS}
        for index, path in enumerate(PATHS):
            steps = [error_of(path, poses[i][index], poses[i + 1][index]) /
                     (times[i + 1] - times[i]) for i in range(len(times) - 1)]
            for i in range(len(times)):
                sides = [steps[j] for j in (i - 1, i) if 0 <= j < len(steps)]
                out[path][i] = min(sides) if sides else 0.0
        return out

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
            print("\nBlender's glTF import vs cinc eval at 1 kHz, worst errors "
                  "(m; degrees; scale) per playback and construct:", file=sys.stderr)
            for line in cls.report:
                print("  " + line, file=sys.stderr)

        def check_scene(self, label, scene):
            with open(scene) as stream:
                tolerance = (yaml.safe_load(stream) or {}).get("tolerance") or {}
            tolerances = {"translation": tolerance.get("position", DEFAULT_TOLERANCE[0]),
                          "rotation": tolerance.get("rotation", DEFAULT_TOLERANCE[1]),
                          "scale": tolerance.get("position", DEFAULT_TOLERANCE[0])}

            stem = os.path.join(self.folder, label.replace("/", "_").replace(".yaml", ""))
            glb = stem + ".glb"
            common = ["--allow-outside", ROOT]
            profile = ["--for", "blender"] if PROFILE == "blender" else []
            status, out, err = run(CINC, "build", scene, "--format", "glb", "-o", glb, *profile,
                                   *common)
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
                        if "warning" in line.lower() or "error" in line.lower()]
            self.assertEqual(warnings, [], f"{label}: Blender or its importer warned")
            with open(stem + ".blender.json") as stream:
                played = json.load(stream)
            report = played["report"]
            roots, channels = glb_animation(glb)

            if PROFILE == "blender":
                self.assertEqual(sorted({channel["interpolation"] for owner in channels.values()
                                         for channel in owner.values()} - {"STEP", "LINEAR"}),
                                 [], f"{label}: the Blender profile wrote cubic splines")

            # What came through.
            self.assertEqual(report["missing"], [], f"{label}: not imported")
            self.assertEqual(report["fps"], FPS)
            self.assertLessEqual(report["key_mismatch"], 1e-6,
                                 f"{label}: Blender's keys are not the GLB's, converted")
            objects, cameras = set(states[0]["objects"]), set(states[0]["cameras"])
            self.assertEqual(set(roots), objects | cameras,
                             f"{label}: the GLB's root nodes are not the scene's objects and "
                             "cameras")
            for name, info in report["objects"].items():
                what = f"{label}: {name}"
                self.assertEqual(info["type"], "CAMERA" if name in cameras else "EMPTY", what)
                self.assertEqual(info["rotation_mode"], "QUATERNION", what)
                if name in channels:
                    self.assertIsNotNone(info["action"], what + " has no action")
                    self.assertTrue(info["action"].endswith("_" + name), what)
                # One f-curve per animated component, interpolated as the
                # importer maps samplers (make_fcurve).
                expected = {f"{BLENDER_PATHS[path]}[{index}]": channel
                            for path, channel in channels.get(name, {}).items()
                            for index in range(len(channel["values"][0]))}
                self.assertEqual(sorted(info["fcurves"]), sorted(expected), what)
                for fcurve, channel in expected.items():
                    got = info["fcurves"][fcurve]
                    self.assertEqual(got["interpolation"],
                                     [BLENDER_INTERPOLATION[channel["interpolation"]]],
                                     f"{what} {fcurve}")
                    self.assertEqual(got["extrapolation"], "CONSTANT", f"{what} {fcurve}")
                    if channel["interpolation"] == "CUBICSPLINE":
                        # The stock bound (the box of two keys) holds for
                        # clamped handles; plain AUTO ones overshoot.
                        self.assertEqual(got["handles"], ["AUTO_CLAMPED"], f"{what} {fcurve}")

            # Playback.
            worst = {}  # (playback, path, construct) -> error
            failures = []
            jump_instants = {"stock": 0, "tangents": 0}
            beyond = {"stock": 0, "tangents": 0}  # samples beyond the tolerance
            compared = 0
            for kind in ("objects", "cameras"):
                for name in sorted(states[0][kind]):
                    camera = kind == "cameras"
                    exact = [exact_in_blender(kind, state[kind][name]) for state in states]
                    speed = speeds(exact, times)
                    for playback in ("stock",) if PROFILE == "blender" else ("stock", "tangents"):
                        poses = played[playback][name]
                        for index, state in enumerate(states):
                            visible = camera or state[kind][name]["opacity"] > 0
                            for p, path in enumerate(PATHS):
                                if p > 0 and not visible or path == "scale" and camera:
                                    continue
                                construct, error, bound, why = judge(
                                    playback, path, channels.get(name, {}).get(path),
                                    state["time"], exact[index][p], poses[index][p],
                                    tolerances[path], speed[path][index],
                                    strict=PROFILE == "blender")
                                if why == "a jump's key":
                                    jump_instants[playback] += 1
                                    error = error_of(path, exact[index][p], poses[index][p])
                                    key = (playback, path, "jump instant")
                                else:
                                    key = (playback, path, construct)
                                worst[key] = max(worst.get(key, 0.0), error)
                                compared += playback == "stock"
                                if error > tolerances[path] + FLOAT_SLACK[path]:
                                    beyond[playback] += 1
                                if not error <= bound and why != "a jump's key":
                                    failures.append(
                                        f"{name} {path} ({construct}, {playback}) at "
                                        f"{state['time']} s: {error:.3e} > {bound:.3e} ({why})")
            lines = [f"{label}{' --for blender' if PROFILE == 'blender' else ''} "
                     f"({len(states)} samples; tolerance {tolerances['translation']:g} m, "
                     f"{tolerances['rotation']:g} degrees)"]
            for playback in ("stock",) if PROFILE == "blender" else ("stock", "tangents"):
                overall = {path: max((e for (b, p, c), e in worst.items()
                                      if b == playback and p == path and c != "jump instant"),
                                     default=0.0) for path in PATHS}
                parts = [f"{path} {construct} {worst[(playback, path, construct)]:.2e}"
                         for path in PATHS
                         for construct in ("fixed", "STEP", "LINEAR", "CUBICSPLINE",
                                           "jump instant")
                         if (playback, path, construct) in worst]
                lines.append(f"{playback}: worst {overall['translation']:.2e} m, "
                             f"{overall['rotation']:.2e} degrees, scale {overall['scale']:.2e}; "
                             f"{beyond[playback]} of {compared} beyond the tolerance; "
                             f"{jump_instants[playback]} at a jump's instant play one of its two keys"
                             f"\n      ({'; '.join(parts)})")
            self.report.append("\n    ".join(lines))
            self.assertEqual(failures[:12], [], f"{label}: {len(failures)} samples out of bounds")

        def test_examples(self):
            for label, path in example_scenes():
                with self.subTest(example=label):
                    self.check_scene(label, path)

        def test_every_construct(self):
            scene = os.path.join(self.folder, "constructs.yaml")
            with open(scene, "w") as stream:
                stream.write(CONSTRUCTS)
            self.check_scene("constructs", scene)


if __name__ == "__main__":
    if bpy is not None:
        blender_main(sys.argv[sys.argv.index("--") + 1:])
    else:
        unittest.main()
