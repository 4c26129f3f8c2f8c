"""cinc export hook: re-exports the .blend file as GLB on every save, and
previews the cinc scene in the browser.

Install: Edit > Preferences > Add-ons > Install... and pick this file (it is
self-contained), then enable "Import-Export: cinc export hook". After each
save, the active scene is exported beside the .blend file (`model.blend` ->
`model.glb`, or to the folder set in the preferences) with the same options
as importers/blender/cinc_export.py. If a scene file is set in the
preferences, `cinc build SCENE` runs afterwards (in the background; its
output goes to Blender's console).

File > cinc Preview (the operator `cinc.preview`) starts `cinc serve SCENE`
for that scene file and opens its page in the web browser; the page follows
every save (of the .blend, through the exported GLB, and of the scene). It
runs until Blender quits or the add-on is disabled; choosing it again opens
the same page again (or starts a new server for another scene).

A scene whose unit scale is not 1 is not exported (cinc models are in
metres); the reason is printed to the console and shown in the status bar.

File > Import > cinc animation (.yaml) builds a scene with `cinc build
--format glb --for blender` (keys Blender's glTF importer plays within the
scene's tolerance, docs/gltf.md) and imports it at the scene's frame rate,
its frame range set to the animation's.
"""

import atexit
import json
import math
import os
import shutil
import subprocess
import tempfile
import threading
import webbrowser

import bpy
from bpy.app.handlers import persistent

bl_info = {
    "name": "cinc export hook",
    "author": "cinc",
    "version": (1, 0, 0),
    "blender": (3, 4, 0),
    "location": "File > Save (automatic); File > Import > cinc animation; File > cinc Preview",
    "description": "Exports a GLB for cinc beside the .blend file on every save, "
                   "optionally running `cinc build`; imports a cinc scene's animation; "
                   "previews the scene with `cinc serve`",
    "category": "Import-Export",
}

# A copy of cinc_export.py's EXPORT_OPTIONS (tests/blender checks that the
# two agree): the add-on is installed as one file, so it cannot import it.
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


# A copy of cinc_export.py's (tests/blender checks that the two agree).
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


class CincExportPreferences(bpy.types.AddonPreferences):
    bl_idname = __name__

    output_folder: bpy.props.StringProperty(
        name="Output folder",
        description="Where the GLB is written; empty: beside the .blend file",
        subtype="DIR_PATH",
        default="")
    scene_path: bpy.props.StringProperty(
        name="cinc scene",
        description="A scene.yaml to build with `cinc build` after each export; empty: none",
        subtype="FILE_PATH",
        default="")
    cinc_executable: bpy.props.StringProperty(
        name="cinc executable",
        description="The cinc command (a name on PATH or a full path)",
        subtype="FILE_PATH",
        default="cinc")

    def draw(self, context):
        layout = self.layout
        layout.prop(self, "output_folder")
        layout.prop(self, "scene_path")
        layout.prop(self, "cinc_executable")


def preferences():
    addon = bpy.context.preferences.addons.get(__name__)
    return addon.preferences if addon is not None else None


def output_path(blend_path, prefs):
    stem = os.path.splitext(os.path.basename(blend_path))[0]
    folder = bpy.path.abspath(prefs.output_folder) if prefs and prefs.output_folder else ""
    return os.path.join(folder or os.path.dirname(blend_path), stem + ".glb")


def report(message):
    print(f"cinc export hook: {message}")
    if bpy.app.background:
        return
    try:
        bpy.context.workspace.status_text_set(f"cinc: {message}")
    except (AttributeError, RuntimeError):
        pass  # no workspace in this context: the console line is enough


def run_cinc_build(prefs):
    if prefs is None or not prefs.scene_path:
        return
    scene = bpy.path.abspath(prefs.scene_path)
    command = [prefs.cinc_executable or "cinc", "build", scene]
    try:
        # Not waited for: a build must not freeze Blender's UI after a save.
        subprocess.Popen(command, cwd=os.path.dirname(scene) or None)
        print(f"cinc export hook: started {' '.join(command)}")
    except OSError as error:
        report(f"cannot run {command[0]}: {error}")


