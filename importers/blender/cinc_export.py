"""cinc's Blender exporter: the open .blend file to a GLB that cinc reads.

Run headless (docs/importers.md; cinc itself runs it this way for a .blend
model source):

    blender -b --factory-startup --disable-autoexec model.blend \
        --python-exit-code 1 --python importers/blender/cinc_export.py \
        -- --out model.glb

The active scene is exported as GLB with +Y up, empties (they are the
markers), cameras and lights (so they are never mistaken for markers),
modifiers applied and custom properties as glTF extras (`cinc_marker`);
then only empties are left to be markers (mark_blender_objects). A
scene whose unit scale is not 1 is refused: cinc models are in metres.
Errors are printed as `cinc_export: error: ...` and exit with status 1.
"""

import argparse
import json
import os
import sys

import bpy

# Options of Blender 3.4's glTF exporter (io_scene_gltf2 3.4.50,
# bpy.ops.export_scene.gltf). Blender 3.4 always exports empties; there is
# no object-type filter before 3.6. cinc_addon.py carries a copy of this
# table (tests/blender checks that they agree).
EXPORT_OPTIONS = {
    "export_format": "GLB",
    "export_yup": True,
    "export_extras": True,
    "export_cameras": True,
    "export_lights": True,
    "export_apply": True,
    "use_selection": False,
    "use_visible": False,
    "use_renderable": False,
    "use_active_collection": False,
    "use_active_scene": True,
    "will_save_settings": False,
}


class ExportError(Exception):
    """A problem the user has to fix in the .blend file."""


def check_unit_scale(scene):
    scale = scene.unit_settings.scale_length
    if abs(scale - 1.0) > 1e-9:
        raise ExportError(
            f"scene '{scene.name}' has unit scale {scale:g}, but cinc models are in metres; "
            "set Scene Properties > Units > Unit Scale to 1 and scale the model instead")


def export_glb(path):
    """Exports the active scene to `path` (a .glb); raises ExportError."""
    check_unit_scale(bpy.context.scene)
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    result = bpy.ops.export_scene.gltf(filepath=path, **EXPORT_OPTIONS)
    if "FINISHED" not in result or not os.path.isfile(path):
        raise ExportError(f"Blender's glTF exporter did not write {path} ({', '.join(result)})")
    mark_blender_objects(path, bpy.context.scene)


def mark_blender_objects(path, scene):
    """Sets `extras.cinc_marker` in the GLB at `path` so that only empties are
    markers: 0 on the node of every object that is not an empty (a mesh
    without faces, a geometry-nodes object, an area light: the glTF exporter
    writes them as bare nodes), 1 on a childless empty parented to a bone
    (which would otherwise be taken for a leaf bone). An object's own flag
    wins on an empty."""
    flags = {}
    for obj in scene.objects:
        if obj.type != "EMPTY":
            flags[obj.name] = 0
        elif obj.parent_type == "BONE" and not obj.children and "cinc_marker" not in obj:
            flags[obj.name] = 1
    with open(path, "rb") as glb:
        data = glb.read()
    json_length = int.from_bytes(data[12:16], "little")
    document = json.loads(data[20:20 + json_length])
    for node in document.get("nodes", []):
        if node.get("name") in flags:
            node.setdefault("extras", {})["cinc_marker"] = flags[node["name"]]
    text = json.dumps(document, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 4)
    rest = data[20 + json_length:]
    header = b"glTF" + (2).to_bytes(4, "little") + (20 + len(text) + len(rest)).to_bytes(4, "little")
    with open(path, "wb") as glb:
        glb.write(header + len(text).to_bytes(4, "little") + b"JSON" + text + rest)


def parse_arguments(argv):
    arguments = argv[argv.index("--") + 1:] if "--" in argv else []
    parser = argparse.ArgumentParser(prog="cinc_export.py",
                                     description="Export the open .blend file as GLB for cinc.")
    parser.add_argument("--out", required=True, help="the GLB to write")
    return parser.parse_args(arguments)


def main(argv):
    options = parse_arguments(argv)
    if not bpy.data.filepath:
        # Blender carries on with its start-up scene when it cannot read a file.
        raise ExportError("Blender could not open the .blend file (see its messages above); "
                          "the file is missing, truncated, or from a newer Blender")
    export_glb(options.out)
    print(f"cinc_export: wrote {options.out}")


if __name__ == "__main__":
    try:
        main(sys.argv)
    except ExportError as error:
        print(f"cinc_export: error: {error}", file=sys.stderr)
        sys.stderr.flush()
        sys.exit(1)
