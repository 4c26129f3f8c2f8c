#!/usr/bin/env python3
"""`cinc serve` and the moments in a preview page's URL.

    serve_test.py CINC

- In Debian's Chromium (tests/js/serve_check.mjs): a served page opened at
  `#t=1&view=orbit`, turned by a mouse drag and sought; an edited scene is
  saved and the page swaps the new build in at the same time, view and
  orbit camera, its objects those of `cinc eval` of the new scene (and not
  those of the old); a playing page plays on after a save; a broken scene
  shows the overlay (file:line:col, code, message, source line) while the
  last good animation stays; the fixed scene clears it. The time from each
  save to the first frame after the swap is reported (not held to a speed).
- The URL's moments on a page `cinc preview` wrote (file:): `#chapter=3`
  opens at the third chapter's start (from the sequence's marker cues),
  `#t=2.5&view=orbit`, `&play`; a pasted fragment moves the open page; a
  seek writes `#t=...&view=...` back; `#render` is no moment.
- Raw sockets: `..`, encoded dots, `//etc/passwd`, absolute URLs and paths
  are 404; other Host headers 403; other methods 405; malformed and
  oversized heads 400; a head that never ends is answered 408 after the
  timeout while other requests are served meanwhile.
- 200 page loads and 50 saves: the server's descriptors (/proc/PID/fd) and
  RSS before and after, bounded.
- SIGINT and SIGTERM: exit status 0, the port closed; a port in use: exit 3.
"""
import json
import math
import select
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CINC = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.join(ROOT, "build", "cinc")
del sys.argv[1:2]
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gltf_test import require_browser  # noqa: E402
from preview_test import angle_degrees, chapters_of  # noqa: E402

NODE = shutil.which("node")
DRIVER = os.path.join(ROOT, "tests", "js", "serve_check.mjs")
ASSEMBLY = os.path.join(ROOT, "examples", "assembly", "assembly.yaml")
SLACK_METRES = 1e-5  # the GLB's float32
SLACK_DEGREES = 0.001
HEAD_TIMEOUT_S = 3  # serve/http_server.h kHeadTimeoutMs


def run(*args, **kwargs):
    result = subprocess.run(list(args), capture_output=True, text=True, timeout=600, **kwargs)
    return result.returncode, result.stdout, result.stderr


