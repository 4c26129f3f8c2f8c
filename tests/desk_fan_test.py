#!/usr/bin/env python3
"""The desk fan example (examples/desk_fan) end to end.

    desk_fan_test.py CINC

- The committed models: `cinc markers --json` of each GLB gives the markers
  make_models.py places (written out below, by hand, in glTF space).
- Regenerating: make_models.py run again in Blender writes the same GLBs,
  byte for byte (Blender 3.4.1), so their markers are the committed ones.
- Golden poses: `cinc eval` of the scene at chosen times gives the world poses
  worked out in closed form from those marker coordinates (1e-6): every part
  seated, screws half way down their thread, the rotor on the shaft, the
  exploded view and back; the built sequence plays them within the
  scene's tolerance. `--verify` is clean forward and reversed, and step 3's
  framing puts the four M4 screws' bounds inside the frame less the margin,
  touching it.
- Metal: a still (`cinc stills`, 320x180, transparent background) of the
  chrome grille with its steel screws, and one of the screws alone: the
  median luminance of their pixels is far above the background's.

Needs Blender (regenerating) and Chromium (the stills), as scripts/setup
installs them: without them the test fails, it does not skip.
"""

import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ARGUMENTS = list(sys.argv)  # before publish_common's import, which takes them
sys.path.insert(0, HERE)
from blender_run import run_make_models  # noqa: E402
from blender_example_test import (IDENTITY, Assertions, add, q_axis, q_mul,  # noqa: E402
                                  rotate, scale)
from publish_common import rgba  # noqa: E402

ROOT = os.path.dirname(HERE)
EXAMPLE = os.path.join(ROOT, "examples", "desk_fan")
SCENE = os.path.join(EXAMPLE, "assembly.yaml")
MODELS = os.path.join(EXAMPLE, "models")
MAKE_MODELS = os.path.join(EXAMPLE, "make_models.py")
PARTS = ("base", "stand", "motor", "rotor", "clip", "grille", "m4", "m3")
CINC = None
BLENDER = os.environ.get("CINC_BLENDER") or shutil.which("blender")

EXACT = 1e-6          # closed form vs cinc's exact state (the GLBs hold float32)
TOLERANCE_M = 1e-4    # the scene's tolerance (the default): the sequence plays
TOLERANCE_DEG = 0.01  # the exact state within it

# --- The expectations, from make_models.py's numbers -------------------------
# Blender (x, y, z) is glTF (x, z, -y); Blender's Rx(90) (its +Z to -Y, the
# way the fan blows) is glTF's Rx(90) (+Y to +Z).

RX90 = q_axis((1, 0, 0), 90)
TILT = q_axis((1, 0, 0), -10)      # the stand's top: the motor tilts up 10 degrees
C30, S30 = math.cos(math.radians(30)), 0.5
C10, S10 = math.cos(math.radians(10)), math.sin(math.radians(10))
MARKERS = {
    "base": {"stand": ((0, 0.02, 0), IDENTITY)},
    "stand": {
        "foot": ((0, 0, 0), IDENTITY),
        "hole_1": ((0.025, 0.005, 0.025), IDENTITY),       # Blender (0.025, -0.025, 0.005)
        "hole_2": ((-0.025, 0.005, 0.025), IDENTITY),
        "hole_3": ((-0.025, 0.005, -0.025), IDENTITY),
        "hole_4": ((0.025, 0.005, -0.025), IDENTITY),
        "top": ((0, 0.2, 0), TILT),                        # Blender Rx(-10)
    },
    "motor": {
        "face": ((0, 0.045, 0.04), RX90),                  # Blender (0, -0.04, 0.045)
        "mount": ((0, 0, 0), IDENTITY),
        "shaft": ((0, 0.045, 0.045), RX90),                # 5 mm ahead of the face
    },
    "rotor": {"bore": ((0, 0, 0), IDENTITY), "front": ((0, 0.025, 0), IDENTITY)},
    "clip": {"back": ((0, 0, 0), IDENTITY), "front": ((0, 0.003, 0), IDENTITY)},
    "grille": {
        "back": ((0, 0, 0), IDENTITY),
        "badge": ((0, 0.066, 0), IDENTITY),
        # radius 30 mm at 90, 210, 330 degrees in Blender's XY: (cos a, sin a) -> (x, -z)
        "hole_1": ((0, 0.003, -0.03), IDENTITY),
        "hole_2": ((-0.03 * C30, 0.003, 0.03 * S30), IDENTITY),
        "hole_3": ((0.03 * C30, 0.003, 0.03 * S30), IDENTITY),
    },
    "m4": {"head": ((0, 0.0148, 0), IDENTITY), "seat": ((0, 0.012, 0), IDENTITY),
           "tip": ((0, 0, 0), IDENTITY)},
    "m3": {"head": ((0, 0.01, 0), IDENTITY), "seat": ((0, 0.008, 0), IDENTITY),
           "tip": ((0, 0, 0), IDENTITY)},
}
M4_HEAD_RADIUS = 0.0037  # a 12-sided head: its corners at 0, 30, ... degrees


