#!/usr/bin/env python3
"""scripts/size-audit: the size limits, checked on made-up sources whose
findings are known, then kept on the repository itself.

    size_audit_test.py

- A function of 81 lines is reported and one of 80 is not (counted from the
  signature's first line to the closing brace); braces in comments, strings,
  character literals and raw strings do not count; a constructor with an
  initialiser list and a member function defined in its class are functions.
- A class of 31 member functions is reported, one of 30 (declarations, a
  data member and a nested struct beside them) is not.
- A file of 601 lines is reported, one of 600 is not; tests are not looked at.
- The repository has nothing over the limits.
"""
import os
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
AUDIT = os.path.join(ROOT, "scripts", "size-audit")


def function(name, lines, signature="void {name}()"):
    """A function of exactly `lines` lines, with brace-laden noise inside."""
    body = ['  const char* text = "{ not a brace";  // } nor this',
            "  char open = '{';",
            '  auto raw = R"x(} still text {)x";',
            "  /* { */"]
    body += ["  ++counter;"] * (lines - 2 - len(body))
    return "\n".join([signature.format(name=name) + " {"] + body + ["}"]) + "\n"


def cls(name, methods):
    lines = [f"class {name} {{", " public:", f"  {name}(int a) : a_(a), b_{{a}} {{}}",
             "  struct Inner { int x; void f(); };", "  int data_ = 0;"]
    lines += [f"  int Method{k}(int x) const;" for k in range(methods - 1)]
    return "\n".join(lines + [" private:", "  int a_;", "  int b_;", "};"]) + "\n"


def run(root):
    return subprocess.run([sys.executable, AUDIT, root], capture_output=True, text=True)


class SizeAuditTest(unittest.TestCase):
    def test_made_up_sources(self):
        with tempfile.TemporaryDirectory() as root:
            os.makedirs(os.path.join(root, "lib"))
            os.makedirs(os.path.join(root, "tests"))
            with open(os.path.join(root, "lib", "a.cc"), "w") as out:
                out.write("namespace cinc {\nnamespace {\nint counter = 0;\n}  // namespace\n\n")
                out.write(function("Long", 81))  # line 6
                out.write(function("Fits", 80))
                out.write(function("Build", 81, "Widget::Widget(int a)\n    : a_(a), b_{{a}}"))
                out.write("}  // namespace cinc\n")
            with open(os.path.join(root, "lib", "b.h"), "w") as out:
                out.write(cls("Crowded", 31) + cls("Full", 30))
                out.write("struct Inline {\n" + function("Member", 81).replace("\n", "\n  ") + "};\n")
            with open(os.path.join(root, "lib", "big.h"), "w") as out:
                out.write("// line\n" * 601)
            with open(os.path.join(root, "lib", "fits.h"), "w") as out:
                out.write("// line\n" * 600)
            for ignored in ("lib/big_test.cc", "tests/harness.cc"):
                with open(os.path.join(root, ignored), "w") as out:
                    out.write(function("Long", 200) + "// line\n" * 700)
            result = run(root)
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertEqual(result.stdout.splitlines(), [
            "lib/a.cc:6: function Long is 81 lines (limit 80)",
            "lib/a.cc:167: function Widget::Widget is 82 lines (limit 80)",
            "lib/b.h:1: Crowded has 31 member functions (limit 30)",
            "lib/b.h:79: function Member is 81 lines (limit 80)",
            "lib/big.h:1: file is 601 lines (limit 600)",
        ])

    def test_the_repository_keeps_the_limits(self):
        result = run(ROOT)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("none over the limits", result.stdout)


if __name__ == "__main__":
    unittest.main()
