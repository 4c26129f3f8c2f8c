#!/usr/bin/env python3
"""Tests of schemas/scene.schema.json with an independent validator
(python3-jsonschema, draft 2020-12) and PyYAML (python3-yaml).

Usage: scene_schema_test.py   (no arguments; paths are relative to this file)

(a) the schema is valid draft 2020-12; (b) every examples/**/*.yaml scene
validates; (c) good scenes written here validate; (d) bad scenes fail, each on
the keyword and at the JSON path it is expected to.
"""
import glob
import json
import os
import re
import subprocess
import sys
import unittest

import yaml
from jsonschema import Draft202012Validator

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCHEMA_PATH = os.path.join(ROOT, "schemas", "scene.schema.json")
EXAMPLES = os.path.join(ROOT, "examples")
GENERATOR = os.path.join(ROOT, "bench", "generate_scene.py")

with open(SCHEMA_PATH, encoding="utf-8") as schema_file:
    SCHEMA_TEXT = schema_file.read()
SCHEMA = json.loads(SCHEMA_TEXT)
VALIDATOR = Draft202012Validator(SCHEMA)


class Yaml12Loader(yaml.SafeLoader):
    """PyYAML's safe loader with YAML 1.2 booleans: only true / false.

    PyYAML follows YAML 1.1, where on / off / yes / no are booleans, so
    `focus: {on: body}` would read as {True: 'body'}. cinc (libyaml events)
    and yaml-language-server read YAML 1.2, where they are strings."""


Yaml12Loader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
Yaml12Loader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))


def load(text):
    return yaml.load(text, Loader=Yaml12Loader)


def errors_of(document):
    return sorted(VALIDATOR.iter_errors(document), key=lambda e: list(map(str, e.absolute_path)))


def describe(errors):
    return "\n".join(
        f"  {e.validator} at /{'/'.join(map(str, e.absolute_path))}: {e.message[:160]}" for e in errors)


def pointer(path):
    """'/objects/a/nodes/0' -> ['objects', 'a', 'nodes', 0]"""
    if path in ("", "/"):
        return []
    parts = []
    for part in path.strip("/").split("/"):
        parts.append(int(part) if part.isdigit() else part)
    return parts


# --- good scenes ------------------------------------------------------------------