def marker(part, name):
    return MARKERS[part][name]


def on(parent_pose, hole, mate, offset=(0, 0, 0)):
    """The pose of a part whose `mate` marker sits on the parent's `hole`
    marker, moved `offset` along the hole's axes: P * hole * T(offset) * mate^-1."""
    (pp, pq), (hp, hq), (mp, mq) = parent_pose, hole, mate
    rotation = q_mul(pq, q_mul(hq, (-mq[0], -mq[1], -mq[2], mq[3])))
    local = add(add(hp, rotate(hq, offset)), scale(rotate(q_mul(hq, (-mq[0], -mq[1], -mq[2],
                                                                     mq[3])), mp), -1))
    return add(pp, rotate(pq, local)), rotation


BASE = ((0, 0, 0), IDENTITY)


def poses(explode=0.0):
    """Every part's world pose, seated, or exploded by the share `explode` of
    the exploded view's distances (each along the axis of the marker it sits on)."""
    up = (0, explode, 0)
    stand = on(BASE, marker("base", "stand"), marker("stand", "foot"))
    result = {"base": BASE, "stand": stand}
    for k in range(1, 5):
        result[f"m4-{k}"] = on(stand, marker("stand", f"hole_{k}"), marker("m4", "seat"),
                               scale(up, 0.04))
    motor = on(stand, marker("stand", "top"), marker("motor", "mount"), scale(up, 0.06))
    rotor = on(motor, marker("motor", "shaft"), marker("rotor", "bore"), scale(up, 0.04))
    grille = on(motor, marker("motor", "face"), marker("grille", "back"), scale(up, 0.12))
    result.update(motor=motor, rotor=rotor, grille=grille,
                  clip=on(rotor, marker("rotor", "front"), marker("clip", "back"),
                          scale(up, 0.04)))
    for k in range(1, 4):
        result[f"m3-{k}"] = on(grille, marker("grille", f"hole_{k}"), marker("m3", "seat"),
                               scale(up, 0.12))
    return result


def run(*arguments, cwd=None):
    result = subprocess.run([CINC, *arguments], capture_output=True, text=True, cwd=cwd,
                            timeout=600)
    if result.returncode != 0:
        raise AssertionError(f"cinc {' '.join(arguments)} failed ({result.returncode}):\n"
                             + result.stdout + result.stderr)
    return result


def markers_of(path):
    return json.loads(run("markers", "--json", path).stdout)


