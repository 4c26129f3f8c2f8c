#!/usr/bin/env python3
"""Malformed model files of every format cinc offers never crash it.

    malformed_models_test.py CINC

For glTF, GLB, .blend, FBX, COLLADA, OBJ, STL, PLY and 3DS, makes files of the kinds
that broke third-party readers: zero vertex counts, vertex, normal and face
indices out of range, huge counts and offsets in a few hundred bytes,
truncated headers and bodies, and random bytes after a valid header. Each
goes through `cinc markers FILE --json` and through `cinc build --format glb`
of a scene that uses it: every run ends with exit 0, or exit 1 and a coded
diagnostic, within 30 s, never by a signal, and stdout holds only cinc's own
output (valid JSON for `markers --json`). The counts per format are printed.
"""
import base64
import json
import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CINC = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.join(ROOT, "build", "cinc")
del sys.argv[1:]
SECONDS = 30
# How a refusal came about, by a phrase of its message (importers/isolated_run.h).
OUTCOMES = [("crashed", "crashed on it"), ("memory limit", "memory limit"),
            ("time limit", "time limit"), ("aborted", "an abort")]


def obj_files():
    yield "zero.obj", "o a\n"
    yield "face-past-end.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 99999\n"
    yield "negative-index.obj", "v 0 0 0\nf -5 -6 -7\n"
    yield "normal-index.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nvn 0 0 1\nf 1//9 2//9 3//9\n"
    yield "huge-index.obj", "v 0 0 0\nf 4294967295 2147483647 1\n"
    yield "nan.obj", "v nan inf -inf\nv 1e400 0 0\nv 0 1 0\nf 1 2 3\n"
    yield "missing-mtl.obj", "mtllib ../../../../etc/passwd\nusemtl x\nv 0 0 0\nf 1 1 1\n"


def stl_files():
    header = b"cinc malformed".ljust(80, b" ")
    yield "zero.stl", header + struct.pack("<I", 0)
    yield "huge-count.stl", header + struct.pack("<I", 0xFFFFFFFF) + b"\0" * 50
    yield "truncated.stl", header + struct.pack("<I", 3) + b"\0" * 60
    yield "ascii-broken.stl", b"solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0\nendsolid\n"


def ply_files():
    yield "zero.ply", b"ply\nformat ascii 1.0\nelement vertex 0\nend_header\n"
    yield "face-past-end.ply", (b"ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\n"
                               b"property float y\nproperty float z\nelement face 1\n"
                               b"property list uchar int vertex_indices\nend_header\n"
                               b"0 0 0\n1 0 0\n0 1 0\n3 0 1 99999\n")
    yield "huge-count.ply", (b"ply\nformat binary_little_endian 1.0\nelement vertex 4000000000\n"
                            b"property float x\nproperty float y\nproperty float z\n"
                            b"end_header\n" + b"\0" * 64)
    yield "huge-list.ply", (b"ply\nformat binary_little_endian 1.0\nelement vertex 3\n"
                           b"property float x\nproperty float y\nproperty float z\n"
                           b"element face 1\nproperty list uint int vertex_indices\nend_header\n"
                           + b"\0" * 36 + struct.pack("<I", 0xFFFFFFF0) + b"\0" * 16)
    yield "truncated.ply", b"ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\n"


def dae_files():
    yield "zero.dae", (b'<?xml version="1.0"?><COLLADA xmlns="http://www.collada.org/2005/11/'
                       b'COLLADASchema" version="1.4.1"><library_geometries><geometry id="g">'
                       b'<mesh><source id="p"><float_array id="a" count="0"></float_array>'
                       b'</source><triangles count="1"><p>0 1 2</p></triangles></mesh>'
                       b'</geometry></library_geometries></COLLADA>')
    yield "huge-count.dae", (b'<?xml version="1.0"?><COLLADA version="1.4.1"><library_geometries>'
                             b'<geometry id="g"><mesh><source id="p"><float_array id="a" '
                             b'count="999999999">0 0 0</float_array><technique_common><accessor '
                             b'source="#a" count="333333333" stride="3"/></technique_common>'
                             b'</source><vertices id="v"><input semantic="POSITION" source="#p"/>'
                             b'</vertices><triangles count="5"><input semantic="VERTEX" '
                             b'source="#v" offset="0"/><p>0 1 2 99 100 101</p></triangles>'
                             b'</mesh></geometry></library_geometries></COLLADA>')
    yield "truncated.dae", b'<?xml version="1.0"?><COLLADA version="1.4.1"><library_geo'