GOOD = {
    "minimal": "cinc: 1\n",
    "assembly-verbs": """
cinc: 1
objects:
  screw:
    nodes:
      - {id: in, duration: 1, insert: {into: body/hole, mate: tip, from: 0.05}, opacity: 1}
      - {id: drive, duration: 2, screw: {into: body/hole, turns: 4, pitch: 0.0007, hand: left}}
      - {id: out, duration: 2, screw: {into: body/hole, turns: 4, length: 0.003}, ease: ease_in_out}
""",
    "templates": """
cinc: 1
objects:
  screw:
    nodes:
      - {id: show, use: appear}
      - {id: drive, use: [turn, fast], position: [0, 0.01, 0]}
templates:
  appear: {duration: 0.25, opacity: 1}
  turn: {duration: 1, spin: {turns: 3}, use: base}
  fast: {duration: 0.5}
  base: {ease: linear}
  camera-ish: {fov: 40}
  director-ish: {shot: {camera: main}}
""",
    "json-form": '{"cinc": 1, "objects": {"box": {"nodes": [{"duration": 1, "opacity": 1}]}}}',
    "includes": "cinc: 1\ninclude: [lib/hardware.yaml, fasteners.yaml]\nobjects:\n  s: {model: m6}\n",
    "include-one-file": "cinc: 1\ninclude: lib/hardware.yaml\n",
    "included-file": "cinc: 1\nname: hardware\ninclude: more.yaml\nmodels:\n  m6: {source: m6.glb}\n"
                     "templates:\n  drive: {duration: 1, spin: {turns: 3}}\nx-notes: 1\n",
    "every-relation": """
cinc: 1
name: relations_All-1
objects:
  anchor:
    nodes:
      - {id: a, at: 1, duration: 2, opacity: 1}
      - {id: b, duration: 0.5, position: [1, 0, 0]}
  rel:
    nodes:
      - {id: after1, after: anchor.a, lag: 0.5, duration: 1, opacity: 1}
      - {id: with1, with: anchor.a, lag: -0.25, duration: 1, opacity: 0.5}
      - {id: endwith, end_with: anchor.a, duration: 0.5, opacity: 1}
      - {id: before1, before: [anchor.a, anchor.b], duration: 0.75, opacity: 0}
      - {id: both, after: [with1, director.cut], duration: 1, scale: 2}
      - {id: mixed, after: anchor.a, with: anchor.b, lag: 0.1, duration: 0}
      - id: list
        start: [{after: after1, lag: -1}, {with: [anchor.a, anchor.b]}, {at: 2}, {end_with: anchor.b, lag: 0.5}, {before: anchor.a}]
        duration: 0.5
        opacity: 1
      - {id: chained, lag: 0.3, duration: 0.3, scale: [1, 2, 0.5]}
      - {label: "no id, no timing"}
      - {id: anchor_only}
director:
  nodes:
    - {id: cut, at: 0, shot: {camera: main}}
cameras:
  main: {}
""",
    "ticks": """
cinc: 1
time: {ticks: 24}
snap: 24
loop: true
tolerance: {position: 0.001, rotation: 0.1}
objects:
  box:
    nodes:
      - {id: in, at: 0, duration: 12, opacity: 1}
      - {id: out, after: in, lag: -6, duration: 24, opacity: 0}
      - {start: [{after: in, lag: 2}, {at: 48}], duration: 1, opacity: 1}
director:
  nodes:
    - {at: 0, sound: {name: hum, offset: 24, fade_in: 12, fade_out: 12}, shot: {camera: cam, blend: 6}}
cameras:
  cam: {}
""",
    "every-ease": """
cinc: 1
time: s
objects:
  box:
    nodes:
      - {duration: 1, opacity: 1, ease: linear}
      - {duration: 1, opacity: 0, ease: step}
      - {duration: 1, opacity: 1, ease: ease_in_out}
      - {duration: 1, opacity: 0, ease: ease}
      - {duration: 1, opacity: 1, ease: ease-in}
      - {duration: 1, opacity: 0, ease: ease-out}
      - {duration: 1, opacity: 1, ease: ease-in-out}
      - {duration: 1, opacity: 0, ease: [0.42, 0, 0.58, 1]}
      - {duration: 1, opacity: 1, ease: [0, -0.5, 1, 1.5]}
""",
    "models-attach-spin-path": """
cinc: 1
name: gearbox
models:
  main-body:
    source: models/main-body.glb
    markers:
      top: {position: [0, 0.05, 0], rotation: [0, 0, 0]}
      hole.001: {rotation: {quaternion: [0, 0, 0, 1]}}
  m3x8: {source: models/m3x8-shcs.glb}
  inline_only:
    markers:
      tip: {position: [0, 1, 0]}
objects:
  body:
    model: main-body
    position: [0, 0, 0]
    rotation: {quaternion: [0, 0.7071068, 0, 0.7071068]}
    scale: 1
    opacity: 0
    nodes:
      - {id: in, duration: 1, opacity: 1}
      - {id: turn, duration: 2, rotation: [0, 90, 0], ease: ease_in_out}
  _pivot:
    scale: [1, 1, 2]
  screw1:
    model: m3x8
    position: [0.3, 0.1, 0]
    rotation: [10, 20, 30]
    nodes:
      - id: place
        after: body.in
        lag: 0.5
        duration: 0.8
        attach: {to: body/screw-hole-1, offset: {position: [0, 0.03, 0], rotation: [0, 45, 0]}, mate: tip}
        opacity: 1
        ease: ease_in_out
      - id: drive
        duration: 1.2
        spin: {axis: [0, 1, 0], turns: 2}
        action: tighten
      - {id: loosen, duration: 1, spin: {degrees: -90}}
      - {id: ride, duration: 1, attach: {to: body}, spin: {axis: [1, 0, 0], turns: 0.5}}
      - id: fly
        duration: 2
        position: [1, 1, 1]
        rotation: {quaternion: [0, 0, 0, 1]}
        path: [[0.5, 0.5, 0], [0.8, 1, 0.2]]
        cue: {kind: vfx, name: sparks, data: {color: [1, 0.5, 0], count: 3}}
""",
    "cameras-and-director": """
cinc: 1
objects:
  body:
    nodes:
      - {id: in, duration: 1, opacity: 1}
cameras:
  main:
    position: [0.6, 0.4, 0.6]
    rotation: [-20, 45, 0]
    fov: 40
    focus: {on: body/top}
    aperture: 2.8
    nodes:
      - {id: frame, with: body.in, duration: 0.8, look_at: body, ease: ease_in_out}
      - {id: push, duration: 1, position: [0.3, 0.2, 0.3], fov: 30, focus: 1.5, aperture: 1.4}
      - {id: track, duration: 1, look_at: body/top, focus: {on: body}, path: [[0.4, 0.3, 0.4]], position: [0.2, 0.2, 0.2]}
      - {id: ride, duration: 1, attach: {to: body/top, offset: {position: [0, 0.5, 1]}}, fov: 50}
      - {id: roll, duration: 1, rotation: [0, 0, 15], spin: {turns: 1}, cue: [{kind: marker, name: m}]}
  wide:
    focus: 3
director:
  nodes:
    - {id: open, at: 0, shot: {camera: main}, label: "Step 1: body"}
    - {id: blend, after: body.in, shot: {camera: wide, blend: 1.5, blend_ease: [0.25, 0.1, 0.25, 1]}}
    - {id: slow, duration: 0.5, time_scale: 0.25, ease: ease-in-out}
    - {id: fast, duration: 0.5, time_scale: 16}
    - {id: stop, duration: 0, time_scale: 0}
    - id: beat
      with: main.push
      cue:
        - {kind: script, name: beat, target: Director, data: {beat: 2}}
        - {kind: sound, name: click}
        - {kind: vfx, name: flash, target: body}
        - {kind: marker, name: chapter, data: null}
    - {id: ambience, at: 0, duration: 8, sound: {name: ambience, volume: 0.8, offset: 0, fade_in: 1, fade_out: 1}}
    - {id: tail, sound: {name: sting}, label: "The end"}
""",
    "anchors-inside-fields": """
cinc: 1
objects:
  a:
    nodes:
      - &show {id: show, duration: 0.5, opacity: 1, ease: ease-out}
      - {<<: *show, id: again}
  b:
    nodes:
      - {<<: *show, after: a.show}
""",
    "until-spans": """
cinc: 1
objects:
  base:
    nodes:
      - {id: in, at: 0, duration: 1, opacity: 1}
      - {id: turn, duration: 2, rotation: [0, 90, 0]}
      - {id: fade, with: in, until: [turn], opacity: 0.5}
director:
  nodes:
    - {id: step1, with: base.in, until: base.turn, label: "Step 1"}
""",
    "anchors-under-x-keys": """
cinc: 1
x-screw: &screw {model: screw, opacity: 0}
x-notes: [anything, {goes: here}]
models:
  screw: {markers: {tip: {position: [0, 0, 0]}}}
objects:
  screw-1: {<<: *screw, position: [0.1, 0, 0]}
  screw-2: {<<: *screw, position: [0.2, 0, 0]}
""",
    "patterns": """cinc: 1
objects:
  screw:
    pattern: {count: 4, offset: [0.05, 0, 0]}
    stagger: 0.25
    nodes: [{id: drive, duration: 1, label: "Screw $i"}]
  bolt:
    pattern: {count: 6, axis: [0, 1, 0], angle: 60, center: [0, 0, 0]}
    nodes: [{after: screw.drive, duration: 1}]
  nut:
    pattern: {count: 3, offset: [0, 0.1, 0]}
    stagger: chain
    nodes: [{id: in, duration: 1}]
  pin:
    pattern: {markers: body/hole-*}
    nodes: [{duration: 1, attach: {to: body/$marker}}]
""",
}

