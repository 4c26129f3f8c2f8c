#!/usr/bin/env python3
"""`cinc booklet` end to end (docs/publishing.md): the booklet of
tests/publish_common.py's scene as HTML (one offline file) and as PDF,
read back by poppler's pdftotext (every chapter label, every part count)
and drawn by pdftoppm (the pages, kept in $CINC_BOOKLET_PAGES to be looked
at).

    publish_booklet_test.py CINC
"""
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
from publish_common import CHAPTERS, make_work, png_size, run  # noqa: E402

PDFTOTEXT = shutil.which("pdftotext") or "/usr/bin/pdftotext"
PDFTOPPM = shutil.which("pdftoppm") or "/usr/bin/pdftoppm"


class PublishBookletTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        for program in (PDFTOTEXT, PDFTOPPM):
            if not os.path.exists(program):
                raise RuntimeError(f"{program} is needed (scripts/setup installs poppler-utils)")
        cls.work = make_work("cinc-publish-booklet-")

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
        # The cover and a still per chapter, inside the page.
        self.assertEqual(html.count('src="data:image/png;base64,'), 1 + len(CHAPTERS))
        self.assertNotRegex(html, r'(src|href)="(?!data:)')
        self.assertIn("@page{size:A4", html)


if __name__ == "__main__":
    unittest.main()