class Server:
    """A running `cinc serve`, its output read as it comes."""

    def __init__(self, scene, *arguments):
        self.process = subprocess.Popen([CINC, "serve", scene, "--allow-outside", ROOT, *arguments],
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.out, self.err = [], []
        self.threads = [threading.Thread(target=self.read, args=(stream, lines), daemon=True)
                        for stream, lines in ((self.process.stdout, self.out),
                                              (self.process.stderr, self.err))]
        for thread in self.threads:
            thread.start()
        first = self.wait_for("serving ")
        self.url = first.split()[1]
        self.port = int(self.url.rsplit(":", 1)[1].strip("/"))

    @staticmethod
    def read(stream, lines):
        for line in stream:
            lines.append(line)

    def wait_for(self, prefix, count=1):
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            found = [line for line in self.out if line.startswith(prefix)]
            if len(found) >= count:
                return found[count - 1]
            if self.process.poll() is not None and not any(t.is_alive() for t in self.threads):
                break
            time.sleep(0.01)
        raise AssertionError(f"no {count}th {prefix!r}:\n{''.join(self.out)}{''.join(self.err)}")

    def stop(self, signal_number=signal.SIGINT):
        self.process.send_signal(signal_number)
        status = self.process.wait(timeout=10)
        for thread in self.threads:
            thread.join(timeout=5)
        self.process.stdout.close()
        self.process.stderr.close()
        return status


def exchange(port, request, timeout=10):
    """Sends `request` (bytes) and reads the answer until the server closes."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as connection:
        connection.sendall(request)
        answer = b""
        while True:
            chunk = connection.recv(65536)
            if not chunk:
                return answer
            answer += chunk


def get(port, target, host=None, method="GET"):
    host = host if host is not None else f"127.0.0.1:{port}"
    return exchange(port, f"{method} {target} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())


def status_of(answer):
    return int(answer.split(b" ", 2)[1]) if answer.startswith(b"HTTP/1.1 ") else None


def eval_state(scene, t):
    status, out, err = run(CINC, "eval", scene, "--time", repr(t), "--allow-outside", ROOT)
    assert status == 0, err
    return json.loads(out)


def drive(job, folder):
    path = os.path.join(folder, "job.json")
    with open(path, "w") as stream:
        json.dump(job, stream)
    status, out, err = run(NODE, DRIVER, path, cwd=ROOT)
    assert status == 0, f"serve_check.mjs: {err}"
    return json.loads(out)


class ServeTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="cinc-serve-test-")
        cls.report = []

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.folder, ignore_errors=True)
        print("\nserve:", file=sys.stderr)
        for line in cls.report:
            print("  " + line, file=sys.stderr)

    def scene_copy(self, name, text):
        folder = tempfile.mkdtemp(dir=self.folder)
        path = os.path.join(folder, name)
        with open(path, "w") as stream:
            stream.write(text)
        return path

    def assert_state_is(self, got, want, what):
        """Every object of the page where `cinc eval` puts it (visible ones turned alike)."""
        self.assertEqual(sorted(got["objects"]), sorted(want["objects"]), what)
        for name, exact in want["objects"].items():
            page = got["objects"][name]
            self.assertLessEqual(math.dist(page["position"], exact["position"]),
                                 1e-4 + SLACK_METRES, f"{what}: {name} position")
            self.assertAlmostEqual(page["opacity"], exact["opacity"], delta=1e-6, msg=f"{what}: {name}")
            if exact["opacity"] > 0:
                self.assertLessEqual(angle_degrees(page["quaternion"], exact["quaternion"]),
                                     0.01 + SLACK_DEGREES, f"{what}: {name} rotation")

    # ---- the browser --------------------------------------------------------

    def test_a_served_page_follows_every_save(self):
        require_browser()
        with open(ASSEMBLY) as stream:
            original = stream.read()
        edited = original.replace("position: [0, 0.06, 0], ease: ease-in",
                                  "position: [0, 0.2, 0], ease: ease-in")
        replayed = edited.replace("lag: 0.3, duration: 0.4", "lag: 0.3, duration: 0.45")
        broken = edited.replace("after: lid.seat, use: appear", "after: lid.sit, use: appear")
        self.assertNotEqual(edited, original)
        self.assertNotEqual(broken, edited)
        self.assertNotEqual(replayed, edited)
        scene = self.scene_copy("assembly.yaml", original)
        broken_line = broken.splitlines().index(
            next(line for line in broken.splitlines() if "lid.sit" in line)) + 1
        broken_column = broken.splitlines()[broken_line - 1].index("lid.sit") + 1
        t = 1.05
        server = Server(scene)
        try:
            server.wait_for("build 1 served")
            result = drive({"url": server.url + "#t=1&view=orbit", "steps": [
                {"do": "state"},
                {"do": "drag", "by": [120, 40]},
                {"do": "seek", "t": t},
                {"do": "write", "path": scene, "text": edited, "wait": "swap"},
                {"do": "write", "path": scene, "text": broken, "wait": "errors"},
                {"do": "write", "path": scene, "text": original, "wait": "clear"},
                {"do": "key", "key": " "},
                {"do": "write", "path": scene, "text": replayed, "wait": "swap"},
            ]}, self.folder)
        finally:
            self.assertEqual(server.stop(), 0)
        self.assertEqual(result["problems"], [])
        opened, dragged, sought, swapped, failed, fixed, playing, replay = result["steps"]
        # Opened at the URL's moment, then turned and sought.
        self.assertAlmostEqual(opened["state"]["time"], 1, delta=1e-12)
        self.assertEqual(opened["state"]["view"], "orbit")
        self.assertGreater(math.dist(opened["state"]["orbit"]["position"],
                                     dragged["state"]["orbit"]["position"]), 1e-3, "the drag turned it")
        self.assertAlmostEqual(sought["state"]["time"], t, delta=1e-12)
        pose = dragged["state"]["orbit"]
        # The new build at the same moment, view and orbit camera; the
        # objects are the new scene's, not the old one's.
        self.assertEqual(swapped["build"], 2)
        self.assertAlmostEqual(swapped["state"]["time"], t, delta=1e-12)
        self.assertEqual(swapped["state"]["view"], "orbit")
        self.assertFalse(swapped["state"]["playing"])
        for key in ("position", "target"):
            for a, b in zip(swapped["state"]["orbit"][key], pose[key]):
                self.assertAlmostEqual(a, b, delta=1e-9)
        # (`scene` holds the last text now: the edited one is evaluated apart.)
        edited_path = self.scene_copy("edited.yaml", edited)
        self.assert_state_is(swapped["state"], eval_state(edited_path, t), "the edited scene")
        old_state = eval_state(ASSEMBLY, t)
        self.assertGreater(math.dist(old_state["objects"]["lid"]["position"],
                                     swapped["state"]["objects"]["lid"]["position"]), 0.01)
        self.assertFalse(swapped["overlay"]["shown"])
        # The broken build: the overlay names the file, line, column and code;
        # the last good animation stays, at the same moment.
        # What `cinc check` says of the broken text is what the page shows.
        status, _, err = run(CINC, "check", self.scene_copy("broken.yaml", broken),
                             "--diagnostics", "json")
        self.assertEqual(status, 1)
        checked = json.loads(err)
        report = failed["report"]
        self.assertEqual(report["build"], 3)
        self.assertEqual(report["errors"], len(checked))
        self.assertEqual(report["more"], 0)
        keys = ("line", "column", "severity", "code", "message")
        self.assertEqual([{k: p[k] for k in keys} for p in report["diagnostics"]],
                         [{k: p[k] for k in keys} for p in checked])
        problem = report["diagnostics"][0]
        self.assertEqual((problem["line"], problem["column"]), (broken_line, broken_column))
        self.assertEqual(problem["file"], scene)
        self.assertEqual(problem["source"], broken.splitlines()[broken_line - 1])
        self.assertTrue(failed["overlay"]["shown"])
        text = failed["overlay"]["text"]
        # One typo in a pattern's `after:` is one error (its copies counted in
        # the message): "1 error", and the overlay says the count in words.
        self.assertEqual(len(checked), 1)
        self.assertIn("Build 3 failed: 1 error (the last good build plays on)", text)
        self.assertIn(f"{scene}:{broken_line}:{broken_column} {problem['code']} {problem['message']}",
                      text)
        self.assertIn(problem["source"].strip(), text)
        self.assertAlmostEqual(failed["state"]["time"], t, delta=1e-12)
        self.assert_state_is(failed["state"], eval_state(edited_path, t), "the last good build")
        # Fixed: the overlay goes, the fixed scene plays.
        self.assertEqual(fixed["build"], 4)
        self.assertFalse(fixed["overlay"]["shown"])
        self.assert_state_is(fixed["state"], old_state, "the fixed scene")
        # A playing page plays on after a save.
        self.assertTrue(playing["state"]["playing"])
        self.assertTrue(replay["state"]["playing"])
        self.assertGreater(replay["state"]["time"], t)
        latencies = [step["latency_ms"] for step in (swapped, fixed, replay)]
        self.report.append("assembly: save -> new frame " +
                           ", ".join(f"{ms:.0f}" for ms in latencies) + " ms")

    def test_moments_in_the_url_of_a_written_page(self):
        require_browser()
        page = os.path.join(self.folder, "assembly.preview.html")
        status, _, err = run(CINC, "preview", ASSEMBLY, "-o", page)
        self.assertEqual(status, 0, err)
        sequence = os.path.join(self.folder, "assembly.sequence.json")
        status, _, err = run(CINC, "build", ASSEMBLY, "-o", sequence)
        self.assertEqual(status, 0, err)
        with open(sequence) as stream:
            chapters = chapters_of(json.load(stream))
        self.assertGreaterEqual(len(chapters), 3)
        url = "file://" + page
        third = drive({"url": url + "#chapter=3", "live": False, "steps": [
            {"do": "state"},
            {"do": "seek", "t": 1.234},
            {"do": "sleep", "ms": 300},
            {"do": "state"},
            {"do": "hash", "hash": "#t=2.5&view=camera", "t": 2.5},
        ]}, self.folder)
        self.assertEqual(third["problems"], [])
        opened, _, _, written, pasted = third["steps"]
        self.assertAlmostEqual(opened["state"]["time"], chapters[2]["t"], delta=1e-12)
        self.assertEqual(opened["hash"], "#chapter=3")  # the moment asked for stays as given
        self.assertFalse(opened["state"]["playing"])
        # The assembly has no camera track: the orbit view is the default.
        self.assertEqual(opened["state"]["view"], "orbit")
        self.assertEqual(written["hash"], "#t=1.234&view=orbit")
        self.assertEqual(pasted["state"]["view"], "camera")
        self.assertAlmostEqual(pasted["state"]["time"], 2.5, delta=1e-12)

        played = drive({"url": url + "#t=0.5&view=camera&play", "live": False,
                        "steps": [{"do": "state"}]}, self.folder)
        self.assertEqual(played["problems"], [])
        state = played["steps"][0]["state"]
        self.assertTrue(state["playing"])
        self.assertEqual(state["view"], "camera")
        self.assertGreaterEqual(state["time"], 0.5)

        rendered = drive({"url": url + "#render&view=orbit&t=2", "live": False, "steps": [
            {"do": "state"}, {"do": "seek", "t": 1.5}, {"do": "sleep", "ms": 300}, {"do": "state"}]},
            self.folder)
        self.assertEqual(rendered["problems"], [])
        first, _, _, last = rendered["steps"]
        self.assertEqual(first["state"]["time"], 0)  # `t=` is no word of the render mode
        self.assertEqual(last["hash"], "#render&view=orbit&t=2")  # never rewritten

    # ---- raw requests -------------------------------------------------------

    def serve_assembly(self, *arguments):
        with open(ASSEMBLY) as stream:
            scene = self.scene_copy("assembly.yaml", stream.read())
        server = Server(scene, *arguments)
        server.wait_for("build 1 served")
        return scene, server

    def test_serves_the_page_and_nothing_else(self):
        scene, server = self.serve_assembly()
        port = server.port
        try:
            page = get(port, "/")
            self.assertEqual(status_of(page), 200)
            head, body = page.split(b"\r\n\r\n", 1)
            self.assertIn(b"\r\nContent-Type: text/html; charset=utf-8\r\n", head)
            self.assertIn(f"\r\nContent-Length: {len(body)}\r\n".encode(), head)
            self.assertIn(b'"live":{"build":1}', body)
            self.assertEqual(get(port, "/index.html"), page)
            headed = get(port, "/", method="HEAD")
            self.assertEqual(headed, head + b"\r\n\r\n")
            with open(scene, "rb") as stream:
                secret = stream.read()
            for target in ["/..", "/../assembly.yaml", "/%2e%2e/assembly.yaml", "/%2E%2E%2Fassembly.yaml",
                           "/.%2e/assembly.yaml", "//etc/passwd", "/etc/passwd", "/assembly.yaml",
                           f"http://127.0.0.1:{port}/", f"http://127.0.0.1:{port}/../etc/passwd",
                           "/index.html/..", "/./", "/%00", "/?file=assembly.yaml", "*",
                           os.path.abspath(scene)]:
                answer = get(port, target)
                self.assertEqual(status_of(answer), 404, target)
                self.assertNotIn(secret[:200], answer, target)
            for host in ["evil.example", f"evil.example:{port}", f"127.0.0.1:{port + 1}",
                         f"localhost.evil.example:{port}", f"127.0.0.1:{port}@evil.example"]:
                self.assertEqual(status_of(get(port, "/", host=host)), 403, host)
            self.assertEqual(status_of(exchange(port, b"GET / HTTP/1.0\r\n\r\n")), 403)  # no Host
            for method in ["POST", "PUT", "DELETE", "OPTIONS", "TRACE", "PATCH", "CONNECT"]:
                answer = get(port, "/", method=method)
                self.assertEqual(status_of(answer), 405, method)
                self.assertIn(b"\r\nAllow: GET, HEAD\r\n", answer)
            for request in [b"GET /\r\n\r\n", b"GARBAGE\r\n\r\n", b"GET / HTTP/1.1\nHost: x\n\n",
                            b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 4\r\n\r\nbody",
                            b"GET / HTTP/1.1\r\nX: " + b"a" * 9000 + b"\r\n\r\n",
                            b"GET / HTTP/1.1\r\n" + b"X: y\r\n" * 100 + b"\r\n"]:
                answer = exchange(port, request)
                self.assertTrue(answer.startswith(b"HTTP/1.1 400 Bad Request\r\n"), request[:40])
                self.assertTrue(answer.endswith(b"\r\n\r\n400 Bad Request\n"), request[:40])
        finally:
            self.assertEqual(server.stop(), 0)

    def test_a_request_that_never_ends_times_out(self):
        _, server = self.serve_assembly()
        port = server.port
        try:
            slow = []
            for _ in range(5):
                connection = socket.create_connection(("127.0.0.1", port), timeout=10)
                connection.sendall(b"GET / HT")
                slow.append(connection)
            trickle = socket.create_connection(("127.0.0.1", port), timeout=10)
            began = time.monotonic()
            # Others are served meanwhile, before the slow heads time out: a
            # server that waited on them would answer these only after it had
            # answered them 408 (judged by order, not by a clock the
            # machine's load stretches).
            for _ in range(3):
                self.assertEqual(status_of(get(port, "/", method="HEAD")), 200)
            self.assertEqual(select.select(slow, [], [], 0)[0], [])
            # A byte every 0.4 s does not keep a connection: the head has
            # HEAD_TIMEOUT_S from the connection.
            answer = b""
            for byte in b"GET / HTTP/1.1\r\nX-Slow: aaaaaaaaaaaaaaaaaaaa":
                if select.select([trickle], [], [], 0.4)[0]:
                    break  # answered
                trickle.sendall(bytes([byte]))
            answer = trickle.recv(4096)
            self.assertTrue(answer.startswith(b"HTTP/1.1 408 Request Timeout\r\n"), answer)
            for connection in slow:
                answer = b""
                while chunk := connection.recv(4096):
                    answer += chunk
                self.assertTrue(answer.startswith(b"HTTP/1.1 408 Request Timeout\r\n"), answer)
                connection.close()
            trickle.close()
            took = time.monotonic() - began
            self.assertGreater(took, HEAD_TIMEOUT_S - 0.5)
            self.assertLess(took, HEAD_TIMEOUT_S + 3)
        finally:
            self.assertEqual(server.stop(), 0)

    def test_holds_many_loads_and_saves(self):
        scene, server = self.serve_assembly()
        port = server.port
        pid = server.process.pid

        def descriptors():
            """What each open descriptor is, by number."""
            folder = f"/proc/{pid}/fd"
            found = {}
            for name in os.listdir(folder):
                try:
                    found[name] = os.readlink(os.path.join(folder, name))
                except FileNotFoundError:  # closed while listed
                    pass
            return found

        def settled_descriptors():
            """The fewest descriptors seen over 2 s: the server closes a
            connection the client closed on its next poll, later on a loaded
            machine; a leaked descriptor stays."""
            fewest = descriptors()
            for _ in range(40):
                time.sleep(0.05)
                found = descriptors()
                if len(found) < len(fewest):
                    fewest = found
            return fewest

        def rss_kb():
            with open(f"/proc/{pid}/status") as stream:
                return int(next(line for line in stream if line.startswith("VmRSS:")).split()[1])

        with open(scene) as stream:
            text = stream.read()
        builds = 1

        def save(number):
            nonlocal builds
            with open(scene + ".saving", "w") as stream:
                stream.write(text + f"# save {number}\n")
            os.rename(scene + ".saving", scene)
            builds += 1
            server.wait_for(f"build {builds} served")

        try:
            events = socket.create_connection(("127.0.0.1", port), timeout=10)
            events.sendall(f"GET /events HTTP/1.1\r\nHost: localhost:{port}\r\n\r\n".encode())
            for number in range(5):  # warm up: the allocator's pools, the page's size
                save(number)
                self.assertEqual(status_of(get(port, "/")), 200)
            before = (settled_descriptors(), rss_kb())
            for number in range(200):
                self.assertEqual(status_of(get(port, "/")), 200)
            for number in range(50):
                save(number + 5)
            after = (settled_descriptors(), rss_kb())
            received = b""
            while received.count(b"event: build") < builds:
                received += events.recv(65536)
            events.close()
        finally:
            self.assertEqual(server.stop(), 0)
        self.report.append(f"200 page loads and 50 saves: descriptors {len(before[0])} -> "
                           f"{len(after[0])}, "
                           f"RSS {before[1] / 1024:.1f} -> {after[1] / 1024:.1f} MB")
        self.assertEqual(after[0], before[0], "open descriptors")
        # One page (3.3 MB) is held at a time, and one being built.
        self.assertLess(after[1] - before[1], 16 * 1024, "RSS grew by more than 16 MB")

    def test_stops_cleanly_and_says_why_it_cannot_start(self):
        for signal_number in (signal.SIGINT, signal.SIGTERM):
            _, server = self.serve_assembly()
            events = socket.create_connection(("127.0.0.1", server.port), timeout=10)
            events.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            events.recv(4096)
            self.assertEqual(server.stop(signal_number), 0, signal_number)
            self.assertEqual(events.recv(4096), b"")  # the stream ends
            events.close()
            with self.assertRaises(ConnectionRefusedError):
                socket.create_connection(("127.0.0.1", server.port), timeout=5)
        _, server = self.serve_assembly()
        try:
            status, out, err = run(CINC, "serve", ASSEMBLY, "--port", str(server.port))
            self.assertEqual(status, 3)
            self.assertEqual(out, "")
            self.assertEqual(err, f"cinc: cannot listen on 127.0.0.1 port {server.port}: "
                                  "Address already in use\n")
        finally:
            self.assertEqual(server.stop(), 0)
        status, _, err = run(CINC, "serve", ASSEMBLY, "--port", "70000")
        self.assertEqual(status, 2, err)

    def test_a_scene_broken_from_the_start_waits_for_a_good_build(self):
        with open(ASSEMBLY) as stream:
            good = stream.read()
        broken = good.replace("after: lid.seat, use: appear", "after: lid.sit, use: appear <b>")
        scene = self.scene_copy("assembly.yaml", broken)
        server = Server(scene)
        try:
            server.wait_for("build 1 failed")
            waiting = get(server.port, "/")
            self.assertEqual(status_of(waiting), 503)
            self.assertIn(b'<meta http-equiv="refresh" content="1">', waiting)
            self.assertIn(b"[E_TIMING_MISSING]", waiting)
            self.assertIn(b"lid.sit, use: appear &lt;b&gt;", waiting)  # escaped
            self.assertNotIn(b"<b>", waiting)
            with open(scene, "w") as stream:
                stream.write(good)
            server.wait_for("build 2 served")
            self.assertEqual(status_of(get(server.port, "/")), 200)
        finally:
            self.assertEqual(server.stop(), 0)


if __name__ == "__main__":
    unittest.main()
