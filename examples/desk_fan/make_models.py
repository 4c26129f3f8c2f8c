"""Builds the models of the desk fan example from code (runs in Blender).

    blender -b --factory-startup --python-exit-code 1 \
        --python examples/desk_fan/make_models.py -- [--out DIR] [--no-glb]

Writes DIR/models/{base,stand,motor,rotor,clip,grille,m4,m3}.blend
(compressed) and, unless --no-glb, exports each to DIR/models/NAME.glb with
cinc's own exporter, importers/blender/cinc_export.py, run exactly as cinc
runs it for a .blend source (docs/importers.md). DIR defaults to this
script's folder. The shapes and the export are examples/blender_parts.py's.

Every marker is an empty named SOCKET_<name> (cinc drops the prefix), parented
to its part's mesh. Its Blender +Z (the arrow) points out of the hole,
against the direction of insertion; it becomes the marker's +Y in glTF. The
coordinates below are Blender's (Z up, metres; the fan blows toward -Y);
glTF's are (x, z, -y). tests/desk_fan_test.py writes the same numbers, in
glTF space, as its expectations: change both together.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))  # examples/: blender_parts
import blender_parts  # noqa: E402
from blender_parts import Shape, turn_z  # noqa: E402

# --- Materials: (colour RGBA, metallic, roughness) -------------------------

PLASTIC_DARK = ((0.06, 0.065, 0.07, 1.0), 0.0, 0.55)     # the base
PLASTIC_GREY = ((0.62, 0.64, 0.66, 1.0), 0.0, 0.45)      # the stand
PLASTIC_WHITE = ((0.86, 0.86, 0.83, 1.0), 0.0, 0.4)      # the motor housing
PLASTIC_BLUE = ((0.12, 0.36, 0.75, 1.0), 0.0, 0.35)      # the rotor
PLASTIC_BLACK = ((0.02, 0.02, 0.02, 1.0), 0.0, 0.5)      # the clip ring
STEEL = ((0.78, 0.78, 0.80, 1.0), 1.0, 0.3)              # screws, the shaft
CHROME = ((0.95, 0.95, 0.95, 1.0), 1.0, 0.15)            # the grille

# --- The parts, Blender coordinates -----------------------------------------

# The base: a disc, radius 90 mm, 20 mm high, its origin in the middle of the
# bottom face. The stand stands on its top.
BASE_RADIUS, BASE_HEIGHT = 0.09, 0.02
BASE_MARKERS = {"stand": ((0, 0, BASE_HEIGHT), (0, 0, 0))}

# The stand: a 70 mm square flange 5 mm thick with four holes, and a column
# (radius 12 mm) up to 200 mm, where the motor sits, tilted up 10 degrees (its
# front, -Y, rises: Rx(-10)). The tilt also keeps the screws' axes off the
# vertical plane where a rotation's Euler angles have no unique yaw and roll
# (pitch 90).
STAND_FLANGE, STAND_TOP, STAND_COLUMN, TILT = 0.005, 0.2, 0.012, -10
STAND_MARKERS = {
    "foot": ((0, 0, 0), (0, 0, 0)),                    # mates with base/stand
    "top": ((0, 0, STAND_TOP), (TILT, 0, 0)),          # where the motor's mount goes
    "hole_1": ((0.025, -0.025, STAND_FLANGE), (0, 0, 0)),   # front right
    "hole_2": ((-0.025, -0.025, STAND_FLANGE), (0, 0, 0)),  # front left
    "hole_3": ((-0.025, 0.025, STAND_FLANGE), (0, 0, 0)),   # back left
    "hole_4": ((0.025, 0.025, STAND_FLANGE), (0, 0, 0)),    # back right
}

# The motor: a housing (radius 45 mm) along Y from the back (y = 0.035) to its
# front face (y = -0.04), its axis 45 mm above the mount (the origin), and a
# steel shaft (radius 4 mm) out to y = -0.075. Rx(90) turns +Z to -Y.
MOTOR_AXIS_Z, MOTOR_RADIUS, MOTOR_FACE, MOTOR_BACK, SHAFT_END = 0.045, 0.045, -0.04, 0.035, -0.075
SHAFT_RADIUS, ROTOR_GAP = 0.004, 0.005
MOTOR_MARKERS = {
    "mount": ((0, 0, 0), (0, 0, 0)),                                 # on stand/top
    "face": ((0, MOTOR_FACE, MOTOR_AXIS_Z), (90, 0, 0)),             # the grille's seat
    # on the shaft, 5 mm ahead of the face: the rotor's seat
    "shaft": ((0, MOTOR_FACE - ROTOR_GAP, MOTOR_AXIS_Z), (90, 0, 0)),
}

# The rotor, along its own +Z (the shaft): a hub (radius 16 mm) 25 mm long and
# three pitched blades out to 85 mm, centred at 30, 150 and 270 degrees.
HUB_RADIUS, HUB_LENGTH = 0.016, 0.025
BLADE_CENTRES = (30, 150, 270)
# (radius, half width in radians) from the root to the tip
BLADE_SECTIONS = ((0.014, 0.30), (0.05, 0.50), (0.085, 0.42))
BLADE_MIDDLE_Z, BLADE_RISE = 0.015, 0.007   # the blade's middle, and its edges' rise and fall
ROTOR_MARKERS = {
    "bore": ((0, 0, 0), (0, 0, 0)),                    # the hub's back: on motor/shaft
    "front": ((0, 0, HUB_LENGTH), (0, 0, 0)),          # where the clip ring goes
}

# The clip ring: 9 mm outside, 4 mm inside (the shaft), 3 mm thick.
CLIP_OUTER, CLIP_INNER, CLIP_THICKNESS = 0.009, 0.004, 0.003
CLIP_MARKERS = {
    "back": ((0, 0, 0), (0, 0, 0)),                    # on rotor/front
    "front": ((0, 0, CLIP_THICKNESS), (0, 0, 0)),
}

# The grille, along its own +Z: a rear ring with three tabs that lie on the
# motor's face (holes at radius 30 mm, 90, 210 and 330 degrees: between the
# blades), sixteen bars to a front ring 60 mm ahead, twelve front spokes, a
# middle ring and a badge.
GRILLE_RING = (0.108, 0.1)        # outer, inner radius
GRILLE_DEPTH, GRILLE_TAB = 0.06, 0.003
GRILLE_HOLE_RADIUS, GRILLE_HOLE_ANGLES = 0.03, (90, 210, 330)
BADGE_RADIUS, BADGE_FRONT = 0.022, 0.066
GRILLE_MARKERS = {"back": ((0, 0, 0), (0, 0, 0)),      # on motor/face
                  "badge": ((0, 0, BADGE_FRONT), (0, 0, 0))}
for _k, _angle in enumerate(GRILLE_HOLE_ANGLES, start=1):
    _x, _y, _ = turn_z(_angle)((GRILLE_HOLE_RADIUS, 0, 0))
    GRILLE_MARKERS[f"hole_{_k}"] = ((round(_x, 12), round(_y, 12), GRILLE_TAB), (0, 0, 0))

# Screws along +Z, pan heads: (shank radius, point, seat, top, head radius).
M4 = (0.002, 0.0015, 0.012, 0.0148, 0.0037)     # M4 x 12
M3 = (0.0015, 0.001, 0.008, 0.010, 0.0028)      # M3 x 8


def screw_markers(seat, top):
    return {"tip": ((0, 0, 0), (0, 0, 0)),
            "seat": ((0, 0, seat), (0, 0, 0)),           # the head's underside: on a hole
            "head": ((0, 0, top), (0, 0, 0))}            # the top, where a driver goes


# --- Building -------------------------------------------------------------

def make(name, shape, materials, markers):
    made = [blender_parts.pbr_material(f"{name}-{i}", colour, metallic, roughness)
            for i, (colour, metallic, roughness) in enumerate(materials)]
    obj = blender_parts.mesh_object(name, shape.vertices, shape.faces, materials=made,
                                    slots=shape.slots)
    for marker, (location, rotation) in markers.items():
        blender_parts.add_marker(obj, "SOCKET_" + marker, location, rotation)


def along_front(z_offset=0.0):
    """The motor's pieces: made about +Z, turned to -Y (Rx(90)) on its axis."""
    return lambda v: (v[0], -(v[2] + z_offset), v[1] + MOTOR_AXIS_Z)