class ModelsTest(Assertions):
    def test_files_are_small(self):
        for part in PARTS:
            for extension in (".blend", ".glb"):
                self.assertLess(os.path.getsize(os.path.join(MODELS, part + extension)),
                                128 * 1024, part + extension)

    def test_glb_markers_are_the_scripts_numbers(self):
        for part in PARTS:
            model = markers_of(os.path.join(MODELS, part + ".glb"))
            self.assertEqual([m["name"] for m in model["markers"]], sorted(MARKERS[part]), part)
            for found in model["markers"]:
                position, quaternion = MARKERS[part][found["name"]]
                what = f"{part}/{found['name']}"
                self.assert_vector(found["position"], position, EXACT, what)
                self.assert_rotation(found["quaternion"], quaternion, 1e-4, what)
            self.assertEqual(model["lods"], [], part)

    def test_metal_is_metal(self):
        # The glTF materials make_models.py gives: metallic 1 for the chrome
        # grille, the steel screws and the motor's shaft, 0 for the plastics.
        metallic = {}
        for part in PARTS:
            with open(os.path.join(MODELS, part + ".glb"), "rb") as stream:
                data = stream.read()
            length = int.from_bytes(data[12:16], "little")
            document = json.loads(data[20:20 + length])
            metallic[part] = [m["pbrMetallicRoughness"].get("metallicFactor", 1)
                              for m in document["materials"]]
        self.assertEqual(metallic, {"base": [0], "stand": [0], "motor": [0, 1], "rotor": [0],
                                    "clip": [0], "grille": [1], "m4": [1], "m3": [1]})

    def test_make_models_reproduces_the_committed_glbs(self):
        if BLENDER is None:
            raise AssertionError("Blender is not installed: scripts/setup installs it")
        folder = tempfile.mkdtemp(prefix="cinc-desk-fan-")
        try:
            result = run_make_models(BLENDER, MAKE_MODELS, folder)
            self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
            for part in PARTS:
                fresh = os.path.join(folder, "models", part + ".glb")
                with open(fresh, "rb") as a, open(os.path.join(MODELS, part + ".glb"), "rb") as b:
                    self.assertTrue(a.read() == b.read(), f"{part}.glb differs from the "
                                    "committed one: run make_models.py")
                self.assertTrue(os.path.isfile(os.path.join(folder, "models", part + ".blend")))
        finally:
            shutil.rmtree(folder, ignore_errors=True)


