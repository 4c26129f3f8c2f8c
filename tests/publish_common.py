"""What the tests of `cinc render`, `cinc stills` and `cinc booklet`
(tests/publish_*_test.py, docs/publishing.md) share: a small scene with three
chapters, run helpers, and pixels read by ffmpeg (not by cinc).

The scene: a polished sphere (tests/preview_look_test.py's GLB) fades in
from 0.2 s to 0.6 s ("Step 1: the ball"), a second one beside it from 0.6 s
to 1 s ("Step 2: two balls"), then a marker object without a model slides
up from 1 s to 1.4 s ("Step 3: the pin / done"). 1.4 s at 10 fps: frames
k = 0 .. 14, 15 frames.
"""
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from preview_look_test import sphere_glb  # noqa: E402

FFMPEG = shutil.which("ffmpeg") or "/usr/bin/ffmpeg"
FFPROBE = shutil.which("ffprobe") or "/usr/bin/ffprobe"
SCENE = """cinc: 1
name: publish-test
models:
  steel-ball: {source: ball.glb, part: {name: "Steel ball", number: "SB-1"}}
objects:
  ball:
    model: steel-ball
    nodes:
      - {id: in, at: 0.2, duration: 0.4, opacity: 1, label: "Step 1: the ball"}
  ball2:
    model: steel-ball
    position: [0.12, 0, 0]
    nodes:
      - {id: in, at: 0.6, duration: 0.4, opacity: 1, label: "Step 2: two balls"}
  pin:
    opacity: 1
    position: [-0.12, 0, 0]
    nodes:
      - {id: slide, at: 1.0, duration: 0.4, position: [-0.12, 0.05, 0], label: "Step 3: the pin / done"}
"""
DURATION = 1.4
CHAPTERS = [("Step 1: the ball", 0.2, 0.6), ("Step 2: two balls", 0.6, 1.0),
            ("Step 3: the pin / done", 1.0, 1.4)]
WIDTH, HEIGHT = 160, 90


def make_work(prefix):
    """A temporary folder holding scene.yaml and ball.glb."""
    work = tempfile.mkdtemp(prefix=prefix)
    with open(os.path.join(work, "ball.glb"), "wb") as stream:
        stream.write(sphere_glb())
    with open(os.path.join(work, "scene.yaml"), "w") as stream:
        stream.write(SCENE)
    return work


def run(cinc, work, *arguments, environment=None):
    """`cinc ARGUMENTS` in `work`: the finished process (text output)."""
    env = dict(os.environ)
    env.update(environment or {})
    return subprocess.run([cinc, *arguments], cwd=work, capture_output=True, text=True,
                          env=env, timeout=600)


def rgba(path, width, height):
    """The RGBA bytes of a picture (PNG) or of a video's frames, decoded by ffmpeg."""
    pixels = subprocess.run([FFMPEG, "-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt",
                             "rgba", "-"], capture_output=True, check=True).stdout
    assert len(pixels) % (width * height * 4) == 0, len(pixels)
    return pixels


def png_size(path):
    """(width, height) from a PNG's header."""
    with open(path, "rb") as stream:
        head = stream.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n", path
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def probe(path):
    """ffprobe's first video stream, with its frames counted."""
    import json
    out = subprocess.run([FFPROBE, "-v", "error", "-count_frames", "-show_streams", "-of", "json",
                          path], capture_output=True, text=True, check=True).stdout
    streams = json.loads(out)["streams"]
    return [stream for stream in streams if stream["codec_type"] == "video"], streams
