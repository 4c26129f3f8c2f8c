#!/usr/bin/env python3
"""Hostile input, what cinc reads (issue 41 items 7 and 10, docs/security.md):
inputs that are not regular files (a named pipe, a folder), a sparse 2 GB
model, and `eval --every` with a step that would make trillions of states.
Each is a coded refusal at the place that named the file, within seconds,
under the 1 GB address-space limit.

Usage: files_test.py CINC  (run by ctest)
"""
import json
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hostile  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MODEL = os.path.join(ROOT, "examples", "tutorial", "models", "screw.glb")
TIMEOUT = 20  # seconds: a read that blocks on a pipe would never end

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

PARTS = "cinc: 1\ntemplates:\n  appear: {duration: 0.2, opacity: 1}\n"

LONG_SCENE = """cinc: 1
objects:
  box:
    nodes:
      - {id: in, duration: 3600, opacity: 1}
"""

FIFO = "it is a named pipe (FIFO), not a file"
FOLDER = "it is a folder, not a file"
HUGE_MODEL = "it is 2147483648 bytes, more than the 1 GB cinc reads of a model file"
HUGE_SCENE = "it is 2147483648 bytes, more than the 64 MB cinc reads of a scene or included file"
HUGE_SEQUENCE = "it is 2147483648 bytes, more than the 512 MB cinc reads of a sequence file"
TOO_MANY_STATES = ("cinc: error: --every 0.000000001 from 0 s to 3600 s would be 3600000000001 "
                   "states; eval evaluates at most 1000000: choose a larger --every or a later "
                   "--time [E_USAGE]")