@persistent
def export_after_save(_dummy=None):
    blend_path = bpy.data.filepath
    if not blend_path:
        return
    scene = bpy.context.scene
    scale = scene.unit_settings.scale_length
    if abs(scale - 1.0) > 1e-9:
        report(f"not exported: scene '{scene.name}' has unit scale {scale:g}; "
               "cinc models are in metres, set Units > Unit Scale to 1")
        return
    prefs = preferences()
    path = output_path(blend_path, prefs)
    try:
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        result = bpy.ops.export_scene.gltf(filepath=path, **EXPORT_OPTIONS)
    except (RuntimeError, OSError) as error:
        report(f"export to {path} failed: {error}")
        return
    if "FINISHED" not in result:
        report(f"export to {path} failed ({', '.join(result)})")
        return
    try:
        mark_blender_objects(path, scene)
    except (OSError, ValueError) as error:
        report(f"export to {path} failed: {error}")
        return
    report(f"wrote {path}")
    run_cinc_build(prefs)


# The running `cinc serve`: {"process", "scene", "url"}, or empty.
PREVIEW = {}
# How long `cinc serve` may take to listen (it prints its URL first).
SERVE_START_SECONDS = 20


def stop_preview():
    """Stops the running `cinc serve` (SIGTERM: it exits cleanly); its exit
    status, or None when none was running."""
    process = PREVIEW.pop("process", None)
    PREVIEW.clear()
    if process is None:
        return None
    if process.poll() is None:
        process.terminate()
    try:
        return process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        return process.wait()