# --- bad scenes: (yaml, keyword, JSON path of the error[, keyword inside anyOf / oneOf]) ------

BASE = "cinc: 1\nobjects:\n  a:\n    nodes:\n"
N0 = "/objects/a/nodes/0"


def node(flow):
    """A scene with one object `a` holding the node written in flow style."""
    return BASE + "      - " + flow + "\n"


BAD = {
    # top level
    "unknown-top-level-field": ("cinc: 1\nhelpers: {x: &x 1}\n", "additionalProperties", ""),
    "until-with-duration": (node("{until: b, duration: 1, opacity: 1}"), "not", N0 + "/duration"),
    "until-with-end-with": (node("{until: b, end_with: b}"), "not", N0 + "/end_with"),
    "x-underscore-is-no-extension": ("cinc: 1\nx_notes: 1\n", "additionalProperties", ""),
    "template-unknown-field": ("cinc: 1\ntemplates:\n  t: {postion: [0, 0, 0]}\n", "additionalProperties", "/templates/t"),
    "template-bad-name": ("cinc: 1\ntemplates:\n  'a b': {duration: 1}\n", "pattern", "/templates"),
    "template-not-a-mapping": ("cinc: 1\ntemplates:\n  t: [1]\n", "type", "/templates/t"),
    "include-empty-list": ("cinc: 1\ninclude: []\n", "anyOf", "/include", "minItems"),
    "include-a-mapping": ("cinc: 1\ninclude: {a: 1}\n", "anyOf", "/include", "type"),
    "include-empty-path": ("cinc: 1\ninclude: ['']\n", "anyOf", "/include", "minLength"),
    "use-empty-list": (node("{use: [], duration: 1}"), "anyOf", N0 + "/use", "minItems"),
    "use-a-mapping": (node("{use: {t: 1}}"), "anyOf", N0 + "/use", "type"),
    "missing-cinc": ("name: x\nobjects: {}\n", "required", ""),
    "cinc-2": ("cinc: 2\n", "const", "/cinc"),
    "cinc-string": ("cinc: '1'\n", "const", "/cinc"),
    "not-a-map": ("- cinc: 1\n", "type", ""),
    "bad-sequence-name": ("cinc: 1\nname: gear box\n", "pattern", "/name"),
    "sequence-name-with-dot": ("cinc: 1\nname: gear.box\n", "pattern", "/name"),
    "sequence-name-too-long": ("cinc: 1\nname: " + "x" * 129 + "\n", "pattern", "/name"),
    "time-unit-ms": ("cinc: 1\ntime: ms\n", "anyOf", "/time", "const"),
    "ticks-zero": ("cinc: 1\ntime: {ticks: 0}\n", "anyOf", "/time", "minimum"),
    "ticks-not-integer": ("cinc: 1\ntime: {ticks: 2.5}\n", "anyOf", "/time", "type"),
    "snap-too-big": ("cinc: 1\nsnap: 100001\n", "maximum", "/snap"),
    "snap-zero": ("cinc: 1\nsnap: 0\n", "minimum", "/snap"),
    "loop-string": ("cinc: 1\nloop: 'yes'\n", "type", "/loop"),
    "tolerance-zero": ("cinc: 1\ntolerance: {position: 0}\n", "exclusiveMinimum", "/tolerance/position"),
    "tolerance-unknown": ("cinc: 1\ntolerance: {angle: 1}\n", "additionalProperties", "/tolerance"),
    # names
    "bad-object-name": ("cinc: 1\nobjects:\n  1body: {}\n", "pattern", "/objects"),
    "object-name-with-dot": ("cinc: 1\nobjects:\n  body.x: {}\n", "pattern", "/objects"),
    "reserved-director": ("cinc: 1\ncameras:\n  director: {}\n", "not", "/cameras"),
    "bad-model-name": ("cinc: 1\nmodels:\n  'm 1': {source: a.glb}\n", "pattern", "/models"),
    "bad-node-id": (node("{id: 2nd, duration: 0}"), "pattern", N0 + "/id"),
    "bad-reference": (node("{after: a.b.c}"), "pattern", N0 + "/after"),
    "bad-reference-in-list": (node("{after: [ok, 'b x']}"), "pattern", N0 + "/after/1"),
    "empty-reference-list": (node("{with: []}"), "minItems", N0 + "/with"),
    "bad-attach-target": (node("{duration: 1, attach: {to: /hole}}"), "pattern", N0 + "/attach/to"),
    # insert and screw
    "insert-without-from": (node("{duration: 1, insert: {into: b/hole}}"), "required", N0 + "/insert"),
    "insert-from-zero": (node("{duration: 1, insert: {into: b/hole, from: 0}}"), "exclusiveMinimum", N0 + "/insert/from"),
    "insert-with-position": (node("{duration: 1, insert: {into: b/hole, from: 0.1}, position: [0, 0, 0]}"),
                             "not", N0 + "/position"),
    "screw-pitch-and-length": (node("{duration: 1, screw: {into: b/hole, turns: 2, pitch: 0.01, length: 0.02}}"),
                               "oneOf", N0 + "/screw"),
    "screw-without-pitch": (node("{duration: 1, screw: {into: b/hole, turns: 2}}"), "oneOf", N0 + "/screw"),
    "screw-turns-zero": (node("{duration: 1, screw: {into: b/hole, turns: 0, pitch: 0.01}}"),
                         "exclusiveMinimum", N0 + "/screw/turns"),
    "screw-bad-hand": (node("{duration: 1, screw: {into: b/hole, turns: 2, pitch: 0.01, hand: lefty}}"),
                       "enum", N0 + "/screw/hand"),
    "screw-with-spin": (node("{duration: 1, screw: {into: b/hole, turns: 2, pitch: 0.01}, spin: {turns: 1}}"),
                        "not", N0 + "/spin"),
    "insert-and-screw": (node("{duration: 1, insert: {into: b/hole, from: 0.1}, screw: {into: b/hole, turns: 1, pitch: 0.01}}"),
                         "not", N0 + "/screw"),
    "insert-without-duration": (node("{insert: {into: b/hole, from: 0.1}}"), "dependentRequired", N0),
    "camera-insert": ("cinc: 1\ncameras:\n  c:\n    nodes: [{duration: 1, insert: {into: b, from: 0.1}}]\n",
                      "additionalProperties", "/cameras/c/nodes/0"),
    # objects, models, cameras
    "unknown-node-field": (node("{duration: 1, opacity: 1, colour: red}"), "additionalProperties", N0),
    "unknown-object-field": ("cinc: 1\nobjects:\n  a: {visible: true}\n", "additionalProperties", "/objects/a"),
    "camera-opacity": ("cinc: 1\ncameras:\n  c: {opacity: 1}\n", "additionalProperties", "/cameras/c"),
    "camera-node-scale": ("cinc: 1\ncameras:\n  c:\n    nodes: [{duration: 1, scale: 2}]\n",
                          "additionalProperties", "/cameras/c/nodes/0"),
    "object-node-fov": (node("{duration: 1, fov: 30}"), "additionalProperties", N0),
    "object-node-shot": (node("{shot: {camera: c}}"), "additionalProperties", N0),
    "director-node-position": ("cinc: 1\ndirector:\n  nodes: [{duration: 1, position: [0, 0, 0]}]\n",
                               "additionalProperties", "/director/nodes/0"),
    "director-action": ("cinc: 1\ndirector:\n  nodes: [{action: go}]\n", "additionalProperties", "/director/nodes/0"),
    "director-unknown": ("cinc: 1\ndirector: {shots: []}\n", "additionalProperties", "/director"),
    "model-unknown-field": ("cinc: 1\nmodels:\n  m: {file: a.glb}\n", "additionalProperties", "/models/m"),
    "marker-unknown-field": ("cinc: 1\nmodels:\n  m:\n    markers: {top: {pos: [0, 0, 0]}}\n",
                             "additionalProperties", "/models/m/markers/top"),
    "empty-nodes": ("cinc: 1\nobjects:\n  a: {nodes: []}\n", "minItems", "/objects/a/nodes"),
    "nodes-not-a-list": ("cinc: 1\nobjects:\n  a: {nodes: {id: x}}\n", "type", "/objects/a/nodes"),
    # values and vector sizes
    "opacity-1.5": (node("{duration: 1, opacity: 1.5}"), "maximum", N0 + "/opacity"),
    "object-opacity-negative": ("cinc: 1\nobjects:\n  a: {opacity: -0.1}\n", "minimum", "/objects/a/opacity"),
    "two-vector": (node("{duration: 1, position: [1, 2]}"), "minItems", N0 + "/position"),
    "four-vector": ("cinc: 1\nobjects:\n  a: {position: [1, 2, 3, 4]}\n", "maxItems", "/objects/a/position"),
    "vector-of-strings": (node("{duration: 1, position: [1, 2, x]}"), "type", N0 + "/position/2"),
    "rotation-two-vector": (node("{duration: 1, rotation: [1, 2]}"), "minItems", N0 + "/rotation"),
    "quaternion-three": (node("{duration: 1, rotation: {quaternion: [0, 0, 1]}}"), "minItems", N0 + "/rotation/quaternion"),
    "quaternion-zero": (node("{duration: 1, rotation: {quaternion: [0, 0, 0, 0.0]}}"), "not", N0 + "/rotation/quaternion"),
    "rotation-euler-map": (node("{duration: 1, rotation: {yaw: 90}}"), "additionalProperties", N0 + "/rotation"),
    "scale-zero": (node("{duration: 1, scale: 0}"), "exclusiveMinimum", N0 + "/scale"),
    "scale-component-negative": (node("{duration: 1, scale: [1, -1, 1]}"), "exclusiveMinimum", N0 + "/scale/1"),
    "negative-duration": (node("{duration: -1, opacity: 1}"), "minimum", N0 + "/duration"),
    "negative-at": (node("{at: -1}"), "minimum", N0 + "/at"),
    "time-too-large": (node("{duration: 1000001, opacity: 1}"), "maximum", N0 + "/duration"),
    "lag-string": (node("{lag: soon}"), "type", N0 + "/lag"),
    "path-empty": (node("{duration: 1, position: [0, 0, 0], path: []}"), "minItems", N0 + "/path"),
    "path-point-size": (node("{duration: 1, position: [0, 0, 0], path: [[0, 0]]}"), "minItems", N0 + "/path/0"),
    "label-too-long": (node("{label: '" + "x" * 257 + "'}"), "maxLength", N0 + "/label"),
    # easing
    "ease-typo": (node("{duration: 1, opacity: 1, ease: ease_inout}"), "anyOf", N0 + "/ease", "enum"),
    "ease-camel": (node("{duration: 1, opacity: 1, ease: easeInOut}"), "anyOf", N0 + "/ease", "enum"),
    "bezier-x1-above-1": (node("{duration: 1, opacity: 1, ease: [1.2, 0, 0.5, 1]}"), "anyOf", N0 + "/ease", "maximum"),
    "bezier-x2-negative": (node("{duration: 1, opacity: 1, ease: [0.2, 0, -0.5, 1]}"), "anyOf", N0 + "/ease", "minimum"),
    "bezier-three-numbers": (node("{duration: 1, opacity: 1, ease: [0.2, 0, 0.5]}"), "anyOf", N0 + "/ease", "minItems"),
    # timing conflicts
    "at-and-after": (node("{at: 1, after: b}"), "not", N0 + "/after"),
    "at-and-lag": (node("{at: 1, lag: 0.5}"), "not", N0 + "/lag"),
    "start-and-with": (node("{start: [{after: b}], with: c}"), "not", N0 + "/with"),
    "start-and-lag": (node("{start: [{after: b}], lag: 1}"), "not", N0 + "/lag"),
    "start-empty": (node("{start: []}"), "minItems", N0 + "/start"),
    "start-two-relations": (node("{start: [{after: b, with: c}]}"), "oneOf", N0 + "/start/0"),
    "start-no-relation": (node("{start: [{lag: 1}]}"), "oneOf", N0 + "/start/0"),
    "start-at-with-lag": (node("{start: [{at: 1, lag: 1}]}"), "not", N0 + "/start/0/lag"),
    "start-unknown": (node("{start: [{after: b, delay: 1}]}"), "additionalProperties", N0 + "/start/0"),
    "start-not-a-list": (node("{start: {after: b}}"), "type", N0 + "/start"),
    "ticks-fractional-duration": ("cinc: 1\ntime: {ticks: 24}\n" + BASE[8:] + "      - {duration: 1.5, opacity: 1}\n",
                                  "type", N0 + "/duration"),
    "ticks-fractional-blend": ("cinc: 1\ntime: {ticks: 24}\ndirector:\n  nodes: [{shot: {camera: c, blend: 0.5}}]\n",
                               "type", "/director/nodes/0/shot/blend"),
    # required and exclusive fields (docs/language.md)
    "attach-and-position": (node("{duration: 1, attach: {to: b}, position: [0, 0, 0]}"), "not", N0 + "/position"),
    "attach-and-rotation": (node("{duration: 1, attach: {to: b}, rotation: [0, 0, 0]}"), "not", N0 + "/rotation"),
    "attach-without-to": (node("{duration: 1, attach: {mate: m}}"), "required", N0 + "/attach"),
    "attach-unknown": (node("{duration: 1, attach: {to: b, at: top}}"), "additionalProperties", N0 + "/attach"),
    "look-at-and-spin": ("cinc: 1\ncameras:\n  c:\n    nodes: [{duration: 1, look_at: b, spin: {turns: 1}}]\n",
                         "not", "/cameras/c/nodes/0/spin"),
    "look-at-and-rotation": ("cinc: 1\ncameras:\n  c:\n    nodes: [{duration: 1, look_at: b, rotation: [0, 0, 0]}]\n",
                             "not", "/cameras/c/nodes/0/rotation"),
    "attach-and-look-at": ("cinc: 1\ncameras:\n  c:\n    nodes: [{duration: 1, look_at: b, attach: {to: b}}]\n",
                           "not", "/cameras/c/nodes/0/look_at"),
    "path-without-position": (node("{duration: 1, path: [[0, 0, 0]]}"), "dependentRequired", N0),
    "channel-without-duration": (node("{opacity: 1}"), "dependentRequired", N0),
    "spin-without-duration": (node("{spin: {turns: 1}}"), "dependentRequired", N0),
    "spin-turns-and-degrees": (node("{duration: 1, spin: {turns: 1, degrees: 90}}"), "oneOf", N0 + "/spin"),
    "spin-neither": (node("{duration: 1, spin: {axis: [0, 1, 0]}}"), "oneOf", N0 + "/spin"),
    "spin-zero-axis": (node("{duration: 1, spin: {axis: [0, 0, 0], turns: 1}}"), "not", N0 + "/spin/axis"),
    # cameras
    "fov-180": ("cinc: 1\ncameras:\n  c: {fov: 180}\n", "exclusiveMaximum", "/cameras/c/fov"),
    "fov-zero": ("cinc: 1\ncameras:\n  c:\n    nodes: [{duration: 1, fov: 0}]\n", "exclusiveMinimum", "/cameras/c/nodes/0/fov"),
    "aperture-zero": ("cinc: 1\ncameras:\n  c: {aperture: 0}\n", "exclusiveMinimum", "/cameras/c/aperture"),
    "focus-on-missing": ("cinc: 1\ncameras:\n  c: {focus: {target: b}}\n", "required", "/cameras/c/focus"),
    "focus-negative": ("cinc: 1\ncameras:\n  c: {focus: -1}\n", "exclusiveMinimum", "/cameras/c/focus"),
    # director, events
    "time-scale-17": ("cinc: 1\ndirector:\n  nodes: [{duration: 1, time_scale: 17}]\n", "maximum", "/director/nodes/0/time_scale"),
    "time-scale-negative": ("cinc: 1\ndirector:\n  nodes: [{duration: 1, time_scale: -1}]\n", "minimum", "/director/nodes/0/time_scale"),
    "time-scale-without-duration": ("cinc: 1\ndirector:\n  nodes: [{time_scale: 2}]\n", "dependentRequired", "/director/nodes/0"),
    "shot-without-camera": ("cinc: 1\ndirector:\n  nodes: [{shot: {blend: 1}}]\n", "required", "/director/nodes/0/shot"),
    "shot-negative-blend": ("cinc: 1\ndirector:\n  nodes: [{shot: {camera: c, blend: -1}}]\n", "minimum", "/director/nodes/0/shot/blend"),
    "shot-bad-blend-ease": ("cinc: 1\ndirector:\n  nodes: [{shot: {camera: c, blend_ease: smooth}}]\n",
                            "anyOf", "/director/nodes/0/shot/blend_ease", "enum"),
    "sound-without-name": (node("{sound: {volume: 1}}"), "required", N0 + "/sound"),
    "sound-negative-volume": (node("{sound: {name: s, volume: -1}}"), "minimum", N0 + "/sound/volume"),
    "sound-negative-fade": (node("{sound: {name: s, fade_out: -0.5}}"), "minimum", N0 + "/sound/fade_out"),
    "sound-unknown": (node("{sound: {name: s, loop: true}}"), "additionalProperties", N0 + "/sound"),
    "cue-bad-kind": (node("{cue: {kind: audio, name: x}}"), "anyOf", N0 + "/cue", "enum"),
    "cue-script-without-target": (node("{cue: {kind: script, name: x}}"), "anyOf", N0 + "/cue", "required"),
    "cue-empty-name": (node("{cue: {kind: vfx, name: ''}}"), "anyOf", N0 + "/cue", "minLength"),
    "cue-empty-list": (node("{cue: []}"), "anyOf", N0 + "/cue", "minItems"),
    "action-empty": (node("{action: ''}"), "minLength", N0 + "/action"),
    # patterns
    "pattern-without-count": ("cinc: 1\nobjects:\n  a: {pattern: {offset: [1, 0, 0]}}\n", "oneOf",
                              "/objects/a/pattern"),
    "pattern-markers-and-count": ("cinc: 1\nobjects:\n  a: {pattern: {markers: b/h-*, count: 2}}\n", "oneOf",
                                  "/objects/a/pattern"),
    "pattern-markers-without-object": ("cinc: 1\nobjects:\n  a: {pattern: {markers: h-*}}\n", "pattern",
                                       "/objects/a/pattern/markers"),
    "pattern-count-0": ("cinc: 1\nobjects:\n  a: {pattern: {count: 0, offset: [1, 0, 0]}}\n", "minimum",
                        "/objects/a/pattern/count"),
    "pattern-offset-and-angle": ("cinc: 1\nobjects:\n  a: {pattern: {count: 2, offset: [1, 0, 0], angle: 9}}\n",
                                 "oneOf", "/objects/a/pattern"),
    "pattern-neither": ("cinc: 1\nobjects:\n  a: {pattern: {count: 2}}\n", "oneOf", "/objects/a/pattern"),
    "stagger-without-pattern": ("cinc: 1\nobjects:\n  a: {stagger: 1}\n", "dependentRequired", "/objects/a"),
    "pattern-on-a-camera": ("cinc: 1\ncameras:\n  c: {pattern: {count: 2, offset: [1, 0, 0]}}\n",
                            "additionalProperties", "/cameras/c"),
}


