#!/usr/bin/env python3
"""End-to-end tests of `cinc verify`, `cinc build --verify`, shards (more
than 256 tracks) and the per-channel key limit (E_LIMIT).

Usage: verify_cli_test.py CINC  (run by ctest as `cli_verify`)
"""
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

CINC = None

# A body turning about several axes at once (a baked rotation), a screw
# attached to it and spun (a pose on a moving frame), a still camera.
BOLT_SCENE = """cinc: 1
name: bolt
objects:
  body:
    opacity: 1
    nodes:
      - {id: turn, duration: 2, rotation: [30, 60, 10], ease: ease_in_out}
  screw:
    position: [0.3, 0, 0]
    nodes:
      - {id: place, duration: 1, opacity: 1, attach: {to: body, offset: {position: [0, 0.1, 0]}}}
      - {id: drive, duration: 2, spin: {axis: [0, 1, 0], turns: 2}}
cameras:
  cam:
    position: [0, 1, 5]
"""

RAMP_SCENE = """cinc: 1
name: ramp
objects:
  box:
    opacity: 1
    nodes:
      - {id: move, duration: 1, position: [1, 0, 0]}
"""

RAMP_SEQUENCE = {
    "version": 1, "name": "ramp", "duration": 1,
    "tracks": [{"type": "transform", "target": "box",
                "position": [{"t": 0, "value": [0, 0, 0], "interp": "linear"},
                             {"t": 1, "value": [1, 0, 0], "interp": "step"}],
                "rotation": [{"t": 0, "value": [0, 0, 0], "interp": "step"}]}]}


def run(*args, timeout=120):
    result = subprocess.run([CINC, *args], capture_output=True, timeout=timeout)
    return result.returncode, result.stdout.decode(), result.stderr.decode(errors="replace")


def many_objects_scene(count):
    """`count` objects o0, o1, ... fading in and moving over [0, 1] s, a camera
    and a shot (the camera track)."""
    lines = ["cinc: 1", "name: crowd", "objects:"]
    for index in range(count):
        lines.append(f"  o{index}:")
        lines.append("    nodes:")
        lines.append(f"      - {{id: in, at: 0, duration: 1, opacity: 1, "
                     f"position: [{index * 0.01:g}, 0, 0]}}")
    lines += ["cameras:", "  cam:", "    position: [0, 1, 5]",
              "director:", "  nodes:", "    - {id: open, at: 0, shot: {camera: cam}}"]
    return "\n".join(lines) + "\n"


