#!/usr/bin/env python3
"""`cinc stills` end to end (docs/publishing.md): one PNG per chapter of
tests/publish_common.py's scene, named NN-label.png, at the size asked for;
with --background transparent, alpha 0 in the corners and opaque in the
middle (the sphere). Pixels decoded by ffmpeg.

    publish_stills_test.py CINC
"""
import os
import shutil
import sys
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CINC = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.join(ROOT, "build", "cinc")
del sys.argv[1:]
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from publish_common import HEIGHT, WIDTH, make_work, png_size, rgba, run  # noqa: E402

NAMES = ["01-step-1-the-ball.png", "02-step-2-two-balls.png", "03-step-3-the-pin-done.png"]


class PublishStillsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.work = make_work("cinc-publish-stills-")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.work)

    def test_a_still_per_chapter(self):
        done = run(CINC, self.work, "stills", "scene.yaml", "-o", "steps", "--size",
                   f"{WIDTH}x{HEIGHT}")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(done.stderr, "")
        self.assertEqual(done.stdout, "".join(f"wrote steps/{name}\n" for name in NAMES))
        self.assertEqual(sorted(os.listdir(os.path.join(self.work, "steps"))), NAMES)
        for name in NAMES:
            self.assertEqual(png_size(os.path.join(self.work, "steps", name)), (WIDTH, HEIGHT))

    # The step done: a millisecond before the first step ends (0.599 s) its
    # fade over [0.2, 0.6] is 0.399 / 0.4 = 99.75 % in, alpha 254 of 255
    # (255 where the sphere's pixels overlap); the corners show nothing,
    # alpha 0.
    def test_transparent(self):
        done = run(CINC, self.work, "stills", "scene.yaml", "-o", "clear/", "--size", "96x64",
                   "--background", "transparent")
        self.assertEqual(done.returncode, 0, done.stderr)
        pixels = rgba(os.path.join(self.work, "clear", NAMES[0]), 96, 64)
        self.assertEqual(len(pixels), 96 * 64 * 4)

        def alpha(x, y):
            return pixels[(y * 96 + x) * 4 + 3]
        for corner in ((0, 0), (95, 0), (0, 63), (95, 63)):
            self.assertEqual(alpha(*corner), 0, corner)
        middle = [alpha(x, y) for y in range(24, 40) for x in range(40, 56)]
        opaque = sum(1 for value in middle if value >= 254)
        self.assertGreater(opaque, len(middle) // 4, middle)


if __name__ == "__main__":
    unittest.main()
