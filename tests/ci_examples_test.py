#!/usr/bin/env python3
"""The CI integrations under examples/ci/ and the pre-commit hook, run for real.

    ci_examples_test.py CINC

The GitHub Actions workflow's "Check the scenes" step runs, as GitHub runs
it (bash -e), in a git repository holding a copy of cinc's examples: it
passes and writes one SARIF log per scene; with a broken scene added it
fails and that scene's log carries the error. The pre-commit hook's entry
runs on scenes, a file that is no scene and a broken scene.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CINC = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.join(ROOT, "build", "cinc")
del sys.argv[1:]

BROKEN = """cinc: 1
objects:
  box:
    nodes:
      - {id: in, after: nothing, duration: 1, opacity: 1}
"""


def environment():
    env = dict(os.environ)
    env["PATH"] = os.path.dirname(CINC) + os.pathsep + env.get("PATH", "")
    return env


class CiExamplesTest(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp(prefix="cinc-ci-")
        self.repository = os.path.join(self.folder, "scenes")
        shutil.copytree(os.path.join(ROOT, "examples"), os.path.join(self.repository, "examples"),
                        ignore=shutil.ignore_patterns("*.sequence.json", "*.glb.tmp*"))
        # The workflow's second checkout: cinc's source at .cinc.
        os.makedirs(os.path.join(self.repository, ".cinc", "scripts"))
        shutil.copy(os.path.join(ROOT, "scripts", "check-scenes"),
                    os.path.join(self.repository, ".cinc", "scripts", "check-scenes"))
        with open(os.path.join(self.repository, "notes.yaml"), "w") as notes:
            notes.write("title: not a scene\nitems: [1, 2]\n")
        self.git("init", "-q")
        self.git("add", "examples", "notes.yaml")

    def tearDown(self):
        shutil.rmtree(self.folder, ignore_errors=True)

    def git(self, *arguments):
        subprocess.run(["git", *arguments], cwd=self.repository, check=True, env=environment())

    def check_step(self):
        with open(os.path.join(ROOT, "examples", "ci", "github-actions.yml")) as stream:
            workflow = yaml.safe_load(stream)
        steps = workflow["jobs"]["check-scenes"]["steps"]
        [step] = [s for s in steps if s.get("name") == "Check the scenes"]
        self.assertTrue(any(s.get("uses", "").startswith("github/codeql-action/upload-sarif")
                            and s["with"]["sarif_file"] == "sarif" for s in steps))
        return step["run"]

    def run_step(self):
        # GitHub runs a `run:` step with `bash -e {0}`.
        script = os.path.join(self.folder, "step.sh")
        with open(script, "w") as stream:
            stream.write(self.check_step())
        return subprocess.run(["bash", "-e", script], cwd=self.repository, capture_output=True,
                              text=True, env=environment(), timeout=600)

    def sarif_logs(self):
        folder = os.path.join(self.repository, "sarif")
        logs = {}
        for name in sorted(os.listdir(folder)):
            with open(os.path.join(folder, name)) as stream:
                logs[name] = json.load(stream)
        return logs

    def scenes(self):
        listed = subprocess.run(["git", "ls-files", "*.yaml"], cwd=self.repository,
                                capture_output=True, text=True, check=True).stdout.split()
        scenes = []
        for path in listed:
            with open(os.path.join(self.repository, path)) as stream:
                if re.search(r"^cinc:", stream.read(), re.M):
                    scenes.append(path)
        return scenes

    def test_workflow_step_passes_on_the_examples_and_fails_on_a_broken_scene(self):
        result = self.run_step()
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        logs = self.sarif_logs()
        expected = sorted(re.sub(r"[^A-Za-z0-9_-]", "_", path) + ".sarif"
                          for path in self.scenes())
        self.assertEqual(sorted(logs), expected)  # one per scene, none for notes.yaml
        for name, log in logs.items():
            self.assertEqual(log["version"], "2.1.0", name)
            self.assertEqual(log["runs"][0]["tool"]["driver"]["name"], "cinc", name)
            self.assertEqual(log["runs"][0]["results"], [], name)

        with open(os.path.join(self.repository, "broken.yaml"), "w") as stream:
            stream.write(BROKEN)
        self.git("add", "broken.yaml")
        result = self.run_step()
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        [result_entry] = self.sarif_logs()["broken_yaml.sarif"]["runs"][0]["results"]
        self.assertEqual(result_entry["ruleId"], "E_TIMING_MISSING")
        self.assertEqual(result_entry["locations"][0]["physicalLocation"]["region"],
                         {"startLine": 5, "startColumn": 25})

    def test_workflow_step_takes_hostile_file_names_as_names(self):
        # A pull request's file names: spaces, a command substitution, a glob,
        # a newline, a leading dash. Each is one scene; nothing runs.
        names = ["a b $(touch PWNED).yaml", "* [x].yaml", "new\nline.yaml", "-o x.yaml"]
        for name in names:
            with open(os.path.join(self.repository, name), "w") as stream:
                stream.write(BROKEN)
        self.git("add", "--", *names)
        result = self.run_step()
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        logs = self.sarif_logs()
        for name in names:
            log = re.sub(r"[^A-Za-z0-9_-]", "_", name) + ".sarif"
            [entry] = logs[log]["runs"][0]["results"]
            self.assertEqual(entry["ruleId"], "E_TIMING_MISSING", name)
        self.assertFalse(os.path.exists(os.path.join(self.repository, "PWNED")))
        self.assertFalse(os.path.exists(os.path.join(self.repository, "x.yaml")))

    def test_pre_commit_hook(self):
        with open(os.path.join(ROOT, ".pre-commit-hooks.yaml")) as stream:
            [hook] = yaml.safe_load(stream)
        self.assertEqual(hook["id"], "cinc-check")
        self.assertEqual(hook["language"], "script")
        entry = os.path.join(ROOT, hook["entry"])
        self.assertTrue(os.access(entry, os.X_OK), entry)
        for name in ("a.yaml", "b.yml", "c.json"):
            self.assertTrue(re.search(hook["files"], name), name)
        self.assertFalse(re.search(hook["files"], "d.glb"))
        scenes = [os.path.join(self.repository, path) for path in self.scenes()]
        notes = os.path.join(self.repository, "notes.yaml")
        # pre-commit runs the entry with the staged files as arguments.
        result = subprocess.run([entry, *scenes, notes], capture_output=True, text=True,
                                env=environment(), timeout=600)
        self.assertEqual((result.returncode, result.stdout, result.stderr), (0, "", ""))
        broken = os.path.join(self.repository, "broken.yaml")
        with open(broken, "w") as stream:
            stream.write(BROKEN)
        result = subprocess.run([entry, notes, broken, scenes[0]], capture_output=True, text=True,
                                env=environment(), timeout=600)
        self.assertEqual(result.returncode, 1)
        self.assertEqual(result.stderr,
                         f"{broken}:5:25: error: node 'box.in' references unknown node "
                         "'box.nothing' [E_TIMING_MISSING]\n"
                         "      - {id: in, after: nothing, duration: 1, opacity: 1}\n"
                         "                        ^\n")


if __name__ == "__main__":
    unittest.main(verbosity=2)
