#!/usr/bin/env python3
"""`cinc booklet` end to end (docs/publishing.md): the booklet of
tests/publish_common.py's scene with a second part model (a washer, in step
2) as HTML (one offline file, a picture of each part model alone) and as
PDF, read back by poppler's pdftotext (every chapter label, every part
count) and drawn by pdftoppm (the pages, kept in $CINC_BOOKLET_PAGES to be
looked at).

    publish_booklet_test.py CINC
"""
import base64
import os
import re
import shutil
import subprocess
import sys
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CINC = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.join(ROOT, "build", "cinc")
del sys.argv[1:]
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from publish_common import CHAPTERS, SCENE, make_work, png_size, rgba, run  # noqa: E402

PDFTOTEXT = shutil.which("pdftotext") or "/usr/bin/pdftotext"
PDFTOPPM = shutil.which("pdftoppm") or "/usr/bin/pdftoppm"
# A washer (the sphere again, another model) comes in with the second ball.
TWO_MODELS = SCENE.replace(
    'part: {name: "Steel ball", number: "SB-1"}}\n',
    'part: {name: "Steel ball", number: "SB-1"}}\n'
    '  washer: {source: ball.glb, part: {name: "Washer", number: "W-2"}}\n').replace(
    "  pin:\n",
    "  washer:\n    model: washer\n    position: [0.06, 0, 0.12]\n    nodes:\n"
    "      - {id: in, at: 0.6, duration: 0.4, opacity: 1}\n  pin:\n")
PART_SIZE = (320, 240)


class PublishBookletTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        for program in (PDFTOTEXT, PDFTOPPM):
            if not os.path.exists(program):
                raise RuntimeError(f"{program} is needed (scripts/setup installs poppler-utils)")
        cls.work = make_work("cinc-publish-booklet-")
        assert "washer" in TWO_MODELS
        with open(os.path.join(cls.work, "scene.yaml"), "w") as stream:
            stream.write(TWO_MODELS)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.work)

    def test_pdf(self):
        done = run(CINC, self.work, "booklet", "scene.yaml", "-o", "booklet.pdf", "--size",
                   "320x180", "--paper", "letter")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(done.stdout, "wrote booklet.pdf\n")
        pdf = os.path.join(self.work, "booklet.pdf")
        text = subprocess.run([PDFTOTEXT, "-layout", pdf, "-"], capture_output=True, text=True,
                              check=True).stdout
        words = " ".join(text.split())
        self.assertIn("publish-test", words)
        for label, _, _ in CHAPTERS:
            self.assertIn(label, words)
        # The cover's total, then the two chapters that bring a ball in.
        counts = re.findall(r"(\d+) ?× Steel ball \(no\. SB-1\)", words)
        self.assertEqual(counts, ["2", "1", "1"])
        # The cover's total, then step 2.
        self.assertEqual(re.findall(r"(\d+) ?× Washer \(no\. W-2\)", words), ["1", "1"])
        self.assertIn("No new parts.", words)
        # Letter paper: 8.5 x 11 in, at 50 dpi 425 x 550 pixels.
        pages = os.environ.get("CINC_BOOKLET_PAGES") or os.path.join(self.work, "pages")
        os.makedirs(pages, exist_ok=True)
        subprocess.run([PDFTOPPM, "-png", "-r", "50", pdf, os.path.join(pages, "page")],
                       check=True)
        drawn = sorted(name for name in os.listdir(pages) if name.startswith("page"))
        self.assertGreaterEqual(len(drawn), 2)
        for name in drawn:
            self.assertEqual(png_size(os.path.join(pages, name)), (425, 550))

    def test_html_is_one_offline_file(self):
        done = run(CINC, self.work, "booklet", "scene.yaml", "-o", "booklet.html", "--size",
                   "160x90")
        self.assertEqual(done.returncode, 0, done.stderr)
        with open(os.path.join(self.work, "booklet.html"), encoding="utf-8") as stream:
            html = stream.read()
        for label, _, _ in CHAPTERS:
            self.assertIn(label, html)
        # The cover and a still per chapter, and a part picture in each row
        # of a parts table (2 on the cover, 1 in step 1, 2 in step 2), all
        # inside the page.
        self.assertEqual(html.count('src="data:image/png;base64,'), 1 + len(CHAPTERS) + 5)
        parts = re.findall(r'<img class="part" alt="([^"]*)" src="data:image/png;base64,([^"]*)"',
                           html)
        self.assertEqual(len(parts), 5)
        # One picture per part model, the same in every row.
        pictures = dict(parts)
        self.assertEqual(sorted(pictures), ["steel-ball", "washer"])
        self.assertEqual(len(set(parts)), 2)
        for model, data in sorted(pictures.items()):
            with self.subTest(model=model):
                self.check_part_picture(base64.b64decode(data))
        self.assertNotRegex(html, r'(src|href)="(?!data:)')
        self.assertIn("@page{size:A4", html)

    def check_part_picture(self, png):
        """The part alone, framed on it: opaque in the middle, transparent
        corners (decoded by ffmpeg)."""
        path = os.path.join(self.work, "part.png")
        with open(path, "wb") as stream:
            stream.write(png)
        width, height = PART_SIZE
        self.assertEqual(png_size(path), PART_SIZE)
        pixels = rgba(path, width, height)
        alpha = lambda x, y: pixels[(y * width + x) * 4 + 3]  # noqa: E731
        for x, y in ((0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1)):
            self.assertEqual(alpha(x, y), 0, (x, y))
        # The sphere fills the middle: every pixel of a 20 x 20 square there.
        middle = [alpha(x, y) for x in range(width // 2 - 10, width // 2 + 10)
                  for y in range(height // 2 - 10, height // 2 + 10)]
        self.assertEqual(min(middle), 255)


if __name__ == "__main__":
    unittest.main()