class SchemaIsValid(unittest.TestCase):
    def test_schema_is_valid_draft_2020_12(self):
        self.assertEqual(SCHEMA["$schema"], "https://json-schema.org/draft/2020-12/schema")
        Draft202012Validator.check_schema(SCHEMA)

    def test_schema_formatting(self):
        """2-space indent, no trailing spaces, one final newline: the file is what json.dumps writes."""
        self.assertEqual(SCHEMA_TEXT, json.dumps(SCHEMA, indent=2, ensure_ascii=False) + "\n")

    def test_every_object_schema_is_closed(self):
        """Every schema that lists properties refuses the others (or is a rule overlay)."""
        overlays = {"nodeRules", "tickNode"}
        open_schemas = []

        def walk(value, where):
            if isinstance(value, dict):
                if value.get("type") == "object" or (isinstance(value.get("type"), list) and "object" in value["type"]):
                    if value.get("additionalProperties") is not False and "propertyNames" not in value:
                        open_schemas.append(where)
                for key, child in value.items():
                    if where.startswith("/$defs/") and where.split("/")[2] in overlays:
                        continue
                    if key in ("then", "if", "dependentSchemas"):
                        continue
                    walk(child, f"{where}/{key}")
            elif isinstance(value, list):
                for index, child in enumerate(value):
                    walk(child, f"{where}/{index}")

        walk(SCHEMA, "")
        self.assertEqual(open_schemas, [])

    def test_a_template_takes_the_fields_of_every_kind_of_node(self):
        """A template's properties are those of object, camera and director nodes, and `use`."""
        defs = SCHEMA["$defs"]
        fields = {}
        for kind in ("objectNode", "cameraNode", "directorNode"):
            for name, value in defs[kind]["properties"].items():
                fields.setdefault(name, value)
        self.assertEqual(defs["template"]["properties"], fields)
        self.assertIn("use", fields)

    def test_every_property_has_a_description(self):
        missing = []

        def walk(value, where):
            if isinstance(value, dict):
                for name, sub in value.get("properties", {}).items():
                    if isinstance(sub, dict) and "description" not in sub and "$defs/tickNode" not in where \
                            and "/then" not in where and "/dependentSchemas" not in where and "/if" not in where:
                        missing.append(f"{where}/properties/{name}")
                for key, child in value.items():
                    walk(child, f"{where}/{key}")
            elif isinstance(value, list):
                for index, child in enumerate(value):
                    walk(child, f"{where}/{index}")

        walk(SCHEMA, "")
        self.assertEqual(missing, [])


