#!/usr/bin/env python3
"""The Blender add-on's "cinc Preview" (importers/blender/cinc_addon.py), in
the real Blender, headless.

    addon_preview_test.py CINC

In `blender -b`: the add-on enabled, its "cinc scene" and "cinc executable"
preferences set, `bpy.ops.cinc.preview(open_browser=False)` starts `cinc
serve`; its URL answers 200 with the served page (build 1; 503, the page
that waits, until that build is done); asked again,
the same server is kept; after a save of the scene the page is build 2;
stop_preview() ends it with exit status 0 and the port is closed. A scene
preference left empty is an error that says so. (Opening the browser cannot
be tested headless: `webbrowser.open` is the one line left out.)
"""
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CINC = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.join(ROOT, "build", "cinc")
del sys.argv[1:]
ADDON = os.path.join(ROOT, "importers", "blender", "cinc_addon.py")
BLENDER = os.environ.get("CINC_BLENDER") or shutil.which("blender")

SCRIPT = r'''
import json, sys, time, urllib.error, urllib.request, addon_utils, bpy
sys.path.insert(0, ADDON_FOLDER)
addon_utils.enable("cinc_addon", default_set=True)
import cinc_addon
prefs = bpy.context.preferences.addons["cinc_addon"].preferences
prefs.cinc_executable = CINC
try:  # an error report is an exception when Blender runs a script
    result = {"empty": sorted(bpy.ops.cinc.preview(open_browser=False))}
except RuntimeError as error:
    result = {"empty": str(error)}
prefs.scene_path = SCENE
result["first"] = sorted(bpy.ops.cinc.preview(open_browser=False))
url = cinc_addon.PREVIEW["url"]
pid = cinc_addon.PREVIEW["process"].pid
result["url"] = url
# Until the first build is done the page waits for it (503, reloading itself).
result["waited"] = []
for _ in range(200):
    try:
        with urllib.request.urlopen(url) as answer:
            result["status"] = answer.status
            result["build1"] = b'"live":{"build":1}' in answer.read()
            break
    except urllib.error.HTTPError as error:
        result["waited"].append(error.code)
        time.sleep(0.05)
result["again"] = sorted(bpy.ops.cinc.preview(open_browser=False))
result["same"] = cinc_addon.PREVIEW["process"].pid == pid
with open(SCENE) as stream:
    text = stream.read()
with open(SCENE, "w") as stream:
    stream.write(text + "# saved\n")
result["build2"] = False
for _ in range(200):
    with urllib.request.urlopen(url) as answer:
        if b'"live":{"build":2}' in answer.read():
            result["build2"] = True
            break
    time.sleep(0.05)
result["exit"] = cinc_addon.stop_preview()
with open(RESULT, "w") as stream:
    json.dump(result, stream)
'''


class AddonPreviewTest(unittest.TestCase):
    def test_preview_starts_cinc_serve(self):
        self.assertIsNotNone(BLENDER, "Blender is needed (scripts/setup installs it)")
        folder = tempfile.mkdtemp(prefix="cinc-addon-preview-")
        try:
            scene = os.path.join(folder, "assembly.yaml")
            shutil.copy(os.path.join(ROOT, "examples", "assembly", "assembly.yaml"), scene)
            result_path = os.path.join(folder, "result.json")
            script = (f"ADDON_FOLDER = {os.path.dirname(ADDON)!r}\nCINC = {CINC!r}\n"
                      f"SCENE = {scene!r}\nRESULT = {result_path!r}\n" + SCRIPT)
            script_path = os.path.join(folder, "script.py")
            with open(script_path, "w") as stream:
                stream.write(script)
            run = subprocess.run([BLENDER, "-b", "--factory-startup", "--python-exit-code", "1",
                                  "--python", script_path], capture_output=True, text=True,
                                 timeout=300)
            self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
            with open(result_path) as stream:
                result = json.load(stream)
            self.assertEqual(result["empty"],
                             "Error: set the add-on's \"cinc scene\" preference to a scene.yaml\n")
            self.assertEqual(result["first"], ["FINISHED"])
            self.assertTrue(result["url"].startswith("http://127.0.0.1:"), result["url"])
            self.assertIn(f"cinc preview: {result['url']}", run.stdout)
            self.assertEqual(set(result["waited"]) - {503}, set())
            self.assertEqual(result["status"], 200)
            self.assertTrue(result["build1"])
            self.assertEqual(result["again"], ["FINISHED"])
            self.assertTrue(result["same"], "asked again, the same server")
            self.assertTrue(result["build2"], "the save was served")
            self.assertEqual(result["exit"], 0)
            port = int(result["url"].rsplit(":", 1)[1].strip("/"))
            with self.assertRaises(ConnectionRefusedError):
                socket.create_connection(("127.0.0.1", port), timeout=5)
        finally:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    unittest.main()