class FilesTest(hostile.HostileTest):
    def scene(self):
        """The scene with its include and its model, all regular files."""
        shutil.copy(MODEL, self.path("screw.glb"))
        self.write("parts.yaml", PARTS)
        return self.write("s.yaml", SCENE)

    def replace_with(self, name, kind):
        """Makes `name` a named pipe ("fifo"), a folder ("folder") or a sparse
        2 GB file starting with `kind`'s bytes ("huge:glTF")."""
        path = self.path(name)
        if os.path.isdir(path):
            shutil.rmtree(path)
        elif os.path.lexists(path):
            os.remove(path)
        if kind == "fifo":
            os.mkfifo(path)
        elif kind == "folder":
            os.mkdir(path)
        else:
            self.write(name, kind.split(":", 1)[1])
            os.truncate(path, 2 << 30)

    def first_line(self, *args, expect):
        """The first line cinc prints on stderr (the diagnostic)."""
        _, _, err = self.cinc(*args, timeout=TIMEOUT, expect=expect)
        return err.splitlines()[0] if err else ""

    def assert_include_refused(self, kind, reason):
        self.scene()
        self.replace_with("parts.yaml", kind)
        self.assertEqual(self.first_line("check", "s.yaml", expect=1),
                         "s.yaml:2:10: error: cannot read include 'parts.yaml' (parts.yaml): "
                         + reason + " [E_SCENE_FORMAT]")

    def assert_model_refused(self, kind, reason):
        self.scene()
        self.replace_with("screw.glb", kind)
        for command in ("check", "build"):
            self.assertEqual(self.first_line(command, "s.yaml", expect=1),
                             "s.yaml:4:19: error: model 'screw': cannot read screw.glb: " + reason
                             + " [E_MODEL_LOAD]")
        self.assertEqual(self.first_line("markers", "screw.glb", expect=1),
                         "screw.glb: error: cannot read screw.glb: " + reason + " [E_MODEL_LOAD]")

    def test_an_include_that_is_a_named_pipe(self):
        self.assert_include_refused("fifo", FIFO)

    def test_an_include_that_is_a_folder(self):
        self.assert_include_refused("folder", FOLDER)

    def test_an_include_of_2_gb(self):
        self.assert_include_refused("huge:cinc: 1\n", HUGE_SCENE)

    def test_a_model_that_is_a_named_pipe(self):
        self.assert_model_refused("fifo", FIFO + "; name the model file itself")

    def test_a_model_that_is_a_folder(self):
        self.assert_model_refused("folder",
                                  "it is a folder, not a model file; name the model file itself")

    def test_a_sparse_2_gb_glb_is_refused_from_its_size(self):
        self.assert_model_refused("huge:glTF", HUGE_MODEL)

    def test_a_gltf_cannot_read_files_outside_its_folder(self):
        # A model's buffer or image names a file of the machine: refused
        # before any reader runs, and never listed in a depfile.
        self.write("secret.bin", "abcd")
        os.mkdir(self.path("models"))
        os.symlink("../secret.bin", self.path("models/link.bin"))
        cases = [("../secret.bin", "it climbs out of the folder with '..'"),
                 ("%2E%2E/secret.bin", "it climbs out of the folder with '..'"),
                 ("/etc/passwd", "it is an absolute path"),
                 ("link.bin", "it leads out of the folder through a symbolic link")]
        for uri, why in cases:
            document = {"asset": {"version": "2.0"}, "buffers": [{"byteLength": 4, "uri": uri}]}
            with open(self.path("models/part.gltf"), "w") as stream:
                json.dump(document, stream)
            self.write("s.yaml", SCENE.replace("include: parts.yaml\n", "").replace(
                "screw.glb", "models/part.gltf"))
            self.assertEqual(
                self.first_line("build", "s.yaml", "--depfile", "s.d", expect=1),
                "s.yaml:3:19: error: model 'screw': cannot read models/part.gltf: its buffer 0 "
                f"is the file '{uri}', outside the glTF's folder ({why}): cinc reads a glTF's "
                "buffers and images from its folder or below; copy the file there, or export a "
                ".glb, which holds its buffers and images [E_MODEL_LOAD]")
            self.assertFalse(os.path.exists(self.path("s.d")))

    def test_a_scene_that_is_a_folder_or_a_named_pipe(self):
        for kind, reason in (("folder", FOLDER), ("fifo", FIFO), ("huge:cinc: 1\n", HUGE_SCENE)):
            self.replace_with("s.yaml", kind)
            for command in ("check", "build"):
                self.assertEqual(self.first_line(command, "s.yaml", expect=1),
                                 "s.yaml: error: cannot read file: " + reason + " [E_SCENE_FORMAT]")

    def test_a_sequence_that_is_a_folder_or_a_named_pipe(self):
        for kind, reason in (("folder", FOLDER), ("fifo", FIFO), ("huge:{", HUGE_SEQUENCE)):
            self.replace_with("s.json", kind)
            self.assertEqual(self.first_line("validate", "s.json", expect=1),
                             "s.json: error: cannot read file: " + reason + " [E_CINEMA_FORMAT]")
            # eval cannot tell a sequence it cannot read from a scene: the
            # scene loader says why.
            if kind != "huge:{":
                self.assertEqual(self.first_line("eval", "s.json", "--time", "0", expect=1),
                                 "s.json: error: cannot read file: " + reason + " [E_SCENE_FORMAT]")

    def test_eval_every_nanosecond_of_an_hour_is_a_usage_error(self):
        self.write("long.yaml", LONG_SCENE)
        code, out, err = self.cinc("eval", "long.yaml", "--time", "0", "--every", "0.000000001",
                                   timeout=TIMEOUT, expect=2)
        self.assertEqual((out, err), ("", TOO_MANY_STATES + "\n"))

    def test_eval_every_nanosecond_of_a_sequence_is_a_usage_error(self):
        self.write("long.yaml", LONG_SCENE)
        self.cinc("build", "long.yaml", "-o", "long.json", timeout=TIMEOUT, expect=0)
        code, out, err = self.cinc("eval", "long.json", "--time", "0", "--every", "0.000000001",
                                   timeout=TIMEOUT, expect=2)
        self.assertEqual((out, err), ("", TOO_MANY_STATES + "\n"))

    def test_eval_at_the_limit_streams_its_states(self):
        # 3600 / 0.0036 + 1 states is one too many; 0.0036001 s gives 999,973.
        self.write("long.yaml", LONG_SCENE)
        self.assertEqual(self.first_line("eval", "long.yaml", "--time", "0", "--every", "0.0036",
                                         expect=2),
                         "cinc: error: --every 0.0036 from 0 s to 3600 s would be 1000001 states; "
                         "eval evaluates at most 1000000: choose a larger --every or a later "
                         "--time [E_USAGE]")
        code, out, _ = self.cinc("eval", "long.yaml", "--time", "0", "--every", "0.0036001",
                                 timeout=60, expect=0)
        self.assertEqual(out.count('"time": '), 999973)
        self.assertTrue(out.startswith('[\n  {\n    "time": 0,\n'), out[:100])
        self.assertTrue(out.endswith("  }\n]\n"), out[-100:])


if __name__ == "__main__":
    hostile.main()