def build_base():
    shape = Shape()
    shape.cylinder(BASE_RADIUS, 0, BASE_HEIGHT, 32)
    make("base", shape, [PLASTIC_DARK], BASE_MARKERS)


def build_stand():
    shape = Shape()
    shape.box((-0.035, -0.035, 0), (0.035, 0.035, STAND_FLANGE))
    shape.cylinder(STAND_COLUMN, STAND_FLANGE, STAND_TOP, 12)
    make("stand", shape, [PLASTIC_GREY], STAND_MARKERS)


def build_motor():
    shape = Shape()
    shape.cylinder(MOTOR_RADIUS, -MOTOR_BACK, -MOTOR_FACE, 24, transform=along_front())
    shape.cylinder(0.03, -MOTOR_BACK - 0.015, -MOTOR_BACK, 16,  # the back cap
                   transform=along_front())
    shape.box((-0.012, -0.015, 0), (0.012, 0.015, 0.008))                  # the neck on the mount
    shape.cylinder(SHAFT_RADIUS, -MOTOR_FACE, -SHAFT_END, 8, slot=1, transform=along_front())
    make("motor", shape, [PLASTIC_WHITE, STEEL], MOTOR_MARKERS)


def blade(centre_degrees):
    """A blade's vertices and faces: two quads, root to tip, pitched."""
    vertices = []
    for radius, half_width in BLADE_SECTIONS:
        for side in (-1, 1):
            x, y, _ = turn_z(centre_degrees)((radius, 0, 0))
            x, y, _ = turn_z(side * half_width * 57.29577951308232)((x, y, 0))
            vertices.append((x, y, BLADE_MIDDLE_Z + side * BLADE_RISE))
    return vertices, [(0, 2, 3, 1), (2, 4, 5, 3)]


