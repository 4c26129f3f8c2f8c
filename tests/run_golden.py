#!/usr/bin/env python3
"""Golden command-line tests: a scene in, the exact diagnostics or output out.

Each case is a scene file under tests/golden/ whose leading comments say what
to run and what to expect (the wren way: expectations live beside the input):

    # run: check                 the subcommand and options; the file is appended
                                 (or stands where `{}` is: `verify {} other.json`)
    # exit: 1                    the expected exit status (default: 1 when any
    #                            `expect:` names an error, else 0)
    # expect: 7:14: error: node 'a.x' references unknown node 'b' [E_TIMING_MISSING]
    # expect: includes/bad.yaml:2:1: error: ... [E_SCENE_FORMAT]   (in another file)

Every diagnostic header line cinc prints (`file:line:col: severity: message
[CODE]`, with the case's own file name stripped, another file's kept) must
match the `expect:` lines, in order, and nothing else may be reported. When `NAME.stdout` or `NAME.stderr`
sits beside the case, the whole stream must equal it.

Usage: run_golden.py CINC GOLDEN_DIR
"""
import os
import re
import subprocess
import sys

DIRECTIVE = re.compile(r"^#\s*(run|exit|expect):\s?(.*)$")


def parse_case(path):
    run, exit_status, expected = "check", None, []
    with open(path, encoding="utf-8", errors="replace") as stream:
        for line in stream:
            match = DIRECTIVE.match(line.rstrip("\n"))
            if not match:
                continue
            kind, value = match.groups()
            if kind == "run":
                run = value.strip()
            elif kind == "exit":
                exit_status = int(value)
            else:
                expected.append(value.rstrip())
    if exit_status is None:
        exit_status = 1 if any(": error: " in line for line in expected) else 0
    return run, exit_status, expected


OTHER_FILE_HEADER = re.compile(r"^[^\s:]+:\d+:\d+: (error|warning): ")


def diagnostic_headers(stderr, file_name):
    headers = []
    prefix = file_name + ":"
    for line in stderr.splitlines():
        if not re.search(r" \[[A-Z_]+\]( at /\S*)?$", line):
            continue
        if line.startswith(prefix):
            headers.append(line[len(prefix):])
        elif OTHER_FILE_HEADER.match(line):  # a file the case includes: named in full
            headers.append(line)
    return headers


def run_case(cinc, golden_dir, name):
    path = os.path.join(golden_dir, name)
    run, exit_status, expected = parse_case(path)
    words = run.split()
    if "{}" in words:
        args = [cinc] + [name if word == "{}" else word for word in words]
    else:
        args = [cinc] + words + [name]
    result = subprocess.run(args, cwd=golden_dir, capture_output=True, timeout=60)
    stdout = result.stdout.decode("utf-8", errors="replace")
    stderr = result.stderr.decode("utf-8", errors="replace")
    problems = []
    if result.returncode != exit_status:
        problems.append(f"exit {result.returncode}, expected {exit_status}")
    actual = diagnostic_headers(stderr, name)
    if actual != expected:
        problems.append("diagnostics differ:\n  expected:\n    " + "\n    ".join(expected) +
                        "\n  actual:\n    " + "\n    ".join(actual))
    stem = os.path.splitext(path)[0]
    for suffix, text in ((".stdout", stdout), (".stderr", stderr)):
        if os.path.exists(stem + suffix):
            with open(stem + suffix, encoding="utf-8") as stream:
                wanted = stream.read()
            if text != wanted:
                problems.append(f"{suffix[1:]} differs:\n--- expected\n{wanted}--- actual\n{text}")
    if problems:
        print(f"FAIL {name} ({' '.join(args[1:])})")
        for problem in problems:
            print("  " + problem.replace("\n", "\n  "))
        if stderr and not os.path.exists(stem + ".stderr"):
            print("  stderr was:\n    " + stderr.replace("\n", "\n    "))
    return not problems


def main():
    cinc, golden_dir = os.path.abspath(sys.argv[1]), sys.argv[2]
    names = sorted(n for n in os.listdir(golden_dir) if n.endswith((".yaml", ".json")))
    passed = sum(run_case(cinc, golden_dir, name) for name in names)
    failed = len(names) - passed
    print(f"golden: {passed} passed, {failed} failed")
    return 1 if failed or not names else 0


if __name__ == "__main__":
    sys.exit(main())
