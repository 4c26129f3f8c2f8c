#!/usr/bin/env python3
"""The Blender assembly example (examples/blender_assembly) end to end.

    blender_example_test.py CINC

- The committed models: `cinc markers --json` of each GLB gives the markers
  make_models.py places (written out below, by hand, in glTF space), and each
  committed .blend, converted through cinc and the real Blender, gives the
  same markers as its GLB.
- Regenerating: make_models.py run again in Blender writes GLBs whose markers
  equal the committed ones to 1e-5.
- Golden poses: `cinc eval` of the scene at chosen times gives the world poses
  worked out in closed form from those marker coordinates (1e-6), and the
  built sequence plays cinc's exact state within the scene's tolerance (so
  the closed form within the tolerance plus that 1e-6).

Needs Blender (`apt-get install blender python3-numpy`; scripts/setup
installs it): without it the test fails, it does not skip. The scene uses
models/washer.blend directly, so even the golden poses need Blender; the test
converts into a fresh cache folder.
"""

import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from blender_run import run_make_models  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLE = os.path.join(ROOT, "examples", "blender_assembly")
SCENE = os.path.join(EXAMPLE, "assembly.yaml")
MODELS = os.path.join(EXAMPLE, "models")
MAKE_MODELS = os.path.join(EXAMPLE, "make_models.py")
PARTS = ("body", "screw", "washer", "cover")
CINC = None
BLENDER = os.environ.get("CINC_BLENDER") or shutil.which("blender")
CACHE = None  # a fresh XDG_CACHE_HOME: the .blend conversions really run

EXACT = 1e-6         # closed form vs cinc's exact state (the GLBs hold float32: ~4e-9)
MARKER = 1e-5        # regenerated vs committed markers
TOLERANCE_M = 1e-4   # the scene's tolerance (the default): the sequence plays the
TOLERANCE_DEG = 0.01  # exact state within it, in metres (distance) and degrees
PLAYED_M = TOLERANCE_M + EXACT      # played vs the closed form: the tolerance plus
PLAYED_DEG = TOLERANCE_DEG + 1e-5   # the closed form's own distance from the exact state

# --- Small quaternion algebra, [x, y, z, w] -----------------------------------

S2 = math.sqrt(0.5)
IDENTITY = (0.0, 0.0, 0.0, 1.0)


def q_axis(axis, degrees):
    half = math.radians(degrees) / 2
    return (axis[0] * math.sin(half), axis[1] * math.sin(half), axis[2] * math.sin(half),
            math.cos(half))


def q_y(degrees):
    return q_axis((0, 1, 0), degrees)


def q_mul(a, b):
    ax, ay, az, aw = a
    bx, by, bz, bw = b
    return (aw * bx + ax * bw + ay * bz - az * by,
            aw * by - ax * bz + ay * bw + az * bx,
            aw * bz + ax * by - ay * bx + az * bw,
            aw * bw - ax * bx - ay * by - az * bz)


def rotate(q, v):
    x, y, z, _ = q_mul(q_mul(q, (v[0], v[1], v[2], 0.0)), (-q[0], -q[1], -q[2], q[3]))
    return (x, y, z)


def add(a, b):
    return tuple(x + y for x, y in zip(a, b))


def sub(a, b):
    return tuple(x - y for x, y in zip(a, b))


def scale(a, s):
    return tuple(x * s for x in a)


def angle_degrees(a, b):
    """The angle between two rotations (q and -q are one)."""
    x, y, z, w = q_mul((-a[0], -a[1], -a[2], a[3]), b)
    return math.degrees(2 * math.atan2(math.sqrt(x * x + y * y + z * z), abs(w)))


# --- The expectations, from make_models.py's numbers -------------------------
# make_models.py places every empty in Blender coordinates (Z up); glTF, and so
# cinc, has (x, y, z) -> (x, z, -y), and a turn about Blender's +Y by a is a
# turn about glTF's -Z by a (about +X stays about +X).

