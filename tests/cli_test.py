#!/usr/bin/env python3
"""End-to-end tests of the cinc command line: exit statuses, atomic output,
deterministic bytes, hostile inputs, diagnostics formats.

Usage: cli_test.py CINC  (run by ctest)
"""
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CINC = None

GOOD_SCENE = """cinc: 1
objects:
  box:
    nodes:
      - {id: in, duration: 1, opacity: 1}
      - {id: move, duration: 2, position: [1, 0, 0]}
"""

BROKEN_SCENE = """cinc: 1
objects:
  box:
    nodes:
      - {id: in, after: nothing, duration: 1, opacity: 1}
"""

OVERLAP_SCENE = """cinc: 1
objects:
  box:
    nodes:
      - {id: a, at: 0, duration: 2, position: [1, 0, 0]}
      - {id: b, at: 1, duration: 2, position: [2, 0, 0]}
"""


def run(*args, cwd=None, timeout=60):
    result = subprocess.run([CINC, *args], cwd=cwd, capture_output=True, timeout=timeout)
    return result.returncode, result.stdout.decode(), result.stderr.decode(errors="replace")


class CliTest(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp(prefix="cinc-cli-")

    def tearDown(self):
        shutil.rmtree(self.folder, ignore_errors=True)

    def write(self, name, content, mode="w"):
        path = os.path.join(self.folder, name)
        with open(path, mode) as stream:
            stream.write(content)
        return path

    def test_every_example_builds_to_identical_bytes_twice(self):
        examples = []
        for folder, _, files in os.walk(os.path.join(ROOT, "examples")):
            examples += [os.path.join(folder, f) for f in files if f.endswith(".yaml")]
        self.assertTrue(examples)
        for example in sorted(examples):
            outputs = []
            for attempt in range(2):
                out = os.path.join(self.folder, f"out{attempt}.sequence.json")
                status, stdout, stderr = run("build", example, "-o", out)
                self.assertEqual(status, 0, example + "\n" + stderr)
                self.assertEqual(stdout, f"wrote {out}\n")
                with open(out, "rb") as stream:
                    outputs.append(stream.read())
            self.assertEqual(outputs[0], outputs[1], example)
            self.assertTrue(outputs[0].endswith(b"}\n"))

    def test_build_writes_beside_the_scene_by_default(self):
        scene = self.write("box.yaml", GOOD_SCENE)
        status, stdout, _ = run("build", scene)
        self.assertEqual(status, 0)
        expected = os.path.join(self.folder, "box.sequence.json")
        self.assertEqual(stdout, f"wrote {expected}\n")
        with open(expected) as stream:
            sequence = json.load(stream)
        self.assertEqual(sequence["version"], 1)
        self.assertEqual(sequence["name"], "box")
        self.assertEqual(sequence["duration"], 3)

    def test_failed_build_leaves_the_previous_output_untouched(self):
        scene = self.write("box.yaml", BROKEN_SCENE)
        output = self.write("box.sequence.json", "previous bytes")
        status, stdout, stderr = run("build", scene)
        self.assertEqual(status, 1)
        self.assertEqual(stdout, "")
        self.assertIn("[E_TIMING_MISSING]", stderr)
        with open(output) as stream:
            self.assertEqual(stream.read(), "previous bytes")
        self.assertEqual(sorted(os.listdir(self.folder)), ["box.sequence.json", "box.yaml"])

    def test_unwritable_output_is_exit_3_and_leaves_nothing(self):
        scene = self.write("box.yaml", GOOD_SCENE)
        status, _, stderr = run("build", scene, "-o", os.path.join(self.folder, "no", "such", "x.json"))
        self.assertEqual(status, 3)
        self.assertIn("[E_OUTPUT]", stderr)
        self.assertEqual(sorted(os.listdir(self.folder)), ["box.yaml"])

    def test_output_errors_and_warnings_come_once_in_one_document(self):
        scene = self.write("overlap.yaml", OVERLAP_SCENE)
        unwritable = os.path.join(self.folder, "no", "such", "x.json")
        status, _, stderr = run("build", scene, "-o", unwritable, "--diagnostics", "json")
        self.assertEqual(status, 3)
        reports = json.loads(stderr)  # one document
        self.assertEqual([report["code"] for report in reports], ["E_OUTPUT", "W_TIMING_OVERLAP"])
        self.assertEqual(reports[0]["message"],
                         f"cannot write {unwritable}: a temporary file cannot be created beside "
                         "it (No such file or directory): its folder does not exist")
        self.assertEqual((reports[0]["file"], reports[0]["line"]), ("", 0))
        status, _, stderr = run("build", scene, "-o", unwritable)
        self.assertEqual(stderr.count("[W_TIMING_OVERLAP]"), 1, stderr)
        self.assertEqual(stderr.count("[E_OUTPUT]"), 1, stderr)
        status, _, stderr = run("build", scene, "--depfile", unwritable, "--diagnostics", "sarif")
        self.assertEqual(status, 3)
        results = json.loads(stderr)["runs"][0]["results"]
        self.assertEqual([result["ruleId"] for result in results], ["E_OUTPUT", "W_TIMING_OVERLAP"])

    def test_usage_and_internal_errors_follow_the_diagnostics_format(self):
        scene = self.write("box.yaml", GOOD_SCENE)
        status, _, stderr = run("eval", scene, "--time", "soon", "--diagnostics", "json")
        self.assertEqual(status, 2)
        self.assertEqual(json.loads(stderr), [{
            "file": "", "line": 0, "column": 0, "severity": "error", "code": "E_USAGE",
            "message": "--time 'soon' is not a decimal number of seconds", "path": ""}])
        status, _, stderr = run("eval", scene, "--time", "soon")
        self.assertEqual(stderr, "cinc: error: --time 'soon' is not a decimal number of seconds "
                                 "[E_USAGE]\n")

    def test_glb_and_preview_report_what_build_reports_and_write_nothing(self):
        scene = self.write("box.yaml", BROKEN_SCENE)
        _, _, expected = run("build", scene)
        for args, written in ((["build", "--format", "glb"], "box.glb"),
                              (["build", "--format", "gltf"], "box.gltf"),
                              (["preview"], "box.preview.html")):
            status, stdout, stderr = run(*args, scene)
            self.assertEqual((status, stdout, stderr), (1, "", expected), args)
            self.assertFalse(os.path.exists(os.path.join(self.folder, written)), written)

    def test_glb_and_preview_go_beside_the_scene(self):
        scene = self.write("box.yaml", GOOD_SCENE)
        for args, written in ((["build", "--format", "glb"], "box.glb"),
                              (["build", "-o", os.path.join(self.folder, "x.gltf")], "x.gltf"),
                              (["preview"], "box.preview.html")):
            status, stdout, stderr = run(*args, scene)
            self.assertEqual(status, 0, stderr)
            self.assertEqual(stdout, f"wrote {os.path.join(self.folder, written)}\n")
        with open(os.path.join(self.folder, "box.glb"), "rb") as stream:
            self.assertEqual(stream.read(4), b"glTF")
        with open(os.path.join(self.folder, "box.preview.html")) as stream:
            page = stream.read()
        self.assertIn('<script type="importmap">', page)
        self.assertNotIn("{{CINC_", page)
        self.assertNotIn("http://", page.split("<body>")[1].split('id="cinc-glb"')[0])

    def test_a_model_whose_meshes_cannot_be_read_is_a_model_error_at_its_source(self):
        # The node tree reads (so markers do), the mesh's accessor does not.
        gltf = {"asset": {"version": "2.0"}, "scenes": [{"nodes": [0]}],
                "nodes": [{"name": "part", "mesh": 0}],
                "meshes": [{"primitives": [{"attributes": {"POSITION": 0}}]}],
                "accessors": [{"bufferView": 0, "componentType": 5126, "count": 100,
                               "type": "VEC3"}],
                "bufferViews": [{"buffer": 0, "byteLength": 12}],
                "buffers": [{"byteLength": 12,
                             "uri": "data:application/octet-stream;base64,AAAAAAAAAAAAAAAA"}]}
        self.write("part.gltf", json.dumps(gltf))
        scene = self.write("s.yaml", "cinc: 1\nmodels:\n  part: {source: part.gltf}\n"
                                     "objects:\n  p:\n    model: part\n")
        self.assertEqual(run("build", scene)[0], 0)  # a sequence needs no meshes
        status, _, stderr = run("build", scene, "--format", "glb", "--diagnostics", "json")
        self.assertEqual(status, 1)
        self.assertEqual(json.loads(stderr), [{
            "file": scene, "line": 3, "column": 18, "severity": "error",
            "code": "E_MODEL_LOAD", "path": "/models/part/source",
            "message": f"model 'part': cannot read {os.path.join(self.folder, 'part.gltf')} as "
                       "glTF: an accessor reads past the end of buffer view 0; the file is "
                       "truncated or corrupt: export it again"}])
        self.assertFalse(os.path.exists(os.path.join(self.folder, "s.glb")))

    def assert_input_error(self, path, code, seconds=10):
        before = time.monotonic()
        status, stdout, stderr = run("build", path, timeout=seconds)
        self.assertLess(time.monotonic() - before, seconds)
        self.assertEqual(status, 1, stderr)
        self.assertEqual(stdout, "")
        name = os.path.basename(path)
        header = r"^" + path.replace(".", r"\.") + r":\d+:\d+: error: .+ \[" + code + r"\]$"
        self.assertTrue(any(re.match(header, line) for line in stderr.splitlines()), stderr[:2000])
        self.assertFalse(os.path.exists(os.path.splitext(path)[0] + ".sequence.json"), name)
        return stderr

    def test_empty_file(self):
        self.assert_input_error(self.write("empty.yaml", ""), "E_SCENE_FORMAT")

    def test_binary_file(self):
        self.assert_input_error(self.write("binary.yaml", bytes(range(256)) * 64, "wb"),
                                "E_SCENE_FORMAT")

    def test_yaml_syntax_error(self):
        self.assert_input_error(self.write("syntax.yaml", "cinc: 1\nobjects: {a: [1, 2\n"),
                                "E_SCENE_FORMAT")

    def test_nesting_100000_deep(self):
        self.assert_input_error(self.write("deep.yaml", "cinc: 1\nobjects: " + "[" * 100000),
                                "E_SCENE_FORMAT")
        self.assert_input_error(self.write("deep2.yaml", "cinc: 1\nx:\n" + "".join(
            " " * i + "- \n" for i in range(0, 3000, 1))), "E_SCENE_FORMAT")

    def test_billion_laughs(self):
        # Ten cues of ten aliases of ten ...: 10^10 values once expanded.
        lines = ["cinc: 1", "objects:", "  box:", "    nodes:",
                 "      - {id: n0, cue: &a0 [" + ", ".join(["{kind: vfx, name: lol}"] * 10) + "]}"]
        for level in range(1, 10):
            refs = ", ".join([f"*a{level - 1}"] * 10)
            lines.append(f"      - {{id: n{level}, cue: &a{level} [{refs}]}}")
        self.assert_input_error(self.write("lol.yaml", "\n".join(lines) + "\n"), "E_LIMIT")

    def test_usage_errors_are_exit_2(self):
        self.assertEqual(run()[0], 2)
        self.assertEqual(run("frobnicate")[0], 2)
        scene = self.write("box.yaml", GOOD_SCENE)
        self.assertEqual(run("eval", scene)[0], 2)
        self.assertEqual(run("eval", scene, "--time", "soon")[0], 2)
        self.assertEqual(run("build", scene, "--visibility", "sometimes")[0], 2)
        self.assertEqual(run("build", scene, "--diagnostics", "xml")[0], 2)
        self.assertEqual(run("build", scene, "--for", "maya")[0], 2)
        # The Blender profile is the glTF export's: the sequence has none.
        self.assertEqual(run("build", scene, "--for", "blender"),
                         (2, "", "cinc: error: --for applies to the glTF outputs (--format glb or "
                                 "gltf), not sequence [E_USAGE]\n"))
        self.assertFalse(os.path.exists(os.path.join(self.folder, "box.sequence.json")))
        # With a glTF output it builds, says what it wrote and nothing else.
        glb = os.path.join(self.folder, "box.glb")
        for profile in ("gltf", "blender"):
            self.assertEqual(run("build", scene, "--for", profile, "-o", glb),
                             (0, f"wrote {glb}\n", ""))
        reversed_glb = os.path.join(self.folder, "box-reversed.glb")
        self.assertEqual(run("build", scene, "--for", "blender", "--reverse", "-o", reversed_glb),
                         (0, f"wrote {reversed_glb}\n", ""))
        self.assertEqual(run("--help")[0], 0)

    def test_version_is_the_projects(self):
        # The one version: the top-level CMakeLists.txt's project(cinc VERSION ...).
        with open(os.path.join(ROOT, "CMakeLists.txt")) as cmake:
            version = re.search(r"project\(cinc VERSION (\d+\.\d+\.\d+)", cmake.read()).group(1)
        self.assertEqual(run("--version"), (0, f"cinc {version}\n", ""))
        scene = self.write("box.yaml", BROKEN_SCENE)
        _, _, stderr = run("check", scene, "--diagnostics", "sarif")
        self.assertEqual(json.loads(stderr)["runs"][0]["tool"]["driver"]["version"], version)
        good = self.write("good.yaml", GOOD_SCENE)
        gltf = os.path.join(self.folder, "good.gltf")
        self.assertEqual(run("build", good, "-o", gltf)[0], 0)
        with open(gltf) as stream:
            self.assertEqual(json.load(stream)["asset"]["generator"], f"cinc {version}")

    def test_assimp_is_loaded_only_by_the_reader_of_a_model_that_needs_it(self):
        # importers/assimp_library.h: the dynamic loader's log names each
        # library the process (or the reader's child) opens.
        def libraries_opened(*args):
            log = os.path.join(self.folder, "ld")
            environment = dict(os.environ, LD_DEBUG="files", LD_DEBUG_OUTPUT=log)
            result = subprocess.run([CINC, *args], env=environment, capture_output=True,
                                    timeout=60)
            opened = {}
            for name in os.listdir(self.folder):
                if name.startswith("ld."):
                    with open(os.path.join(self.folder, name), errors="replace") as stream:
                        opened[name] = stream.read()
                    os.remove(os.path.join(self.folder, name))
            return result.returncode, result.stdout.decode(), opened

        status, _, opened = libraries_opened("--version")
        self.assertEqual(status, 0)
        self.assertTrue(opened)
        self.assertNotIn("libassimp", "".join(opened.values()))
        scene = self.write("box.yaml", GOOD_SCENE)
        status, _, opened = libraries_opened("build", scene, "-o",
                                             os.path.join(self.folder, "box.sequence.json"))
        self.assertEqual(status, 0)
        self.assertNotIn("libassimp", "".join(opened.values()))
        model = self.write("part.obj", "o socket_pin\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n")
        status, stdout, opened = libraries_opened("markers", model, "--json")
        self.assertEqual(status, 0, stdout)
        self.assertEqual(json.loads(stdout), {"markers": [], "lods": []})  # a mesh, no empties
        self.assertIn("libassimp", "".join(opened.values()))

    def test_parts_of_the_blender_example_by_hand(self):
        # Worked from examples/blender_assembly/assembly.yaml: the body fades
        # in with step 1, the cover with step 2, screw1 (at 1.3 s) and screw2
        # (with screw1 + 0.6 s = 1.9 s, inside step 3's [1.3, 2.4]) with
        # step 3, screw3 and the washer together at step 4's start, screw4
        # with step 6; steps 5 and "Done" bring none.
        scene = os.path.join(ROOT, "examples", "blender_assembly", "assembly.yaml")
        status, stdout, stderr = run("parts", scene, "--json", timeout=300)
        self.assertEqual(status, 0, stderr)
        listed = json.loads(stdout)
        self.assertEqual(listed["scene"], "blender-assembly")
        counts = [[(part["model"], part["count"]) for part in chapter["parts"]]
                  for chapter in listed["chapters"]]
        self.assertEqual(counts, [[("body", 1)], [("cover", 1)], [("screw", 2)],
                                  [("screw", 1), ("washer", 1)], [], [("screw", 1)], []])
        self.assertEqual(listed["chapters"][2]["parts"][0]["objects"], ["screw1", "screw2"])
        self.assertEqual(listed["chapters"][2]["label"], "Step 3: the top screws")
        self.assertEqual(listed["total"], [
            {"model": "body", "name": "Pump body", "number": "PB-100", "count": 1},
            {"model": "cover", "name": "Side cover", "number": "PC-110", "count": 1},
            {"model": "screw", "name": "M4 x 20 pan head screw", "number": "SCR-M4-20",
             "count": 4},
            {"model": "washer", "name": "M4 washer", "number": "WSH-M4", "count": 1}])
        status, csv_text, stderr = run("parts", scene, "--csv", timeout=300)
        self.assertEqual(status, 0, stderr)
        self.assertIn("Step 3: the top screws,1.3,2.4,screw,M4 x 20 pan head screw,SCR-M4-20,2,"
                      "screw1 screw2\r\n", csv_text)

    def test_parts_of_the_other_examples_by_hand(self):
        # The bookcase: shelves 1 and 2 come in with step 2, each screwed by
        # four screws (two patterns of three per side, `$i`: screw k waits for
        # shelf k): 8; shelf 3 with step 3: 4; the back's 24 nails (two
        # patterns of twelve) with step 5. The sides, shelves and back have no
        # model: not parts. The tutorial: one part a step, "Done" none. The
        # assembly example's objects have no models: no parts anywhere.
        def counts(example):
            status, stdout, stderr = run("parts", os.path.join(ROOT, "examples", example),
                                         "--json")
            self.assertEqual(status, 0, stderr)
            listed = json.loads(stdout)
            return ([(chapter["label"], [(part["model"], part["count"])
                                         for part in chapter["parts"]])
                     for chapter in listed["chapters"]],
                    [(part["name"], part["number"], part["count"]) for part in listed["total"]])
        self.assertEqual(counts("bookcase/bookcase.yaml"), (
            [("Step 1: the sides", []), ("Step 2: two shelves, 8 screws", [("screw", 8)]),
             ("Step 3: the top shelf, 4 screws", [("screw", 4)]), ("Step 4: the back", []),
             ("Step 5: 24 nails", [("nail", 24)]), ("Done", [])],
            [("Wood screw 4 × 30", "S-430", 12), ("Panel nail 1.6 × 25", "N-1625", 24)]))
        self.assertEqual(counts("tutorial/tutorial.yaml")[0], [
            ("Step 1: the base", [("base", 1)]), ("Step 2: the bracket", [("bracket", 1)]),
            ("Step 3: the top screw", [("screw", 1)]), ("Step 4: the side screw", [("screw", 1)]),
            ("Done", [])])
        chapters, total = counts("assembly/assembly.yaml")
        self.assertEqual([parts for _, parts in chapters], [[]] * 7)
        self.assertEqual(total, [])

    def test_parts_of_the_desk_fan_example_by_hand(self):
        # Worked from examples/desk_fan/assembly.yaml: each step's chapter runs
        # from its part's node (or its first screw's drive) to its end, and
        # each part fades in from that node's start; the four M4 screws start
        # 0.3 s apart in [2.5, 4.4], the three M3 in [10.9, 12.3]. The
        # exploded view, the collapse and "Done" bring none.
        scene = os.path.join(ROOT, "examples", "desk_fan", "assembly.yaml")
        status, stdout, stderr = run("parts", scene, "--json")
        self.assertEqual(status, 0, stderr)
        listed = json.loads(stdout)
        self.assertEqual(listed["scene"], "desk-fan")
        counts = [[(part["model"], part["count"]) for part in chapter["parts"]]
                  for chapter in listed["chapters"]]
        self.assertEqual(counts, [[("base", 1)], [("stand", 1)], [("m4", 4)], [("motor", 1)],
                                  [("rotor", 1)], [("clip", 1)], [("grille", 1)], [("m3", 3)],
                                  [], [], []])
        self.assertEqual(listed["chapters"][2]["parts"][0]["objects"],
                         ["m4-1", "m4-2", "m4-3", "m4-4"])
        self.assertEqual([listed["chapters"][k]["label"] for k in (2, 7, 10)],
                         ["Step 3: fix the stand, 4 × M4", "Step 8: fix the grille, 3 × M3",
                          "Done"])
        self.assertEqual([(c["start"], c["end"]) for c in listed["chapters"]][2], (2.5, 4.4))
        total = {(p["model"], p["name"], p["number"]): p["count"] for p in listed["total"]}
        self.assertEqual(total, {("base", "Base", "DF-100"): 1, ("stand", "Stand", "DF-110"): 1,
                                 ("m4", "M4 × 12 screw", "SCR-M4-12"): 4,
                                 ("motor", "Motor with shaft", "DF-200"): 1,
                                 ("rotor", "Rotor", "DF-210"): 1,
                                 ("clip", "Clip ring", "DF-220"): 1,
                                 ("grille", "Grille", "DF-300"): 1,
                                 ("m3", "M3 × 8 screw", "SCR-M3-8"): 3})

    def test_parts_refuses_a_bad_part(self):
        scene = self.write("bad-part.yaml", "cinc: 1\nmodels:\n  m: {part: {nmae: x}}\n")
        status, stdout, stderr = run("parts", scene)
        self.assertEqual(status, 1)
        self.assertEqual(stdout, "")
        self.assertIn("bad-part.yaml:3:14: error: unknown field 'nmae' (did you mean 'name'?) "
                      "[E_SCENE_FORMAT]", stderr)

    def test_a_dedented_nodes_key_is_one_message_that_names_the_fix(self):
        # The trial's mistake on the instructions example: the bracket's
        # `nodes:` moved out to the objects' column. Before: "expected a
        # mapping, got a list" and four unknown-node follow-ons.
        with open(os.path.join(ROOT, "examples", "instructions", "instructions.yaml")) as stream:
            text = stream.read()
        written = "    position: [0, 0.3, 0]\n    nodes:\n"
        self.assertIn(written, text)
        scene = self.write("dedented.yaml", text.replace(written, "    position: [0, 0.3, 0]\n  nodes:\n"))
        status, stdout, stderr = run("check", scene)
        self.assertEqual(status, 1)
        self.assertEqual(stdout, "")
        self.assertEqual(
            stderr,
            f"{scene}:39:3: error: 'nodes' is indented like the object 'bracket' above it, so it "
            "is read as an object named 'nodes'; to give 'bracket' its nodes, indent 'nodes:' "
            "under 'bracket' [E_SCENE_FORMAT]\n  nodes:\n  ^\n")

    def test_graph_of_every_example_renders_with_dot(self):
        dot = shutil.which("dot")
        self.assertIsNotNone(dot, "Graphviz's dot is needed (scripts/setup installs graphviz)")
        for folder, _, files in os.walk(os.path.join(ROOT, "examples")):
            for name in sorted(f for f in files if f.endswith(".yaml")):
                with self.subTest(example=name):
                    status, graph, stderr = run("graph", os.path.join(folder, name),
                                                "--allow-outside", ROOT)
                    self.assertEqual(status, 0, stderr)
                    self.assertTrue(graph.startswith("digraph "), graph[:80])
                    rendered = subprocess.run([dot, "-Tsvg"], input=graph.encode(),
                                              capture_output=True, timeout=60)
                    self.assertEqual(rendered.returncode, 0, rendered.stderr.decode())
                    self.assertIn(b"<svg", rendered.stdout)

    def test_graph_of_a_cycle_draws_it_and_exits_1(self):
        scene = self.write("loop.yaml", """cinc: 1
objects:
  box:
    nodes:
      - {id: a, after: b, duration: 1, opacity: 1}
      - {id: b, duration: 1, opacity: 0}
""")
        status, graph, stderr = run("graph", scene)
        self.assertEqual(status, 1)
        self.assertIn("dependency cycle: box.a -> box.b -> box.a (the previous node) "
                      "[E_TIMING_CYCLE]", stderr)
        self.assertIn('  "box.b" -> "box.a" [label="after\\ncycle", color=red, fontcolor=red, '
                      'penwidth=2];\n', graph)
        self.assertIn('  "box.a" -> "box.b" [label="then\\ncycle", style=dotted, color=red, '
                      'fontcolor=red, penwidth=2];\n', graph)
        rendered = subprocess.run(["dot", "-Tsvg"], input=graph.encode(), capture_output=True,
                                  timeout=60)
        self.assertEqual(rendered.returncode, 0, rendered.stderr.decode())

    def test_graph_options(self):
        scene = self.write("box.yaml", GOOD_SCENE)
        out = os.path.join(self.folder, "box.dot")
        status, stdout, _ = run("graph", scene, "--format", "dot", "-o", out)
        self.assertEqual((status, stdout), (0, f"wrote {out}\n"))
        with open(out) as stream:
            self.assertEqual(stream.read(), run("graph", scene)[1])
        self.assertEqual(run("graph", scene, "--format", "svg")[0], 2)
        status, stdout, stderr = run("graph", os.path.join(self.folder, "absent.yaml"))
        self.assertEqual((status, stdout), (1, ""))
        self.assertIn("[E_SCENE_FORMAT]", stderr)

    def test_missing_scene_file(self):
        status, _, stderr = run("check", os.path.join(self.folder, "absent.yaml"))
        self.assertEqual(status, 1)
        self.assertIn("[E_SCENE_FORMAT]", stderr)

    def test_json_diagnostics(self):
        scene = self.write("box.yaml", BROKEN_SCENE)
        status, _, stderr = run("check", scene, "--diagnostics", "json")
        self.assertEqual(status, 1)
        self.assertEqual(json.loads(stderr), [{
            "file": scene, "line": 5, "column": 25, "severity": "error",
            "code": "E_TIMING_MISSING",
            "message": "node 'box.in' references unknown node 'box.nothing'",
            "path": "/objects/box/nodes/0/after"}])

    def test_json_diagnostics_name_the_list_entry(self):
        # An entry of an `after:` list: the list's pointer and the entry's index.
        scene = self.write("box.yaml", """cinc: 1
objects:
  box:
    nodes:
      - {id: in, duration: 1, opacity: 1}
      - {id: out, after: [in, nothing], duration: 1, opacity: 0}
""")
        status, _, stderr = run("check", scene, "--diagnostics", "json")
        self.assertEqual(status, 1)
        self.assertEqual(json.loads(stderr), [{
            "file": scene, "line": 6, "column": 31, "severity": "error",
            "code": "E_TIMING_MISSING",
            "message": "node 'box.out' references unknown node 'box.nothing'",
            "path": "/objects/box/nodes/1/after/1"}])

    def test_sarif_diagnostics(self):
        scene = self.write("box.yaml", BROKEN_SCENE)
        status, _, stderr = run("check", scene, "--diagnostics", "sarif")
        self.assertEqual(status, 1)
        log = json.loads(stderr)
        self.assertEqual(log["version"], "2.1.0")
        result = log["runs"][0]["results"][0]
        self.assertEqual(result["ruleId"], "E_TIMING_MISSING")
        self.assertEqual(result["locations"][0]["physicalLocation"]["region"],
                         {"startLine": 5, "startColumn": 25})

    def test_text_diagnostics_show_the_line_and_a_caret(self):
        scene = self.write("box.yaml", BROKEN_SCENE)
        _, _, stderr = run("check", scene)
        self.assertEqual(stderr,
                         f"{scene}:5:25: error: node 'box.in' references unknown node 'box.nothing' "
                         "[E_TIMING_MISSING]\n"
                         "      - {id: in, after: nothing, duration: 1, opacity: 1}\n"
                         "                        ^\n")

    def test_warnings_pass_unless_werror(self):
        scene = self.write("overlap.yaml", OVERLAP_SCENE)
        status, _, stderr = run("check", scene)
        self.assertEqual(status, 0)
        self.assertIn("warning:", stderr)
        self.assertIn("[W_TIMING_OVERLAP]", stderr)
        status, _, stderr = run("check", scene, "--werror")
        self.assertEqual(status, 1)
        self.assertIn("error:", stderr)

    def test_depfile(self):
        scene = self.write("box.yaml", GOOD_SCENE)
        out = os.path.join(self.folder, "box.sequence.json")
        depfile = os.path.join(self.folder, "box.d")
        self.assertEqual(run("build", scene, "--depfile", depfile)[0], 0)
        with open(depfile) as stream:
            self.assertEqual(stream.read(), f"{out}: {scene}\n")

    def test_depfile_lists_every_included_file(self):
        os.mkdir(os.path.join(self.folder, "lib"))
        self.write("lib/hardware.yaml", "cinc: 1\ninclude: [fasteners.yaml]\n")
        self.write("lib/fasteners.yaml", "cinc: 1\ntemplates:\n  fade: {duration: 1, opacity: 1}\n")
        scene = self.write("box.yaml", "cinc: 1\ninclude: lib/hardware.yaml\nobjects:\n"
                                       "  box:\n    nodes:\n      - {id: in, use: fade}\n")
        depfile = os.path.join(self.folder, "box.d")
        self.assertEqual(run("build", scene, "--depfile", depfile)[0], 0)
        lib = os.path.join(self.folder, "lib")
        with open(depfile) as stream:
            self.assertEqual(stream.read(), f"{os.path.join(self.folder, 'box.sequence.json')}: "
                                            f"{scene} {lib}/hardware.yaml {lib}/fasteners.yaml\n")

    def test_eval_prints_the_exact_state(self):
        scene = self.write("eval.yaml", """cinc: 1
objects:
  box:
    nodes:
      - {id: in, duration: 1, opacity: 1}
      - {id: move, duration: 2, position: [2, 4, -6], ease: ease_in_out}
      - {id: turn, with: move, duration: 2, rotation: [0, 90, 0]}
      - {id: grow, with: move, duration: 1, scale: 3}
""")
        def state(time):
            status, stdout, stderr = run("eval", scene, "--time", time)
            self.assertEqual(status, 0, stderr)
            return json.loads(stdout)

        def close(actual, expected):
            self.assertEqual(len(actual), len(expected))
            for a, e in zip(actual, expected):
                self.assertAlmostEqual(a, e, delta=1e-12)

        # t = 0.25: the fade is a quarter in, nothing else has started.
        quarter = state("0.25")
        self.assertEqual(quarter["time"], 0.25)
        box = quarter["objects"]["box"]
        self.assertAlmostEqual(box["opacity"], 0.25, delta=1e-15)
        close(box["position"], [0, 0, 0])
        close(box["scale"], [1, 1, 1])
        self.assertEqual(box["frame"], "world")
        # t = 1.5: move and turn are a quarter in. Smoothstep(0.25) = 0.0625 * 2.5
        # = 0.15625 of [2, 4, -6]; the linear turn is at yaw 22.5, a quaternion
        # (0, sin 11.25, 0, cos 11.25); grow is half way from 1 to 3.
        box = state("1.5")["objects"]["box"]
        close(box["position"], [0.3125, 0.625, -0.9375])
        close(box["rotation"], [0, 22.5, 0])
        close(box["quaternion"], [0, math.sin(math.radians(11.25)), 0, math.cos(math.radians(11.25))])
        close(box["scale"], [2, 2, 2])
        self.assertEqual(box["opacity"], 1)
        self.assertEqual(state("1.5")["cameras"], {})
        # Past the end the time is clamped to the duration, 3 s.
        late = state("10")
        self.assertEqual(late["time"], 3)
        close(late["objects"]["box"]["position"], [2, 4, -6])
        close(late["objects"]["box"]["rotation"], [0, 90, 0])
        close(late["objects"]["box"]["scale"], [3, 3, 3])
        self.assertEqual(state("-1")["time"], 0)
        # ... and the user is told so, on stderr; --werror makes it an error.
        status, _, stderr = run("eval", scene, "--time", "10")
        self.assertEqual((status, stderr), (0, f"{scene}: warning: --time 10 is past the end "
                                               "(3 s): this is the state at 3 s [W_TIME_CLAMPED]\n"))
        status, _, stderr = run("eval", scene, "--time", "-1")
        self.assertEqual(stderr, f"{scene}: warning: --time -1 is before the start: this is the "
                                 "state at 0 s [W_TIME_CLAMPED]\n")
        status, stdout, stderr = run("eval", scene, "--time", "10", "--werror")
        self.assertEqual((status, stdout), (1, ""))
        self.assertIn("error: --time 10 is past the end", stderr)
        status, _, stderr = run("eval", scene, "--time", "3")
        self.assertEqual((status, stderr), (0, ""))  # the end itself is no clamp

    def test_validate_and_eval_a_sequence(self):
        flythrough = os.path.join(ROOT, "examples", "flythrough", "flythrough.sequence.json")
        status, stdout, stderr = run("validate", flythrough)
        self.assertEqual((status, stdout, stderr), (0, f"{flythrough}: valid\n", ""))
        # At t = 1 the FlyCam position is half way along its first smooth
        # segment, which the evaluator's own tests work out; here: the shape.
        status, stdout, stderr = run("eval", flythrough, "--time", "1")
        self.assertEqual(status, 0, stderr)
        evaluation = json.loads(stdout)
        self.assertEqual(list(evaluation), ["time", "transforms", "camera", "missing_cameras",
                                            "audio", "time_scale"])
        self.assertEqual(evaluation["time"], 1)
        broken = self.write("broken.sequence.json", '{"version": 2, "name": "x", "duration": 0, "tracks": []}')
        status, _, stderr = run("validate", broken)
        self.assertEqual(status, 1)
        self.assertIn("[E_CINEMA_VERSION]", stderr)
        self.assertIn("[E_CINEMA_DURATION]", stderr)
        # The text form names each problem's JSON pointer: on one line of
        # JSON it says where better than a column.
        text = json.dumps({
            "version": 1, "name": "x", "duration": 2, "tracks": [{
                "type": "transform", "target": "a", "position": [
                    {"t": 1, "value": [0, 0, 0], "interp": "linear"},
                    {"t": 0.5, "value": [0, 0, 0], "interp": "linear"}]}]})
        unordered = self.write("unordered.sequence.json", text)
        status, _, stderr = run("validate", unordered)
        self.assertEqual(status, 1)
        column = text.index('"t": 0.5') + 1  # the key of the second key's `t`
        self.assertEqual(stderr.splitlines()[0],
                         f"{unordered}:1:{column}: error: t 0.5 is not after the previous key's 1 "
                         "[E_CINEMA_KEY_ORDER] at /tracks/0/position/1/t")

    def test_every_built_example_passes_both_validators(self):
        # cinc's own validator, and an independent one: python3-jsonschema
        # over schemas/sequence.schema.json.
        import jsonschema
        with open(os.path.join(ROOT, "schemas", "sequence.schema.json")) as stream:
            schema = jsonschema.Draft202012Validator(json.load(stream))
        for folder, _, files in os.walk(os.path.join(ROOT, "examples")):
            for name in sorted(f for f in files if f.endswith(".yaml")):
                out = os.path.join(self.folder, name + ".sequence.json")
                self.assertEqual(run("build", os.path.join(folder, name), "-o", out)[0], 0)
                status, _, stderr = run("validate", out)
                self.assertEqual(status, 0, stderr)
                with open(out) as stream:
                    errors = [e.message for e in schema.iter_errors(json.load(stream))]
                self.assertEqual(errors, [], name)

    def test_look_at_loops_and_yaw_flips_terminate_within_tolerance(self):
        # A camera looking at one attached to it (a loop through an
        # attachment), and a crane move whose target crosses the camera's
        # vertical (yaw flips by 180 degrees between two doubles): both once
        # recursed or looped for ever; both must build and verify.
        loop = self.write("loop.yaml", """cinc: 1
objects:
  box: {position: [0, 0, 0]}
cameras:
  a:
    position: [0, 0, 5]
    nodes:
      - {at: 0, duration: 1, look_at: b}
  b:
    position: [3, 0, 0]
    nodes:
      - {at: 0, duration: 1, attach: {to: a}}
      - {at: 1, duration: 1, look_at: box}
director:
  nodes:
    - {at: 0, shot: {camera: a}}
    - {at: 3}
""")
        crane = self.write("crane.yaml", """cinc: 1
objects:
  box: {position: [0, 0, 0]}
cameras:
  cam:
    position: [-5, 5, 0]
    nodes:
      - {at: 0, duration: 0, look_at: box}
      - {at: 0, duration: 2, position: [5, 5, 0]}
director:
  nodes:
    - {at: 0, shot: {camera: cam}}
    - {at: 3}
""")
        # As GLB too: float32 times cannot put keys two doubles apart at the
        # flip; the key after it goes one float32 step on, and the fit goes
        # on from there (it once took the whole rest of the move as one
        # segment, 97 degrees off, and before that crept for ever).
        for path in (loop, crane):
            for output_format in ("sequence", "glb"):
                status, stdout, stderr = run("build", "--verify", "--format", output_format, path,
                                             timeout=120)
                self.assertEqual(status, 0, (output_format, stderr))
                self.assertIn("verified: every owner within the tolerance", stdout)

    def test_schema_command_prints_both_schemas(self):
        for name in ("scene", "sequence"):
            status, stdout, _ = run("schema", name)
            self.assertEqual(status, 0)
            with open(os.path.join(ROOT, "schemas", f"{name}.schema.json")) as stream:
                self.assertEqual(stdout, stream.read())
        self.assertEqual(run("schema", "model")[0], 2)

    def test_symbolic_links_out_of_the_scene_folder_are_refused_and_not_read(self):
        shared = os.path.join(self.folder, "outside")
        os.mkdir(shared)
        gltf = {"asset": {"version": "2.0"}, "scenes": [{"nodes": [0]}],
                "nodes": [{"name": "SOCKET_hole", "translation": [0, 1, 0]}]}
        self.write(os.path.join("outside", "part.gltf"), json.dumps(gltf))
        models = os.path.join(self.folder, "linked", "models")
        os.makedirs(models)
        os.symlink(os.path.join(shared, "part.gltf"), os.path.join(models, "link.gltf"))
        os.symlink(shared, os.path.join(models, "dir"))
        scene = self.write(os.path.join("linked", "s.yaml"), """cinc: 1
models:
  a: {source: models/link.gltf}
  b: {source: models/dir/part.gltf}
objects:
  x: {model: a, nodes: [{duration: 1, attach: {to: x/nowhere}}]}
""")
        status, _, stderr = run("check", scene)
        self.assertEqual(status, 1)
        real = os.path.realpath(os.path.join(shared, "part.gltf"))
        self.assertEqual([line for line in stderr.splitlines() if ": error: " in line], [
            f"{scene}:3:15: error: source 'models/link.gltf' leads outside the scene's folder "
            f"through a symbolic link (to {real}) [E_PATH]",
            f"{scene}:4:15: error: source 'models/dir/part.gltf' leads outside the scene's "
            f"folder through a symbolic link (to {real}) [E_PATH]"])  # and x/nowhere is not checked
        status, _, stderr = run("check", scene, "--allow-outside", shared)
        self.assertEqual(status, 1)
        self.assertIn("unknown marker 'nowhere'", stderr)  # now read: its markers are checked
        self.assertNotIn("E_PATH", stderr)

    def test_models_outside_the_scene_folder_need_allow_outside(self):
        shared = os.path.join(self.folder, "assets")
        os.mkdir(shared)
        gltf = {"asset": {"version": "2.0"}, "scenes": [{"nodes": [0]}],
                "nodes": [{"name": "SOCKET_hole", "translation": [0, 1, 0]}]}
        self.write(os.path.join("assets", "part.gltf"), json.dumps(gltf))
        os.mkdir(os.path.join(self.folder, "scene"))
        scene = self.write(os.path.join("scene", "s.yaml"), """cinc: 1
models:
  part: {source: ../assets/part.gltf}
objects:
  a: {model: part, nodes: [{duration: 1, opacity: 1}]}
""")
        status, _, stderr = run("check", scene)
        self.assertEqual(status, 1)
        self.assertRegex(stderr, r"s\.yaml:3:\d+: error: .*\[E_PATH\]")
        status, _, stderr = run("check", scene, "--allow-outside", shared)
        self.assertEqual((status, stderr), (0, ""))
        status, stdout, _ = run("markers", os.path.join(shared, "part.gltf"), "--json")
        self.assertEqual(status, 0)
        self.assertEqual(json.loads(stdout)["markers"],
                         [{"name": "hole", "position": [0, 1, 0], "quaternion": [0, 0, 0, 1],
                           "rotation": [0, 0, 0]}])

    def test_markers_of_a_missing_model(self):
        status, stdout, stderr = run("markers", os.path.join(self.folder, "absent.glb"))
        self.assertEqual(status, 1)
        self.assertEqual(stdout, "")
        self.assertIn("[E_MODEL_LOAD]", stderr)

    def test_resolve_matches_the_generators_own_times(self):
        generator = os.path.join(ROOT, "bench", "generate_scene.py")
        scene = os.path.join(self.folder, "generated.yaml")
        times = os.path.join(self.folder, "generated.times")
        with open(scene, "w") as stream:
            subprocess.run([sys.executable, generator, "3000", "--seed", "7", "--times", times],
                           stdout=stream, check=True)
        status, stdout, stderr = run("resolve", scene)
        self.assertEqual(status, 0, stderr)
        resolved = {n["node"]: (n["start"], n["end"]) for n in json.loads(stdout)["nodes"]}
        with open(times) as stream:
            expected = {name: (float(s), float(e)) for name, s, e in
                        (line.split() for line in stream)}
        self.assertEqual(set(resolved), set(expected))
        for name, (start, end) in expected.items():
            self.assertAlmostEqual(resolved[name][0], start, delta=1e-9, msg=name)
            self.assertAlmostEqual(resolved[name][1], end, delta=1e-9, msg=name)

    def test_a_large_scene_restarts_once_with_huge_pages_and_writes_the_same_bytes(self):
        # LD_DEBUG=statistics makes the dynamic loader report every start of
        # the program: two for a restart (compiler/cli/huge_pages.h), one without.
        generator = os.path.join(ROOT, "bench", "generate_scene.py")
        scene = os.path.join(self.folder, "large.yaml")
        with open(scene, "w") as stream:
            subprocess.run([sys.executable, generator, "15000", "--seed", "3"], stdout=stream,
                           check=True)
        self.assertGreaterEqual(os.path.getsize(scene), 1024 * 1024)
        small = self.write("small.yaml", GOOD_SCENE)

        def build(path, output, **variables):
            environment = {name: value for name, value in os.environ.items()
                           if name not in ("LD_PRELOAD", "GLIBC_TUNABLES", "CINC_HUGE_PAGES")}
            environment.update(LD_DEBUG="statistics", **variables)
            result = subprocess.run([CINC, "build", path, "-o", output], capture_output=True,
                                    env=environment, timeout=120)
            stderr = result.stderr.decode(errors="replace")
            self.assertEqual(result.returncode, 0, stderr)
            with open(output, "rb") as stream:
                return stderr.count("total startup time in dynamic loader"), stream.read()

        starts, restarted_bytes = build(scene, os.path.join(self.folder, "a.sequence.json"))
        self.assertEqual(starts, 2)
        starts, plain_bytes = build(scene, os.path.join(self.folder, "b.sequence.json"),
                                    CINC_HUGE_PAGES="0")
        self.assertEqual(starts, 1)
        self.assertEqual(restarted_bytes, plain_bytes)
        starts, _ = build(scene, os.path.join(self.folder, "c.sequence.json"),
                          GLIBC_TUNABLES="glibc.malloc.hugetlb=0")
        self.assertEqual(starts, 1)
        starts, _ = build(small, os.path.join(self.folder, "small.sequence.json"))
        self.assertEqual(starts, 1)


if __name__ == "__main__":
    CINC = os.path.abspath(sys.argv.pop(1))
    unittest.main()
