"""What every hostile-input test shares (issue 41, docs/security.md): cinc run
under a 1 GB address-space limit and a time limit, and the promise checked on
every run: a coded refusal (exit 1 or 2) or a success, never exit 3, a signal
or a hang."""
import os
import resource
import shutil
import subprocess
import tempfile
import unittest

CINC = ""  # set by main() from the command line
ADDRESS_SPACE = 1 << 30  # 1 GB, as the issue asks
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(*args, cwd=None, timeout=60, stdin=subprocess.DEVNULL, address_space=ADDRESS_SPACE):
    """Runs cinc with ARGS under the limits; (exit status, stdout, stderr).
    A run past `timeout` seconds raises subprocess.TimeoutExpired."""
    def limit_address_space():
        resource.setrlimit(resource.RLIMIT_AS, (address_space, address_space))

    result = subprocess.run([CINC, *args], cwd=cwd, capture_output=True, timeout=timeout,
                            stdin=stdin, preexec_fn=limit_address_space)
    return (result.returncode, result.stdout.decode(errors="replace"),
            result.stderr.decode(errors="replace"))


class HostileTest(unittest.TestCase):
    """A temporary folder per test and the checks every run must pass."""

    def setUp(self):
        self.folder = tempfile.mkdtemp(prefix="cinc-hostile-")

    def tearDown(self):
        shutil.rmtree(self.folder, ignore_errors=True)

    def path(self, name):
        return os.path.join(self.folder, name)

    def write(self, name, content):
        mode = "wb" if isinstance(content, bytes) else "w"
        with open(self.path(name), mode) as stream:
            stream.write(content)
        return self.path(name)

    def cinc(self, *args, timeout=60, expect=None):
        """Runs cinc in the folder; fails on a signal, exit 3 or an exit other
        than `expect` (when given)."""
        code, out, err = run(*args, cwd=self.folder, timeout=timeout)
        self.assertGreaterEqual(code, 0, f"cinc {' '.join(args)} died of signal {-code}: {err[-2000:]}")
        self.assertNotEqual(code, 3, f"cinc {' '.join(args)} exit 3: {err[-2000:]}")
        if expect is not None:
            self.assertEqual(code, expect, f"cinc {' '.join(args)}: {err[-2000:]}")
        return code, out, err


def main():
    import sys
    global CINC
    CINC = os.path.abspath(sys.argv.pop(1))
    unittest.main()
