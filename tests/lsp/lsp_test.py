#!/usr/bin/env python3
"""cinc lsp end to end (docs/lsp.md): raw JSON-RPC on stdio for what a
broken client may send, the time from a change to the diagnostics for a
1,000-node scene, and every feature through Neovim's own LSP client.

Usage: lsp_test.py CINC"""
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import time

CINC = os.path.abspath(sys.argv[1])
ROOT = pathlib.Path(__file__).resolve().parents[2]
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAIL:", what)


def frame(message):
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class Server:
    def __init__(self):
        self.process = subprocess.Popen([CINC, "lsp"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    def send(self, message):
        self.process.stdin.write(message if isinstance(message, bytes) else frame(message))
        self.process.stdin.flush()

    def read(self):
        length = None
        while True:
            line = self.process.stdout.readline()
            if not line:
                return None
            if line == b"\r\n":
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        return json.loads(self.process.stdout.read(length))

    def until(self, predicate):
        while True:
            message = self.read()
            if message is None or predicate(message):
                return message

    def request(self, id, method, params):
        self.send({"jsonrpc": "2.0", "id": id, "method": method, "params": params})
        return self.until(lambda m: m.get("id") == id)


def robustness():
    server = Server()
    check(server.request(1, "textDocument/hover", {})["error"]["code"] == -32002,
          "a request before initialize is ServerNotInitialized")
    check("capabilities" in server.request(2, "initialize", {})["result"], "initialize")
    server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    server.send(b"Content-Length: 9\r\n\r\n{not json")
    check(server.read()["error"]["code"] == -32700, "malformed JSON is a ParseError")
    server.send({"jsonrpc": "2.0", "id": 3})
    server.send({"jsonrpc": "2.0", "id": [1], "method": "textDocument/hover"})
    check(server.read()["error"]["code"] == -32600, "a bad id is InvalidRequest")
    check(server.request(4, "workspace/symbol", {})["error"]["code"] == -32601,
          "an unknown method is MethodNotFound")
    uri = "file:///nonexistent/folder/s.yaml"
    server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "yaml", "version": 1,
        "text": "cinc: 1\nobjects:\n  a:\n    nodes:\n      - {id: x, duration: 1, opacity: 1}\n"}}})
    server.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": "nonsense"})
    answer = server.request(5, "textDocument/hover", {"textDocument": {"uri": uri},
                                                      "position": {"line": 10**9, "character": -4}})
    check("result" in answer, "an out-of-range position is answered")
    answer = server.request(6, "textDocument/completion", {"textDocument": {"uri": uri},
                                                           "position": {"line": "x"}})
    check(answer["error"]["code"] == -32602, "a bad position is InvalidParams")
    check(server.request(7, "shutdown", None)["result"] is None, "shutdown")
    server.send({"jsonrpc": "2.0", "method": "exit"})
    check(server.process.wait(10) == 0, "exit after shutdown is status 0")
    # A message over the limit: said on stderr, status 1, no crash.
    server = Server()
    server.send(b"Content-Length: 999999999999\r\n\r\n")
    server.process.stdin.close()
    check(server.process.wait(10) == 1, "a huge message ends the server with status 1")
    check(b"over the 67108864-byte limit" in server.process.stderr.read(),
          "a huge message is said on stderr")


