#!/usr/bin/env python3
"""Tests of schemas/sequence.schema.json with an independent validator
(python3-jsonschema, draft 2020-12).

Usage: sequence_schema_test.py [TEST_EXECUTABLE...]
(paths of files are relative to this file)

(a) the schema is valid draft 2020-12; (b) every examples/**/*.sequence.json
and tests/sequences/*.json validates; (c) good sequences written here
validate; (d) bad sequences fail, each on the keyword and at the JSON path
expected; (e) what only cinc checks (order, times past the duration, a second
camera track) passes the schema, as docs/sequence-format.md says; (f) every
sequence the C++ tests treat as valid (sequence/recorded_sequence.h) validates:
each TEST_EXECUTABLE runs with CINC_RECORD_VALID_SEQUENCES set and the
documents it records go through this validator too.
"""
import copy
import glob
import json
import os
import subprocess
import sys
import tempfile
import unittest

from jsonschema import Draft202012Validator

TEST_EXECUTABLES = sys.argv[1:]
del sys.argv[1:]
# The C++ tests record at least this many valid documents; fewer means the
# recording broke, not that everything passed.
MIN_RECORDED_SEQUENCES = 15

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCHEMA_PATH = os.path.join(ROOT, "schemas", "sequence.schema.json")

with open(SCHEMA_PATH, encoding="utf-8") as schema_file:
    SCHEMA = json.load(schema_file)
VALIDATOR = Draft202012Validator(SCHEMA)


def errors_of(document):
    return list(VALIDATOR.iter_errors(document))


def describe(errors):
    return "\n".join(
        f"  {e.validator} at /{'/'.join(map(str, e.absolute_path))}: {e.message[:160]}" for e in errors)


def all_errors(errors):
    """Every error, the ones nested under anyOf / allOf / if-then included."""
    pending = list(errors)
    while pending:
        error = pending.pop()
        yield error
        pending.extend(error.context or [])


def pointer(error):
    return "/" + "/".join(map(str, error.absolute_path)) if error.absolute_path else ""


def sequence(*tracks, **header):
    document = {"version": 1, "name": "test", "duration": 8, "tracks": list(tracks)}
    document.update(header)
    return document


def key(t, value, **fields):
    return dict({"t": t, "value": value}, **fields)


TRANSFORM = {"type": "transform", "target": "Box",
             "position": [key(0, [0, 0, 0]), key(2, [1, 0, 0], interp="step")]}
CAMERA = {"type": "camera", "shots": [{"start": 0, "camera": "A"}]}

FLYTHROUGH = {
    "version": 1, "name": "flythrough", "duration": 8, "loop": False,
    "tracks": [
        {"type": "transform", "target": "FlyCam",
         "position": [{"t": 0, "value": [-9, 2, 9], "interp": "smooth"}, {"t": 2, "value": [-5, 1.2, 5], "interp": "smooth"}],
         "rotation": [{"t": 0, "value": [-8, -45, 0]}, {"t": 2, "value": [-3, -50, 0], "ease": [0.42, 0, 0.58, 1]}]},
        {"type": "camera", "shots": [{"start": 0, "camera": "FlyCam"}, {"start": 5, "camera": "WideCam", "blend": 1.0}],
         "fov": [{"t": 0, "value": 60}], "focus_distance": [{"t": 0, "value": 9}], "aperture": [{"t": 0, "value": 2.0}],
         "shake": {"amplitude": [{"t": 5, "value": 0}, {"t": 6, "value": 0.05}, {"t": 7, "value": 0}], "frequency": 9, "seed": 7}},
        {"type": "cues", "cues": [{"t": 3, "kind": "script", "name": "beat", "target": "Director", "data": {"beat": 2}}]},
        {"type": "audio", "clips": [{"start": 0, "sound": "ambience", "duration": 8, "fade_in": 1, "fade_out": 1}]},
        {"type": "time", "scale": [{"t": 5, "value": 1}, {"t": 5.8, "value": 0.35}, {"t": 7.4, "value": 1}]},
    ],
}