MARKERS = {
    "body": {
        "cover": ((-0.1, 0.04, 0.0), q_axis((0, 0, 1), 90)),      # Blender Ry(-90) at (-0.1, 0, 0.04)
        "hole_1": ((0.075, 0.08, 0.05), IDENTITY),                # (0.075, -0.05, 0.08)
        "hole_2": ((-0.075, 0.08, 0.05), IDENTITY),               # (-0.075, -0.05, 0.08)
        "hole_3": ((0.1, 0.04, 0.0), q_axis((0, 0, 1), -90)),     # Blender Ry(90) at (0.1, 0, 0.04)
        "hole_4": ((0.0, 0.07, -0.065), q_axis((1, 0, 0), -45)),  # Blender Rx(-45) at (0, 0.065, 0.07)
    },
    "screw": {
        "head": ((0.0, 0.025, 0.0), IDENTITY),
        "seat": ((0.0, 0.02, 0.0), IDENTITY),
        "tip": ((0.0, 0.0, 0.0), IDENTITY),
    },
    "washer": {
        "bottom": ((0.0, 0.0, 0.0), IDENTITY),
        "top": ((0.0, 0.002, 0.0), IDENTITY),
    },
    "cover": {
        "back": ((0.0, -0.003, 0.0), IDENTITY),
    },
}

# The scene (assembly.yaml): the body sits at the origin turned to yaw -30; its
# `turn` spins it 180 degrees about +Y over [5.4, 9.4] s with ease_in_out.
TURN_START, TURN_END = 5.4, 9.4


def smoothstep(u):
    u = min(1.0, max(0.0, u))
    return u * u * (3 - 2 * u)


def body_yaw(t):
    return -30 + 180 * smoothstep((t - TURN_START) / (TURN_END - TURN_START))


def body_point(t, p):
    """A body-space point in the world at t."""
    return rotate(q_y(body_yaw(t)), p)


def mated_pose(t, hole, mate, offset=(0.0, 0.0, 0.0)):
    """The world pose of a part whose marker `mate` sits on body marker
    `hole` (plus `offset` in the hole's space): W = B(t) * hole * offset * mate^-1."""
    hole_position, hole_rotation = hole
    mate_position, mate_rotation = mate
    rotation = q_mul(hole_rotation, (-mate_rotation[0], -mate_rotation[1], -mate_rotation[2],
                                     mate_rotation[3]))
    origin = add(add(hole_position, rotate(hole_rotation, offset)),
                 scale(rotate(rotation, mate_position), -1))
    return body_point(t, origin), q_mul(q_y(body_yaw(t)), rotation)


BODY, SCREW, WASHER, COVER = (MARKERS[p] for p in PARTS)


def screw_in(t, hole):
    return mated_pose(t, BODY[hole], SCREW["seat"])


def screw3(t):
    # offset: the washer's 2 mm between the head and the side face
    return mated_pose(t, BODY["hole_3"], SCREW["seat"], (0.0, 0.002, 0.0))


def washer(t):
    # washer on screw3: W = W_screw3 * seat * top^-1
    position, rotation = screw3(t)
    return add(position, rotate(rotation, sub(SCREW["seat"][0], WASHER["top"][0]))), rotation


def cover_on(t):
    return mated_pose(t, BODY["cover"], COVER["back"])


# The cover comes off at 5.9 s (the body has turned by 180 * smoothstep(1/8))
# to a world point straight out from the face, holding its world rotation;
# swings (ease_in_out) to a point 0.2 m out from where the face is at 7.4 s
# (yaw 60, half way through the turn), turning to the face's rotation then;
# and goes back on over [7.4, 8.2] s: in the body's frame a straight move in.
COVER_OFF, COVER_OFF_END, COVER_REFIT, COVER_REFIT_END = 5.9, 6.7, 7.4, 8.2
COVER_OUT = (-0.19, 0.08, -0.077)
COVER_SWUNG = (-0.1, 0.04, 0.1732051)  # Ry(60) (-0.2, 0.04, 0), to 1e-7
COVER_SWUNG_ROTATION = q_mul(q_y(60), q_axis((0, 0, 1), 90))  # rotation: [0, 60, 90]