class VerifyCliTest(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp(prefix="cinc-verify-")

    def tearDown(self):
        shutil.rmtree(self.folder, ignore_errors=True)

    def write(self, name, content):
        path = os.path.join(self.folder, name)
        with open(path, "w") as stream:
            stream.write(content if isinstance(content, str) else json.dumps(content))
        return path

    def table_rows(self, stdout):
        lines = stdout.splitlines()
        self.assertEqual(lines[0], "tolerance: 0.0001 m, 0.01 deg")
        self.assertEqual(lines[1].split(), ["owner", "kind", "max", "position", "(m)", "rms",
                                            "position", "(m)", "max", "rotation", "(deg)", "rms",
                                            "rotation", "(deg)", "samples"])
        rows = {}
        for line in lines[2:]:
            fields = line.split()
            if len(fields) != 7:
                break
            rows[fields[0]] = fields[1:]
        return rows

    def test_build_verify_checks_then_writes_and_verify_agrees(self):
        scene = self.write("bolt.yaml", BOLT_SCENE)
        out = os.path.join(self.folder, "bolt.sequence.json")
        status, stdout, stderr = run("build", scene, "--verify")
        self.assertEqual(status, 0, stderr)
        self.assertEqual(stderr, "")
        self.assertTrue(stdout.endswith(
            f"verified: every owner within the tolerance\nwrote {out}\n"), stdout)
        rows = self.table_rows(stdout)
        self.assertEqual(list(rows), ["body", "screw", "cam"])
        self.assertEqual([row[0] for row in rows.values()], ["object", "object", "camera"])
        for name, row in rows.items():
            self.assertLessEqual(float(row[1]), 1e-4, name)
            self.assertLessEqual(float(row[3]), 0.01, name)
            # The duration is 3 s: at least the 3001 ms samples.
            self.assertGreaterEqual(int(row[5]), 3001, name)
        self.assertEqual(rows["cam"][1:5], ["0", "0", "0", "0"])
        status, verify_stdout, stderr = run("verify", scene, out)
        self.assertEqual((status, stderr), (0, ""))
        self.assertEqual(verify_stdout + f"wrote {out}\n", stdout)
        status, json_stdout, stderr = run("verify", scene, out, "--json")
        self.assertEqual((status, stderr), (0, ""))
        report = json.loads(json_stdout)
        self.assertEqual(list(report), ["tolerance", "passed", "owners"])
        self.assertEqual(report["tolerance"], {"position": 0.0001, "rotation": 0.01})
        self.assertTrue(report["passed"])
        self.assertEqual([o["name"] for o in report["owners"]], ["body", "screw", "cam"])
        screw = report["owners"][1]
        self.assertEqual(list(screw), ["name", "kind", "samples", "position", "rotation", "scale",
                                       "visible_samples"])
        # Hidden until the place node starts at 0: visible from 0 on, the
        # fade-in's first instant (opacity 0) excepted.
        self.assertEqual(screw["visible_samples"], screw["samples"] - 1)
        self.assertNotIn("scale", report["owners"][2])

    def test_verify_of_a_wrong_sequence_fails_and_names_the_worst_error(self):
        scene = self.write("ramp.yaml", RAMP_SCENE)
        off = json.loads(json.dumps(RAMP_SEQUENCE))
        # 2 mm off in z from 0.25 s on, a step: max 0.002 at 0.25 s.
        off["tracks"][0]["position"] = [
            {"t": 0, "value": [0, 0, 0], "interp": "linear"},
            {"t": 0.25, "value": [0.25, 0, 0.002], "interp": "linear"},
            {"t": 1, "value": [1, 0, 0.002], "interp": "step"}]
        sequence = self.write("ramp.sequence.json", off)
        status, stdout, stderr = run("verify", scene, sequence)
        self.assertEqual(status, 1)
        self.assertEqual(stderr.splitlines()[0],
                         f"{scene}:4:3: error: object 'box' is off by 0.002 m at 0.25 s, over the "
                         "position tolerance of 0.0001 m [E_VERIFY]")
        # 751 of the 1001 samples are 0.002 off (0.25 .. 1), and the ramp to
        # 0.25 s is 0.008 t off: sqrt((751 * 0.002^2 + sum_{k<250} (8e-6 k)^2) / 1001).
        expected = ((751 * 0.002 ** 2 + sum((8e-6 * k) ** 2 for k in range(250))) / 1001) ** 0.5
        rows = self.table_rows(stdout)
        self.assertEqual(rows["box"][1], "0.002")
        self.assertEqual(rows["box"][2], f"{float(f'{expected:.3g}'):g}")
        self.assertTrue(stdout.endswith("failed: see the E_VERIFY diagnostics\n"))

    def test_verify_reports_a_bad_sequence_file_with_its_codes(self):
        scene = self.write("ramp.yaml", RAMP_SCENE)
        broken = self.write("broken.sequence.json", '{"version": 2, "name": "ramp", '
                            '"duration": 1, "tracks": []}')
        status, stdout, stderr = run("verify", scene, broken)
        self.assertEqual((status, stdout), (1, ""))
        self.assertEqual(stderr.splitlines()[0], f"{broken}:1:2: error: version must be 1, not 2 "
                         "[E_CINEMA_VERSION] at /version")
        missing = os.path.join(self.folder, "missing.sequence.json")
        status, stdout, stderr = run("verify", scene, missing)
        self.assertEqual((status, stdout), (1, ""))
        self.assertIn("[E_CINEMA_FORMAT]", stderr)
        # A sequence of another duration.
        other = json.loads(json.dumps(RAMP_SEQUENCE))
        other["duration"] = 2
        longer = self.write("longer.sequence.json", other)
        status, stdout, stderr = run("verify", scene, longer)
        self.assertEqual(status, 1)
        self.assertEqual(stderr, f"{scene}: error: the sequence lasts 2 s, the scene 1 s "
                         "[E_VERIFY]\n")
        # A broken scene: its own diagnostics, nothing verified.
        bad_scene = self.write("bad.yaml", "cinc: 2\n")
        status, stdout, stderr = run("verify", bad_scene, longer)
        self.assertEqual((status, stdout), (1, ""))
        self.assertIn("[E_SCENE_VERSION]", stderr)

    def test_300_objects_build_into_two_valid_shards_that_verify(self):
        scene = self.write("crowd.yaml", many_objects_scene(300))
        first = os.path.join(self.folder, "crowd.sequence.json")
        second = os.path.join(self.folder, "crowd.2.sequence.json")
        depfile = os.path.join(self.folder, "crowd.d")
        status, stdout, stderr = run("build", scene, "--depfile", depfile)
        self.assertEqual((status, stderr), (0, ""))
        self.assertEqual(stdout, f"wrote {first}\nwrote {second}\n")
        with open(depfile) as stream:
            self.assertEqual(stream.read(), f"{first} {second}: {scene}\n")
        for path in (first, second):
            self.assertEqual(run("validate", path)[:2], (0, f"{path}: valid\n"))
        with open(first) as stream:
            one = json.load(stream)
        with open(second) as stream:
            two = json.load(stream)
        self.assertEqual((one["name"], two["name"]), ("crowd", "crowd.2"))
        self.assertEqual((one["duration"], two["duration"]), (1, 1))
        # Every object has 2 opacity cues (the initial one and the fade).
        # Shard 1: cam's transform, the camera track and n objects with 2n
        # cues: 2 + n + ceil(2n / 256) <= 256 gives n = 252 (2 cues tracks).
        # Shard 2: the other 48 objects and one cues track of their 96 cues.
        types = [track["type"] for track in one["tracks"]]
        self.assertEqual(types, ["transform"] * 253 + ["camera", "cues", "cues"])
        targets = [track["target"] for track in one["tracks"][:253]]
        self.assertEqual(targets, [f"o{i}" for i in range(252)] + ["cam"])
        self.assertEqual([len(t["cues"]) for t in one["tracks"][254:]], [256, 248])
        self.assertEqual([t["type"] for t in two["tracks"]], ["transform"] * 48 + ["cues"])
        self.assertEqual([t["target"] for t in two["tracks"][:48]],
                         [f"o{i}" for i in range(252, 300)])
        self.assertEqual({c["target"] for c in two["tracks"][48]["cues"]},
                         {f"o{i}" for i in range(252, 300)})
        self.assertEqual(len(two["tracks"][48]["cues"]), 96)
        # verify finds crowd.2.sequence.json beside the first shard.
        status, stdout, stderr = run("verify", scene, first)
        self.assertEqual((status, stderr), (0, ""))
        self.assertEqual(len(self.table_rows(stdout)), 301)
        self.assertTrue(stdout.endswith("verified: every owner within the tolerance\n"))
        # Without its second shard, the objects there have no track.
        os.remove(second)
        status, _, stderr = run("verify", scene, first)
        self.assertEqual(status, 1)
        errors = stderr.splitlines()
        self.assertEqual(len([e for e in errors if e.endswith("[E_VERIFY]")]), 48)
        self.assertIn(f"{scene}:760:3: error: object 'o252' has no transform track in the "
                      "sequence [E_VERIFY]", errors)
        # build --verify checks both shards before writing either.
        status, stdout, stderr = run("build", scene, "--verify")
        self.assertEqual((status, stderr), (0, ""))
        self.assertTrue(stdout.endswith(f"wrote {first}\nwrote {second}\n"))

    def test_a_shard_of_the_wrong_name_is_reported(self):
        scene = self.write("crowd.yaml", many_objects_scene(300))
        first = os.path.join(self.folder, "crowd.sequence.json")
        second = os.path.join(self.folder, "crowd.2.sequence.json")
        self.assertEqual(run("build", scene)[0], 0)
        with open(second) as stream:
            two = json.load(stream)
        two["name"] = "other"
        two["duration"] = 2
        self.write("crowd.2.sequence.json", two)
        status, stdout, stderr = run("verify", scene, first)
        self.assertEqual((status, stdout), (1, ""))
        self.assertEqual(stderr,
                         f"{first}: error: shard {second} is named 'other', expected 'crowd.2' "
                         "[E_VERIFY]\n"
                         f"{first}: error: shard {second} lasts 2 s, the first shard 1 s "
                         "[E_VERIFY]\n")

    def test_fewer_shards_remove_the_stale_ones(self):
        big = self.write("crowd.yaml", many_objects_scene(600))
        out = os.path.join(self.folder, "out.sequence.json")
        status, stdout, _ = run("build", big, "-o", out)
        self.assertEqual(status, 0)
        # 600 objects: 252 in shard 1 (see above); shard 2 takes n objects
        # with n + ceil(2n / 256) <= 256: n = 254; shard 3 the other 94.
        self.assertEqual(stdout, "".join(f"wrote {p}\n" for p in (
            out, os.path.join(self.folder, "out.2.sequence.json"),
            os.path.join(self.folder, "out.3.sequence.json"))))
        unrelated = self.write("out.4.sequence.json", "not a shard of this scene")
        self.write("crowd.yaml", many_objects_scene(3))
        status, stdout, _ = run("build", big, "-o", out)
        self.assertEqual((status, stdout), (0, f"wrote {out}\n"))
        self.assertEqual(sorted(os.listdir(self.folder)),
                         ["crowd.yaml", "out.4.sequence.json", "out.sequence.json"])
        self.assertTrue(os.path.exists(unrelated))

    def test_shards_staged_beside_their_paths_are_removed_when_the_build_fails(self):
        # Shards go to temporary files beside their paths as they are made;
        # a build that then fails (here: --werror and a warning about the
        # last object, in the second shard) leaves the old files and nothing
        # else.
        last = "      - {id: in, at: 0, duration: 1, opacity: 1, position: [2.99, 0, 0]}"
        text = many_objects_scene(300)
        self.assertIn(last, text)
        scene = self.write("crowd.yaml", text.replace(
            last, last + "\n      - {id: b, at: 0.5, duration: 1, position: [3, 0, 0]}"))
        first = self.write("crowd.sequence.json", "previous first")
        second = self.write("crowd.2.sequence.json", "previous second")
        status, stdout, stderr = run("build", scene, "--werror")
        self.assertEqual((status, stdout), (1, ""))
        self.assertIn("[W_TIMING_OVERLAP]", stderr)
        self.assertEqual(sorted(os.listdir(self.folder)),
                         ["crowd.2.sequence.json", "crowd.sequence.json", "crowd.yaml"])
        for path, previous in ((first, "previous first"), (second, "previous second")):
            with open(path) as stream:
                self.assertEqual(stream.read(), previous)
        # A shard that cannot be put in its place (a folder of that name):
        # E_OUTPUT, exit 3, refused when it is staged; the first file is
        # still the old one, and no temporary file is left.
        os.remove(second)
        os.makedirs(os.path.join(second, "inside"))
        status, stdout, stderr = run("build", scene)
        self.assertEqual((status, stdout), (3, ""))
        self.assertEqual(stderr.splitlines()[0],
                         f"cinc: error: cannot write {second}: it is a folder; name a file in "
                         "it [E_OUTPUT]")
        self.assertEqual(sorted(os.listdir(self.folder)),
                         ["crowd.2.sequence.json", "crowd.sequence.json", "crowd.yaml"])
        with open(first) as stream:
            self.assertEqual(stream.read(), "previous first")

    def test_build_verify_with_werror_fails_on_a_warning_and_writes_nothing(self):
        # What cinc emits passes its own verification (a failure would be a
        # bug in emit, which the unit tests of verify/verify.h stand in for);
        # --werror is the failure a user can cause: the scene's warning is
        # reported with the verification's diagnostics, and nothing is written.
        scene = self.write("overlap.yaml", """cinc: 1
objects:
  box:
    nodes:
      - {id: a, at: 0, duration: 2, position: [1, 0, 0]}
      - {id: b, at: 1, duration: 2, position: [2, 0, 0]}
""")
        out = self.write("overlap.sequence.json", "previous bytes")
        status, stdout, stderr = run("build", scene, "--verify", "--werror")
        self.assertEqual(status, 1, stderr)
        self.assertTrue(stdout.endswith("verified: every owner within the tolerance\n"), stdout)
        self.assertNotIn("wrote", stdout)
        self.assertEqual([line for line in stderr.splitlines() if line.endswith("]")],
                         [f"{scene}:6:9: error: nodes 'box.a' and 'box.b' both drive position "
                          "from 1 s to 2 s; 'box.b' takes over at 1 s [W_TIMING_OVERLAP]"])
        with open(out) as stream:
            self.assertEqual(stream.read(), "previous bytes")
        self.assertEqual(sorted(os.listdir(self.folder)), ["overlap.sequence.json", "overlap.yaml"])
        # Without --werror the warning is printed and the build goes on.
        status, stdout, stderr = run("build", scene, "--verify")
        self.assertEqual(status, 0, stderr)
        self.assertTrue(stdout.endswith(f"wrote {out}\n"))

    def test_a_channel_over_10000_keys_is_e_limit_and_nothing_is_written(self):
        # 10,000 chained linear moves of 0.1 s, back and forth: a key at each
        # move's start and one at the last move's end, 10,001 position keys,
        # however the baker fits (nothing here is baked).
        lines = ["cinc: 1", "objects:", "  shuttle:", "    opacity: 1", "    nodes:"]
        lines += [f"      - {{duration: 0.1, position: [{(k + 1) % 2}, 0, 0]}}"
                  for k in range(10000)]
        scene = self.write("shuttle.yaml", "\n".join(lines) + "\n")
        status, stdout, stderr = run("build", scene)
        self.assertEqual((status, stdout), (1, ""))
        self.assertEqual(stderr.splitlines()[0],
                         f"{scene}:3:3: error: object 'shuttle' needs 10001 position keys at the "
                         "tolerance, more than the format's 10000 per channel [E_LIMIT]")
        self.assertEqual(len([l for l in stderr.splitlines() if l.endswith("]")]), 1)
        self.assertEqual(sorted(os.listdir(self.folder)), ["shuttle.yaml"])
        # 9,999 moves are 10,000 keys: within the limit.
        self.write("shuttle.yaml", "\n".join(lines[:-1]) + "\n")
        status, _, stderr = run("build", scene)
        self.assertEqual(status, 0, stderr)

    def spinning_body_scene(self, turns):
        """A body spinning `turns` about +Y over 10 s, a tip attached 1 m out
        on its +X from the start."""
        return self.write("spin.yaml", f"""cinc: 1
objects:
  body:
    opacity: 1
    nodes:
      - {{id: whirl, at: 0, duration: 10, spin: {{axis: [0, 1, 0], turns: {turns}}}}}
  tip:
    opacity: 1
    nodes:
      - {{at: 0, duration: 0, attach: {{to: body, offset: {{position: [1, 0, 0]}}}}}}
""")

    def test_a_part_on_a_body_spinning_whole_turns_follows_its_circle(self):
        # At every eighth of the piece a part on a body spinning 8 turns is
        # back at its start: probed there, it looked still and was written
        # with two keys. Its played position must be the circle
        # (cos a, 0, -sin a), a = 2 pi 8 t / 10 (yaw turns +X towards -Z).
        scene = self.spinning_body_scene(8)
        output = os.path.join(self.folder, "spin.sequence.json")
        status, stdout, stderr = run("build", "--verify", scene, "-o", output)
        self.assertEqual(status, 0, stderr)
        self.assertIn("verified: every owner within the tolerance", stdout)
        for t in (0.3125, 1.0, 4.4, 9.9):
            status, stdout, stderr = run("eval", output, "--time", str(t))
            self.assertEqual(status, 0, stderr)
            played = json.loads(stdout)["transforms"]["tip"]["position"]
            angle = 2 * math.pi * 8 * t / 10
            expected = [math.cos(angle), 0, -math.sin(angle)]
            self.assertLessEqual(math.dist(played, expected), 1e-4, (t, played, expected))

    def test_an_ease_standing_still_in_x_is_cut_there_and_played_exactly(self):
        # ease [1, 0, 0, 1] has a vertical tangent half-way (x(s) = 1/2 +
        # 4 (s - 1/2)^3): the move, taken over at 0.7 s, is written as two
        # eased parts meeting at 0.5 s. Its height is 2 y with y = 1/2 +
        # 1.5 cbrt(d) - 2 d, d = (t - 1/2) / 4; a linear part across the
        # tangent was millimetres off beside it.
        scene = self.write("steep.yaml", """cinc: 1
name: steep
objects:
  box:
    nodes:
      - {id: away, at: 0, duration: 1, position: [0, 2, 0], ease: [1, 0, 0, 1]}
      - {id: back, at: 0.7, duration: 0.3, position: [0, 0, 0]}
""")
        output = os.path.join(self.folder, "steep.sequence.json")
        status, stdout, stderr = run("build", "--verify", scene, "-o", output)
        self.assertEqual(status, 0, stderr)
        self.assertIn("verified: every owner within the tolerance", stdout)
        for t in (0.2, 0.49, 0.4999999, 0.5, 0.5000001, 0.51, 0.69):
            status, stdout, stderr = run("eval", output, "--time", repr(t))
            self.assertEqual(status, 0, stderr)
            played = json.loads(stdout)["transforms"]["box"]["position"]
            d = (t - 0.5) / 4
            height = 2 * (0.5 + 1.5 * math.copysign(abs(d) ** (1 / 3), d) - 2 * d)
            self.assertLessEqual(math.dist(played, [0, height, 0]), 1e-6, (t, played, height))

    def test_a_fitted_motion_past_10000_keys_is_e_limit(self):
        # 1,000 turns at 1 m need about 14.2 keys a turn (1.42 (r / e)^(1/4)):
        # 14,200 position keys. The fit stops one key past the limit and the
        # last key: 10,002.
        scene = self.spinning_body_scene(1000)
        status, stdout, stderr = run("build", scene)
        self.assertEqual((status, stdout), (1, ""))
        self.assertEqual(stderr.splitlines()[0],
                         f"{scene}:7:3: error: object 'tip' needs 10002 position keys at the "
                         "tolerance, more than the format's 10000 per channel [E_LIMIT]")
        self.assertEqual(sorted(os.listdir(self.folder)), ["spin.yaml"])

    def test_a_height_float32_cannot_hold_is_keyed_sparsely_in_glb(self):
        # 8,000 m up: a float32 holds such heights to a step of 2^-11 m
        # (0.49 mm), so a key's value rounds by up to 0.24 mm, more than
        # the 0.1 mm tolerance. The fit checks each segment with its keys
        # rounded as the player stores them, so it places keys where the
        # rounding leaves the played fall within the tolerance: the glb is
        # written with few keys, and --verify passes. (While GCC 12's
        # vectorizer left some key values unrounded in the fit, the keys
        # checked were not the keys written: 19 keys, 0.33 mm off.)
        scene = self.write("fall.yaml", """cinc: 1
objects:
  lid:
    position: [0, 8100, 0]
    nodes:
      - {id: fall, duration: 1, position: [0, 8000, 0], ease: ease-in}
""")
        output = os.path.join(self.folder, "fall.glb")
        status, _, stderr = run("build", "--format", "glb", scene, "-o", output)
        self.assertEqual(status, 0, stderr)
        with open(output, "rb") as stream:
            data = stream.read()
        length = int.from_bytes(data[12:16], "little")
        gltf = json.loads(data[20:20 + length])
        (sampler,) = gltf["animations"][0]["samplers"]
        self.assertEqual(sampler["interpolation"], "CUBICSPLINE")
        self.assertLessEqual(gltf["accessors"][sampler["input"]]["count"], 40)
        status, stdout, stderr = run("build", "--verify", "--format", "glb", scene, "-o", output)
        self.assertEqual(status, 0, stderr)
        self.assertLessEqual(float(self.table_rows(stdout)["lid"][1]), 1e-4)
        self.assertIn("verified: every owner within the tolerance", stdout)


if __name__ == "__main__":
    CINC = os.path.abspath(sys.argv.pop(1))
    unittest.main()