class GoodScenes(unittest.TestCase):
    def assertValid(self, document, what):
        errors = errors_of(document)
        self.assertEqual(errors, [], f"{what} should validate:\n{describe(errors)}")

    def test_examples_validate(self):
        files = sorted(glob.glob(os.path.join(EXAMPLES, "**", "*.yaml"), recursive=True))
        self.assertTrue(files, "no examples found")
        for path in files:
            with self.subTest(example=os.path.relpath(path, ROOT)):
                with open(path, encoding="utf-8") as scene:
                    self.assertValid(load(scene), path)

    def test_examples_carry_the_modeline(self):
        for path in sorted(glob.glob(os.path.join(EXAMPLES, "**", "*.yaml"), recursive=True)):
            with open(path, encoding="utf-8") as scene:
                first = scene.readline()
            if first.startswith("# yaml-language-server:"):
                target = first.split("$schema=", 1)[1].strip()
                self.assertEqual(os.path.realpath(os.path.join(os.path.dirname(path), target)),
                                 os.path.realpath(SCHEMA_PATH), path)

    def test_yaml_1_2_booleans(self):
        self.assertEqual(load("focus: {on: body}\nloop: yes\nx: true"), {"focus": {"on": "body"}, "loop": "yes", "x": True})

    def test_good_scenes(self):
        for name, text in GOOD.items():
            with self.subTest(scene=name):
                self.assertValid(load(text), name)

    def test_generated_bench_scene(self):
        """The benchmark generator's scenes (every relation, start lists, every ease) validate."""
        text = subprocess.run([sys.executable, GENERATOR, "400", "--objects", "8", "--seed", "3"],
                              check=True, capture_output=True, text=True).stdout
        self.assertValid(load(text), "generated scene")

    def test_spec_example(self):
        """The annotated gearbox example: every part of a scene file at once."""
        text = """
cinc: 1
name: gearbox
time: s
snap: 30
loop: false
tolerance: {position: 0.0001, rotation: 0.01}
models:
  main-body:
    source: models/main-body.glb
    markers:
      top: {position: [0, 0.05, 0], rotation: [0, 0, 0]}
  m3x8: {source: models/m3x8-shcs.glb}
objects:
  body:
    model: main-body
    position: [0, 0, 0]
    rotation: [0, 0, 0]
    scale: 1
    opacity: 0
    nodes:
      - {id: in, duration: 1, opacity: 1}
  screw1:
    model: m3x8
    position: [0.3, 0.1, 0]
    nodes:
      - id: place
        after: body.in
        lag: 0.5
        duration: 0.8
        attach: {to: body/screw-hole-1, offset: {position: [0, 0.03, 0]}}
        opacity: 1
        ease: ease_in_out
      - id: drive
        duration: 1.2
        spin: {axis: [0, 1, 0], turns: 2}
        action: tighten
cameras:
  main:
    position: [0.6, 0.4, 0.6]
    fov: 40
    nodes:
      - {id: frame-screw, with: screw1.place, duration: 0.8, look_at: screw1, ease: ease_in_out}
director:
  nodes:
    - {id: open, at: 0, shot: {camera: main}, label: "Step 1: body"}
"""
        self.assertValid(load(text), "the gearbox example")


