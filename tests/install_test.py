#!/usr/bin/env python3
"""`cmake --install` and the CMake package, used as a product's build would.

    install_test.py CINC

CINC's build folder is installed into a temporary prefix; then:
- the layout: bin/cinc, share/cinc/ (schemas, the Blender add-on and
  export script, the preview's template and three.js files), the docs and
  examples under share/doc/cinc/, share/man/man1/cinc.1, lib/cmake/cinc/;
- the installed cinc says the project's version (read from CMakeLists.txt);
  its SARIF rules link into the installed docs, to a heading that is there;
- the man page carries the version, renders with groff without a warning,
  and names every subcommand `cinc --help` lists;
- a small CMake project (find_package(cinc), cinc_add_sequence for a
  sequence and a GLB) is built with Ninja and with Make: the first build
  writes both; building again runs nothing; touching the scene, the model
  or the model's .bin rebuilds what reads it; a scene made invalid fails
  the build with cinc's diagnostic; find_package of another minor version
  fails.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CINC = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.join(ROOT, "build", "cinc")
del sys.argv[1:]
BUILD = os.path.dirname(CINC)

SCENE = """cinc: 1
models:
  part: {source: models/part.gltf}
objects:
  base:
    model: part
    nodes:
      - {id: in, at: 0, duration: 1, opacity: 1}
  peg:
    model: part
    nodes:
      - {id: on, after: base.in, duration: 1, attach: {to: base/hole}}
