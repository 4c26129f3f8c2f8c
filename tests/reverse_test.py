#!/usr/bin/env python3
"""The disassembly (`--reverse`) of every example and of the CONSTRUCTS
scene of tests/gltf_test.py, against its definition: at τ, what the forward
animation shows at D − τ.

    reverse_test.py CINC

- `cinc eval --reverse --time τ` is `cinc eval --time D − τ` with its time
  τ (objects and cameras, to 1e-9), at 41 instants;
- `cinc build --reverse --verify` replays the reversed sequence against the
  mirrored exact state within the scene's tolerance, and `cinc verify
  --reverse` agrees (without --reverse the same file fails, when anything
  moves);
- the reversed sequence, played by `cinc eval` (the project's evaluator,
  which knows nothing of reversing), shows at τ what the forward sequence
  shows at D − τ, to 1e-9, at instants between key times;
- `reverse: true` in the scene is the flag (the same bytes, states, verify;
  for the sequence, the glTF, the GLB and the preview page);
- `cinc build --reverse --verify` of a GLB replays the reversed glTF
  against the mirrored exact state;
- chapters come back mirrored: a `marker` cue of [S, E] at D − E, ending at
  D − S, in the mirrored order; and the shots' cameras in reverse order;
- an example with `reverse: true` is checked as the forward scene it
  reverses, and writes what that scene writes with --reverse;
- an example with `disassembly:` (examples/tutorial/manual.yaml) is checked
  as the assembly it holds; its disassembly's state at T + τ is the
  assembly's at E − τ (T and E worked out by hand), its sequence and GLB
  verify, and with --reverse it writes what the assembly writes.
Prints the keys of every example forward and reversed.
"""
import json
import os
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CINC = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.join(ROOT, "build", "cinc")
del sys.argv[1:]
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gltf_test import CONSTRUCTS, example_scenes  # noqa: E402

CLOSE = 1e-9


def run(*args, check=True):
    # Forward copies of examples that are disassemblies read their models
    # from the examples' folders.
    if args[0] in ("build", "preview", "eval", "verify"):
        args = (*args, "--allow-outside", ROOT)
    result = subprocess.run([CINC, *args], capture_output=True, text=True)
    if check and result.returncode != 0:
        raise AssertionError(f"cinc {' '.join(args)}: exit {result.returncode}\n{result.stderr}")
    return result


def eval_json(*args):
    return json.loads(run("eval", *args).stdout)


def key_count(sequence):
    count = 0
    for track in sequence["tracks"]:
        for channel in ("position", "rotation", "scale", "fov", "focus_distance", "aperture"):
            count += len(track.get(channel, []))
    return count


class ReverseTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="cinc-reverse-")
        constructs = os.path.join(cls.folder, "constructs.yaml")
        with open(constructs, "w", encoding="utf-8") as out:
            out.write(CONSTRUCTS)
        # An example that is a disassembly (`reverse: true`) is checked as
        # the forward scene it reverses: a copy without the field, its model
        # sources made absolute.
        cls.scenes = []
        cls.disassemblies = []
        cls.with_disassembly = []  # (label, path, forward): `disassembly:` in the scene
        for label, path in list(example_scenes()) + [("constructs", constructs)]:
            with open(path, encoding="utf-8") as file:
                text = file.read()
            if "\ndisassembly:" in text:
                # Checked as the assembly it holds: a copy without the section
                # (the last of the file), its model sources made absolute.
                models = os.path.join(os.path.dirname(path), "models") + "/"
                forward = os.path.join(cls.folder, label.replace("/", "_"))
                with open(forward, "w", encoding="utf-8") as out:
                    out.write(text[:text.index("\ndisassembly:") + 1].replace(
                        "source: models/", "source: " + models))
                cls.scenes.append((label + " (assembly)", forward))
                cls.with_disassembly.append((label, path, forward))
                continue
            if "\nreverse: true\n" not in text:
                cls.scenes.append((label, path))
                continue
            models = os.path.join(os.path.dirname(path), "models") + "/"
            forward = os.path.join(cls.folder, label.replace("/", "_"))
            with open(forward, "w", encoding="utf-8") as out:
                out.write(text.replace("\nreverse: true\n", "\n").replace("source: models/", "source: " + models))
            cls.scenes.append((label + " (forward)", forward))
            cls.disassemblies.append((label, path, forward))

    def assert_close(self, actual, expected, what):
        if isinstance(expected, dict):
            self.assertEqual(sorted(actual), sorted(expected), what)
            for key in expected:
                self.assert_close(actual[key], expected[key], f"{what}/{key}")
        elif isinstance(expected, list):
            self.assertEqual(len(actual), len(expected), what)
            for index, (a, b) in enumerate(zip(actual, expected)):
                self.assert_close(a, b, f"{what}[{index}]")
        elif isinstance(expected, float) or isinstance(actual, float):
            self.assertLessEqual(abs(actual - expected), CLOSE, f"{what}: {actual} vs {expected}")
        else:
            self.assertEqual(actual, expected, what)

    def build(self, label, scene, *extra):
        out = os.path.join(self.folder, label.replace("/", "_") + ("-reversed" if extra else "") + ".json")
        run("build", scene, "-o", out, *extra)
        with open(out, encoding="utf-8") as file:
            return out, json.load(file)

    def test_the_exact_state_is_the_forward_state_at_d_minus_t(self):
        for label, scene in self.scenes:
            with self.subTest(scene=label):
                duration = eval_json(scene, "--time", "1000000")["time"]
                for k in range(41):
                    tau = round(duration * k / 40, 6)
                    backward = eval_json(scene, "--time", repr(tau), "--reverse")
                    forward = eval_json(scene, "--time", repr(round(duration - tau, 12)))
                    self.assertAlmostEqual(backward["time"], tau, delta=1e-12)
                    # The forward time is an exact decimal only to 1e-12: states
                    # compared where nothing jumps in between (a 1e-12 s move).
                    self.assert_close(backward["objects"], forward["objects"], f"{label} at {tau}")
                    self.assert_close(backward["cameras"], forward["cameras"], f"{label} at {tau}")

    def test_the_reversed_sequence_plays_the_forward_one_backwards(self):
        for label, scene in self.scenes:
            with self.subTest(scene=label):
                forward_path, forward = self.build(label, scene)
                reversed_path, backward = self.build(label, scene, "--reverse", "--verify")
                verified = run("verify", scene, reversed_path, "--reverse")
                self.assertIn("verified", verified.stdout)
                unverified = run("verify", scene, reversed_path, check=False)
                if key_count(forward) > 0 and any(len(t.get("position", [])) > 1 for t in forward["tracks"]):
                    self.assertEqual(unverified.returncode, 1, f"{label}: a reversed file verified forwards")
                duration = forward["duration"]
                self.assertEqual(backward["duration"], duration)
                key_times = sorted({key["t"] for track in forward["tracks"]
                                    for channel in ("position", "rotation", "scale", "fov")
                                    for key in track.get(channel, [])})
                # Instants half way between key times (nothing jumps there).
                instants = [(a + b) / 2 for a, b in zip(key_times, key_times[1:]) if b - a > 1e-6]
                for t in instants[:: max(1, len(instants) // 25)]:
                    played = eval_json(reversed_path, "--time", repr(duration - t))
                    expected = eval_json(forward_path, "--time", repr(t))
                    for name in ("transforms",):
                        for target, sample in expected[name].items():
                            for channel in ("position", "rotation", "scale"):
                                if channel in sample:
                                    self.assert_close(played[name][target][channel], sample[channel],
                                                      f"{label} {target} {channel} at {t}")
                print(f"{label}: {key_count(forward)} keys forward, {key_count(backward)} reversed",
                      file=sys.stderr)

    def test_chapters_and_shots_come_back_mirrored(self):
        for label, scene in self.scenes:
            with self.subTest(scene=label):
                _, forward = self.build(label, scene)
                _, backward = self.build(label, scene, "--reverse")
                duration = forward["duration"]

                def chapters(sequence):
                    return [cue for track in sequence["tracks"] if track["type"] == "cues"
                            for cue in track["cues"] if cue["kind"] == "marker" and "end" in cue.get("data", {})]

                forward_chapters = chapters(forward)
                backward_chapters = chapters(backward)
                self.assertEqual(len(backward_chapters), len(forward_chapters))
                mirrored = sorted(((duration - c["data"]["end"], duration - c["t"], c["name"])
                                   for c in reversed(forward_chapters)), key=lambda m: m[0])
                for cue, (start, end, name) in zip(backward_chapters, mirrored):
                    self.assertAlmostEqual(cue["t"], start, delta=1e-12)
                    self.assertAlmostEqual(cue["data"]["end"], end, delta=1e-12)
                    self.assertEqual(cue["name"], name)

                def cameras(sequence):
                    for track in sequence["tracks"]:
                        if track["type"] == "camera":
                            return [shot["camera"] for shot in track["shots"]]
                    return []

                self.assertEqual(cameras(backward), list(reversed(cameras(forward))))

    def test_reverse_true_in_the_scene_is_the_flag(self):
        label, scene = [entry for entry in self.scenes if entry[0] == "constructs"][0]
        with open(scene, encoding="utf-8") as file:
            text = file.read()
        flagged = os.path.join(self.folder, "flagged.yaml")
        with open(flagged, "w", encoding="utf-8") as out:
            out.write(text.replace("cinc: 1\n", "cinc: 1\nreverse: true\n", 1))
        by_flag = os.path.join(self.folder, "by-flag.json")
        by_field = os.path.join(self.folder, "by-field.json")
        run("build", scene, "--reverse", "-o", by_flag)
        run("build", flagged, "-o", by_field)
        with open(by_flag, "rb") as a, open(by_field, "rb") as b:
            self.assertEqual(a.read(), b.read())
        self.assertEqual(eval_json(flagged, "--time", "0.7"), eval_json(scene, "--time", "0.7", "--reverse"))
        self.assertIn("verified", run("verify", flagged, by_field).stdout)

    def test_the_examples_disassemblies_are_their_assemblies_reversed(self):
        self.assertTrue(self.disassemblies, "no example has reverse: true")
        for label, scene, forward in self.disassemblies:
            with self.subTest(scene=label):
                for extension in (".json", ".glb"):
                    own = os.path.join(self.folder, "own" + extension)
                    by_flag = os.path.join(self.folder, "flag" + extension)
                    run("build", scene, "--verify", "-o", own)
                    run("build", forward, "--reverse", "-o", by_flag)
                    with open(own, "rb") as a, open(by_flag, "rb") as b:
                        self.assertEqual(a.read(), b.read(), extension)

    def test_a_scenes_disassembly_plays_its_steps_backwards(self):
        """examples/tutorial/manual.yaml (docs/reverse.md "Disassembly in the
        scene"): by hand, the assembly ends at 7 (the turntable), the
        disassembly starts at T = 7.5 and takes [0.8, 4] apart, so the state at
        T + tau is the assembly's at 4 - tau, to the bit; it ends at 10.7.
        --reverse leaves the section out: the same bytes as the assembly's."""
        self.assertEqual([entry[0] for entry in self.with_disassembly], ["tutorial/manual.yaml"])
        label, scene, forward = self.with_disassembly[0]
        self.assertEqual(eval_json(scene, "--time", "1000000")["time"], 10.7)
        self.assertEqual(eval_json(forward, "--time", "1000000")["time"], 7)
        for k in range(33):
            tau = k / 10
            played = eval_json(scene, "--time", repr(round(7.5 + tau, 6)))
            expected = eval_json(forward, "--time", repr(round(4 - tau, 6)))
            self.assertEqual(played["objects"], expected["objects"], f"at {7.5 + tau}")
            self.assertEqual(played["cameras"], expected["cameras"], f"at {7.5 + tau}")
        for t in (0.5, 3.3, 7, 7.25):  # the assembly, then its end held until T
            played = eval_json(scene, "--time", repr(t))
            expected = eval_json(forward, "--time", repr(min(t, 7)))
            self.assertEqual(played["objects"], expected["objects"], f"at {t}")
        for extension in (".json", ".glb"):
            own = os.path.join(self.folder, "manual" + extension)
            assembly = os.path.join(self.folder, "assembly" + extension)
            self.assertIn("verified", run("build", scene, "--verify", "-o", own).stdout)
            run("build", scene, "--reverse", "-o", own)
            run("build", forward, "--reverse", "-o", assembly)
            with open(own, "rb") as a, open(assembly, "rb") as b:
                self.assertEqual(a.read(), b.read(), extension)

    def test_the_glTF_disassembly_verifies_and_reverse_true_is_the_flag(self):
        """The reversed GLB replays the mirrored exact state (three.js plays it
        in tests/gltf_test.py); the scene's `reverse: true` writes the same
        bytes as the flag, glTF, GLB and page."""
        for label, scene in self.scenes:
            with self.subTest(scene=label):
                out = os.path.join(self.folder, label.replace("/", "_") + "-reversed.glb")
                result = run("build", scene, "--reverse", "--verify", "-o", out)
                self.assertIn("verified: every owner within the tolerance", result.stdout)
        label, scene = [entry for entry in self.scenes if entry[0] == "constructs"][0]
        with open(scene, encoding="utf-8") as file:
            text = file.read()
        flagged = os.path.join(self.folder, "flagged-gltf.yaml")
        with open(flagged, "w", encoding="utf-8") as out:
            out.write(text.replace("cinc: 1\n", "cinc: 1\nreverse: true\n", 1))
        for extension, command in ((".glb", "build"), (".gltf", "build"), (".html", "preview")):
            by_flag = os.path.join(self.folder, "by-flag" + extension)
            by_field = os.path.join(self.folder, "by-field" + extension)
            run(command, scene, "--reverse", "-o", by_flag)
            run(command, flagged, "-o", by_field)
            with open(by_flag, "rb") as a, open(by_field, "rb") as b:
                self.assertEqual(a.read(), b.read(), extension)


if __name__ == "__main__":
    unittest.main()
