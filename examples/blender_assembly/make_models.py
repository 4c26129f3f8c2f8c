"""Builds the models of the Blender assembly example from code (runs in Blender).

    blender -b --factory-startup --python-exit-code 1 \
        --python examples/blender_assembly/make_models.py -- [--out DIR] [--no-glb]

Writes DIR/models/{body,screw,washer,cover}.blend (compressed) and, unless
--no-glb, exports each to DIR/models/NAME.glb with cinc's own exporter,
importers/blender/cinc_export.py, run exactly as cinc runs it for a .blend
source (docs/importers.md). DIR defaults to this script's folder.

Every marker is an empty named SOCKET_<name> (cinc drops the prefix), parented
to its part's mesh, drawn as a single arrow. Its Blender +Z (the arrow) points
out of the hole, against the direction of insertion; it becomes the marker's
+Y in glTF. The coordinates below are Blender's (Z up, metres); glTF's are
(x, z, -y). tests/blender_example_test.py writes the same numbers, in glTF
space, as its expectations: change both together.
"""

import os
import sys


HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))  # examples/: blender_parts
import blender_parts  # noqa: E402

# --- The parts: meshes (low-poly) and markers, Blender coordinates ---------

# The body: a box 0.2 (x) by 0.15 (y) by 0.08 (z), its origin at the middle
# of the bottom face, with its top +Y edge chamfered at 45 degrees.
BODY_PROFILE_YZ = [(-0.075, 0.0), (0.075, 0.0), (0.075, 0.06), (0.055, 0.08), (-0.075, 0.08)]
BODY_HALF_X = 0.1
# name: (location, rotation (degrees, Euler XYZ))
BODY_MARKERS = {
    "hole_1": ((0.075, -0.05, 0.08), (0, 0, 0)),     # top face, front right
    "hole_2": ((-0.075, -0.05, 0.08), (0, 0, 0)),    # top face, front left
    "hole_3": ((0.1, 0.0, 0.04), (0, 90, 0)),        # +X side face: the arrow points +X
    "hole_4": ((0.0, 0.065, 0.07), (-45, 0, 0)),     # the chamfer: the arrow points (0, 1, 1)/sqrt 2
    "cover": ((-0.1, 0.0, 0.04), (0, -90, 0)),       # -X side face, where the cover sits
}

# A screw along +Z: a pointed hexagonal shank from the tip at the origin up
# to the head's underside at z = 0.02, a 12-sided head up to z = 0.025.
SCREW_SHANK_RADIUS = 0.003
SCREW_SEAT = 0.02
SCREW_TOP = 0.025
SCREW_HEAD_RADIUS = 0.0055
SCREW_MARKERS = {
    "tip": ((0, 0, 0), (0, 0, 0)),
    "seat": ((0, 0, SCREW_SEAT), (0, 0, 0)),          # the head's underside: mates with a hole
    "head": ((0, 0, SCREW_TOP), (0, 0, 0)),           # the top, where a driver goes
}

# A flat washer, 12 segments, 2 mm thick.
WASHER_OUTER, WASHER_INNER, WASHER_THICKNESS = 0.008, 0.0034, 0.002
WASHER_MARKERS = {
    "bottom": ((0, 0, 0), (0, 0, 0)),
    "top": ((0, 0, WASHER_THICKNESS), (0, 0, 0)),     # mates with a screw's seat
}

# A side cover plate 0.05 (x) by 0.1 (y) by 0.006 (z), its origin at its centre.
COVER_HALF = (0.025, 0.05, 0.003)
COVER_MARKERS = {
    "back": ((0, 0, -0.003), (0, 0, 0)),              # the face on the body: mates with body/cover
}

COLOURS = {
    "body": (0.25, 0.32, 0.40, 1.0),
    "screw": (0.55, 0.56, 0.58, 1.0),
    "washer": (0.80, 0.78, 0.70, 1.0),
    "cover": (0.85, 0.45, 0.10, 1.0),
}


# --- Building -------------------------------------------------------------

def mesh_object(name, vertices, faces):
    return blender_parts.mesh_object(name, vertices, faces, COLOURS[name])


def add_markers(parent, markers):
    for name, (location, rotation) in markers.items():
        blender_parts.add_marker(parent, "SOCKET_" + name, location, rotation)


circle, prism_faces = blender_parts.circle, blender_parts.prism_faces


def build_body():
    n = len(BODY_PROFILE_YZ)
    vertices = [(-BODY_HALF_X, y, z) for y, z in BODY_PROFILE_YZ]
    vertices += [(BODY_HALF_X, y, z) for y, z in BODY_PROFILE_YZ]
    faces = [tuple(range(n)), tuple(range(n, 2 * n))] + prism_faces(n, 0, n)
    body = mesh_object("body", vertices, faces)
    add_markers(body, BODY_MARKERS)


def build_screw():
    vertices, faces = blender_parts.screw_shape(SCREW_SHANK_RADIUS, 0.004, SCREW_SEAT, SCREW_TOP,
                                                SCREW_HEAD_RADIUS)
    screw = mesh_object("screw", vertices, faces)
    add_markers(screw, SCREW_MARKERS)


def build_washer():
    n = 12
    vertices = (circle(WASHER_OUTER, 0, n) + circle(WASHER_OUTER, WASHER_THICKNESS, n) +
                circle(WASHER_INNER, 0, n) + circle(WASHER_INNER, WASHER_THICKNESS, n))
    faces = prism_faces(n, 0, n) + prism_faces(n, 2 * n, 3 * n)         # outer and inner walls
    faces += [(i, (i + 1) % n, 2 * n + (i + 1) % n, 2 * n + i) for i in range(n)]  # bottom
    faces += [(n + i, n + (i + 1) % n, 3 * n + (i + 1) % n, 3 * n + i) for i in range(n)]  # top
    washer = mesh_object("washer", vertices, faces)
    add_markers(washer, WASHER_MARKERS)


def build_cover():
    x, y, z = COVER_HALF
    vertices = [(sx * x, sy * y, sz * z) for sz in (-1, 1) for sx, sy in
                ((-1, -1), (1, -1), (1, 1), (-1, 1))]
    faces = [(0, 1, 2, 3), (4, 5, 6, 7)] + prism_faces(4, 0, 4)
    cover = mesh_object("cover", vertices, faces)
    add_markers(cover, COVER_MARKERS)


PARTS = {"body": build_body, "screw": build_screw, "washer": build_washer, "cover": build_cover}


if __name__ == "__main__":
    blender_parts.make_parts(PARTS, HERE)