def run(*arguments, check=True):
    environment = dict(os.environ, XDG_CACHE_HOME=CACHE)
    result = subprocess.run([CINC, *arguments], capture_output=True, text=True,
                            env=environment, timeout=600)
    if check and result.returncode != 0:
        raise AssertionError(f"cinc {' '.join(arguments)} failed ({result.returncode}):\n"
                             + result.stdout + result.stderr)
    return result


def markers_of(path):
    return json.loads(run("markers", "--json", path).stdout)


def require_blender():
    if BLENDER is None:
        raise AssertionError("Blender is not installed: scripts/setup installs it "
                             "(apt-get install blender python3-numpy)")


class Assertions(unittest.TestCase):
    def assert_vector(self, actual, expected, tolerance, what):
        self.assertEqual(len(actual), len(expected), what)
        error = max(abs(a - e) for a, e in zip(actual, expected))
        self.assertLessEqual(error, tolerance, f"{what}: {list(actual)} vs {list(expected)}")

    def assert_rotation(self, actual, expected, tolerance_degrees, what):
        angle = angle_degrees(actual, expected)
        self.assertLessEqual(angle, tolerance_degrees,
                             f"{what}: {list(actual)} vs {list(expected)} ({angle} degrees apart)")

    def assert_same_markers(self, actual, expected, tolerance, what):
        self.assertEqual([m["name"] for m in actual["markers"]],
                         [m["name"] for m in expected["markers"]], what)
        for a, e in zip(actual["markers"], expected["markers"]):
            self.assert_vector(a["position"], e["position"], tolerance, f"{what}: {a['name']}")
            self.assert_vector(a["quaternion"], e["quaternion"], tolerance, f"{what}: {a['name']}")
        self.assertEqual(actual["lods"], expected["lods"], what)


class CommittedModelsTest(Assertions):
    def test_files_are_small(self):
        for part in PARTS:
            for extension in (".blend", ".glb"):
                size = os.path.getsize(os.path.join(MODELS, part + extension))
                self.assertLess(size, 256 * 1024, part + extension)

    def test_glb_markers_are_the_scripts_numbers(self):
        for part in PARTS:
            model = markers_of(os.path.join(MODELS, part + ".glb"))
            # Blender's glTF exporter writes the empties sorted by name.
            self.assertEqual([m["name"] for m in model["markers"]], sorted(MARKERS[part]), part)
            for marker in model["markers"]:
                position, quaternion = MARKERS[part][marker["name"]]
                what = f"{part}/{marker['name']}"
                self.assert_vector(marker["position"], position, EXACT, what)
                self.assert_rotation(marker["quaternion"], quaternion, 1e-4, what)
            self.assertEqual(model["lods"], [], part)

    def test_blend_files_convert_to_their_glbs_markers(self):
        require_blender()
        for part in PARTS:
            self.assert_same_markers(markers_of(os.path.join(MODELS, part + ".blend")),
                                     markers_of(os.path.join(MODELS, part + ".glb")),
                                     MARKER, part)


class RegenerateTest(Assertions):
    def test_make_models_reproduces_the_committed_markers(self):
        require_blender()
        folder = tempfile.mkdtemp(prefix="cinc-blender-example-")
        try:
            result = run_make_models(BLENDER, MAKE_MODELS, folder)
            self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
            for part in PARTS:
                fresh = os.path.join(folder, "models", part + ".glb")
                self.assert_same_markers(markers_of(fresh),
                                         markers_of(os.path.join(MODELS, part + ".glb")),
                                         MARKER, part)
                self.assertTrue(os.path.isfile(os.path.join(folder, "models", part + ".blend")))
                # The committed GLB is the script's, byte for byte (README).
                with open(fresh, "rb") as a, open(os.path.join(MODELS, part + ".glb"), "rb") as b:
                    self.assertTrue(a.read() == b.read(), part + ".glb is not make_models.py's")
        finally:
            shutil.rmtree(folder, ignore_errors=True)