"""

PROJECT = """cmake_minimum_required(VERSION 3.25)
project(demo NONE)
find_package(cinc 0.1 REQUIRED)
cinc_add_sequence(demo_sequence scene.yaml)
cinc_add_sequence(demo_glb scene.yaml OUTPUT out/scene.glb FORMAT glb)
"""


def write_model(folder):
    """A triangle with a `hole` marker, its positions in an external .bin."""
    import struct
    os.makedirs(os.path.join(folder, "models"), exist_ok=True)
    with open(os.path.join(folder, "models", "part.bin"), "wb") as stream:
        stream.write(struct.pack("<9f", 0, 0, 0, 0.1, 0, 0, 0, 0.1, 0))
    document = {
        "asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0, 1]}],
        "nodes": [{"name": "part", "mesh": 0},
                  {"name": "hole", "translation": [0, 0.1, 0], "extras": {"cinc_marker": 1}}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0}}]}],
        "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
                       "min": [0, 0, 0], "max": [0.1, 0.1, 0]}],
        "bufferViews": [{"buffer": 0, "byteLength": 36}],
        "buffers": [{"byteLength": 36, "uri": "part.bin"}],
    }
    with open(os.path.join(folder, "models", "part.gltf"), "w") as stream:
        json.dump(document, stream)


def project_version():
    with open(os.path.join(ROOT, "CMakeLists.txt")) as stream:
        return re.search(r"project\(cinc VERSION ([0-9.]+)", stream.read()).group(1)


class InstallTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="cinc-install-test-")
        cls.prefix = os.path.join(cls.folder, "prefix with space")
        result = subprocess.run(["cmake", "--install", BUILD, "--prefix", cls.prefix],
                                capture_output=True, text=True, timeout=300)
        if result.returncode != 0:
            raise RuntimeError("cmake --install failed:\n" + result.stdout + result.stderr)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.folder, ignore_errors=True)

    def installed(self, *parts):
        return os.path.join(self.prefix, *parts)

    def test_layout(self):
        for path in ["bin/cinc", "share/cinc/schemas/scene.schema.json",
                     "share/cinc/schemas/sequence.schema.json",
                     "share/cinc/blender/cinc_addon.py", "share/cinc/blender/cinc_export.py",
                     "share/cinc/preview/page.html", "share/cinc/preview/player.js",
                     "share/cinc/preview/three/LICENSE",
                     "share/cinc/preview/three/build/three.module.js",
                     "share/doc/cinc/diagnostics.md", "share/doc/cinc/language.md",
                     "share/doc/cinc/examples/tutorial/tutorial.yaml",
                     "share/doc/cinc/examples/tutorial/models/base.glb",
                     "share/man/man1/cinc.1", "lib/cmake/cinc/cincConfig.cmake",
                     "lib/cmake/cinc/cincConfigVersion.cmake",
                     "lib/cmake/cinc/cincFunctions.cmake", "lib/cmake/cinc/cincTargets.cmake"]:
            self.assertTrue(os.path.isfile(self.installed(path)), path)
        self.assertTrue(os.access(self.installed("bin", "cinc"), os.X_OK))
        # The installed files are the sources' own.
        for installed, source in [("share/cinc/schemas/scene.schema.json", "schemas/scene.schema.json"),
                                  ("share/cinc/blender/cinc_addon.py",
                                   "importers/blender/cinc_addon.py")]:
            with open(self.installed(installed), "rb") as a, open(os.path.join(ROOT, source), "rb") as b:
                self.assertEqual(a.read(), b.read(), installed)

    def test_version_and_help_links(self):
        cinc = self.installed("bin", "cinc")
        result = subprocess.run([cinc, "--version"], capture_output=True, text=True)
        self.assertEqual(result.stdout, f"cinc {project_version()}\n")
        scene = os.path.join(self.folder, "broken.yaml")
        with open(scene, "w") as stream:
            stream.write("cinc: 1\nobjects:\n  box:\n    nodes:\n"
                         "      - {id: a, after: b, duration: 1}\n"
                         "      - {id: b, after: a, duration: 1}\n")
        result = subprocess.run([cinc, "check", scene, "--diagnostics", "sarif"],
                                capture_output=True, text=True)
        self.assertEqual(result.returncode, 1)
        [rule] = json.loads(result.stderr)["runs"][0]["tool"]["driver"]["rules"]
        docs = self.installed("share", "doc", "cinc")
        self.assertEqual(rule["helpUri"], "file://" + docs.replace(" ", "%20") +
                         "/diagnostics.md#e_timing_cycle")
        with open(os.path.join(docs, "diagnostics.md")) as stream:
            headings = [line for line in stream if line.startswith("#")]
        self.assertTrue(any("E_TIMING_CYCLE" in heading for heading in headings))

    def test_man_page(self):
        page = self.installed("share", "man", "man1", "cinc.1")
        with open(page) as stream:
            text = stream.read()
        self.assertIn(f'.TH CINC 1 "" "cinc {project_version()}"', text)
        rendered = subprocess.run(["groff", "-man", "-Tutf8", "-ww", page], capture_output=True,
                                  text=True)
        self.assertEqual(rendered.returncode, 0)
        self.assertEqual(rendered.stderr, "")
        help_text = subprocess.run([CINC, "--help"], capture_output=True, text=True).stdout
        subcommands = re.findall(r"^  ([a-z]+) {2,}", help_text.split("Subcommands:")[1], re.M)
        self.assertGreater(len(subcommands), 8)
        plain = re.sub(r".\x08", "", rendered.stdout)
        for subcommand in subcommands:
            self.assertRegex(plain, rf"\n       {subcommand} ", subcommand)

    def build(self, binary):
        result = subprocess.run(["cmake", "--build", binary], capture_output=True, text=True,
                                timeout=300)
        return result.returncode, result.stdout + result.stderr

    def check_generator(self, generator):
        source = os.path.join(self.folder, generator.replace(" ", "-"), "source")
        binary = os.path.join(self.folder, generator.replace(" ", "-"), "build")
        os.makedirs(source)
        write_model(source)
        with open(os.path.join(source, "scene.yaml"), "w") as stream:
            stream.write(SCENE)
        with open(os.path.join(source, "CMakeLists.txt"), "w") as stream:
            stream.write(PROJECT)
        result = subprocess.run(["cmake", "-S", source, "-B", binary, "-G", generator,
                                 f"-DCMAKE_PREFIX_PATH={self.prefix}"],
                                capture_output=True, text=True, timeout=300)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        outputs = {"sequence": os.path.join(binary, "scene.sequence.json"),
                   "glb": os.path.join(binary, "out", "scene.glb")}

        def rebuilt_after(touched):
            """Builds after touching `touched` (now: after the outputs were
            written); which outputs were rebuilt."""
            before = {name: os.stat(path).st_mtime_ns for name, path in outputs.items()}
            if touched:
                time.sleep(0.01)
                os.utime(os.path.join(source, touched))
            status, log = self.build(binary)
            self.assertEqual(status, 0, log)
            rebuilt = {name for name, path in outputs.items()
                       if os.stat(path).st_mtime_ns != before[name]}
            said = {name for name, comment in [("sequence", "-> scene.sequence.json"),
                                               ("glb", "-> out/scene.glb")] if comment in log}
            self.assertEqual(rebuilt, said, log)
            return rebuilt

        status, log = self.build(binary)
        self.assertEqual(status, 0, log)
        with open(outputs["sequence"]) as stream:
            self.assertEqual(json.load(stream)["duration"], 2)
        with open(outputs["glb"], "rb") as stream:
            self.assertEqual(stream.read(4), b"glTF")
        self.assertEqual(rebuilt_after(None), set(), generator)
        self.assertEqual(rebuilt_after("models/part.bin"), {"sequence", "glb"}, generator)
        self.assertEqual(rebuilt_after(None), set(), generator)
        self.assertEqual(rebuilt_after("models/part.gltf"), {"sequence", "glb"}, generator)
        self.assertEqual(rebuilt_after("scene.yaml"), {"sequence", "glb"}, generator)
        self.assertEqual(rebuilt_after(None), set(), generator)

        with open(os.path.join(source, "scene.yaml"), "a") as stream:
            stream.write("      - {id: off, after: nowhere, duration: 1}\n")
        status, log = self.build(binary)
        self.assertNotEqual(status, 0, log)
        self.assertIn("scene.yaml:13:", log)
        self.assertIn("[E_TIMING_MISSING]", log)

    def test_another_minor_version_does_not_match(self):
        source = os.path.join(self.folder, "version", "source")
        os.makedirs(source)
        major, minor = project_version().split(".")[:2]
        with open(os.path.join(source, "CMakeLists.txt"), "w") as stream:
            stream.write(f"cmake_minimum_required(VERSION 3.25)\nproject(v NONE)\n"
                         f"find_package(cinc {major}.{int(minor) + 1} REQUIRED)\n")
        result = subprocess.run(["cmake", "-S", source, "-B", os.path.join(self.folder, "version",
                                                                          "build"),
                                 f"-DCMAKE_PREFIX_PATH={self.prefix}"],
                                capture_output=True, text=True, timeout=300)
        self.assertNotEqual(result.returncode, 0)
        said = " ".join(result.stderr.split())
        self.assertIn(f'compatible with requested version "{major}.{int(minor) + 1}"', said)
        self.assertIn(f"cincConfig.cmake, version: {project_version()}", said)

    def test_a_project_built_with_ninja(self):
        self.check_generator("Ninja")

    def test_a_project_built_with_make(self):
        self.check_generator("Unix Makefiles")


if __name__ == "__main__":
    unittest.main(verbosity=2)