GOOD = {
    "sample-flythrough": FLYTHROUGH,
    "no-tracks": sequence(),
    "looping": sequence(TRANSFORM, loop=True),
    "empty-channel": sequence({"type": "transform", "target": "#3", "scale": []}),
    "every-interp": sequence({"type": "transform", "target": "B", "rotation": [
        key(0, [0, 0, 0], interp="hermite", in_tangent=[1, 2, 3], out_tangent=[0, 0, 1]),
        key(1, [0, 90, 0], interp="bezier", out_tangent=[0, 5, 0]),
        key(2, [0, 180, 0], interp="smooth", ease=[0, 0, 1, 1]),
        key(3, [0, 270, 0], interp="linear"), key(4, [0, 360, 0], interp="step")]}),
    "camera-everything": sequence({"type": "camera",
                                   "shots": [{"start": 0, "camera": "A"},
                                             {"start": 1, "camera": "B", "blend": 0.5, "blend_ease": [0.25, 0.1, 0.25, 1]}],
                                   "fov": [key(0, 179.5)], "focus_distance": [key(0, 0.01)],
                                   "aperture": [key(0, 22)],
                                   "shake": {"amplitude": [key(0, 0)], "frequency": 0.5, "seed": 7.0,
                                             "rotation_gain": -1}}),
    "cues-and-data": sequence({"type": "cues", "cues": [
        {"t": 0, "kind": "marker", "name": "m"}, {"t": 8, "kind": "sound", "name": "s"},
        {"t": 1, "kind": "vfx", "name": "opacity", "target": "box",
         "data": {"from": 1, "to": 0, "ease": [0.42, 0, 1, 1], "x": None, "deep": [[{"y": "z" * 256}]]}}]}),
    "audio-everything": sequence({"type": "audio", "clips": [
        {"start": 0, "sound": "a", "offset": 0, "duration": 0.001, "volume": 0, "fade_in": 0, "fade_out": 0}]}),
    "time-range": sequence({"type": "time", "scale": [key(0, 0), key(1, 16)]}),
    "limits-exactly": sequence(*([{"type": "cues", "cues": [{"t": 0, "kind": "marker", "name": "n" * 256}] * 256}]
                                 + [{"type": "audio", "clips": [{"start": 0, "sound": "s"}] * 256}]
                                 + [{"type": "time", "scale": [key(i / 10000, 1) for i in range(10000)]}]
                                 + [{"type": "cues", "cues": []}] * 253),
                               name="n" * 128, duration=3600),
}


def bad(base, mutate):
    document = copy.deepcopy(base)
    mutate(document)
    return document


def setter(path, value):
    def mutate(document):
        target = document
        for part in path[:-1]:
            target = target[part]
        if value is DELETE:
            del target[path[-1]]
        else:
            target[path[-1]] = value
    return mutate


DELETE = object()

