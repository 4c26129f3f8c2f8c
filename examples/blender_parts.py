"""What the examples' make_models.py scripts share (runs inside Blender).

    import blender_parts   # with examples/ on sys.path
    models = blender_parts.models_folder(default=HERE)    # from `-- --out DIR`
    blender_parts.clear_file()                            # an empty file, unit scale 1
    body = blender_parts.mesh_object("body", vertices, faces, colour)
    blender_parts.add_marker(body, "SOCKET_hole", (0, 0, 0.03), (0, 0, 0))
    blender_parts.save_part(models, "body")               # body.blend, and body.glb

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


def mesh_object(name, vertices, faces, colour):
    """A mesh object of the faces (outward normals), with a base-coloured material."""
    mesh = bpy.data.meshes.new(name)
    bm = bmesh.new()
    verts = [bm.verts.new(v) for v in vertices]
    for face in faces:
        bm.faces.new([verts[i] for i in face])
    bmesh.ops.recalc_face_normals(bm, faces=bm.faces)
    bm.to_mesh(mesh)
    bm.free()
    material = bpy.data.materials.new(name)
    material.use_nodes = True
    material.node_tree.nodes["Principled BSDF"].inputs["Base Color"].default_value = colour
    material.diffuse_color = colour
    mesh.materials.append(material)
    obj = bpy.data.objects.new(name, mesh)
    bpy.context.scene.collection.objects.link(obj)
    return obj


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
