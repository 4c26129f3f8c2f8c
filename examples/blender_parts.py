"""What the examples' make_models.py scripts share (runs inside Blender).

    import blender_parts   # with examples/ on sys.path
    models = blender_parts.models_folder(default=HERE)    # from `-- --out DIR`
    blender_parts.clear_file()                            # an empty file, unit scale 1
    body = blender_parts.mesh_object("body", vertices, faces, colour)
    blender_parts.add_marker(body, "SOCKET_hole", (0, 0, 0.03), (0, 0, 0))
    blender_parts.save_part(models, "body")               # body.blend, and body.glb

Shapes: `circle` and `prism_faces` for hand-made meshes, `screw_shape` for a
pan-head screw along +Z, and `Shape`, which gathers cylinders, tubes, boxes
and loose faces, each with a material slot, for a part of several materials
(`mesh_object(name, shape.vertices, shape.faces, materials=[...],
slots=shape.slots)`, the materials made by `pbr_material`).

A marker is an empty drawn as a single arrow, parented to its part's mesh:
its Blender +Z (the arrow) points out of the hole, against the direction of
insertion, and becomes the marker's +Y in glTF.

save_part saves the current file as NAME.blend (compressed, without
Blender's backup copy) and, unless the script was given --no-glb, exports it
to NAME.glb with cinc's own exporter, importers/blender/cinc_export.py, run
exactly as cinc runs it for a .blend source (docs/importers.md).
"""

import math
import os
import subprocess
import sys

import bmesh
import bpy

EXAMPLES = os.path.dirname(os.path.abspath(__file__))
EXPORT_SCRIPT = os.path.join(os.path.dirname(EXAMPLES), "importers", "blender", "cinc_export.py")


def script_arguments():
    """The arguments after Blender's `--`."""
    return sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []


def models_folder(default):
    """DIR/models for `--out DIR` (default: `default`), created."""
    argv = script_arguments()
    folder = argv[argv.index("--out") + 1] if "--out" in argv else default
    models = os.path.join(os.path.abspath(folder), "models")
    os.makedirs(models, exist_ok=True)
    return models


def clear_file():
    """An empty file: no objects, no orphan data, unit scale 1 (cinc refuses others)."""
    bpy.ops.wm.read_factory_settings(use_empty=True)
    scene = bpy.context.scene
    scene.unit_settings.system = "METRIC"
    scene.unit_settings.scale_length = 1.0


def pbr_material(name, colour, metallic=None, roughness=None):
    """A Principled BSDF material: base colour (RGBA), and metallic and
    roughness when given (else Blender's defaults, 0 and 0.5)."""
    material = bpy.data.materials.new(name)
    material.use_nodes = True
    bsdf = material.node_tree.nodes["Principled BSDF"]
    bsdf.inputs["Base Color"].default_value = colour
    material.diffuse_color = colour
    if metallic is not None:
        bsdf.inputs["Metallic"].default_value = metallic
        material.metallic = metallic
    if roughness is not None:
        bsdf.inputs["Roughness"].default_value = roughness
        material.roughness = roughness
    return material


def mesh_object(name, vertices, faces, colour=None, materials=None, slots=None):
    """A mesh object of the faces (outward normals): with a base-coloured
    material named `name`, or with `materials`, face i using materials[slots[i]]."""
    mesh = bpy.data.meshes.new(name)
    bm = bmesh.new()
    verts = [bm.verts.new(v) for v in vertices]
    for index, face in enumerate(faces):
        made = bm.faces.new([verts[i] for i in face])
        if slots is not None:
            made.material_index = slots[index]
    bmesh.ops.recalc_face_normals(bm, faces=bm.faces)
    bm.to_mesh(mesh)
    bm.free()
    for material in materials if materials is not None else [pbr_material(name, colour)]:
        mesh.materials.append(material)
    obj = bpy.data.objects.new(name, mesh)
    bpy.context.scene.collection.objects.link(obj)
    return obj


def circle(radius, z, segments, phase=0.0):
    """`segments` points on a circle about +Z at height z, from angle `phase` (radians)."""
    return [(radius * math.cos(phase + 2 * math.pi * i / segments),
             radius * math.sin(phase + 2 * math.pi * i / segments), z) for i in range(segments)]


def prism_faces(segments, bottom, top):
    """Side quads between two rings of `segments` vertices starting at `bottom`, `top`."""
    return [(bottom + i, bottom + (i + 1) % segments, top + (i + 1) % segments, top + i)
            for i in range(segments)]


def screw_shape(shank_radius, point, seat, top, head_radius, shank=6, head=12):
    """(vertices, faces) of a pan-head screw along +Z: the tip at the origin, a
    pointed `shank`-sided shank (the point `point` long) up to the head's
    underside at z = seat, a `head`-sided head up to z = top."""
    vertices = [(0.0, 0.0, 0.0)]                                        # the tip
    vertices += circle(shank_radius, point, shank)                      # where the point ends
    vertices += circle(shank_radius, seat, shank)
    vertices += circle(head_radius, seat, head)
    vertices += circle(head_radius, top, head)
    a, b, c, d = 1, 1 + shank, 1 + 2 * shank, 1 + 2 * shank + head
    faces = [(0, a + (i + 1) % shank, a + i) for i in range(shank)]     # the point
    faces += prism_faces(shank, a, b)                                   # the shank
    faces += prism_faces(head, c, d)                                    # the head's side
    faces += [tuple(range(c, c + head)), tuple(range(d, d + head))]     # under and top of the head
    return vertices, faces