class GoldenPosesTest(Assertions):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="cinc-desk-fan-")
        cls.sequence = os.path.join(cls.folder, "fan.sequence.json")
        # --werror: the example builds without a warning.
        cls.verified = run("build", "--verify", "--werror", SCENE, "-o", cls.sequence).stdout
        run("validate", cls.sequence)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.folder, ignore_errors=True)

    def check(self, time, expected):
        """expected: {object: (position, quaternion)} at `time`."""
        state = json.loads(run("eval", SCENE, "--time", time).stdout)["objects"]
        played = json.loads(run("eval", self.sequence, "--time", time).stdout)["transforms"]
        for name, (position, quaternion) in expected.items():
            what = f"{name} at {time} s"
            self.assert_vector(state[name]["position"], position, EXACT, what)
            self.assert_rotation(state[name]["quaternion"], quaternion, 1e-5, what)
            self.assertLessEqual(math.dist(played[name]["position"], position),
                                 TOLERANCE_M + EXACT, what + " (played)")
            self.assert_rotation(played[name]["quaternion"], quaternion, TOLERANCE_DEG + 1e-5,
                                 what + " (played)")
        return state

    def test_verify_is_clean_both_ways(self):
        self.assertIn("verified: every owner within the tolerance", self.verified)
        reversed_sequence = os.path.join(self.folder, "fan.reverse.sequence.json")
        out = run("build", "--verify", "--werror", "--reverse", SCENE, "-o", reversed_sequence)
        self.assertIn("verified: every owner within the tolerance", out.stdout)

    def test_resolved_times(self):
        nodes = json.loads(run("resolve", SCENE).stdout)["nodes"]
        times = {n["node"]: [n["start"], n["end"]] for n in nodes}
        # base.in [0, 0.6]; each step 0.4 to 0.6 s after the one before; the
        # screws 0.3 s apart (stagger).
        self.assertEqual(times["stand.fit"], [1, 2])
        self.assertEqual([times[f"m4-{k}.drive"] for k in range(1, 5)],
                         [[2.5, 3.5], [2.8, 3.8], [3.1, 4.1], [3.4, 4.4]])
        self.assertEqual(times["motor.fit"], [5, 6])
        self.assertEqual(times["rotor.fit"], [6.6, 7.6])
        self.assertEqual(times["clip.fit"], [8.2, 8.8])
        self.assertEqual(times["grille.fit"], [9.4, 10.4])
        self.assertEqual(times["m3-3.drive"], [11.5, 12.3])
        self.assertEqual(times["m3-1.apart"], [12.9, 14.4])
        self.assertEqual(times["m3-1.together"], [15.4, 16.6])
        self.assertEqual(times["main.turn"], [16.9, 20.9])

    def test_every_part_seated(self):
        state = self.check("12.3", poses())
        # By hand: the motor 0.22 m up (base 20 mm, stand 200 mm), tilted up
        # 10 degrees about X: a point (0, y, z) of the motor is at
        # (0, 0.22 + y cos 10 + z sin 10, z cos 10 - y sin 10). The rotor sits
        # on the shaft, 45 mm above the mount and 45 mm ahead; m3-1 is 30 mm
        # above the axis, its origin 3 - 8 mm ahead of the face (40 mm ahead).
        self.assert_vector(state["motor"]["position"], (0, 0.22, 0), EXACT, "motor")
        self.assert_rotation(state["motor"]["quaternion"], TILT, 1e-5, "motor")
        self.assert_vector(state["rotor"]["position"],
                           (0, 0.22 + 0.045 * (C10 + S10), 0.045 * (C10 - S10)), EXACT, "rotor")
        self.assert_vector(state["m4-3"]["position"], (-0.025, 0.013, -0.025), EXACT, "m4-3")
        self.assert_vector(state["m3-1"]["position"],
                           (0, 0.22 + 0.075 * C10 + 0.035 * S10, 0.035 * C10 - 0.075 * S10),
                           EXACT, "m3-1")
        self.assertEqual(state["clip"]["frame"], "rotor/front")
        self.assertEqual(state["m3-2"]["frame"], "grille/hole_2")

    def test_screws_half_way_down_their_thread(self):
        # u = 1/2 (ease_in_out) in the middle of each drive: half the length
        # out along the hole's axis, half the turns clockwise about it.
        seated = poses()
        position, rotation = seated["m4-1"]
        self.check("3", {"m4-1": (add(position, (0, 0.008, 0)), rotation)})  # 2 turns: as seated
        # m3-1: [10.9, 11.7]; the hole's axis is the fan's, (0, sin 10, cos 10).
        position, rotation = seated["m3-1"]
        self.check("11.3", {"m3-1": (add(position, (0, 0.006 * S10, 0.006 * C10)),
                                     q_mul(rotation, q_axis((0, 1, 0), -540)))})

    def test_rotor_slides_onto_the_shaft(self):
        position, rotation = poses()["rotor"]                   # [6.6, 7.6], from 50 mm
        self.check("7.1", {"rotor": (add(position, (0, 0.025 * S10, 0.025 * C10)), rotation)})

    def test_exploded_view_and_back(self):
        exploded = poses(1.0)
        state = self.check("14.4", exploded)
        # By hand: the motor 60 mm out along its tilted axis, (0, cos 10,
        # -sin 10); in the motor's frame the grille 120 mm ahead of the face
        # (0, 0.045, 0.16), its screws riding it another 120 mm (m3-1's
        # origin at (0, 0.075, 0.275)), the clip 40 mm ahead of the rotor,
        # which is 40 mm ahead of the shaft (0, 0.045, 0.045 + 0.025 + 0.08).
        def motor_point(y, z):
            return (0, 0.22 + 0.06 * C10 + y * C10 + z * S10, -0.06 * S10 + z * C10 - y * S10)
        self.assert_vector(state["grille"]["position"], motor_point(0.045, 0.16), EXACT, "grille")
        self.assert_vector(state["m3-1"]["position"], motor_point(0.075, 0.275), EXACT, "m3-1")
        self.assert_vector(state["clip"]["position"], motor_point(0.045, 0.15), EXACT, "clip")
        self.check("13.65", poses(0.5))                         # half way (u = 1/2)
        self.check("16", poses(0.5))                            # half way back
        self.check("20.9", poses())

    def test_step_3_frames_the_m4_screws(self):
        camera = json.loads(run("eval", SCENE, "--time", "4.4").stdout)["cameras"]["main"]
        self.assert_vector(camera["rotation"], (-20, 35, 0), 1e-9, "the view is kept")
        inverse = tuple(-c for c in camera["quaternion"][:3]) + (camera["quaternion"][3],)
        half = math.tan(math.radians(35) / 2)
        extent = []
        for k in range(1, 5):
            centre, _ = poses()[f"m4-{k}"]
            for corner in [(x, y, z) for x in (-1, 1) for y in (0, 0.0148) for z in (-1, 1)]:
                point = add(centre, (corner[0] * M4_HEAD_RADIUS, corner[1],
                                     corner[2] * M4_HEAD_RADIUS))
                x, y, z = rotate(inverse, tuple(p - c for p, c in zip(point, camera["position"])))
                extent.append((abs(x / (-z * half * 16 / 9)), abs(y / (-z * half))))
        widest = max(max(e) for e in extent)
        self.assertLessEqual(widest, 1 - 2 * 0.2 + 1e-9)       # margin 0.2 on each side
        self.assertGreaterEqual(widest, (1 - 2 * 0.2) * 0.98)   # touching within 2 %