def start_preview(prefs, scene):
    """`cinc serve SCENE` on a free port of 127.0.0.1; its URL. Raises
    RuntimeError with cinc's words when it does not start."""
    command = [prefs.cinc_executable or "cinc", "serve", scene, "--port", "0"]
    process = subprocess.Popen(command, cwd=os.path.dirname(scene) or None, text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = []
    reader = threading.Thread(target=lambda: first.append(process.stdout.readline()), daemon=True)
    reader.start()
    reader.join(SERVE_START_SECONDS)
    line = first[0] if first else ""
    if not line.startswith("serving "):
        if process.poll() is None:
            process.kill()
        process.wait()
        errors = process.stderr.read()
        raise RuntimeError((errors or line or "no answer").strip())

    # What it prints next goes to Blender's console (and the pipes never fill).
    def forward(stream):
        for text in stream:
            print(f"cinc serve: {text.rstrip()}")

    for stream in (process.stdout, process.stderr):
        threading.Thread(target=forward, args=(stream,), daemon=True).start()
    PREVIEW.update(process=process, scene=scene, url=line.split()[1])
    return PREVIEW["url"]


class CincPreview(bpy.types.Operator):
    """Serve the cinc scene (the add-on's "cinc scene" preference) with `cinc
    serve` and open its page in the web browser"""
    bl_idname = "cinc.preview"
    bl_label = "cinc Preview"

    open_browser: bpy.props.BoolProperty(
        name="Open the browser", description="Open the page in the web browser", default=True)

    def execute(self, context):
        prefs = preferences()
        if prefs is None or not prefs.scene_path:
            self.report({"ERROR"}, "set the add-on's \"cinc scene\" preference to a scene.yaml")
            return {"CANCELLED"}
        scene = os.path.abspath(bpy.path.abspath(prefs.scene_path))
        running = PREVIEW.get("process")
        if running is None or running.poll() is not None or PREVIEW.get("scene") != scene:
            stop_preview()
            try:
                start_preview(prefs, scene)
            except (OSError, RuntimeError) as error:
                self.report({"ERROR"}, f"cinc serve did not start: {error}")
                return {"CANCELLED"}
        url = PREVIEW["url"]
        print(f"cinc preview: {url}")
        if self.open_browser:
            webbrowser.open(url)
        self.report({"INFO"}, f"cinc: serving {url}")
        return {"FINISHED"}


def preview_menu(self, _context):
    self.layout.operator(CincPreview.bl_idname)


atexit.register(stop_preview)


def import_cinc_animation(scene_path, cinc, report_problem):
    """Builds the scene for Blender and imports it; the names of the new
    objects, or None after report_problem(message)."""
    folder = tempfile.mkdtemp(prefix="cinc-import-")
    try:
        glb = os.path.join(folder, "animation.glb")
        command = [cinc or "cinc", "build", scene_path, "--format", "glb", "--for", "blender",
                   "-o", glb]
        try:
            result = subprocess.run(command, capture_output=True, text=True, timeout=600,
                                    cwd=os.path.dirname(scene_path) or None)
        except (OSError, subprocess.TimeoutExpired) as error:
            report_problem(f"cannot run {command[0]}: {error}")
            return None
        if result.returncode != 0:
            report_problem(result.stderr.strip() or f"{command[0]} exited {result.returncode}")
            return None
        import numpy  # Blender 3.4's importer uses np.bool, gone in NumPy 1.24 (docs/gltf.md)
        if not hasattr(numpy, "bool"):
            numpy.bool = bool
        before = set(bpy.data.objects)
        bpy.ops.import_scene.gltf(filepath=glb)
        actions = [action for action in bpy.data.actions if action.users]
        if actions:
            scene = bpy.context.scene
            scene.frame_start = 0
            scene.frame_end = math.ceil(max(action.frame_range[1] for action in actions))
        return sorted(obj.name for obj in set(bpy.data.objects) - before)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


class ImportCincAnimation(bpy.types.Operator):
    """Build a cinc scene for Blender and import its animation"""
    bl_idname = "import_scene.cinc_animation"
    bl_label = "Import cinc animation"
    bl_options = {"REGISTER", "UNDO"}

    filepath: bpy.props.StringProperty(subtype="FILE_PATH")
    filter_glob: bpy.props.StringProperty(default="*.yaml;*.yml", options={"HIDDEN"})

    def execute(self, context):
        prefs = preferences()
        cinc = prefs.cinc_executable if prefs else ""
        names = import_cinc_animation(bpy.path.abspath(self.filepath), cinc,
                                      lambda message: self.report({"ERROR"}, message))
        if names is None:
            return {"CANCELLED"}
        self.report({"INFO"}, f"cinc: imported {len(names)} objects")
        return {"FINISHED"}

    def invoke(self, context, event):
        context.window_manager.fileselect_add(self)
        return {"RUNNING_MODAL"}


def menu_import(self, context):
    self.layout.operator(ImportCincAnimation.bl_idname, text="cinc animation (.yaml)")


def register():
    bpy.utils.register_class(CincExportPreferences)
    bpy.utils.register_class(ImportCincAnimation)
    bpy.types.TOPBAR_MT_file_import.append(menu_import)
    bpy.utils.register_class(CincPreview)
    bpy.types.TOPBAR_MT_file.append(preview_menu)
    if export_after_save not in bpy.app.handlers.save_post:
        bpy.app.handlers.save_post.append(export_after_save)


def unregister():
    if export_after_save in bpy.app.handlers.save_post:
        bpy.app.handlers.save_post.remove(export_after_save)
    stop_preview()
    bpy.types.TOPBAR_MT_file_import.remove(menu_import)
    bpy.utils.unregister_class(ImportCincAnimation)
    bpy.types.TOPBAR_MT_file.remove(preview_menu)
    bpy.utils.unregister_class(CincPreview)
    bpy.utils.unregister_class(CincExportPreferences)


if __name__ == "__main__":
    register()
