#!/usr/bin/env python3
"""The render engine end to end (render/, docs/render.md): a preview page
made by `cinc preview` rendered by Debian's Chromium to PNG frames and by
Debian's ffmpeg to MP4 and WebM.

    render_test.py CINC RENDER_DRIVER

RENDER_DRIVER (render/render_driver.cc) calls render/render.h as `cinc
render` does. The scene: a polished sphere (tests/preview_look_test.py's
GLB) that fades in from 0.5 s to 1 s, labelled as a chapter, and a marker
object without a model sliding beside it. Measured here, independently of
the engine: the PNGs decoded with zlib, the videos read by ffprobe. The
frames are kept in $CINC_RENDER_FRAMES (default: a temporary folder) to be
looked at.
"""
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import unittest
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CINC = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.join(ROOT, "build", "cinc")
DRIVER = (os.path.abspath(sys.argv[2]) if len(sys.argv) > 2
          else os.path.join(ROOT, "build", "render", "render_driver"))
del sys.argv[1:]
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from preview_look_test import sphere_glb  # noqa: E402

FFPROBE = shutil.which("ffprobe") or "/usr/bin/ffprobe"
SCENE = """cinc: 1
name: fade
models:
  steel-ball: {source: ball.glb}
objects:
  ball:
    model: steel-ball
    nodes:
      - {id: in, at: 0.5, duration: 0.5, opacity: 1, label: "The ball fades in"}
  pin:
    opacity: 1
    position: [0.12, 0, 0]
    nodes:
      - {id: slide, at: 0, duration: 1, position: [0.12, 0.05, 0]}
"""
DURATION = 1.0
SIZE = (160, 90)
# The sphere fills the middle of the default framing (the probe is inside it).
PROBE = (0.40, 0.38, 0.20, 0.30)  # x, y, width, height as fractions
# The median luminance of the probe: the dark background and the grid below
# it (measured 31), the polished sphere (measured 200); the bounds are far
# from both.
MAX_EMPTY_LUMINANCE = 60
MIN_SPHERE_LUMINANCE = 110


def decode_png(data):
    """(width, height, rows of RGB tuples) of an 8-bit RGB or RGBA PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    at, idat, header = 8, b"", None
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, header
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append([tuple(line[x * channels:x * channels + 3]) for x in range(width)])
        previous = line
    return width, height, rows


def probe_luminance(data):
    """The median Rec. 709 luminance (0-255) of PROBE in a PNG."""
    width, height, rows = decode_png(data)
    x0, y0 = int(PROBE[0] * width), int(PROBE[1] * height)
    x1, y1 = x0 + int(PROBE[2] * width), y0 + int(PROBE[3] * height)
    values = sorted(0.2126 * r + 0.7152 * g + 0.0722 * b
                    for row in rows[y0:y1] for (r, g, b) in row[x0:x1])
    return values[len(values) // 2]


def top_level_atoms(data):
    """The names of an MP4's top-level boxes, in file order."""
    names, at = [], 0
    while at + 8 <= len(data):
        size, name = struct.unpack(">I4s", data[at:at + 8])
        if size == 1:
            size = struct.unpack(">Q", data[at + 8:at + 16])[0]
        names.append(name.decode("latin-1"))
        if size < 8:
            break
        at += size
    return names


class RenderTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        for program in ("/usr/bin/chromium", "/usr/bin/ffmpeg", FFPROBE):
            if not os.path.exists(program):
                raise RuntimeError(f"{program} is needed (scripts/setup installs it)")
        cls.work = tempfile.mkdtemp(prefix="cinc-render-e2e-")
        cls.frames_kept = os.environ.get("CINC_RENDER_FRAMES") or os.path.join(cls.work, "kept")
        os.makedirs(cls.frames_kept, exist_ok=True)
        # The engine's own temporary folders (the browser's profile) go here,
        # so that what a render leaves behind can be seen.
        cls.tmp = os.path.join(cls.work, "tmp")
        os.makedirs(cls.tmp)
        with open(os.path.join(cls.work, "ball.glb"), "wb") as stream:
            stream.write(sphere_glb())
        scene = os.path.join(cls.work, "fade.yaml")
        with open(scene, "w") as stream:
            stream.write(SCENE)
        cls.page = os.path.join(cls.work, "fade.preview.html")
        made = subprocess.run([CINC, "preview", scene, "-o", cls.page], capture_output=True, text=True)
        assert made.returncode == 0, made.stderr
        cls.whole = cls.render_frames("whole")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.work, ignore_errors=True)

    @classmethod
    def run_driver(cls, output, *options, page=None, expect_ok=True):
        environment = dict(os.environ, TMPDIR=cls.tmp)
        command = [DRIVER, page or cls.page, str(DURATION), "-o", output,
                   "--size", f"{SIZE[0]}x{SIZE[1]}", "--fps", "10", *options]
        run = subprocess.run(command, capture_output=True, text=True, env=environment, timeout=600)
        report = json.loads(run.stdout)
        assert (run.returncode == 0) == expect_ok, (run.returncode, run.stdout, run.stderr)
        print(f"render {os.path.basename(output.rstrip('/'))}: ready {report['ready_seconds']:.2f} s, "
              f"{report['frames']} frames in {report['capture_seconds']:.2f} s", file=sys.stderr)
        return report

    @classmethod
    def render_frames(cls, name, *options):
        """{file name: PNG bytes} of a render to a folder."""
        folder = os.path.join(cls.work, name) + "/"
        cls.run_driver(folder, *options)
        frames = {}
        for file_name in sorted(os.listdir(folder)):
            with open(os.path.join(folder, file_name), "rb") as stream:
                frames[file_name] = stream.read()
        return frames

    def assert_nothing_left(self):
        """No browser process and no temporary folder of the engine's."""
        left = []
        for pid in filter(str.isdigit, os.listdir("/proc")):
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as stream:
                    if self.tmp.encode() in stream.read():
                        left.append(pid)
            except OSError:
                pass
        self.assertEqual(left, [])
        self.assertEqual(os.listdir(self.tmp), [])

    def test_frames_count_size_and_content(self):
        names = [f"frame-{k:06d}.png" for k in range(1, 12)]  # 0, 0.1, ..., 1 s
        self.assertEqual(sorted(self.whole), names)
        for name, data in self.whole.items():
            self.assertEqual(struct.unpack(">II", data[16:24]), SIZE, name)
            with open(os.path.join(self.frames_kept, name), "wb") as stream:
                stream.write(data)
        before = [probe_luminance(self.whole[names[k]]) for k in range(0, 6)]   # 0 .. 0.5 s
        after = probe_luminance(self.whole[names[10]])                          # 1 s
        print(f"probe luminance before the fade {before}, after {after:.1f}", file=sys.stderr)
        for luminance in before:
            self.assertLess(luminance, MAX_EMPTY_LUMINANCE)
        self.assertGreater(after, MIN_SPHERE_LUMINANCE)
        halfway = probe_luminance(self.whole[names[7]])  # 0.7 s: partly faded in
        self.assertLess(max(before), halfway)
        self.assertLess(halfway, after)
        self.assert_nothing_left()

    def test_the_same_render_gives_the_same_bytes(self):
        self.assertEqual(self.render_frames("again"), self.whole)
        self.assert_nothing_left()

    def test_a_slice_is_part_of_the_whole(self):
        part = self.render_frames("slice", "--slice", "3:7")
        self.assertEqual(sorted(part), [f"frame-{k:06d}.png" for k in range(4, 8)])
        for name, data in part.items():
            self.assertEqual(data, self.whole[name], name)

    def test_a_range_starts_its_numbering_at_one(self):
        part = self.render_frames("range", "--from", "0.5", "--to", "1")
        self.assertEqual(len(part), 6)
        for k in range(6):
            self.assertEqual(part[f"frame-{k + 1:06d}.png"], self.whole[f"frame-{k + 6:06d}.png"])

    def probe_video(self, path):
        run = subprocess.run([FFPROBE, "-v", "error", "-count_frames", "-show_streams",
                              "-show_format", "-of", "json", path],
                             capture_output=True, text=True, check=True)
        document = json.loads(run.stdout)
        self.assertEqual(len(document["streams"]), 1)  # no audio, no subtitles
        return document["streams"][0], document["format"]

    def check_video(self, extension, codec):
        first = os.path.join(self.work, f"one.{extension}")
        second = os.path.join(self.work, f"two.{extension}")
        report = self.run_driver(first)
        self.assertEqual(report["frames"], 11)
        self.assertEqual(report["progress"], [[k, 11] for k in range(1, 12)])
        self.run_driver(second)
        with open(first, "rb") as a, open(second, "rb") as b:
            data = a.read()
            self.assertEqual(data, b.read(), "the same frames gave other bytes")
        stream, container = self.probe_video(first)
        self.assertEqual(stream["codec_name"], codec)
        self.assertEqual(stream["pix_fmt"], "yuv420p")
        self.assertEqual((stream["width"], stream["height"]), SIZE)
        self.assertEqual(stream["nb_read_frames"], "11")
        self.assertEqual(stream["r_frame_rate"], "10/1")
        self.assertAlmostEqual(float(container["duration"]), 1.1, places=3)
        # Bit-exact: no version of the muxer in the file ("Lavf", not "Lavf59.27.100").
        self.assertIn(container.get("tags", {}).get("encoder"), (None, "Lavf"))
        print(f"{extension}: {len(data)} bytes for 11 frames of {SIZE[0]}x{SIZE[1]}", file=sys.stderr)
        self.assert_nothing_left()
        self.assertEqual([name for name in os.listdir(self.work) if name.endswith(".tmp")], [])
        return data

    def test_mp4(self):
        data = self.check_video("mp4", "h264")
        atoms = top_level_atoms(data)
        self.assertEqual(atoms[0], "ftyp")
        self.assertLess(atoms.index("moov"), atoms.index("mdat"), atoms)  # faststart

    def test_webm(self):
        data = self.check_video("webm", "vp9")
        self.assertEqual(data[:4], b"\x1a\x45\xdf\xa3")

    def test_no_request_leaves_the_page(self):
        self.assertEqual(self.run_driver(os.path.join(self.work, "offline") + "/")["refused"], [])
        # A page that asks for the network (not cinc's) is refused, and rendered.
        with open(self.page, encoding="utf-8") as stream:
            html = stream.read()
        hostile = os.path.join(self.work, "hostile.html")
        with open(hostile, "w", encoding="utf-8") as stream:
            stream.write(html.replace("<body>", '<body><img src="http://example.com/x.png">', 1))
        report = self.run_driver(os.path.join(self.work, "hostile") + "/", page=hostile)
        self.assertEqual(report["refused"], ["http://example.com/x.png"])
        self.assert_nothing_left()

    def test_a_failure_leaves_nothing(self):
        output = os.path.join(self.work, "never.mp4")
        report = self.run_driver(output, "--ready-timeout", "1", expect_ok=False)
        self.assertEqual([d["code"] for d in report["diagnostics"]], ["E_RENDER"])
        self.assertFalse(os.path.exists(output))
        self.assertEqual([name for name in os.listdir(self.work) if name.startswith(".never")], [])
        self.assert_nothing_left()


if __name__ == "__main__":
    unittest.main()
