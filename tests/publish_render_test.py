#!/usr/bin/env python3
"""`cinc render` end to end (docs/publishing.md): the scene of
tests/publish_common.py rendered at 160 x 90 and 10 fps by the command line,
measured by ffprobe and ffmpeg, compared with the preview page's own
pictures taken by playwright-core (tests/js/render_reference.mjs).

    publish_render_test.py CINC
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
from publish_common import (CHAPTERS, DURATION, FFMPEG, HEIGHT, WIDTH, make_work, probe,  # noqa: E402
                            run)

NODE = shutil.which("node") or "/usr/bin/node"
FPS = 10
FRAMES = 15  # k = 0 .. floor(1.4 * 10)
SMALL = ["--size", f"{WIDTH}x{HEIGHT}", "--fps", str(FPS)]


def psnr(first, second):
    """ffmpeg's PSNR (average, dB) of two pictures or videos of one size;
    the smallest frame's too. inf when identical."""
    out = subprocess.run([FFMPEG, "-v", "info", "-i", first, "-i", second, "-lavfi", "psnr",
                          "-f", "null", "-"], capture_output=True, text=True, check=True).stderr
    found = re.search(r"PSNR .* average:(\S+) min:(\S+)", out)
    assert found, out
    return float(found.group(1)), float(found.group(2))


def frame_md5s(path):
    """(pts, md5) of every decoded frame, from ffmpeg's framemd5."""
    out = subprocess.run([FFMPEG, "-v", "error", "-i", path, "-f", "framemd5", "-"],
                         capture_output=True, text=True, check=True).stdout
    rows = [line.split(",") for line in out.splitlines() if line and not line.startswith("#")]
    return [(int(row[2]), row[5].strip()) for row in rows]


class PublishRenderTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.work = make_work("cinc-publish-render-")
        cls.first = run(CINC, cls.work, "render", "scene.yaml", "-o", "whole.mp4", *SMALL)
        cls.second = run(CINC, cls.work, "render", "scene.yaml", "-o", "again.mp4", *SMALL)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.work)

    def path(self, name):
        return os.path.join(self.work, name)

    def test_the_video_is_what_was_asked(self):
        self.assertEqual(self.first.returncode, 0, self.first.stderr)
        self.assertEqual(self.first.stdout, "wrote whole.mp4\n")
        video, streams = probe(self.path("whole.mp4"))
        self.assertEqual(len(streams), 1)  # no sound, no subtitles
        self.assertEqual(video[0]["codec_name"], "h264")
        self.assertEqual(video[0]["pix_fmt"], "yuv420p")
        self.assertEqual((video[0]["width"], video[0]["height"]), (WIDTH, HEIGHT))
        self.assertEqual(video[0]["r_frame_rate"], "10/1")
        frames = int(video[0]["nb_read_frames"])
        self.assertEqual(frames, FRAMES)
        self.assertLessEqual(abs(frames - DURATION * FPS), 1)

    # Not a terminal: a line per chapter reached (at its first frame), then
    # the summary.
    def test_progress_is_a_line_per_chapter(self):
        lines = self.first.stderr.splitlines()
        self.assertEqual(lines[:3], [
            "chapter 1 of 3 at 0.2 s (frame 3 of 15): Step 1: the ball",
            "chapter 2 of 3 at 0.6 s (frame 7 of 15): Step 2: two balls",
            "chapter 3 of 3 at 1 s (frame 11 of 15): Step 3: the pin / done"])
        self.assertEqual(len(lines), 4)
        self.assertRegex(lines[3], r"^rendered 15 frames in \d+\.\d s \(\d+\.\d fps; the page "
                                   r"ready in \d+\.\d s\)$")

    def test_twice_the_same_bytes(self):
        self.assertEqual(self.second.returncode, 0, self.second.stderr)
        with open(self.path("whole.mp4"), "rb") as a, open(self.path("again.mp4"), "rb") as b:
            self.assertEqual(a.read(), b.read())

    # The frames at the chapters' starts (k = 2, 6, 10) against the page's
    # own pictures at those times: the same picture but for H.264's loss.
    def test_frames_match_the_preview_page(self):
        times = [start for _, start, _ in CHAPTERS]
        page = run(CINC, self.work, "preview", "scene.yaml", "-o", "whole.html")
        self.assertEqual(page.returncode, 0, page.stderr)
        made = subprocess.run(
            [NODE, os.path.join(ROOT, "tests", "js", "render_reference.mjs"),
             self.path("whole.html"), str(WIDTH), str(HEIGHT), self.work, *map(str, times)],
            cwd=ROOT, capture_output=True, text=True, timeout=300)
        self.assertEqual(made.returncode, 0, made.stderr)
        for index, t in enumerate(times):
            frame = self.path(f"frame-{index}.png")
            subprocess.run([FFMPEG, "-v", "error", "-y", "-i", self.path("whole.mp4"), "-vf",
                            f"select=eq(n\\,{round(t * FPS)})", "-frames:v", "1", frame],
                           check=True)
            average, _ = psnr(frame, self.path(f"reference-{index}.png"))
            self.assertGreaterEqual(average, 35, f"at {t} s")

    # Two slices joined by ffmpeg's concat demuxer (no re-encoding) play as
    # the whole: every frame, its time, and pictures within H.264's loss
    # (each slice is encoded on its own, so the bytes differ).
    def test_two_slices_join_into_the_whole(self):
        for name, frames in (("part-1.mp4", "0:8"), ("part-2.mp4", "8:15")):
            sliced = run(CINC, self.work, "render", "scene.yaml", "-o", name, "--frames", frames,
                         *SMALL)
            self.assertEqual(sliced.returncode, 0, sliced.stderr)
        with open(self.path("parts.txt"), "w") as stream:
            stream.write("file 'part-1.mp4'\nfile 'part-2.mp4'\n")
        subprocess.run([FFMPEG, "-v", "error", "-y", "-f", "concat", "-safe", "0", "-i",
                        self.path("parts.txt"), "-c", "copy", self.path("joined.mp4")],
                       check=True)
        whole, joined = frame_md5s(self.path("whole.mp4")), frame_md5s(self.path("joined.mp4"))
        self.assertEqual([pts for pts, _ in joined], list(range(FRAMES)))
        self.assertEqual([pts for pts, _ in whole], list(range(FRAMES)))
        _, smallest = psnr(self.path("whole.mp4"), self.path("joined.mp4"))
        self.assertGreaterEqual(smallest, 40)

    # --chapter 2 is its start to its end: 0.6 s to 1 s, frames 6 .. 10.
    def test_one_chapter(self):
        chapter = run(CINC, self.work, "render", "scene.yaml", "-o", "chapter-2.mp4",
                      "--chapter", "2", *SMALL)
        self.assertEqual(chapter.returncode, 0, chapter.stderr)
        video, _ = probe(self.path("chapter-2.mp4"))
        self.assertEqual(int(video[0]["nb_read_frames"]), 5)
        self.assertEqual(chapter.stderr.splitlines()[0],
                         "chapter 2 of 3 at 0.6 s (frame 1 of 5): Step 2: two balls")


if __name__ == "__main__":
    unittest.main()