def turn_z(degrees):
    """The transform turning a point about +Z by `degrees`."""
    c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    return lambda v: (c * v[0] - s * v[1], s * v[0] + c * v[1], v[2])


class Shape:
    """A mesh gathered from pieces, each face with a material slot. Each piece
    is made about +Z and goes through `transform` (a function of a point), if given."""

    def __init__(self):
        self.vertices, self.faces, self.slots = [], [], []

    def add(self, vertices, faces, slot=0, transform=None):
        base = len(self.vertices)
        self.vertices += [transform(v) if transform else tuple(v) for v in vertices]
        self.faces += [tuple(base + i for i in face) for face in faces]
        self.slots += [slot] * len(faces)

    def cylinder(self, radius, z0, z1, segments, slot=0, transform=None):
        """A closed cylinder about +Z from z0 to z1."""
        vertices = circle(radius, z0, segments) + circle(radius, z1, segments)
        faces = prism_faces(segments, 0, segments)
        faces += [tuple(range(segments)), tuple(range(segments, 2 * segments))]
        self.add(vertices, faces, slot, transform)

    def tube(self, outer, inner, z0, z1, segments, slot=0, transform=None):
        """A ring about +Z from z0 to z1: walls at the two radii, flat ends."""
        n = segments
        vertices = (circle(outer, z0, n) + circle(outer, z1, n) +
                    circle(inner, z0, n) + circle(inner, z1, n))
        faces = prism_faces(n, 0, n) + prism_faces(n, 2 * n, 3 * n)
        faces += [(i, (i + 1) % n, 2 * n + (i + 1) % n, 2 * n + i) for i in range(n)]
        faces += [(n + i, n + (i + 1) % n, 3 * n + (i + 1) % n, 3 * n + i) for i in range(n)]
        self.add(vertices, faces, slot, transform)

    def box(self, low, high, slot=0, transform=None):
        """An axis-aligned box between the corners `low` and `high`."""
        vertices = [(x, y, z) for z in (low[2], high[2])
                    for x, y in ((low[0], low[1]), (high[0], low[1]), (high[0], high[1]),
                                 (low[0], high[1]))]
        faces = [(0, 1, 2, 3), (4, 5, 6, 7)] + prism_faces(4, 0, 4)
        self.add(vertices, faces, slot, transform)


def add_marker(parent, name, location, rotation_degrees):
    """An empty named `name` at `location`, turned by Euler XYZ degrees, under `parent`."""
    empty = bpy.data.objects.new(name, None)  # an empty: no mesh, no children
    empty.empty_display_type = "SINGLE_ARROW"
    empty.empty_display_size = 0.02
    bpy.context.scene.collection.objects.link(empty)
    empty.parent = parent  # matrix_parent_inverse stays the identity
    empty.location = location
    empty.rotation_euler = [math.radians(angle) for angle in rotation_degrees]
    return empty


def export_with_cinc_exporter(blend, glb):
    """Runs importers/blender/cinc_export.py on a saved file, as cinc does."""
    environment = dict(os.environ)
    environment["PATH"] = os.path.dirname(os.path.realpath(bpy.app.binary_path)) + os.pathsep + \
        environment.get("PATH", "")
    result = subprocess.run(
        [bpy.app.binary_path, "-b", "--factory-startup", "--disable-autoexec", blend,
         "--python-exit-code", "1", "--python", EXPORT_SCRIPT, "--", "--out", glb],
        stdin=subprocess.DEVNULL, capture_output=True, text=True, env=environment)
    if result.returncode != 0 or not os.path.isfile(glb):
        sys.stderr.write(result.stdout + result.stderr)
        raise SystemExit(f"make_models: exporting {blend} failed")


def save_part(models, name):
    """Saves the open file as models/NAME.blend and, unless --no-glb, NAME.glb."""
    blend = os.path.join(models, name + ".blend")
    bpy.ops.wm.save_as_mainfile(filepath=blend, compress=True, relative_remap=False)
    if os.path.exists(blend + "1"):  # Blender's backup of a file it overwrote
        os.remove(blend + "1")
    print(f"make_models: wrote {blend}")
    if "--no-glb" not in script_arguments():
        glb = os.path.join(models, name + ".glb")
        export_with_cinc_exporter(blend, glb)
        print(f"make_models: wrote {glb}")


def make_parts(parts, default_folder):
    """Builds each part of `parts` (name -> function that builds it in the
    empty file) into its own file: saved as NAME.blend and exported as
    NAME.glb in the models folder (--out, else default_folder)."""
    models = models_folder(default=default_folder)
    for name, build in parts.items():
        clear_file()
        build()
        save_part(models, name)