# name: (document, expected keyword, expected JSON path)
BAD = {
    "version-2": (bad(FLYTHROUGH, setter(["version"], 2)), "const", "/version"),
    "no-version": (bad(FLYTHROUGH, setter(["version"], DELETE)), "required", ""),
    "no-tracks": (bad(FLYTHROUGH, setter(["tracks"], DELETE)), "required", ""),
    "duration-0": (bad(FLYTHROUGH, setter(["duration"], 0)), "exclusiveMinimum", "/duration"),
    "duration-3601": (bad(FLYTHROUGH, setter(["duration"], 3601)), "maximum", "/duration"),
    "duration-text": (bad(FLYTHROUGH, setter(["duration"], "8")), "type", "/duration"),
    "bad-name": (bad(FLYTHROUGH, setter(["name"], "a b")), "pattern", "/name"),
    "long-name": (bad(FLYTHROUGH, setter(["name"], "n" * 129)), "pattern", "/name"),
    "unknown-top": (bad(FLYTHROUGH, setter(["extra"], 1)), "additionalProperties", ""),
    "unknown-track-field": (bad(FLYTHROUGH, setter(["tracks", 0, "colour"], 1)),
                            "additionalProperties", "/tracks/0"),
    "unknown-key-field": (bad(FLYTHROUGH, setter(["tracks", 0, "position", 0, "speed"], 1)),
                          "additionalProperties", "/tracks/0/position/0"),
    "track-type": (bad(FLYTHROUGH, setter(["tracks", 0, "type"], "light")), "enum", "/tracks/0/type"),
    "no-target": (bad(FLYTHROUGH, setter(["tracks", 0, "target"], DELETE)), "required", "/tracks/0"),
    "empty-target": (bad(FLYTHROUGH, setter(["tracks", 0, "target"], "")), "minLength", "/tracks/0/target"),
    "negative-t": (bad(FLYTHROUGH, setter(["tracks", 0, "position", 0, "t"], -1)),
                   "minimum", "/tracks/0/position/0/t"),
    "short-value": (bad(FLYTHROUGH, setter(["tracks", 0, "position", 0, "value"], [1, 2])),
                    "minItems", "/tracks/0/position/0/value"),
    "long-value": (bad(FLYTHROUGH, setter(["tracks", 0, "position", 0, "value"], [1, 2, 3, 4])),
                   "items", "/tracks/0/position/0/value"),
    "scalar-as-array": (bad(FLYTHROUGH, setter(["tracks", 1, "fov", 0, "value"], [60])),
                        "type", "/tracks/1/fov/0/value"),
    "interp": (bad(FLYTHROUGH, setter(["tracks", 0, "position", 0, "interp"], "cubic")),
               "enum", "/tracks/0/position/0/interp"),
    "ease-x1": (bad(FLYTHROUGH, setter(["tracks", 0, "rotation", 1, "ease"], [1.5, 0, 0.58, 1])),
                "maximum", "/tracks/0/rotation/1/ease/0"),
    "ease-x2": (bad(FLYTHROUGH, setter(["tracks", 0, "rotation", 1, "ease"], [0.4, 0, -0.1, 1])),
                "minimum", "/tracks/0/rotation/1/ease/2"),
    "ease-short": (bad(FLYTHROUGH, setter(["tracks", 0, "rotation", 1, "ease"], [0.42, 0, 0.58])),
                   "minItems", "/tracks/0/rotation/1/ease"),
    "ease-name": (bad(FLYTHROUGH, setter(["tracks", 0, "rotation", 1, "ease"], "ease-in")),
                  "type", "/tracks/0/rotation/1/ease"),
    "fov-180": (bad(FLYTHROUGH, setter(["tracks", 1, "fov", 0, "value"], 180)),
                "exclusiveMaximum", "/tracks/1/fov/0/value"),
    "fov-0": (bad(FLYTHROUGH, setter(["tracks", 1, "fov", 0, "value"], 0)),
              "exclusiveMinimum", "/tracks/1/fov/0/value"),
    "focus-0": (bad(FLYTHROUGH, setter(["tracks", 1, "focus_distance", 0, "value"], 0)),
                "exclusiveMinimum", "/tracks/1/focus_distance/0/value"),
    "aperture-negative": (bad(FLYTHROUGH, setter(["tracks", 1, "aperture", 0, "value"], -2)),
                          "exclusiveMinimum", "/tracks/1/aperture/0/value"),
    "amplitude-negative": (bad(FLYTHROUGH, setter(["tracks", 1, "shake", "amplitude", 1, "value"], -0.05)),
                           "minimum", "/tracks/1/shake/amplitude/1/value"),
    "frequency-0": (bad(FLYTHROUGH, setter(["tracks", 1, "shake", "frequency"], 0)),
                    "exclusiveMinimum", "/tracks/1/shake/frequency"),
    "seed-fraction": (bad(FLYTHROUGH, setter(["tracks", 1, "shake", "seed"], 1.5)),
                      "type", "/tracks/1/shake/seed"),
    "no-shots": (bad(FLYTHROUGH, setter(["tracks", 1, "shots"], [])), "minItems", "/tracks/1/shots"),
    "empty-camera": (bad(FLYTHROUGH, setter(["tracks", 1, "shots", 1, "camera"], "")),
                     "minLength", "/tracks/1/shots/1/camera"),
    "negative-blend": (bad(FLYTHROUGH, setter(["tracks", 1, "shots", 1, "blend"], -1)),
                       "minimum", "/tracks/1/shots/1/blend"),
    "blend-ease": (bad(FLYTHROUGH, setter(["tracks", 1, "shots", 1, "blend_ease"], [2, 0, 0, 1])),
                   "maximum", "/tracks/1/shots/1/blend_ease/0"),
    "cue-kind": (bad(FLYTHROUGH, setter(["tracks", 2, "cues", 0, "kind"], "light")),
                 "enum", "/tracks/2/cues/0/kind"),
    "cue-name": (bad(FLYTHROUGH, setter(["tracks", 2, "cues", 0, "name"], "")),
                 "minLength", "/tracks/2/cues/0/name"),
    "script-without-target": (bad(FLYTHROUGH, setter(["tracks", 2, "cues", 0, "target"], DELETE)),
                              "required", "/tracks/2/cues/0"),
    "cue-data-text": (bad(FLYTHROUGH, setter(["tracks", 2, "cues", 0, "data"], {"a": ["x" * 257]})),
                      "maxLength", "/tracks/2/cues/0/data/a/0"),
    "clip-sound": (bad(FLYTHROUGH, setter(["tracks", 3, "clips", 0, "sound"], "")),
                   "minLength", "/tracks/3/clips/0/sound"),
    "clip-duration-0": (bad(FLYTHROUGH, setter(["tracks", 3, "clips", 0, "duration"], 0)),
                        "exclusiveMinimum", "/tracks/3/clips/0/duration"),
    "clip-offset": (bad(FLYTHROUGH, setter(["tracks", 3, "clips", 0, "offset"], -1)),
                    "minimum", "/tracks/3/clips/0/offset"),
    "clip-volume": (bad(FLYTHROUGH, setter(["tracks", 3, "clips", 0, "volume"], -1)),
                    "minimum", "/tracks/3/clips/0/volume"),
    "clip-fade": (bad(FLYTHROUGH, setter(["tracks", 3, "clips", 0, "fade_out"], -1)),
                  "minimum", "/tracks/3/clips/0/fade_out"),
    "time-scale-17": (bad(FLYTHROUGH, setter(["tracks", 4, "scale", 1, "value"], 17)),
                      "maximum", "/tracks/4/scale/1/value"),
    "time-scale-negative": (bad(FLYTHROUGH, setter(["tracks", 4, "scale", 1, "value"], -0.5)),
                            "minimum", "/tracks/4/scale/1/value"),
    "too-many-tracks": (sequence(*([{"type": "cues", "cues": []}] * 257)), "maxItems", "/tracks"),
    "too-many-keys": (sequence({"type": "time", "scale": [key(i / 10000, 1) for i in range(10001)]}),
                      "maxItems", "/tracks/0/scale"),
    "too-many-cues": (sequence({"type": "cues", "cues": [{"t": 0, "kind": "marker", "name": "m"}] * 257}),
                      "maxItems", "/tracks/0/cues"),
    "too-many-clips": (sequence({"type": "audio", "clips": [{"start": 0, "sound": "s"}] * 257}),
                       "maxItems", "/tracks/0/clips"),
    "long-target": (bad(FLYTHROUGH, setter(["tracks", 0, "target"], "t" * 257)),
                    "maxLength", "/tracks/0/target"),
}

