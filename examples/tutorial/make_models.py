"""Makes the parts of the tutorial (docs/tutorial.md) in Blender, from code.

    blender -b --factory-startup --python-exit-code 1 \
        --python examples/tutorial/make_models.py -- [--out DIR] [--no-glb]

Writes DIR/models/{base,bracket,screw}.blend and, unless --no-glb, exports
each to DIR/models/NAME.glb with cinc's exporter,
importers/blender/cinc_export.py, run the way cinc runs it for a .blend
source. DIR defaults to this script's folder.

Each part is a low-poly mesh with its origin where it makes sense, and an
empty per marker, parented to the mesh and drawn as a single arrow. The
arrow (the empty's Blender +Z, which becomes the marker's +Y in glTF) points
out of the hole, against the direction of insertion; a part's own mate
marker points the same way as the hole it goes into. Some markers are named
SOCKET_<name> (cinc drops the prefix), others plainly: both work.
Coordinates are Blender's (Z up, metres); glTF's are (x, z, -y).
"""

import math
import os
import sys


HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))  # examples/: blender_parts
import blender_parts  # noqa: E402

# name: (empty's name, location, rotation in degrees (Euler XYZ))
PARTS = {
    # A block 0.12 x 0.08 x 0.03, its origin in the middle of the bottom face.
    "base": {
        "box": ((-0.06, -0.04, 0.0), (0.06, 0.04, 0.03)),
        "colour": (0.25, 0.32, 0.40, 1.0),
        "markers": [
            ("SOCKET_mount", (0.0, 0.0, 0.03), (0, 0, 0)),    # top face: the arrow points up
            ("SOCKET_side", (0.06, 0.0, 0.015), (0, 90, 0)),  # +X face: the arrow points +X
        ],
    },
    # A plate 0.06 x 0.05 x 0.006, its origin at its centre.
    "bracket": {
        "box": ((-0.03, -0.025, -0.003), (0.03, 0.025, 0.003)),
        "colour": (0.85, 0.45, 0.10, 1.0),
        "markers": [
            ("bottom", (0.0, 0.0, -0.003), (0, 0, 0)),        # meets base/mount: points up too
            ("hole", (0.015, 0.0, 0.003), (0, 0, 0)),         # a hole in the top face
        ],
    },
    # A screw along +Z: the tip at the origin, the head's underside 12 mm up.
    "screw": {
        "colour": (0.55, 0.56, 0.58, 1.0),
        "markers": [
            ("SOCKET_tip", (0.0, 0.0, 0.0), (0, 0, 0)),
            ("SOCKET_seat", (0.0, 0.0, 0.012), (0, 0, 0)),    # under the head: meets a hole
        ],
    },
}
SCREW_SHANK, SCREW_HEAD, SCREW_SEAT, SCREW_TOP = 0.002, 0.004, 0.012, 0.015


def box_mesh(low, high):
    vertices = [(x, y, z) for z in (low[2], high[2])
                for x, y in ((low[0], low[1]), (high[0], low[1]), (high[0], high[1]),
                             (low[0], high[1]))]
    faces = [(0, 3, 2, 1), (4, 5, 6, 7)] + [(i, (i + 1) % 4, 4 + (i + 1) % 4, 4 + i)
                                            for i in range(4)]
    return vertices, faces


def ring(radius, z, n):
    return [(radius * math.cos(2 * math.pi * i / n), radius * math.sin(2 * math.pi * i / n), z)
            for i in range(n)]


def screw_mesh():
    n = 8
    vertices = [(0.0, 0.0, 0.0)] + ring(SCREW_SHANK, 0.003, n) + ring(SCREW_SHANK, SCREW_SEAT, n)
    vertices += ring(SCREW_HEAD, SCREW_SEAT, n) + ring(SCREW_HEAD, SCREW_TOP, n)
    a, b, c, d = 1, 1 + n, 1 + 2 * n, 1 + 3 * n
    faces = [(0, a + (i + 1) % n, a + i) for i in range(n)]                      # the point
    for bottom, top in ((a, b), (c, d)):                                         # shank, head
        faces += [(bottom + i, bottom + (i + 1) % n, top + (i + 1) % n, top + i) for i in range(n)]
    faces += [tuple(range(c, c + n)), tuple(range(d, d + n))]
    return vertices, faces


def make_part(name, part):
    blender_parts.clear_file()
    vertices, faces = box_mesh(*part["box"]) if "box" in part else screw_mesh()
    body = blender_parts.mesh_object(name, vertices, faces, part["colour"])
    for marker, location, rotation in part["markers"]:
        blender_parts.add_marker(body, marker, location, rotation)


def main():
    models = blender_parts.models_folder(default=HERE)
    for name, part in PARTS.items():
        make_part(name, part)
        blender_parts.save_part(models, name)


if __name__ == "__main__":
    main()
