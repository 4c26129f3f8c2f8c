#!/usr/bin/env python3
"""`cinc render --sounds DIR` end to end (docs/publishing.md "Sound"): a 2 s
scene without models at 160 x 90 and 10 fps whose sounds are WAVs made here
(a click burst, a tone), rendered, probed by ffprobe and decoded by ffmpeg;
the onsets, gains and fade are compared with the times worked out by hand
from the scene below.

    publish_sound_test.py CINC
"""
import math
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import unittest
import wave

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CINC = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.join(ROOT, "build", "cinc")
del sys.argv[1:]
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from publish_common import FFMPEG, probe, run  # noqa: E402

# The click sounds at 0.3 s (a node's clip, volume 0.5) and at 0.8 s (a
# sound cue: whole, gain 1); the tone from 1.2 s for 0.5 s (the node's
# duration), 0.1 s into its file, faded in over 0.4 s: its gain ramps from 0
# at 1.2 s to 1 at 1.6 s, and it stops at 1.7 s. 'missing' has no file. The
# scene lasts 2 s (the director's last node): 21 frames at 10 fps.
SCENE = """cinc: 1
name: sound-test
objects:
  box:
    opacity: 1
    nodes:
      - {id: move, at: 0.3, duration: 0.4, position: [0, 0.1, 0], sound: {name: click, volume: 0.5}}
      - {id: back, at: 1.2, duration: 0.5, position: [0, 0, 0], sound: {name: tone, offset: 0.1, fade_in: 0.4}}
director:
  nodes:
    - {id: ding, at: 0.8, cue: {kind: sound, name: click}}
    - {id: lost, at: 1.5, sound: {name: missing}}
    - {id: end, at: 1.9, duration: 0.1}
"""
BAD_SCENE = """cinc: 1
objects:
  box:
    opacity: 1
    nodes:
      - {id: a, at: 0.2, duration: 0.3, opacity: 0.5, sound: {name: ../outside}}
      - {id: b, at: 0.6, duration: 0.3, opacity: 1, sound: {name: click}}
"""
RATE = 48000
FPS = 10
SMALL = ["--size", "160x90", "--fps", str(FPS), "--sounds", "sounds"]
MISSING = ("cinc: warning: sound 'missing' has no file in sounds (missing.wav, missing.ogg or "
           "missing.flac); the video is mixed without it [W_SOUND_MISSING]")
CLICK_PEAK = 0.8  # the click's amplitude in its file
TONE_PEAK = 0.5


def write_wav(path, samples, rate=RATE):
    with wave.open(path, "wb") as stream:
        stream.setnchannels(1)
        stream.setsampwidth(2)
        stream.setframerate(rate)
        stream.writeframes(b"".join(struct.pack("<h", round(s * 32767)) for s in samples))


def left_channel(path):
    """The video's sound, decoded by ffmpeg to 48 kHz stereo; its left channel in [-1, 1]."""
    raw = subprocess.run([FFMPEG, "-v", "error", "-i", path, "-map", "0:a", "-f", "s16le", "-ac",
                          "2", "-ar", str(RATE), "-"], capture_output=True, check=True).stdout
    count = len(raw) // 4
    values = struct.unpack(f"<{count * 2}h", raw[:count * 4])
    return [value / 32768 for value in values[0::2]]


def peak(samples, start, end):
    return max(abs(s) for s in samples[int(start * RATE):int(end * RATE)])


def rms(samples, start, end):
    part = samples[int(start * RATE):int(end * RATE)]
    return math.sqrt(sum(s * s for s in part) / len(part))


def onsets(samples, threshold=0.02, gap=0.2):
    """The times where the sound rises above `threshold` after `gap` seconds of quiet."""
    found, last = [], -gap
    for index, value in enumerate(samples):
        if abs(value) > threshold:
            t = index / RATE
            if t - last >= gap:
                found.append(t)
            last = t
    return found


class PublishSoundTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.work = tempfile.mkdtemp(prefix="cinc-publish-sound-")
        os.mkdir(os.path.join(cls.work, "sounds"))
        # A click: 20 ms of 1 kHz, then 0.1 s of silence; a tone: 2 s of 440 Hz.
        click = [CLICK_PEAK * math.sin(2 * math.pi * 1000 * i / RATE) for i in range(960)]
        write_wav(os.path.join(cls.work, "sounds", "click.wav"), click + [0.0] * 4800)
        tone = [TONE_PEAK * math.sin(2 * math.pi * 440 * i / 44100) for i in range(2 * 44100)]
        write_wav(os.path.join(cls.work, "sounds", "tone.wav"), tone, rate=44100)
        with open(os.path.join(cls.work, "scene.yaml"), "w") as stream:
            stream.write(SCENE)
        with open(os.path.join(cls.work, "bad.yaml"), "w") as stream:
            stream.write(BAD_SCENE)
        cls.first = run(CINC, cls.work, "render", "scene.yaml", "-o", "one.mp4", *SMALL)
        cls.second = run(CINC, cls.work, "render", "scene.yaml", "-o", "two.mp4", *SMALL)
        cls.sound = left_channel(cls.path("one.mp4"))

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.work)

    @classmethod
    def path(cls, name):
        return os.path.join(cls.work, name)

    def test_the_video_has_a_sound_stream(self):
        self.assertEqual(self.first.returncode, 0, self.first.stderr)
        self.assertIn(MISSING, self.first.stderr.splitlines())
        video, streams = probe(self.path("one.mp4"))
        self.assertEqual(int(video[0]["nb_read_frames"]), 21)
        audio = [stream for stream in streams if stream["codec_type"] == "audio"]
        self.assertEqual(len(audio), 1)
        self.assertEqual(audio[0]["codec_name"], "aac")
        self.assertEqual(audio[0]["sample_rate"], "48000")
        self.assertEqual(audio[0]["channels"], 2)
        # As long as the video: 21 frames at 10 fps, 2.1 s (AAC frames of 1024 samples).
        self.assertAlmostEqual(len(self.sound) / RATE, 2.1, delta=1024 / RATE)

    def test_the_same_bytes_twice(self):
        self.assertEqual(self.second.returncode, 0, self.second.stderr)
        with open(self.path("one.mp4"), "rb") as one, open(self.path("two.mp4"), "rb") as two:
            self.assertEqual(one.read(), two.read())

    def test_each_sound_starts_at_its_time(self):
        found = onsets(self.sound)
        self.assertEqual(len(found), 3, found)
        # The clicks at 0.3 s and 0.8 s; the tone crosses 0.02 when its gain
        # reaches 0.02 / (0.5 / sqrt(2)), 23 ms after its start at 1.2 s.
        for t, expected in zip(found, [0.3, 0.8, 1.2]):
            self.assertLess(abs(t - expected), 1 / FPS, found)
        # Nothing after the tone's end at 1.7 s.
        self.assertLess(peak(self.sound, 1.75, 2.1), 0.01)

    def test_the_gain_is_the_volume(self):
        half = peak(self.sound, 0.25, 0.45)
        whole = peak(self.sound, 0.75, 0.95)
        self.assertAlmostEqual(half / whole, 0.5, delta=0.5 * 0.05)
        # A mono file is heard at -3 dB in each channel (docs/publishing.md).
        self.assertAlmostEqual(whole, CLICK_PEAK / math.sqrt(2), delta=0.05 * CLICK_PEAK)

    def test_the_fade_in_ramps(self):
        # The ramp's RMS gain over 50 ms windows: the gain g runs linearly from a
        # to b, so sqrt((a^2 + ab + b^2) / 3) of the full tone's (1.2 .. 1.6 s).
        full = rms(self.sound, 1.62, 1.68)
        for start, gain in [(1.2, 0.0722), (1.3, 0.3146), (1.4, 0.5637), (1.5, 0.8133)]:
            self.assertAlmostEqual(rms(self.sound, start, start + 0.05) / full, gain, delta=0.05)

    def test_a_slice_has_the_sound_of_its_span(self):
        # Frames 5 .. 20: from 0.5 s, 1.6 s long; the click of 0.3 s is left out,
        # the one at 0.8 s is at 0.3 s.
        result = run(CINC, self.work, "render", "scene.yaml", "-o", "slice.mp4", *SMALL,
                     "--frames", "5:21")
        self.assertEqual(result.returncode, 0, result.stderr)
        sound = left_channel(self.path("slice.mp4"))
        self.assertAlmostEqual(len(sound) / RATE, 1.6, delta=1024 / RATE)
        found = onsets(sound)
        self.assertEqual(len(found), 2, found)
        self.assertLess(abs(found[0] - 0.3), 1 / FPS, found)
        self.assertLess(abs(found[1] - 0.7), 1 / FPS, found)

    def test_a_clip_started_before_the_range_plays_from_its_middle(self):
        # --from 1.4: the tone, half faded in (gain 0.5 at 1.4 s), is heard from
        # the first sample, and full from 0.2 s in.
        result = run(CINC, self.work, "render", "scene.yaml", "-o", "late.webm", *SMALL,
                     "--from", "1.4")
        self.assertEqual(result.returncode, 0, result.stderr)
        _, streams = probe(self.path("late.webm"))
        audio = [stream for stream in streams if stream["codec_type"] == "audio"]
        self.assertEqual((audio[0]["codec_name"], audio[0]["sample_rate"]), ("opus", "48000"))
        sound = left_channel(self.path("late.webm"))
        full = rms(sound, 0.22, 0.28)
        self.assertAlmostEqual(rms(sound, 0.0, 0.05) / full, 0.5637, delta=0.06)
        self.assertLess(peak(sound, 0.35, 0.6), 0.01)

    def test_a_bad_name_is_refused_and_the_rest_mixed(self):
        result = run(CINC, self.work, "render", "bad.yaml", "-o", "bad.mp4", *SMALL)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("cinc: warning: sound '../outside' is not looked up: a sound's name may not "
                      "hold '/' or '..'; the video is mixed without it [W_SOUND_MISSING]",
                      result.stderr.splitlines())
        found = onsets(left_channel(self.path("bad.mp4")))
        self.assertEqual(len(found), 1, found)
        self.assertLess(abs(found[0] - 0.6), 1 / FPS, found)

    def test_werror_fails_on_a_missing_sound(self):
        result = run(CINC, self.work, "render", "scene.yaml", "-o", "strict.mp4", *SMALL,
                     "--werror")
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertFalse(os.path.exists(self.path("strict.mp4")))

    def test_usage(self):
        frames = run(CINC, self.work, "render", "scene.yaml", "-o", "frames/", *SMALL)
        self.assertEqual(frames.returncode, 2)
        self.assertEqual(frames.stderr, "cinc: error: --sounds needs a video (-o OUT.mp4 or "
                         "OUT.webm): PNG frames have no sound track [E_USAGE]\n")
        self.assertFalse(os.path.exists(self.path("frames")))
        nowhere = run(CINC, self.work, "render", "scene.yaml", "-o", "x.mp4", "--sounds",
                      "nowhere")
        self.assertEqual(nowhere.returncode, 2)
        self.assertEqual(nowhere.stderr, "cinc: error: --sounds nowhere is not a folder [E_USAGE]\n")


if __name__ == "__main__":
    unittest.main()