def fbx_files():
    magic = b"Kaydara FBX Binary  \x00\x1a\x00"
    yield "truncated.fbx", magic + struct.pack("<I", 7400)
    yield "huge-offset.fbx", magic + struct.pack("<I", 7400) + struct.pack("<III", 0xFFFFFFF0,
                                                                          5, 100) + b"\x05Model"
    yield "huge-array.fbx", (magic + struct.pack("<I", 7400) +
                             struct.pack("<III", 200, 1, 20) + b"\x08Vertices" +
                             b"d" + struct.pack("<III", 0x7FFFFFFF, 0, 16) + b"\0" * 16)
    yield "ascii-broken.fbx", b"; FBX 7.4.0 project file\nObjects:  {\n Geometry: 1, \"x\" {\n"


def tds_files():
    yield "zero.3ds", struct.pack("<HI", 0x4D4D, 6)
    yield "huge-chunk.3ds", struct.pack("<HI", 0x4D4D, 0xFFFFFFF0) + struct.pack("<HI", 0x3D3D, 100)
    yield "huge-vertices.3ds", (struct.pack("<HI", 0x4D4D, 40) + struct.pack("<HI", 0x3D3D, 34) +
                                struct.pack("<HI", 0x4000, 28) + b"m\0" +
                                struct.pack("<HI", 0x4100, 20) + struct.pack("<HIH", 0x4110, 14,
                                                                             65535))


def data_uri(data):
    return "data:application/octet-stream;base64," + base64.b64encode(data).decode()


def gltf_files():
    base = {"asset": {"version": "2.0"}, "scenes": [{"nodes": [0]}],
            "nodes": [{"name": "part", "mesh": 0}],
            "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "indices": 1}]}],
            "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3"},
                          {"bufferView": 1, "componentType": 5123, "count": 3, "type": "SCALAR"}],
            "bufferViews": [{"buffer": 0, "byteLength": 36}, {"buffer": 0, "byteOffset": 36,
                                                              "byteLength": 6}],
            "buffers": [{"byteLength": 44, "uri": data_uri(bytes(36) + struct.pack("<4H", 0, 1, 2, 0))}]}

    def variant(name, change):
        document = json.loads(json.dumps(base))
        change(document)
        return name, json.dumps(document)

    yield variant("zero-count.gltf", lambda d: d["accessors"][0].update(count=0))
    yield variant("huge-count.gltf", lambda d: d["accessors"][0].update(count=2**31 - 1))
    yield variant("huge-offset.gltf", lambda d: d["accessors"][0].update(byteOffset=2**40))
    yield variant("index-past-end.gltf", lambda d: d["buffers"][0].update(
        uri=data_uri(bytes(36) + struct.pack("<4H", 0xFFFF, 1, 2, 0))))
    yield variant("gltf-1.gltf", lambda d: d["asset"].update(version="1.0"))
    yield variant("node-cycle.gltf", lambda d: d["nodes"].append({"children": [1]}) or
                  d["nodes"][0].update(children=[1]) or d["nodes"][1].update(children=[0]))
    yield variant("scene-nowhere.gltf", lambda d: d.update(scene=7))
    yield variant("missing-bin.gltf", lambda d: d["buffers"][0].update(uri="nowhere.bin"))
    yield variant("mesh-nowhere.gltf", lambda d: d["nodes"][0].update(mesh=99))
    yield "truncated.glb", b"glTF" + struct.pack("<II", 2, 100) + b"\0" * 8
    yield "huge-chunk.glb", b"glTF" + struct.pack("<III", 2, 40, 0xFFFFFF00) + b"JSON" + b"{}"