METAL_SCENE = """cinc: 1
name: fan-metal
models:
  grille: {source: grille.glb}
  m3: {source: m3.glb}
objects:
  grille:
    model: grille
    rotation: [90, 0, 0]
    nodes:
      - {id: in, at: 0, duration: 0.5, opacity: 1}
      - {id: out, at: 1, duration: 0.2, opacity: 0}
  m3:
    model: m3
    pattern: {markers: grille/hole_*}
    nodes:
      - {id: on, at: 0, duration: 0.5, opacity: 1, attach: {to: grille/$marker, mate: seat}}
cameras:
  cam:
    position: [0.2, 0.1, 0.5]
    rotation: [-10, 20, 0]
    fov: 35
    nodes:
      - {id: wide, at: 0, duration: 0.5, frame: [grille]}
      - {id: close, at: 1, duration: 0.5, frame: [m3], margin: 0.15}
director:
  nodes:
    - {id: open, at: 0, shot: {camera: cam}}
    - {id: grille, at: 0, duration: 0.8, label: "The grille"}
    - {id: screws, at: 1, duration: 0.8, label: "The screws"}
"""
# The preview's background, #1c1f24 (docs/gltf.md): Rec. 709 luminance 30.6.
BACKGROUND_LUMINANCE = 0.2126 * 0x1c + 0.7152 * 0x1f + 0.0722 * 0x24
# As tests/preview_look_test.py's bound for its steel sphere: metal that reads
# as metal. Measured here: the grille 155, the screws 160 in the studio look;
# 2 and 19 with `preview: {lighting: flat}` (the old look, metal black).
MIN_METAL_LUMINANCE = 80


class MetalStillTest(unittest.TestCase):
    def test_chrome_and_steel_are_bright_on_the_dark_background(self):
        work = tempfile.mkdtemp(prefix="cinc-desk-fan-metal-")
        self.addCleanup(shutil.rmtree, work, True)
        for part in ("grille", "m3"):
            shutil.copy(os.path.join(MODELS, part + ".glb"), work)
        with open(os.path.join(work, "metal.yaml"), "w") as stream:
            stream.write(METAL_SCENE)
        run("stills", "metal.yaml", "-o", "stills", "--size", "320x180",
            "--background", "transparent", cwd=work)
        for name in ("01-the-grille.png", "02-the-screws.png"):
            pixels = rgba(os.path.join(work, "stills", name), 320, 180)
            lit = [0.2126 * pixels[i] + 0.7152 * pixels[i + 1] + 0.0722 * pixels[i + 2]
                   for i in range(0, len(pixels), 4) if pixels[i + 3] == 255]
            median = statistics.median(lit)
            print(f"{name}: {len(lit)} metal pixels, median luminance {median:.1f} "
                  f"(background {BACKGROUND_LUMINANCE:.1f})", file=sys.stderr)
            self.assertGreater(len(lit), 200, name)  # the screws: 446 at this size
            self.assertGreaterEqual(median, MIN_METAL_LUMINANCE, name)


def main():
    global CINC
    if len(ARGUMENTS) < 2:
        sys.exit("usage: desk_fan_test.py CINC [unittest arguments]")
    CINC = os.path.abspath(ARGUMENTS[1])
    program = unittest.main(argv=[ARGUMENTS[0], *ARGUMENTS[2:]], exit=False, verbosity=2)
    if not program.result.wasSuccessful():
        sys.exit(1)


if __name__ == "__main__":
    main()
