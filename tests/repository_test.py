#!/usr/bin/env python3
"""Checks that the repository stands alone and keeps one home for each rule.

    repository_test.py

- No tracked file points outside the repository (no brief, no source
  documents, no ../ link that leaves it), and every relative link of the
  docs and READMEs names a file that exists.
- docs/language.md names every field the scene schema knows.
- Every diagnostic code is spelled in one non-test source file, the registry
  (core/diagnostic_codes.h); every other file reports a DiagnosticCode.
- sequence/ (the format) includes only core/ and itself, so the format can be
  linked alone; compiler/scene/ (the scene language) includes only core/,
  sequence/limits.h and itself.
- fit/ (the fitter) includes neither emit/ nor gltf/, and gltf/ nothing of
  emit/: both formats' writers share the fitter, neither the other.
- compiler/pipeline/ includes nothing of the command line (compiler/cli/) or
  of the views, so tests of a stage link the pipeline without them.
"""
import json
import os
import re
import subprocess
import sys
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REGISTRY = "core/diagnostic_codes.h"


def tracked_files():
    listing = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout.split("\n")
    return [path for path in listing if path and os.path.isfile(os.path.join(ROOT, path))]


def read(path):
    with open(os.path.join(ROOT, path), "rb") as stream:
        data = stream.read()
    if b"\0" in data:
        return None  # binary
    return data.decode("utf-8", errors="replace")


def is_test_file(path):
    name = os.path.basename(path)
    return (path.startswith("tests/") or name.endswith("_test.cc") or name.endswith("_test.py")
            or name.startswith("test_") or "test_util" in name or "testing" in name)


class StandsAlone(unittest.TestCase):
    OUTSIDE = re.compile(r"\.\./shared|SPEC\.md|\bSPEC (section|§)|\bseeds?/|\bseed 00[0-9]|"
                         r"issue notes?\b")

    def test_no_file_points_outside_the_repository(self):
        found = []
        for path in tracked_files():
            if path == "tests/repository_test.py":
                continue
            text = read(path)
            if text is None:
                continue
            for number, line in enumerate(text.split("\n"), 1):
                if self.OUTSIDE.search(line):
                    found.append(f"{path}:{number}: {line.strip()[:100]}")
        self.assertEqual(found, [])

    def test_relative_links_of_the_docs_resolve(self):
        link = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
        broken = []
        for path in tracked_files():
            if not path.endswith(".md"):
                continue
            folder = os.path.dirname(path)
            for target in link.findall(read(path)):
                if re.match(r"[a-z]+:", target) or target.startswith("#"):
                    continue  # a URL or an anchor in the same page
                if not re.fullmatch(r"[\w./-]+(#[\w-]+)?", target) or not re.search(r"[./]", target):
                    continue  # not a path: a formula such as [R, p](t)
                file_part = target.split("#", 1)[0]
                resolved = os.path.normpath(os.path.join(ROOT, folder, file_part))
                if not resolved.startswith(ROOT + os.sep) or not os.path.exists(resolved):
                    broken.append(f"{path}: {target}")
        self.assertEqual(broken, [])


class LanguageReference(unittest.TestCase):
    def test_language_md_names_every_schema_field(self):
        with open(os.path.join(ROOT, "schemas", "scene.schema.json")) as stream:
            schema = json.load(stream)
        fields = set()
        pending = [schema]
        while pending:
            value = pending.pop()
            if isinstance(value, dict):
                properties = value.get("properties")
                if isinstance(properties, dict):
                    fields.update(properties)
                pending.extend(value.values())
            elif isinstance(value, list):
                pending.extend(value)
        self.assertGreater(len(fields), 40)
        text = read("docs/language.md")
        missing = sorted(field for field in fields if f"`{field}`" not in text)
        self.assertEqual(missing, [], "fields of the scene schema that docs/language.md never names")


class OneHomeForEachRule(unittest.TestCase):
    CODE_LITERAL = re.compile(r'"[^"\n]*\b[EW]_[A-Z]+(?:_[A-Z]+)*\b[^"\n]*"')

    def test_diagnostic_codes_are_spelled_only_in_the_registry(self):
        found = []
        for path in tracked_files():
            if not path.endswith((".cc", ".h", ".in")) or is_test_file(path) or path == REGISTRY:
                continue
            for number, line in enumerate(read(path).split("\n"), 1):
                code = line.split("//", 1)[0]
                if self.CODE_LITERAL.search(code):
                    found.append(f"{path}:{number}: {line.strip()}")
        self.assertEqual(found, [])
        self.assertRegex(read(REGISTRY), r'X\(kSceneFormat, "E_SCENE_FORMAT"')

    def test_the_sequence_format_includes_only_core_and_itself(self):
        include = re.compile(r'#include "([^"]+)"')
        found = []
        for path in tracked_files():
            if not path.startswith("sequence/") or not path.endswith((".cc", ".h")):
                continue
            for header in include.findall(read(path)):
                if not header.startswith(("core/", "sequence/")):
                    found.append(f"{path}: {header}")
        self.assertEqual(found, [])

    def test_the_fitter_serves_both_formats_and_includes_neither(self):
        include = re.compile(r'#include "([^"]+)"')
        allowed = {"fit/": ("core/", "markers/", "sequence/limits.h", "fit/"),
                   "gltf/": ("core/", "importers/", "markers/", "fit/", "gltf/")}
        found = []
        for path in tracked_files():
            folder = path.split("/", 1)[0] + "/"
            if folder not in allowed or not path.endswith((".cc", ".h")):
                continue
            for header in include.findall(read(path)):
                if not header.startswith(allowed[folder]):
                    found.append(f"{path}: {header}")
        self.assertEqual(found, [])

    def test_the_scene_language_includes_only_core_and_the_limits(self):
        include = re.compile(r'#include "([^"]+)"')
        found = []
        for path in tracked_files():
            if not path.startswith("compiler/scene/") or not path.endswith((".cc", ".h")):
                continue
            for header in include.findall(read(path)):
                if not (header.startswith(("core/", "compiler/scene/"))
                        or header == "sequence/limits.h"):
                    found.append(f"{path}: {header}")
        self.assertEqual(found, [])

    def test_the_pipeline_includes_no_command_line_and_no_view(self):
        include = re.compile(r'#include "([^"]+)"')
        found = []
        for path in tracked_files():
            if not path.startswith("compiler/pipeline/") or not path.endswith((".cc", ".h")):
                continue
            for header in include.findall(read(path)):
                if header.startswith(("compiler/cli/", "views/")):
                    found.append(f"{path}: {header}")
        self.assertEqual(found, [])


if __name__ == "__main__":
    sys.exit(unittest.main())
