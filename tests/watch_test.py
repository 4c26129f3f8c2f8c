#!/usr/bin/env python3
"""`cinc build --watch` and `cinc preview --watch`, with files edited while they run.

    watch_test.py CINC

Each step edits a file the way editors and exporters do (in place, by a
rename, deleted and created again, a model rewritten) and waits, up to 20 s,
for the build it causes; a broken scene reports its diagnostics and keeps
the last good output; Ctrl-C (SIGINT) stops the watch with exit 0.
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import unittest

CINC = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else "build/cinc"
del sys.argv[1:]

MODEL = '{"asset": {"version": "2.0"}, "scenes": [{"nodes": [0]}], "nodes": [{"name": "hole", "translation": [X, 0, 0]}]}'


def scene(opacity, duration=1):
    return f"""cinc: 1
models:
  tray: {{source: tray.gltf}}
objects:
  tray: {{model: tray}}
  part:
    nodes:
      - {{id: in, duration: {duration}, opacity: {opacity}}}
      - {{id: seat, duration: 1, attach: {{to: tray/hole}}}}
"""


class Watcher:
    """A running `cinc ... --watch` whose stdout and stderr are read as they come."""

    def __init__(self, arguments, cwd):
        self.process = subprocess.Popen([CINC, *arguments, "--watch"], cwd=cwd,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.out, self.err = [], []
        self.threads = [threading.Thread(target=self.read, args=(stream, lines), daemon=True)
                        for stream, lines in ((self.process.stdout, self.out),
                                              (self.process.stderr, self.err))]
        for thread in self.threads:
            thread.start()

    @staticmethod
    def read(stream, lines):
        for line in stream:
            lines.append(line)

    def wait_for(self, count, what="cinc: watching"):
        """Waits until `what` has been printed on stderr `count` times."""
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if sum(line.startswith(what) for line in self.err) >= count:
                return
            time.sleep(0.02)
        raise AssertionError(f"no {count}th {what!r} in 20 s:\n{''.join(self.err)}")

    def wait_for_output(self, count):
        """Waits until stdout has `count` lines (it comes on its own pipe)."""
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and len(self.out) < count:
            time.sleep(0.02)
        return self.out

    def stop(self):
        self.process.send_signal(signal.SIGINT)
        status = self.process.wait(timeout=10)
        for thread in self.threads:
            thread.join(timeout=5)
        self.process.stdout.close()
        self.process.stderr.close()
        return status


class WatchTest(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp(prefix="cinc-watch-")
        self.write("tray.gltf", MODEL.replace("X", "1"))
        self.write("scene.yaml", scene(1))

    def tearDown(self):
        shutil.rmtree(self.folder, ignore_errors=True)

    def path(self, name):
        return os.path.join(self.folder, name)

    def write(self, name, text, by_rename=False):
        target = self.path(name)
        if by_rename:  # as editors save: a new file renamed over the old one
            with open(target + ".tmp", "w") as stream:
                stream.write(text)
            os.replace(target + ".tmp", target)
        else:
            with open(target, "w") as stream:
                stream.write(text)

    def output(self):
        with open(self.path("scene.sequence.json")) as stream:
            return stream.read()

    def wait_for_in_output(self, text, watcher):
        """Waits up to 20 s for a build whose output holds `text`."""
        deadline = time.monotonic() + 20
        while text not in self.output() and time.monotonic() < deadline:
            time.sleep(0.02)
        self.assertIn(text, self.output(), "".join(watcher.err))

    def test_build_watches_the_scene_and_its_models(self):
        watcher = Watcher(["build", "scene.yaml"], self.folder)
        try:
            watcher.wait_for(1)
            self.assertEqual(watcher.wait_for_output(1), ["wrote scene.sequence.json\n"])
            first = self.output()

            self.write("scene.yaml", scene(0.5))  # in place
            watcher.wait_for(2)
            self.assertIn('"to": 0.5', self.output())
            second = self.output()

            self.write("scene.yaml", "cinc: 1\nobjects: [\n", by_rename=True)  # broken
            watcher.wait_for(3)
            self.assertTrue(any("[E_SCENE_FORMAT]" in line for line in watcher.err), watcher.err)
            self.assertEqual(self.output(), second)  # the last good output stays

            os.remove(self.path("scene.yaml"))  # deleted ...
            watcher.wait_for(4)
            self.write("scene.yaml", scene(0.25))  # ... and back
            watcher.wait_for(5)
            self.assertIn('"to": 0.25', self.output())

            before = self.output()
            self.write("tray.gltf", MODEL.replace("X", "2"), by_rename=True)  # a model
            watcher.wait_for(6)
            self.assertNotEqual(self.output(), before)  # the part seats on the moved hole
            self.assertNotEqual(first, self.output())
        finally:
            status = watcher.stop()
        self.assertEqual(status, 0)
        self.assertEqual(watcher.err[-1], "cinc: stopped watching\n")
        builds = sum(line.startswith("cinc: changed: building again") for line in watcher.err)
        self.assertEqual(builds, 5)

    def test_build_watches_the_included_files(self):
        os.mkdir(self.path("lib"))
        self.write("lib/hardware.yaml", "cinc: 1\ntemplates:\n  fade: {duration: 1, opacity: 0.5}\n")
        self.write("scene.yaml", "cinc: 1\ninclude: lib/hardware.yaml\nobjects:\n"
                                 "  part:\n    nodes:\n      - {id: in, use: fade}\n")
        watcher = Watcher(["build", "scene.yaml"], self.folder)
        try:
            watcher.wait_for(1)
            self.assertIn('"to": 0.5', self.output())
            self.write("lib/hardware.yaml", "cinc: 1\ntemplates:\n  fade: {duration: 1, opacity: 0.75}\n",
                       by_rename=True)
            watcher.wait_for(2)
            self.assertIn('"to": 0.75', self.output())
        finally:
            self.assertEqual(watcher.stop(), 0)

    def test_build_watches_an_included_files_folder_that_comes_back(self):
        hardware = "cinc: 1\ntemplates:\n  fade: {{duration: 1, opacity: {}}}\n"
        os.mkdir(self.path("lib"))
        self.write("lib/hardware.yaml", hardware.format(0.5))
        self.write("scene.yaml", "cinc: 1\ninclude: lib/hardware.yaml\nobjects:\n"
                                 "  part:\n    nodes:\n      - {id: in, use: fade}\n")
        watcher = Watcher(["build", "scene.yaml"], self.folder)
        try:
            watcher.wait_for(1)
            self.assertIn('"to": 0.5', self.output())
            shutil.rmtree(self.path("lib"))  # the folder goes: a failed build
            watcher.wait_for(2)
            self.assertTrue(any("cannot read include 'lib/hardware.yaml'" in line
                                for line in watcher.err), watcher.err)
            os.mkdir(self.path("lib"))  # and comes back, then the file in it
            self.write("lib/hardware.yaml", hardware.format(0.75))
            self.wait_for_in_output('"to": 0.75', watcher)
            self.write("lib/hardware.yaml", hardware.format(0.25), by_rename=True)  # later edits
            self.wait_for_in_output('"to": 0.25', watcher)
            self.write("lib/hardware.yaml", hardware.format(0.125))  # in place
            self.wait_for_in_output('"to": 0.125', watcher)
        finally:
            self.assertEqual(watcher.stop(), 0)

    def test_preview_watches_too(self):
        watcher = Watcher(["preview", "scene.yaml", "-o", "page.html"], self.folder)
        try:
            watcher.wait_for(1)
            with open(self.path("page.html")) as stream:
                first = stream.read()
            self.write("scene.yaml", scene(1, duration=3))
            watcher.wait_for(2)
            with open(self.path("page.html")) as stream:
                self.assertNotEqual(stream.read(), first)
        finally:
            self.assertEqual(watcher.stop(), 0)
        self.assertEqual(watcher.wait_for_output(2), ["wrote page.html\n"] * 2)


if __name__ == "__main__":
    unittest.main(verbosity=2)