class GoldenPosesTest(Assertions):
    @classmethod
    def setUpClass(cls):
        require_blender()
        cls.folder = tempfile.mkdtemp(prefix="cinc-blender-example-")
        cls.sequence = os.path.join(cls.folder, "assembly.sequence.json")
        # --werror: the example builds without a warning.
        run("build", "--werror", SCENE, "-o", cls.sequence)
        run("validate", cls.sequence)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.folder, ignore_errors=True)

    def state(self, time):
        return json.loads(run("eval", SCENE, "--time", time).stdout)["objects"]

    def played(self, time):
        return json.loads(run("eval", self.sequence, "--time", time).stdout)["transforms"]

    def check(self, time, expected):
        """expected: {object: ((position, quaternion), frame)} at `time`."""
        state, played = self.state(time), self.played(time)
        for name, ((position, quaternion), frame) in expected.items():
            what = f"{name} at {time} s"
            self.assert_vector(state[name]["position"], position, EXACT, what)
            self.assert_rotation(state[name]["quaternion"], quaternion, 1e-5, what)
            self.assertEqual(state[name]["frame"], frame, what)
            distance = math.dist(played[name]["position"], state[name]["position"])
            self.assertLessEqual(distance, TOLERANCE_M, what + " (played vs the exact state)")
            self.assert_rotation(played[name]["quaternion"], state[name]["quaternion"],
                                 TOLERANCE_DEG, what + " (played vs the exact state)")
            self.assert_vector(played[name]["position"], position, PLAYED_M, what + " (played)")
            self.assert_rotation(played[name]["quaternion"], quaternion, PLAYED_DEG,
                                 what + " (played)")
        return state

    def test_resolved_times(self):
        nodes = json.loads(run("resolve", SCENE).stdout)["nodes"]
        times = {n["node"]: [n["start"], n["end"]] for n in nodes}
        self.assertEqual(times["body.turn"], [TURN_START, TURN_END])
        self.assertEqual(times["cover.off"], [COVER_OFF, COVER_OFF_END])
        self.assertEqual(times["cover.refit"], [COVER_REFIT, COVER_REFIT_END])
        self.assertEqual(times["screw1.drive"], [1.3, 2.4])
        self.assertEqual(times["screw3.drive"], [4.3, 5.1])
        self.assertEqual(times["washer.on"], [3.5, 4.1])
        self.assertEqual(times["screw4.drive"], [9.4, 10.5])

    def test_screws_sit_in_the_top_holes(self):
        state = self.check("3", {
            "screw1": (screw_in(3, "hole_1"), "body/hole_1"),
            "screw2": (screw_in(3, "hole_2"), "body/hole_2"),
            "cover": (cover_on(3), "body/cover"),
        })
        # The seat (under the head) is on the hole, in the world: screw2 into hole 2.
        hole_2 = body_point(3, BODY["hole_2"][0])
        seat = add(state["screw2"]["position"],
                   rotate(state["screw2"]["quaternion"], SCREW["seat"][0]))
        self.assert_vector(seat, hole_2, EXACT, "screw2's seat on hole_2")
        self.assert_vector(hole_2, (-0.075 * math.cos(math.radians(30)) - 0.05 * 0.5, 0.08,
                                    -0.075 * 0.5 + 0.05 * math.cos(math.radians(30))),
                           1e-12, "hole_2 in the world")

    def test_screw_turns_in_on_a_straight_line(self):
        # Half way through screw1.drive, [1.3, 2.4] with ease_in_out (u = 1/2
        # at 1.85 s): the screw verb's L(u) = T(0, 0.19 (1 - u), 0) Ry(-1080 u)
        # L_mate in the frame of hole_1, whose +Y is the world's (the body only
        # turns about Y, and not yet): 95 mm above where it ends, turned a
        # turn and a half clockwise (seen from above) from the hole's yaw -30.
        end, _ = screw_in(2.4, "hole_1")
        self.check("1.85", {"screw1": ((add(end, (0, 0.095, 0)), q_y(-30 - 540)),
                                       "body/hole_1")})
        # It appears at the start of the drive 190 mm out, on the axis.
        self.check("1.3", {"screw1": ((add(end, (0, 0.19, 0)), q_y(-30)), "body/hole_1")})

    def test_washer_on_screw_on_body(self):
        state = self.check("5.2", {
            "screw3": (screw3(5.2), "body/hole_3"),
            "washer": (washer(5.2), "screw3/seat"),
        })
        # The washer's bottom lies on the side face's hole; the screw points
        # into the body along the hole's axis (body +X turned by yaw -30).
        self.assert_vector(state["washer"]["position"], body_point(5.2, BODY["hole_3"][0]), EXACT,
                           "the washer's bottom on hole_3")
        axis = rotate(state["screw3"]["quaternion"], (0, 1, 0))
        self.assert_vector(axis, (math.cos(math.radians(30)), 0, 0.5), EXACT, "screw3's axis")

    def test_everything_rides_the_turning_body(self):
        # Half way through the turn (u = 1/2): yaw -30 + 90 = 60.
        self.assertAlmostEqual(body_yaw(7.4), 60, delta=1e-12)
        self.check("7.4", {
            "body": (((0, 0, 0), q_y(60)), "world"),
            "screw1": (screw_in(7.4, "hole_1"), "body/hole_1"),
            "screw2": (screw_in(7.4, "hole_2"), "body/hole_2"),
            "screw3": (screw3(7.4), "body/hole_3"),
            "washer": (washer(7.4), "screw3/seat"),
        })

    def test_cover_separates_without_a_jump(self):
        yaw = body_yaw(COVER_OFF)
        self.assertAlmostEqual(yaw, -30 + 180 * (1 / 64) * (3 - 1 / 4), delta=1e-12)
        on_body = cover_on(COVER_OFF)
        self.check("5.9", {"cover": (on_body, "world")})
        before, after = self.state("5.899999")["cover"], self.state("5.900001")["cover"]
        self.assertEqual(before["frame"], "body/cover")
        # The body turns at ~30 degrees/s, 0.103 m out: 5e-8 m per microsecond.
        self.assert_vector(before["position"], on_body[0], 1e-6, "just before separating")
        self.assert_vector(after["position"], on_body[0], 1e-6, "just after separating")
        self.assert_rotation(before["quaternion"], after["quaternion"], 1e-4, "no turn jump")

    def test_separated_cover_moves_in_the_world_while_the_body_turns(self):
        off_rotation = cover_on(COVER_OFF)[1]  # the rotation it had when it came off
        state = self.check("6.7", {"cover": ((COVER_OUT, off_rotation), "world")})
        self.assertAlmostEqual(state["cover"]["opacity"], 0.4, delta=1e-12)
        # Half way through the swing: the midpoint, and half the turn about +Y
        # between yaw(5.9) and 60 (both are yaw * Rz(90)).
        self.check("7.05", {"cover": ((scale(add(COVER_OUT, COVER_SWUNG), 0.5),
                                       q_mul(q_y((body_yaw(COVER_OFF) + 60) / 2),
                                             q_axis((0, 0, 1), 90))), "world")})
        state = self.check("7.4", {"cover": ((COVER_SWUNG, COVER_SWUNG_ROTATION), "body/cover")})
        self.assertAlmostEqual(state["cover"]["opacity"], 0.4, delta=1e-12)

    def test_cover_recombines_without_a_jump(self):
        before = self.state("7.399999")["cover"]
        after = self.state("7.400001")["cover"]
        self.assertEqual(before["frame"], "world")
        self.assertEqual(after["frame"], "body/cover")
        # The swing ends with zero speed (ease_in_out); the body turns at 45 degrees/s.
        self.assert_vector(before["position"], COVER_SWUNG, 1e-9, "just before re-combining")
        self.assert_vector(after["position"], COVER_SWUNG, 1e-6, "just after re-combining")
        self.assert_rotation(before["quaternion"], COVER_SWUNG_ROTATION, 1e-6, "before")
        self.assert_rotation(after["quaternion"], COVER_SWUNG_ROTATION, 1e-4, "after")

    def test_cover_goes_straight_onto_the_turning_face(self):
        # It arrived with the face's rotation, so the attach only translates, in
        # the body's frame: half way (u = 1/2 at 7.8 s) it is half way from
        # where it started, in body space, to its seat, carried by yaw(7.8).
        start = rotate(q_y(-60), COVER_SWUNG)
        seat = rotate(q_y(30), cover_on(0)[0])  # the body is at yaw -30 at 0 s
        self.assert_vector(seat, (-0.103, 0.04, 0.0), 1e-12, "the cover's seat in body space")
        middle = scale(add(start, seat), 0.5)
        self.check("7.8", {"cover": ((body_point(7.8, middle),
                                      q_mul(q_y(body_yaw(7.8)), q_axis((0, 0, 1), 90))),
                                     "body/cover")})

    def test_recombined_cover_rides_the_body_on_a_circle(self):
        radius = 0.1 + 0.003  # the cover marker, and the cover's origin 3 mm out of the face
        for time in (8.2, 8.4, 9.0, 9.4, 11):
            state = self.check(str(time), {"cover": (cover_on(time), "body/cover")})
            x, y, z = state["cover"]["position"]
            yaw = math.radians(body_yaw(time))
            self.assert_vector((x, y, z), (-radius * math.cos(yaw), 0.04, radius * math.sin(yaw)),
                               EXACT, f"cover on its circle at {time} s")
            self.assertEqual(state["cover"]["opacity"], 1)

    def test_the_end(self):
        # After the turn (yaw 150) the last screw is in the chamfer's hole.
        self.assertEqual(body_yaw(11), 150)
        state = self.check("11", {
            "body": (((0, 0, 0), q_y(150)), "world"),
            "screw1": (screw_in(11, "hole_1"), "body/hole_1"),
            "screw2": (screw_in(11, "hole_2"), "body/hole_2"),
            "screw3": (screw3(11), "body/hole_3"),
            "washer": (washer(11), "screw3/seat"),
            "screw4": (screw_in(11, "hole_4"), "body/hole_4"),
        })
        # screw4's axis: the chamfer's normal, (0, 1, -1)/sqrt 2 in the body, turned by 150.
        axis = rotate(state["screw4"]["quaternion"], (0, 1, 0))
        self.assert_vector(axis, (-S2 * 0.5, S2, S2 * math.cos(math.radians(30))), EXACT,
                           "screw4's axis")
        self.assert_vector(state["screw4"]["rotation"], (-45, 150, 0), 1e-5, "screw4's Euler")


def main():
    global CINC, CACHE
    if len(sys.argv) < 2:
        sys.exit("usage: blender_example_test.py CINC [unittest arguments]")
    CINC = os.path.abspath(sys.argv[1])
    CACHE = tempfile.mkdtemp(prefix="cinc-blender-example-cache-")
    try:
        program = unittest.main(argv=[sys.argv[0], *sys.argv[2:]], exit=False, verbosity=2)
    finally:
        shutil.rmtree(CACHE, ignore_errors=True)
    if not program.result.wasSuccessful():
        sys.exit(1)


if __name__ == "__main__":
    main()