# Valid to the schema, refused by cinc validate (docs/sequence-format.md).
ONLY_CINC = {
    "key-order": bad(FLYTHROUGH, setter(["tracks", 0, "position", 1, "t"], 0)),
    "t-past-duration": bad(FLYTHROUGH, setter(["tracks", 2, "cues", 0, "t"], 9)),
    "second-camera": bad(FLYTHROUGH, lambda d: d["tracks"].append(copy.deepcopy(d["tracks"][1]))),
    "shot-order": bad(FLYTHROUGH, setter(["tracks", 1, "shots", 1, "start"], 0)),
}


class SequenceSchemaTest(unittest.TestCase):
    def test_schema_is_valid_draft_2020_12(self):
        Draft202012Validator.check_schema(SCHEMA)
        self.assertEqual(SCHEMA["$schema"], "https://json-schema.org/draft/2020-12/schema")

    def test_files_validate(self):
        patterns = [os.path.join(ROOT, "examples", "**", "*.sequence.json"),
                    os.path.join(ROOT, "tests", "sequences", "*.json")]
        files = sorted(set(path for pattern in patterns for path in glob.glob(pattern, recursive=True)))
        self.assertTrue(any(path.endswith("flythrough.sequence.json") for path in files))
        for path in files:
            with self.subTest(path=os.path.relpath(path, ROOT)):
                with open(path, encoding="utf-8") as handle:
                    errors = errors_of(json.load(handle))
                self.assertEqual(errors, [], describe(errors))

    def test_good_sequences_validate(self):
        for name, document in GOOD.items():
            with self.subTest(name=name):
                errors = errors_of(document)
                self.assertEqual(errors, [], describe(errors))

    def test_bad_sequences_fail_where_expected(self):
        for name, (document, keyword, path) in BAD.items():
            with self.subTest(name=name):
                errors = errors_of(document)
                self.assertTrue(errors, "accepted")
                found = [(e.validator, pointer(e)) for e in all_errors(errors)]
                self.assertIn((keyword, path), found, describe(errors))

    def test_what_only_cinc_checks_passes_the_schema(self):
        for name, document in ONLY_CINC.items():
            with self.subTest(name=name):
                self.assertEqual(errors_of(document), [])

    def test_sequences_the_cpp_tests_treat_as_valid_pass_the_schema(self):
        # ctest passes them; without them this check cannot run, and a skip
        # would hide that.
        self.assertTrue(TEST_EXECUTABLES, "give the C++ test executables (ctest does)")
        with tempfile.TemporaryDirectory() as folder:
            environment = dict(os.environ, CINC_RECORD_VALID_SEQUENCES=folder)
            for executable in TEST_EXECUTABLES:
                run = subprocess.run([executable, "--gtest_brief=1"], env=environment,
                                     capture_output=True, text=True)
                self.assertEqual(run.returncode, 0, executable + "\n" + run.stdout[-4000:])
            names = sorted(os.listdir(folder))
            self.assertGreaterEqual(len(names), MIN_RECORDED_SEQUENCES, names)
            for name in names:
                with self.subTest(recorded=name):
                    with open(os.path.join(folder, name), encoding="utf-8") as file:
                        errors = errors_of(json.load(file))
                    self.assertEqual(errors, [], describe(errors))


if __name__ == "__main__":
    unittest.main()
