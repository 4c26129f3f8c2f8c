#!/usr/bin/env python3
"""Bad input to `cinc render`, `cinc stills` and `cinc booklet`
(docs/publishing.md): each gives its whole coded message and exit status,
and leaves an existing output as it was. Only the last cases start a
browser or an encoder (that is missing, named by CINC_CHROMIUM or
CINC_FFMPEG).

    publish_errors_test.py CINC
"""
import os
import shutil
import sys
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CINC = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.join(ROOT, "build", "cinc")
del sys.argv[1:]
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from publish_common import make_work, run  # noqa: E402

OLD = b"an earlier output\n"
SMALL = ["--size", "160x90", "--fps", "10"]


class PublishErrorsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.work = make_work("cinc-publish-errors-")
        os.mkdir(os.path.join(cls.work, "stills"))
        with open(os.path.join(cls.work, "broken.yaml"), "w") as stream:
            stream.write("cinc: 1\nname: broken\nobjects:\n  a:\n    nodes:\n"
                         "      - {at: 0, duration: -1}\n")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.work)

    def refused(self, arguments, message, status, output="old.mp4", environment=None):
        """Runs cinc with an existing `output`; the message, status, output kept."""
        path = os.path.join(self.work, output)
        with open(path, "wb") as stream:
            stream.write(OLD)
        done = run(CINC, self.work, *arguments, environment=environment)
        self.assertEqual(done.stderr, message, arguments)
        self.assertEqual(done.returncode, status, arguments)
        self.assertEqual(done.stdout, "")
        with open(path, "rb") as stream:
            self.assertEqual(stream.read(), OLD, arguments)
        leftovers = [name for name in os.listdir(self.work) if name.endswith(".tmp")]
        self.assertEqual(leftovers, [])

    def render(self, *options):
        return ["render", "scene.yaml", "-o", "old.mp4", *SMALL, *options]

    def test_usage(self):
        cases = [
            (self.render("--chapter", "4"),
             "--chapter 4 is not a chapter of the scene: its chapters are 1 to 3"),
            (self.render("--chapter", "0"),
             "--chapter 0 is not a chapter of the scene: its chapters are 1 to 3"),
            (self.render("--frames", "10:20"), "cannot render: --frames 10:20 is not a slice of "
             "the range's 15 frames (0:15 is all of them)"),
            (self.render("--frames", "5:5"), "cannot render: --frames 5:5 is not a slice of "
             "the range's 15 frames (0:15 is all of them)"),
            (self.render("--frames", "abc"), "--frames 'abc' is not FIRST:END, two whole "
             "numbers of frames (0:30 is the first 30)"),
            (self.render("--from", "2"),
             "cannot render: --from 2 s is not inside the sequence (0 to 1.4 s)"),
            (["render", "scene.yaml", "-o", "old.mp4", "--size", "0x0"],
             "cannot render: the width 0 is not between 16 and 8192 pixels"),
            (["render", "scene.yaml", "-o", "old.mp4", "--size", "8194x100"],
             "cannot render: the width 8194 is not between 16 and 8192 pixels"),
            (["render", "scene.yaml", "-o", "old.mp4", "--size", "160x8193"],
             "cannot render: the height 8193 is not between 16 and 8192 pixels"),
            (["render", "scene.yaml", "-o", "old.mp4", "--size", "161x90"],
             "cannot render: the width 161 is odd: a video's width and height must be even"),
            (["render", "scene.yaml", "-o", "old.mp4", "--size", "big"],
             "--size 'big' is not WIDTHxHEIGHT in pixels (1920x1080)"),
            (["render", "scene.yaml", "-o", "old.mp4", "--fps", "0"],
             "cannot render: --fps 0 is not between 1 and 240"),
            (["render", "scene.yaml", "-o", "old.mp4", "--fps", "241"],
             "cannot render: --fps 241 is not between 1 and 240"),
        ]
        for arguments, message in cases:
            self.refused(arguments, f"cinc: error: {message} [E_USAGE]\n", 2)

    def test_usage_of_stills_and_booklet(self):
        self.refused(["stills", "scene.yaml", "-o", "stills", "--at", "0.5"],
                     "cinc: error: cannot make the stills: --at 0.5 is past the end of chapter "
                     "'Step 1: the ball', which lasts 0.4 s [E_USAGE]\n", 2,
                     output="stills/01-step-1-the-ball.png")
        self.refused(["stills", "scene.yaml", "-o", "stills", "--at", "soon"],
                     "cinc: error: --at 'soon' is not start, end or a number of seconds from "
                     "the chapter's start [E_USAGE]\n", 2, output="stills/01-step-1-the-ball.png")
        self.refused(["stills", "scene.yaml", "-o", "stills", "--size", "9000x90"],
                     "cinc: error: cannot make the stills: the width 9000 is not between 16 and "
                     "8192 pixels [E_USAGE]\n", 2, output="stills/01-step-1-the-ball.png")
        self.refused(["booklet", "scene.yaml", "-o", "old.doc"],
                     "cinc: error: -o old.doc: the booklet must end in .html or .pdf "
                     "[E_USAGE]\n", 2, output="old.doc")

    def test_an_output_that_is_an_input(self):
        for command in (["render", "scene.yaml", "-o", "scene.yaml"],
                        ["render", "scene.yaml", "-o", "ball.glb"]):
            done = run(CINC, self.work, *command)
            self.assertEqual(done.stderr, f"cinc: error: cannot write {command[-1]}: it is an "
                                          "input of this build; choose another path [E_OUTPUT]\n")
            self.assertEqual(done.returncode, 2)

    def test_a_scene_with_errors(self):
        done = run(CINC, self.work, "render", "broken.yaml", "-o", "old.mp4")
        self.assertEqual(done.returncode, 1)
        self.assertRegex(done.stderr, r"^broken\.yaml:6:\d+: error: .* \[E_[A-Z_]+\]\n")

    def test_an_output_that_cannot_be_written(self):
        done = run(CINC, self.work, "render", "scene.yaml", "-o", "missing/a.mp4", *SMALL)
        self.assertEqual(done.stderr, "cinc: error: cannot write missing/a.mp4: a temporary file "
                                      "cannot be created beside it (No such file or directory): "
                                      "its folder does not exist [E_OUTPUT]\n")
        self.assertEqual(done.returncode, 1)

    def test_no_encoder_and_no_browser(self):
        self.refused(self.render(), "cinc: error: cannot render old.mp4: ffmpeg (/nonexistent) "
                     "cannot be started: No such file or directory; install Debian's ffmpeg or "
                     "name another with CINC_FFMPEG [E_RENDER]\n", 1,
                     environment={"CINC_FFMPEG": "/nonexistent"})
        no_browser = ("cinc: error: cannot render {}: Chromium (/nonexistent) cannot be started: "
                      "No such file or directory; install Debian's chromium or name another with "
                      "CINC_CHROMIUM [E_RENDER]\n")
        environment = {"CINC_CHROMIUM": "/nonexistent"}
        self.refused(self.render(), no_browser.format("old.mp4"), 1, environment=environment)
        self.refused(["stills", "scene.yaml", "-o", "stills"], no_browser.format("stills"), 1,
                     output="stills/01-step-1-the-ball.png", environment=environment)
        self.refused(["booklet", "scene.yaml", "-o", "old.pdf"], no_browser.format("old.pdf"), 1,
                     output="old.pdf", environment=environment)


if __name__ == "__main__":
    unittest.main()
