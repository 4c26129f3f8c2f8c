#!/usr/bin/env python3
"""Hostile input, what cinc writes (issue 41, docs/security.md): a depfile
that a model's name would give a recipe, outputs that are special files or
the build's own inputs, a label that is the preview's placeholder.

Usage: outputs_test.py CINC  (run by ctest)
"""
import base64
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hostile  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MODEL = os.path.join(ROOT, "examples", "tutorial", "models", "screw.glb")

# The reproducer as the author wrote it: a model file whose name ends the
# depfile's rule and starts a new one with a recipe.
EVIL_NAME = "s.yaml\ns.json:\n\ttouch${IFS}PWNED\nx.glb"

SCENE = """cinc: 1
include: parts.yaml
models:
  screw: {source: screw.glb}
objects:
  box:
    model: screw
    nodes:
      - {id: in, duration: 1, opacity: 1}
"""

PARTS = """cinc: 1
templates:
  appear: {duration: 0.2, opacity: 1}
"""


def diagnostics(err):
    """The JSON diagnostics' (code, message) pairs."""
    return [(entry["code"], entry["message"]) for entry in json.loads(err)]


class OutputsTest(hostile.HostileTest):
    def scene(self):
        shutil.copy(MODEL, self.path("screw.glb"))
        self.write("parts.yaml", PARTS)
        return self.write("s.yaml", SCENE)

    def test_a_model_name_cannot_give_the_depfile_a_recipe(self):
        shutil.copy(MODEL, self.path(EVIL_NAME))
        self.write("s.yaml", SCENE.replace("include: parts.yaml\n", "").replace(
            "{source: screw.glb}", json.dumps({"source": EVIL_NAME})))
        code, _, err = self.cinc("build", "s.yaml", "-o", "s.json", "--depfile", "s.d",
                                 "--diagnostics", "json", expect=1)
        self.assertEqual(diagnostics(err), [(
            "E_PATH",
            "the depfile s.d cannot name '" + EVIL_NAME + "': it holds a newline, which Make "
            "cannot read in a path; rename the file or build without --depfile")])
        self.assertFalse(os.path.exists(self.path("s.d")))
        self.assertFalse(os.path.exists(self.path("s.json")))
        # The CI job as the issue ran it: make with the depfile included.
        self.write("Makefile", "s.json: s.yaml\n\tcp s.yaml s.json\n-include s.d\n")
        subprocess.run(["make", "-s"], cwd=self.folder, capture_output=True, timeout=60)
        self.assertFalse(os.path.exists(self.path("PWNED")))

    def test_every_character_make_reads_specially_is_escaped_or_refused(self):
        shutil.copy(MODEL, self.path("a b#c$d:e.glb"))
        self.write("s.yaml", SCENE.replace("include: parts.yaml\n", "").replace(
            "{source: screw.glb}", json.dumps({"source": "a b#c$d:e.glb"})))
        self.cinc("build", "s.yaml", "-o", "s.json", "--depfile", "s.d", expect=0)
        with open(self.path("s.d")) as depfile:
            self.assertEqual(depfile.read(), "s.json: s.yaml a\\ b\\#c$$d\\:e.glb\n")
        # Make reads it back as the model's name: touching the model rebuilds.
        self.write("Makefile", "s.json:\n\ttouch s.json\n-include s.d\n")
        os.utime(self.path("s.json"), (1, 1))
        made = subprocess.run(["make"], cwd=self.folder, capture_output=True, text=True)
        self.assertEqual(made.stdout, "touch s.json\n")
        for name in ["x;touch PWNED.glb", "SHELL=x.glb", "part (1).glb", "a|b.glb"]:
            shutil.copy(MODEL, self.path(name))
            self.write("s.yaml", SCENE.replace("include: parts.yaml\n", "").replace(
                "{source: screw.glb}", json.dumps({"source": name})))
            _, _, err = self.cinc("build", "s.yaml", "-o", "s.json", "--depfile", "s.d",
                                  "--diagnostics", "json", expect=1)
            self.assertEqual(diagnostics(err)[0][0], "E_PATH", name)

    def test_a_character_device_stays_a_device(self):
        # The issue's /dev/null, as a private copy of it (the same device
        # numbers), so that a regression does not replace the machine's.
        self.scene()
        null = self.path("null")
        os.mknod(null, stat.S_IFCHR | 0o666, os.makedev(1, 3))
        runs = [["build", "s.yaml", "-o", null], ["build", "s.yaml", "--format", "glb", "-o", null],
                ["preview", "s.yaml", "-o", null], ["timeline", "s.yaml", "-o", null],
                ["graph", "s.yaml", "-o", null],
                ["build", "s.yaml", "-o", "s.json", "--depfile", null]]
        for args in runs:
            self.cinc(*args, expect=0)
            self.assertTrue(stat.S_ISCHR(os.stat(null).st_mode), args)
            self.assertEqual(os.stat(null).st_rdev, os.makedev(1, 3))
        self.assertEqual(sorted(os.listdir(self.folder)),
                         ["null", "parts.yaml", "s.json", "s.yaml", "screw.glb"])

    def test_a_fifo_is_written_in_place_for_its_reader(self):
        self.scene()
        fifo = self.path("out.fifo")
        os.mkfifo(fifo)
        # Nothing reads it: refused at once, not waited on.
        code, _, err = hostile.run("build", "s.yaml", "-o", fifo, "--diagnostics", "json",
                                   cwd=self.folder)
        self.assertEqual(code, 3)
        self.assertEqual(diagnostics(err), [
            ("E_OUTPUT", f"cannot write {fifo}: it is a FIFO that nothing reads")])
        received = []

        def read():
            with open(fifo, "rb") as stream:
                received.append(stream.read())
        reader = threading.Thread(target=read)
        reader.start()
        self.cinc("build", "s.yaml", "-o", fifo, expect=0)
        reader.join(timeout=30)
        self.assertEqual(json.loads(received[0])["name"], "s")
        self.assertTrue(stat.S_ISFIFO(os.stat(fifo).st_mode))

    def test_an_output_that_is_an_input_is_refused_before_anything_is_written(self):
        self.scene()
        originals = {}
        for name in ["s.yaml", "parts.yaml", "screw.glb"]:
            with open(self.path(name), "rb") as stream:
                originals[name] = stream.read()
        os.symlink("s.yaml", self.path("link.yaml"))
        cases = [
            (["build", "s.yaml", "-o", "s.yaml"], "s.yaml"),
            (["build", "s.yaml", "-o", "./link.yaml"], "./link.yaml"),
            (["build", "s.yaml", "-o", "parts.yaml"], "parts.yaml"),
            (["build", "s.yaml", "--format", "glb", "-o", "screw.glb"], "screw.glb"),
            (["build", "s.yaml", "-o", "out.json", "--depfile", "s.yaml"], "s.yaml"),
            (["preview", "s.yaml", "-o", "s.yaml"], "s.yaml"),
            (["timeline", "s.yaml", "-o", "s.yaml"], "s.yaml"),
            (["graph", "s.yaml", "-o", "parts.yaml"], "parts.yaml"),
        ]
        for args, path in cases:
            _, out, err = self.cinc(*args, "--diagnostics", "json", expect=2)
            self.assertEqual(diagnostics(err), [
                ("E_OUTPUT", f"cannot write {path}: it is an input of this build; choose "
                             "another path")], args)
            self.assertEqual(out, "")
        for name, content in originals.items():
            with open(self.path(name), "rb") as stream:
                self.assertEqual(stream.read(), content, name)
        self.assertFalse(os.path.exists(self.path("out.json")))
        code, _, err = self.cinc("build", "s.yaml", "-o", "out.json", "--depfile", "out.json",
                                 expect=2)
        self.assertEqual(err, "cinc: error: cannot write out.json: it is also another output of "
                              "this build; choose another path [E_OUTPUT]\n")
        self.assertEqual(sorted(os.listdir(self.folder)),
                         ["link.yaml", "parts.yaml", "s.yaml", "screw.glb"])

    def test_a_label_cannot_take_the_place_of_the_page_data(self):
        self.scene()
        self.write("s.yaml", SCENE.replace(
            "opacity: 1}", 'opacity: 1, label: "{{CINC_GLB}} {{CINC_DATA}}"}'))
        self.cinc("preview", "s.yaml", "-o", "page.html", expect=0)
        with open(self.path("page.html")) as stream:
            page = stream.read()
        glb = re.search(r'<script type="application/octet-stream" id="cinc-glb">([^<]*)</script>',
                        page).group(1)
        self.assertEqual(base64.b64decode(glb)[:4], b"glTF")
        data = json.loads(re.search(
            r'<script type="application/json" id="cinc-data">([^<]*)</script>', page).group(1))
        self.assertIn("{{CINC_GLB}} {{CINC_DATA}}", json.dumps(data["sequence"]))


if __name__ == "__main__":
    hostile.main()