class BadScenes(unittest.TestCase):
    def test_bad_scenes(self):
        for name, case in BAD.items():
            text, keyword, path = case[:3]
            inner = case[3] if len(case) > 3 else None
            with self.subTest(scene=name):
                errors = errors_of(load(text))
                self.assertTrue(errors, f"{name}: should not validate")
                expected = pointer(path)
                matching = [e for e in errors if e.validator == keyword and list(e.absolute_path) == expected]
                self.assertTrue(matching, f"{name}: expected {keyword} at {path or '/'}, got:\n{describe(errors)}")
                if inner:
                    found = [c.validator for e in matching for c in _walk_context(e)]
                    self.assertIn(inner, found, f"{name}: expected {inner} inside {keyword}, got {found}")

    def test_unknown_field_names_the_field(self):
        errors = errors_of(load(node("{duration: 1, opacity: 1, colour: red}")))
        self.assertEqual(len(errors), 1, describe(errors))
        self.assertIn("'colour'", errors[0].message)

    def test_conflicts_cite_their_rule(self):
        """Exclusions come from the node rules (dependentSchemas), so editors show the rule's description."""
        cases = {
            "at": (node("{at: 1, after: b}"), N0 + "/after"),
            "attach": (node("{duration: 1, attach: {to: b}, path: [[0, 0, 0]], position: [0, 0, 0]}"), N0 + "/path"),
        }
        for by, (text, path) in cases.items():
            with self.subTest(rule=by):
                errors = [e for e in errors_of(load(text)) if list(e.absolute_path) == pointer(path)]
                self.assertTrue(errors)
                self.assertIn("dependentSchemas", list(errors[0].schema_path))
                self.assertIn(by, list(errors[0].schema_path))
                self.assertIn(f"cannot be used with `{by}`", errors[0].schema["description"])

    def test_channel_without_duration_names_duration(self):
        errors = errors_of(load(node("{position: [0, 0, 0]}")))
        self.assertEqual([e.validator for e in errors], ["dependentRequired"], describe(errors))
        self.assertIn("'duration'", errors[0].message)
        # A node that uses templates may take its duration from them.
        self.assertEqual(errors_of(load(node("{position: [0, 0, 0], use: t}"))), [])


def _walk_context(error):
    for child in error.context or []:
        yield child
        yield from _walk_context(child)


if __name__ == "__main__":
    unittest.main(verbosity=1)
