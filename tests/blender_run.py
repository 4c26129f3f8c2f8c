"""Running an example's make_models.py in the installed Blender, headless:
one home for the command line and the PATH Debian's Blender needs (it takes
its Python prefix from the first python3 on PATH)."""
import os
import subprocess


def run_make_models(blender, script, out):
    """make_models.py `script` writing into `out`/models; the finished process."""
    environment = dict(os.environ)
    environment["PATH"] = (os.path.dirname(os.path.realpath(blender)) + os.pathsep
                           + environment.get("PATH", ""))
    return subprocess.run(
        [blender, "-b", "--factory-startup", "--python-exit-code", "1", "--python", script,
         "--", "--out", out],
        capture_output=True, text=True, env=environment, timeout=600)