def latency():
    folder = tempfile.mkdtemp()
    path = os.path.join(folder, "big.yaml")
    text = subprocess.run([sys.executable, str(ROOT / "bench/generate_scene.py"), "1000"],
                          capture_output=True, text=True, check=True).stdout
    open(path, "w").write(text)
    uri = "file://" + path
    server = Server()
    server.request(1, "initialize", {})
    server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "yaml", "version": 1, "text": text}}})
    first = server.until(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    check(first["params"]["diagnostics"] == [], "the generated scene is clean")
    times = []
    for version in range(2, 12):
        changed = text + "# edit %d\n" % version
        if version % 2:
            changed = changed.replace("duration: ", "duration: -", 1)
        start = time.monotonic()
        server.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": changed}]}})
        published = server.until(lambda m: m.get("method") == "textDocument/publishDiagnostics")
        times.append((time.monotonic() - start) * 1000)
        check(bool(published["params"]["diagnostics"]) == bool(version % 2),
              "diagnostics follow the unsaved text (version %d)" % version)
    times.sort()
    print("change -> diagnostics, 1,000 nodes: median %.1f ms, max %.1f ms" % (times[5], times[-1]))
    check(times[5] <= 150, "the median time from a change to the diagnostics is at most 150 ms")
    server.request(2, "shutdown", None)
    server.send({"jsonrpc": "2.0", "method": "exit"})
    server.process.wait(10)


def through_neovim():
    out = tempfile.mktemp(suffix=".json")
    scene = ROOT / "examples/blender_assembly/assembly.yaml"
    env = dict(os.environ, CINC=CINC, SCENE=str(scene), OUT=out)
    subprocess.run(["nvim", "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c",
                    "luafile " + str(ROOT / "tests/lsp/client.lua")],
                   env=env, check=True, timeout=120, stdin=subprocess.DEVNULL)
    answers = json.load(open(out))
    os.unlink(out)
    check(scene.read_text().count("with: body.inn") == 0, "the scene on disk is untouched")
    diagnostics = answers["diagnostics"]
    check([d["code"] for d in diagnostics] == ["E_TIMING_MISSING"], "one diagnostic, unsaved text")
    check(diagnostics[0]["message"] ==
          "node 'cover.fit' references unknown node 'body.inn' (did you mean 'body.in'?)",
          "its message")
    check(diagnostics[0]["range"]["start"] == {"line": answers["edited_line"], "character": 14},
          "its range starts at the reference")
    labels = lambda items: sorted(item["label"] for item in items)
    check(labels(answers["glb_markers"]) ==
          labels([{"label": m["name"]} for m in markers_of("body.glb")]), "GLB markers complete")
    check(labels(answers["blend_markers"]) == ["bottom", "top"], ".blend markers complete")
    resolved = json.loads(subprocess.run([CINC, "resolve", str(scene)], capture_output=True,
                                         text=True, check=True).stdout)
    drive = next(n for n in resolved["nodes"] if n["node"] == "screw1.drive")
    hover = answers["hover"]["contents"]["value"]
    expected = "start %s s, end %s s, duration %s s" % (
        fmt(drive["start"]), fmt(drive["end"]), fmt(round(drive["end"] - drive["start"], 9)))
    check(expected in hover, "hover's times are resolve's: " + hover)
    check("start fixed by: body.in → cover.fit → screw1.drive" in hover, "hover's chain")
    turn_line = scene.read_text().splitlines().index("      - id: turn")
    check(answers["definition"]["range"]["start"] == {"line": turn_line, "character": 8},
          "definition of body.turn")
    edits = answers["rename"]["changes"][answers["uri"]]
    check(sorted(e["range"]["start"]["line"] for e in edits) == [turn_line, 47, 107],
          "rename: the id and its two references")
    check([s["name"] for s in answers["symbols"]][:3] == ["body", "screw", "washer"] or
          [s["name"] for s in answers["symbols"] if s["kind"] == 5][:2] == ["body", "cover"],
          "symbols: objects in file order")
    check(answers["actions"][0]["edit"]["changes"][answers["uri"]][0]["newText"] == "body.in",
          "quick fix writes the suggestion")


def markers_of(model):
    path = ROOT / "examples/blender_assembly/models" / model
    return json.loads(subprocess.run([CINC, "markers", "--json", str(path)], capture_output=True,
                                     text=True, check=True).stdout)["markers"]


def fmt(value):
    return ("%.9f" % value).rstrip("0").rstrip(".")


robustness()
latency()
through_neovim()
if failures:
    sys.exit("%d failures" % len(failures))
print("ok")