def build_rotor():
    shape = Shape()
    shape.cylinder(HUB_RADIUS, 0, HUB_LENGTH, 12)
    for centre in BLADE_CENTRES:
        shape.add(*blade(centre))
    make("rotor", shape, [PLASTIC_BLUE], ROTOR_MARKERS)


def build_clip():
    shape = Shape()
    shape.tube(CLIP_OUTER, CLIP_INNER, 0, CLIP_THICKNESS, 12)
    make("clip", shape, [PLASTIC_BLACK], CLIP_MARKERS)


def build_grille():
    shape = Shape()
    outer, inner = GRILLE_RING
    front, bar = GRILLE_DEPTH, 0.002
    shape.tube(outer, inner, 0, GRILLE_TAB, 24)                            # the rear ring
    shape.tube(outer, inner, front, front + 0.004, 24)                     # the front ring
    shape.tube(0.062, 0.058, front, front + GRILLE_TAB, 16)                # the middle ring
    shape.cylinder(BADGE_RADIUS, front, BADGE_FRONT, 12)                   # the badge
    middle = (outer + inner) / 2
    for k in range(16):                                                    # the bars
        shape.box((middle - bar, -bar, 0), (middle + bar, bar, front), transform=turn_z(22.5 * k))
    for k in range(12):                                                    # the front spokes
        shape.box((BADGE_RADIUS, -0.0015, front), (inner, 0.0015, front + GRILLE_TAB),
                  transform=turn_z(30 * k + 15))
    for angle in GRILLE_HOLE_ANGLES:                                       # the tabs
        shape.box((0.022, -0.005, 0), (inner, 0.005, GRILLE_TAB), transform=turn_z(angle))
    make("grille", shape, [CHROME], GRILLE_MARKERS)


def build_screw(name, sizes):
    shape = Shape()
    shape.add(*blender_parts.screw_shape(*sizes, shank=8))
    make(name, shape, [STEEL], screw_markers(sizes[2], sizes[3]))


PARTS = {
    "base": build_base, "stand": build_stand, "motor": build_motor, "rotor": build_rotor,
    "clip": build_clip, "grille": build_grille,
    "m4": lambda: build_screw("m4", M4), "m3": lambda: build_screw("m3", M3),
}


if __name__ == "__main__":
    blender_parts.make_parts(PARTS, HERE)
