"""Builds the .blend test models for blender_markers_test.py (runs in Blender).

    blender -b --factory-startup --python tests/blender/make_models.py -- --out DIR

Writes DIR/awkward.blend (empties in awkward places), DIR/awkward.expected.json
(Blender's own matrix_world of every empty that should be a marker, turned
into glTF's +Y up and polar-decomposed with numpy's SVD — an independent
method from cinc's Newton iteration), DIR/awkward.gltf, DIR/awkward.fbx and
DIR/awkward.dae (Blender's own exporters), DIR/kinds.blend (objects that are
no empties and leave nothing a reader sees, beside nested empties) with its
.expected.json, .fbx and .dae, and DIR/unit_scale.blend (unit scale 0.01).
"""

import json
import math
import os
import sys

import bpy
import numpy
from mathutils import Euler, Matrix

# Blender Z-up -> glTF Y-up: (x, y, z) -> (x, z, -y).
Z_UP_TO_Y_UP = numpy.array([[1, 0, 0], [0, 0, 1], [0, -1, 0]], dtype=float)


def clear_scene():
    for obj in list(bpy.data.objects):
        bpy.data.objects.remove(obj, do_unlink=True)


def add_mesh(name, location, rotation_degrees=(0, 0, 0), scale=(1, 1, 1)):
    mesh = bpy.data.meshes.new(name + "_mesh")
    mesh.from_pydata([(0, 0, 0), (1, 0, 0), (0, 1, 0)], [], [(0, 1, 2)])
    obj = bpy.data.objects.new(name, mesh)
    bpy.context.scene.collection.objects.link(obj)
    place(obj, location, rotation_degrees, scale)
    return obj


def add_empty(name, location, rotation_degrees=(0, 0, 0), parent=None, scale=(1, 1, 1),
              marker=None):
    obj = bpy.data.objects.new(name, None)
    obj.empty_display_type = "SINGLE_ARROW"
    bpy.context.scene.collection.objects.link(obj)
    if parent is not None:
        obj.parent = parent  # matrix_parent_inverse stays the identity
    place(obj, location, rotation_degrees, scale)
    if marker is not None:
        obj["cinc_marker"] = 1 if marker else 0
    return obj


def place(obj, location, rotation_degrees, scale):
    obj.location = location
    obj.rotation_euler = Euler([math.radians(a) for a in rotation_degrees], "XYZ")
    obj.scale = scale


def polar_rotation(matrix3):
    u, _, vt = numpy.linalg.svd(matrix3)
    rotation = u @ vt
    if numpy.linalg.det(rotation) < 0:
        raise ValueError("the test models must not mirror")
    return rotation


def quaternion_xyzw(rotation):
    quaternion = Matrix(rotation.tolist()).to_quaternion()
    if quaternion.w < 0:
        quaternion.negate()
    return [quaternion.x, quaternion.y, quaternion.z, quaternion.w]


def expected_marker(obj):
    world = numpy.array(obj.matrix_world, dtype=float)
    position = Z_UP_TO_Y_UP @ world[:3, 3]
    rotation = Z_UP_TO_Y_UP @ polar_rotation(world[:3, :3]) @ Z_UP_TO_Y_UP.T
    name = obj.name[len("SOCKET_"):] if obj.name.startswith("SOCKET_") else obj.name
    return {"name": name, "position": list(position), "quaternion": quaternion_xyzw(rotation)}


def build_awkward(folder):
    clear_scene()
    body = add_mesh("body_LOD0", (1, 2, 3), (30, 45, 60), (1, 2, 0.5))
    add_mesh("body_LOD1", (5, 0, 0))
    markers = []
    # Under a rotated mesh with non-uniform scale: the world matrix shears.
    markers.append(add_empty("SOCKET_hole.001", (0.5, 0, 0.25), (10, 0, 90), parent=body))
    markers.append(add_empty("hole.002", (0, 0.3, 0), (0, -35, 0), parent=body,
                             scale=(3, 3, 3)))
    pivot = add_empty("pivot", (0, 0, 1), (0, 0, 45))  # has children: not a marker
    markers.append(add_empty("pivot.child", (1, 0, 0), (90, 0, 0), parent=pivot))
    group = add_empty("nested.group", (0, 2, 0), (0, 30, 0), parent=pivot)
    markers.append(add_empty("deep", (0.1, 0.2, 0.3), (15, 25, 35), parent=group))
    flagged = add_empty("flagged_parent", (-1, -1, 0), (0, 0, -120), marker=True)
    markers.append(flagged)
    add_empty("flagged_out", (0, 0, 1), parent=flagged, marker=False)
    markers.append(add_empty("SOCKET_top", (0, 0, 2), (180, 0, 0)))

    camera = bpy.data.objects.new("cam", bpy.data.cameras.new("cam"))
    bpy.context.scene.collection.objects.link(camera)
    place(camera, (0, -5, 1), (80, 0, 0), (1, 1, 1))
    markers.append(add_empty("on_camera", (0, 0.1, -0.5), (5, 10, 15), parent=camera))
    light = bpy.data.objects.new("lamp", bpy.data.lights.new("lamp", "POINT"))
    bpy.context.scene.collection.objects.link(light)
    place(light, (2, 2, 2), (0, 0, 0), (1, 1, 1))

    bpy.context.view_layer.update()
    expected = {
        "markers": [expected_marker(obj) for obj in markers],
        "lods": [{"name": "body", "levels": ["body_LOD0", "body_LOD1"]}],
        "not_markers": ["pivot", "nested.group", "flagged_out", "cam", "lamp", "body_LOD0",
                        "body_LOD1"],
    }
    with open(os.path.join(folder, "awkward.expected.json"), "w") as out:
        json.dump(expected, out, indent=2)
    bpy.ops.wm.save_as_mainfile(filepath=os.path.join(folder, "awkward.blend"))
    bpy.ops.export_scene.gltf(filepath=os.path.join(folder, "awkward.gltf"),
                              export_format="GLTF_EMBEDDED", export_extras=True,
                              export_yup=True, export_cameras=True, export_lights=True)
    bpy.ops.export_scene.fbx(filepath=os.path.join(folder, "awkward.fbx"),
                             use_custom_props=True)
    bpy.ops.wm.collada_export(filepath=os.path.join(folder, "awkward.dae"))