def blend_files():
    # Blender reads these in a child process of cinc's (the .blend conversion).
    yield "truncated.blend", b"BLENDER-v304"
    yield "bad-block.blend", b"BLENDER-v304REND" + struct.pack("<IQII", 0xFFFFFFF0, 0, 0, 1) + b"\0" * 64
    yield "bad-zstd.blend", b"\x28\xB5\x2F\xFD" + bytes(range(64)) + b"\xB1\xEA\x92\x8F"


FORMATS = {"obj": obj_files, "stl": stl_files, "ply": ply_files, "dae": dae_files,
           "fbx": fbx_files, "3ds": tds_files, "gltf/glb": gltf_files,
           "blend": blend_files}
NOISY = {"blend": 0}  # noisy copies per file (2 unless named here)


def noisy(name, data, rng):
    """The file with random bytes over its tail (a body that is nonsense)."""
    data = bytearray(data.encode() if isinstance(data, str) else data)
    keep = min(len(data), 24)
    for index in range(keep, len(data)):
        if rng.random() < 0.3:
            data[index] = rng.randrange(256)
    return "noisy-" + name, bytes(data)


class MalformedModelsTest(unittest.TestCase):
    def run_cinc(self, *args):
        start = time.monotonic()
        result = subprocess.run([CINC, *args], capture_output=True, timeout=SECONDS + 30)
        return result, time.monotonic() - start

    def check(self, folder, name, data):
        path = os.path.join(folder, name)
        with open(path, "wb") as stream:
            stream.write(data.encode() if isinstance(data, str) else data)
        result, seconds = self.run_cinc("markers", path, "--json")
        self.assertLess(seconds, SECONDS, name)
        self.assertIn(result.returncode, (0, 1), f"{name}: markers exit {result.returncode}")
        if result.returncode == 0:
            json.loads(result.stdout)  # nothing but cinc's JSON on stdout
            outcome = "read"
        else:
            self.assertEqual(result.stdout, b"", name)
            message = result.stderr.decode(errors="replace")
            self.assertRegex(message, r"\[E_MODEL_(LOAD|FORMAT)\]")
            outcome = next((kind for kind, text in OUTCOMES if text in message), "refused")
        scene = os.path.join(folder, "scene.yaml")
        with open(scene, "w") as stream:
            stream.write(f"cinc: 1\nmodels:\n  m: {{source: {name}}}\nobjects:\n"
                         "  a:\n    model: m\n    opacity: 1\n")
        result, seconds = self.run_cinc("build", scene, "--format", "glb")
        self.assertLess(seconds, SECONDS, name)
        self.assertIn(result.returncode, (0, 1), f"{name}: build exit {result.returncode}")
        if result.returncode == 1:
            self.assertRegex(result.stderr.decode(errors="replace"),
                             r"scene\.yaml:3:\d+: error: model 'm': .*\[E_MODEL_(LOAD|FORMAT)\]")
        return outcome

    def test_every_offered_format(self):
        rng = random.Random(7)
        folder = tempfile.mkdtemp(prefix="cinc-malformed-")
        counts = {}
        outcomes = {}
        try:
            for label, files in FORMATS.items():
                made = list(files())
                made += [noisy(name, data, rng) for name, data in made
                         for _ in range(NOISY.get(label, 2))]
                for name, data in made:
                    with self.subTest(file=name):
                        outcome = self.check(folder, name, data)
                        outcomes[outcome] = outcomes.get(outcome, 0) + 1
                counts[label] = len(made)
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        print("malformed files per format: " +
              ", ".join(f"{label} {count}" for label, count in counts.items()), file=sys.stderr)
        print("outcomes: " + ", ".join(f"{kind} {count}" for kind, count in sorted(outcomes.items())),
              file=sys.stderr)


if __name__ == "__main__":
    unittest.main()