def add_geometry_nodes_points(name):
    """A mesh object whose geometry-nodes modifier makes it three points:
    evaluated, it has no faces."""
    obj = add_mesh(name, (0, 0, 0))
    tree = bpy.data.node_groups.new(name + "_nodes", "GeometryNodeTree")
    tree.outputs.new("NodeSocketGeometry", "Geometry")
    points = tree.nodes.new("GeometryNodePoints")
    tree.links.new(points.outputs[0], tree.nodes.new("NodeGroupOutput").inputs[0])
    obj.modifiers.new("points", "NODES").node_group = tree
    return obj


def add_rig(name):
    """An armature of two bones, `upper` and its child `lower`, skinning a
    mesh with `upper` only: `lower` is a leaf bone without weights."""
    rig = bpy.data.objects.new(name, bpy.data.armatures.new(name))
    bpy.context.scene.collection.objects.link(rig)
    bpy.context.view_layer.objects.active = rig
    bpy.ops.object.mode_set(mode="EDIT")
    upper = rig.data.edit_bones.new("upper")
    upper.head, upper.tail = (0, 0, 0), (0, 0, 1)
    lower = rig.data.edit_bones.new("lower")
    lower.head, lower.tail, lower.parent = (0, 0, 1), (0, 0, 2), upper
    bpy.ops.object.mode_set(mode="OBJECT")
    skinned = add_mesh("skinned", (0, 0, 0))
    skinned.parent = rig
    skinned.modifiers.new("rig", "ARMATURE").object = rig
    skinned.vertex_groups.new(name="upper").add([0, 1, 2], 1.0, "REPLACE")
    return rig


def build_kinds(folder):
    """Objects that are not empties but have nothing a glTF or Assimp reader
    sees (a mesh without faces, a geometry-nodes object, an area light, a
    leaf bone), beside nested empties; exported by each of Blender's
    exporters."""
    clear_scene()
    body = add_mesh("body", (0, 0, 0))
    markers = [add_empty("hole", (0.2, 0.3, 0.4), (10, 20, 30), parent=body)]
    bracket = add_empty("bracket", (1, 0, 0), (0, 0, 30))
    nut = add_empty("nut", (0, 1, 0), (90, 0, 0), parent=bracket)
    markers.append(add_empty("washer", (0, 0, 0.5), (0, 45, 0), parent=nut))
    panel = bpy.data.objects.new("panel", bpy.data.lights.new("panel", "AREA"))
    bpy.context.scene.collection.objects.link(panel)
    wire_mesh = bpy.data.meshes.new("wire_mesh")
    wire_mesh.from_pydata([(0, 0, 0), (1, 0, 0)], [(0, 1)], [])
    bpy.context.scene.collection.objects.link(bpy.data.objects.new("wire", wire_mesh))
    add_geometry_nodes_points("points")
    camera = bpy.data.objects.new("cam", bpy.data.cameras.new("cam"))
    bpy.context.scene.collection.objects.link(camera)
    lamp = bpy.data.objects.new("lamp", bpy.data.lights.new("lamp", "POINT"))
    bpy.context.scene.collection.objects.link(lamp)
    add_rig("rig")
    bpy.context.view_layer.update()
    expected = {
        "markers": [expected_marker(obj) for obj in markers],
        "lods": [],
        "not_markers": ["body", "bracket", "nut", "panel", "wire", "points", "cam", "lamp",
                        "rig", "upper", "lower", "lower_end", "skinned"],
    }
    with open(os.path.join(folder, "kinds.expected.json"), "w") as out:
        json.dump(expected, out, indent=2)
    bpy.ops.wm.save_as_mainfile(filepath=os.path.join(folder, "kinds.blend"))
    bpy.ops.export_scene.fbx(filepath=os.path.join(folder, "kinds.fbx"), use_custom_props=True)
    bpy.ops.wm.collada_export(filepath=os.path.join(folder, "kinds.dae"))


def build_unit_scale(folder):
    clear_scene()
    bpy.context.scene.unit_settings.scale_length = 0.01
    add_empty("hole", (1, 0, 0))
    bpy.ops.wm.save_as_mainfile(filepath=os.path.join(folder, "unit_scale.blend"))


def main():
    argv = sys.argv[sys.argv.index("--") + 1:]
    folder = argv[argv.index("--out") + 1]
    os.makedirs(folder, exist_ok=True)
    build_awkward(folder)
    build_kinds(folder)
    build_unit_scale(folder)


if __name__ == "__main__":
    main()
