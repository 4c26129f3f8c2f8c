// ImportModel end to end: loader choice, errors, Assimp formats, the Blender
// conversion (with a stand-in Blender) and the `cinc markers` output.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>

#include "core/json_writer.h"
#include "importers/blender_converter.h"
#include "importers/import_model.h"
#include "importers/test_files.h"

namespace cinc {
namespace {

using testing::MakeGlb;
using testing::TempFolder;

constexpr char kSmallGltf[] = R"({"asset": {"version": "2.0"}, "scenes": [{"nodes": [0]}],
    "nodes": [{"name": "SOCKET_hole", "translation": [0, 0.25, 0]}]})";

const Diagnostic& OnlyDiagnostic(const Diagnostics& diagnostics) {
  static const Diagnostic kNone{Severity::kError, DiagnosticCode::kInternal, "", {}, "", "none"};
  EXPECT_EQ(diagnostics.items().size(), 1u);
  return diagnostics.items().empty() ? kNone : diagnostics.items()[0];
}

bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(ImportModelTest, MissingFile) {
  Diagnostics diagnostics;
  ImportedModel model = ImportModel("/nonexistent/models/body.glb", &diagnostics);
  EXPECT_TRUE(model.markers.empty());
  const Diagnostic& error = OnlyDiagnostic(diagnostics);
  EXPECT_EQ(error.code_name(), "E_MODEL_LOAD");
  EXPECT_EQ(error.file, "/nonexistent/models/body.glb");
  EXPECT_EQ(error.message,
            "cannot read /nonexistent/models/body.glb: no such file; check the model's `source` "
            "path");
}

TEST(ImportModelTest, InputFilesAreTheModelAndTheFilesAGltfReads) {
  TempFolder folder;
  folder.Write("part.bin", "0123");
  std::string gltf = folder.Write(
      "part.gltf",
      R"({"asset": {"version": "2.0"}, "buffers": [{"byteLength": 4, "uri": "part.bin"}]})");
  EXPECT_EQ(ModelInputFiles(gltf), (std::vector<std::string>{gltf, folder.File("part.bin")}));
  // Known by its bytes, as the readers know it: a GLB named .fbx is a GLB.
  std::string glb = folder.Write("part.fbx", testing::MakeGlb(R"({"asset": {"version": "2.0"},
      "images": [{"uri": "part.bin"}]})"));
  EXPECT_EQ(ModelInputFiles(glb), (std::vector<std::string>{glb, folder.File("part.bin")}));
  std::string obj = folder.Write("part.obj", "v 0 0 0\n");
  EXPECT_EQ(ModelInputFiles(obj), std::vector<std::string>{obj});
  EXPECT_EQ(ModelInputFiles(folder.File("absent.gltf")),
            std::vector<std::string>{folder.File("absent.gltf")});
  // A GLB whose JSON chunk claims 4 GB is read no further than its end.
  std::string lying = MakeGlb(R"({"asset": {"version": "2.0"}})");
  lying[12] = lying[13] = lying[14] = lying[15] = '\xFF';
  std::string lying_glb = folder.Write("lying.glb", lying);
  EXPECT_EQ(ModelInputFiles(lying_glb), std::vector<std::string>{lying_glb});
}

TEST(ImportModelTest, FolderEmptyFileAndUnreadableFile) {
  TempFolder folder;
  Diagnostics diagnostics;
  ImportModel(folder.path(), &diagnostics);
  EXPECT_TRUE(Contains(OnlyDiagnostic(diagnostics).message, "it is a folder"));

  Diagnostics empty_diagnostics;
  ImportModel(folder.Write("empty.glb", ""), &empty_diagnostics);
  EXPECT_EQ(OnlyDiagnostic(empty_diagnostics).code_name(), "E_MODEL_LOAD");
  EXPECT_TRUE(Contains(OnlyDiagnostic(empty_diagnostics).message, "the file is empty"));

  if (geteuid() != 0) {  // root reads anything
    std::string locked = folder.Write("locked.glb", MakeGlb(kSmallGltf));
    chmod(locked.c_str(), 0);
    Diagnostics locked_diagnostics;
    ImportModel(locked, &locked_diagnostics);
    EXPECT_TRUE(Contains(OnlyDiagnostic(locked_diagnostics).message, "cannot be opened"));
  }
}

TEST(ImportModelTest, TruncatedGlb) {
  TempFolder folder;
  std::string glb = MakeGlb(kSmallGltf);
  for (size_t length :
       {size_t{4}, size_t{12}, size_t{19}, size_t{20}, glb.size() / 2, glb.size() - 1}) {
    Diagnostics diagnostics;
    ImportModel(folder.Write("cut.glb", glb.substr(0, length)), &diagnostics);
    const Diagnostic& error = OnlyDiagnostic(diagnostics);
    EXPECT_EQ(error.code_name(), "E_MODEL_LOAD") << length;
    EXPECT_TRUE(Contains(error.message, "cannot read " + folder.File("cut.glb") + " as GLB: "))
        << error.message;
    EXPECT_TRUE(Contains(error.message, "export it again")) << error.message;
  }
}

TEST(ImportModelTest, GlbWithLyingLengths) {
  TempFolder folder;
  std::string glb = MakeGlb(kSmallGltf);
  for (int field : {8, 12}) {  // total length, JSON chunk length
    for (uint32_t value : {0u, 7u, 0xfffffff0u, 0xffffffffu}) {
      std::string bad = glb;
      for (int i = 0; i < 4; ++i) bad[field + i] = static_cast<char>((value >> (8 * i)) & 0xff);
      Diagnostics diagnostics;
      ImportModel(folder.Write("bad.glb", bad), &diagnostics);
      EXPECT_EQ(OnlyDiagnostic(diagnostics).code_name(), "E_MODEL_LOAD") << field << " " << value;
    }
  }
}

TEST(ImportModelTest, RandomBytesNeverCrash) {
  TempFolder folder;
  std::mt19937 random(7);
  for (const char* name : {"noise.glb", "noise.gltf", "noise.fbx", "noise.dae", "noise.obj",
                           "noise.blend", "noise.xyz", "noise"}) {
    for (int round = 0; round < 3; ++round) {
      std::string bytes(64 + 200 * round, '\0');
      for (char& byte : bytes) byte = static_cast<char>(random());
      if (bytes[0] == '{' || bytes.starts_with("glTF") || bytes.starts_with("BLENDER")) {
        bytes[0] = 'x';
      }
      Diagnostics diagnostics;
      ImportedModel model = ImportModel(folder.Write(name, bytes), &diagnostics);
      // Assimp's OBJ reader skips lines it does not know: noise is an empty OBJ.
      if (std::string_view(name).ends_with(".obj") && !diagnostics.HasErrors()) continue;
      ASSERT_TRUE(diagnostics.HasErrors()) << name << " round " << round;
      EXPECT_TRUE(model.markers.empty());
      const Diagnostic& error = diagnostics.items()[0];
      EXPECT_TRUE(error.code_name() == "E_MODEL_LOAD" || error.code_name() == "E_MODEL_FORMAT")
          << error.code_name();
      EXPECT_EQ(error.file, folder.File(name));
    }
  }
}

TEST(ImportModelTest, UnknownFormat) {
  TempFolder folder;
  Diagnostics diagnostics;
  std::string path = folder.Write("notes.xyz", "plain text, no model at all\n");
  ImportModel(path, &diagnostics);
  const Diagnostic& error = OnlyDiagnostic(diagnostics);
  EXPECT_EQ(error.code_name(), "E_MODEL_FORMAT");
  EXPECT_EQ(error.message,
            "cannot read " + path +
                ": cinc reads glTF (.gltf, .glb), Blender (.blend), FBX (.fbx), COLLADA (.dae), "
                "OBJ (.obj), STL (.stl), PLY (.ply) and 3DS (.3ds) models; '.xyz' is not one of "
                "them, nor is the file glTF nor a .blend: export the model as glTF (.glb)");
}

// Formats Assimp reads but cinc does not offer (their readers crashed on
// malformed files) are refused before any reader sees them.
TEST(ImportModelTest, FormatsNotOfferedAreRefused) {
  TempFolder folder;
  for (const char* name : {"x.md2", "x.md5mesh", "x.x", "x.iqm", "x.off", "x.3mf", "x"}) {
    Diagnostics diagnostics;
    ImportModel(folder.Write(name, "anything"), &diagnostics);
    EXPECT_EQ(OnlyDiagnostic(diagnostics).code_name(), "E_MODEL_FORMAT") << name;
  }
}

TEST(AssimpImporterTest, ColladaWithUnitsCameraAndNesting) {
  // The base is 100 cm along +X turned 90 degrees about +Y (z -> x); the hole
  // is 50 cm along its +Z: (100 + 50, 0, 0) cm = (1.5, 0, 0) m.
  constexpr char kCollada[] = R"(<?xml version="1.0" encoding="utf-8"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
  <asset><unit name="centimeter" meter="0.01"/><up_axis>Y_UP</up_axis></asset>
  <library_cameras>
    <camera id="cam-lib" name="cam"><optics><technique_common><perspective>
      <yfov>40</yfov><aspect_ratio>1</aspect_ratio><znear>0.1</znear><zfar>100</zfar>
    </perspective></technique_common></optics></camera>
  </library_cameras>
  <library_visual_scenes>
    <visual_scene id="Scene" name="Scene">
      <node id="base" name="base" type="NODE">
        <translate>100 0 0</translate>
        <rotate>0 1 0 90</rotate>
        <node id="hole" name="SOCKET_hole" type="NODE"><translate>0 0 50</translate></node>
      </node>
      <node id="cam" name="cam" type="NODE"><instance_camera url="#cam-lib"/></node>
      <node id="pin" name="pin" type="NODE"><translate>0 10 0</translate></node>
    </visual_scene>
  </library_visual_scenes>
  <scene><instance_visual_scene url="#Scene"/></scene>
</COLLADA>
)";
  TempFolder folder;
  Diagnostics diagnostics;
  ImportedModel model = ImportModel(folder.Write("part.dae", kCollada), &diagnostics);
  EXPECT_TRUE(diagnostics.items().empty());
  ASSERT_EQ(model.markers.size(), 2u);
  EXPECT_EQ(model.markers[0].name, "hole");
  EXPECT_NEAR(model.markers[0].pose.position.x, 1.5, 1e-6);
  EXPECT_NEAR(model.markers[0].pose.position.y, 0, 1e-6);
  EXPECT_NEAR(model.markers[0].pose.position.z, 0, 1e-6);
  Quat expected(std::sqrt(0.5), 0, std::sqrt(0.5), 0);
  EXPECT_NEAR(std::abs(glm::dot(model.markers[0].pose.rotation, expected)), 1, 1e-6);
  EXPECT_EQ(model.markers[1].name, "pin");
  EXPECT_NEAR(model.markers[1].pose.position.y, 0.1, 1e-6);
}

TEST(AssimpImporterTest, ObjLods) {
  constexpr char kObj[] = R"(o bracket_LOD1
v 0 0 0
v 1 0 0
v 0 1 0
f 1 2 3
o bracket_LOD0
v 0 0 1
v 1 0 1
v 0 1 1
f 4 5 6
)";
  TempFolder folder;
  Diagnostics diagnostics;
  ImportedModel model = ImportModel(folder.Write("bracket.obj", kObj), &diagnostics);
  EXPECT_TRUE(diagnostics.items().empty());
  EXPECT_TRUE(model.markers.empty());
  EXPECT_EQ(model.lods, (std::vector<Lod>{{"bracket", {"bracket_LOD0", "bracket_LOD1"}}}));
}

// A stand-in for Blender: logs its arguments, then runs `body`.
std::string WriteFakeBlender(const TempFolder& folder, const std::string& body) {
  std::string path = folder.Write(
      "fake-blender", "#!/bin/sh\necho \"$@\" >> \"" + folder.File("calls.txt") + "\"\n" + body);
  chmod(path.c_str(), 0755);
  return path;
}

constexpr char kCopyGlb[] =
    "while [ $# -gt 0 ]; do if [ \"$1\" = --out ]; then out=\"$2\"; fi; shift; done\n"
    "cp \"$(dirname \"$0\")/converted.glb\" \"$out\"\n";

std::vector<std::string> Lines(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST(BlendConversionTest, ConvertsOnceThroughTheCache) {
  TempFolder folder;
  folder.Write("converted.glb", MakeGlb(kSmallGltf));
  ImportSettings settings;
  settings.cache_folder = folder.File("cache");
  settings.blender_executable = WriteFakeBlender(folder, kCopyGlb);
  std::string blend = folder.Write("part.blend", "BLENDER-v304 pretend content");
  for (int run = 0; run < 2; ++run) {
    Diagnostics diagnostics;
    ImportedModel model = ImportModel(blend, &diagnostics, settings);
    EXPECT_TRUE(diagnostics.items().empty());
    ASSERT_EQ(model.markers.size(), 1u);
    EXPECT_EQ(model.markers[0].name, "hole");
  }
  std::vector<std::string> calls = Lines(folder.File("calls.txt"));
  ASSERT_EQ(calls.size(), 1u);  // the second import read the cache
  std::string expected_start = "-b --factory-startup --disable-autoexec " + blend +
                               " --python-exit-code 1 --python " + settings.cache_folder +
                               "/cinc_export-";
  EXPECT_TRUE(calls[0].starts_with(expected_start)) << calls[0];
  EXPECT_TRUE(Contains(calls[0], ".py -- --out " + settings.cache_folder + "/blend-")) << calls[0];

  folder.Write("part.blend", "BLENDER-v304 changed content");
  Diagnostics diagnostics;
  ImportModel(blend, &diagnostics, settings);
  EXPECT_EQ(Lines(folder.File("calls.txt")).size(), 2u);  // new content, new conversion
}

// A .blend saved with "Compress" (Blender 3.x): Zstandard frames in the
// seekable format, no `BLENDER` in the clear. Blender reads it; Assimp cannot.
TEST(BlendConversionTest, CompressedBlendGoesToBlender) {
  TempFolder folder;
  folder.Write("converted.glb", MakeGlb(kSmallGltf));
  ImportSettings settings;
  settings.cache_folder = folder.File("cache");
  settings.blender_executable = WriteFakeBlender(folder, kCopyGlb);
  constexpr char kFrames[] = "\x28\xB5\x2F\xFD pretend frames";
  constexpr char kSeekTable[] = "\x5E\x2A\x4D\x18 table \x01\0\0\0\0\xB1\xEA\x92\x8F";
  std::string zstd_frames(kFrames, sizeof kFrames - 1);
  std::string seek_table(kSeekTable, sizeof kSeekTable - 1);
  std::string blend = folder.Write("part.blend", zstd_frames + seek_table);
  Diagnostics diagnostics;
  ImportedModel model = ImportModel(blend, &diagnostics, settings);
  EXPECT_TRUE(diagnostics.items().empty());
  ASSERT_EQ(model.markers.size(), 1u);
  EXPECT_EQ(model.markers[0].name, "hole");
  EXPECT_EQ(Lines(folder.File("calls.txt")).size(), 1u);

  // Zstandard without the seek table is no .blend: Assimp says no loader reads it.
  Diagnostics other;
  ImportModel(folder.Write("data.zst", zstd_frames), &other, settings);
  EXPECT_EQ(OnlyDiagnostic(other).code_name(), "E_MODEL_FORMAT");
  EXPECT_EQ(Lines(folder.File("calls.txt")).size(), 1u);
}

TEST(BlendConversionTest, ReportsTheScriptsError) {
  TempFolder folder;
  ImportSettings settings;
  settings.cache_folder = folder.File("cache");
  settings.blender_executable = WriteFakeBlender(
      folder,
      "echo 'Blender 3.4.1'\n"
      "echo \"cinc_export: error: scene 'Scene' has unit scale 0.01, but cinc models are in "
      "metres\" >&2\nexit 1\n");
  Diagnostics diagnostics;
  std::string blend = folder.Write("part.blend", "BLENDER-v304");
  ImportModel(blend, &diagnostics, settings);
  const Diagnostic& error = OnlyDiagnostic(diagnostics);
  EXPECT_EQ(error.code_name(), "E_MODEL_LOAD");
  EXPECT_TRUE(error.message.starts_with(
      "cannot read " + blend +
      ": Blender could not convert it (exit status 1): scene 'Scene' has unit scale 0.01, but "
      "cinc models are in metres; Blender's log is " +
      settings.cache_folder + "/blend-"))
      << error.message;
}

TEST(BlendConversionTest, FileOfANewerBlenderIsRefused) {
  TempFolder folder;
  folder.Write("converted.glb", MakeGlb(kSmallGltf));
  ImportSettings settings;
  settings.cache_folder = folder.File("cache");
  // This Blender converts whatever it is given, as 3.4 does a 4.2 file (with
  // what it cannot understand lost), or crashes on it: refused either way.
  for (const char* body : {"echo 'Blender 3.4.1 (hash 55485cb379f7 built 2023-04-03)'\n",
                           "echo 'Blender 3.4.1'\nkill -SEGV $$\n"}) {
    settings.blender_executable = WriteFakeBlender(folder, body + std::string(kCopyGlb));
    for (const auto& [header, made_by] :
         {std::pair{"BLENDER-v402", "4.2"}, std::pair{"BLENDER17-01v0500", "5.0"}}) {
      std::string blend = folder.Write("part.blend", header + std::string(" content ") + body);
      Diagnostics diagnostics;
      EXPECT_TRUE(ImportModel(blend, &diagnostics, settings).markers.empty());
      const Diagnostic& error = OnlyDiagnostic(diagnostics);
      EXPECT_EQ(error.code_name(), "E_MODEL_LOAD");
      std::string newer = made_by;
      EXPECT_EQ(error.message,
                "cannot read " + blend + ": it was made by Blender " + newer +
                    "; the installed Blender is 3.4.1, which cannot read files of newer "
                    "Blenders: export a GLB from Blender " +
                    newer +
                    " (File > Export > glTF 2.0) and name it in `source:`, or set "
                    "CINC_BLENDER to Blender " +
                    newer + " or newer");
    }
  }
  // The same Blender or an older one's file converts.
  settings.blender_executable =
      WriteFakeBlender(folder, "echo 'Blender 3.4.1'\n" + std::string(kCopyGlb));
  for (const char* header : {"BLENDER-v304", "BLENDER_v279", "BLENDER-V300"}) {
    Diagnostics diagnostics;
    ImportModel(folder.Write("old.blend", header + std::string(" content")), &diagnostics,
                settings);
    EXPECT_TRUE(diagnostics.items().empty()) << header;
  }
}

TEST(BlendConversionTest, VersionsOfFilesAndOfBlender) {
  EXPECT_EQ(BlendFileVersion("BLENDER-v304REND"), 304);
  EXPECT_EQ(BlendFileVersion("BLENDER_V279"), 279);
  EXPECT_EQ(BlendFileVersion("BLENDER17-01v0500...."), 500);
  EXPECT_EQ(BlendFileVersion("BLENDER-v30"), std::nullopt);       // cut short
  EXPECT_EQ(BlendFileVersion("BLENDER-x304"), std::nullopt);      // no endianness
  EXPECT_EQ(BlendFileVersion("\x28\xB5\x2F\xFD"), std::nullopt);  // compressed
  std::optional<BlenderVersion> version =
      BlenderVersionInLog("ALSA lib confmisc.c: cannot open\nBlender 4.2.3 LTS (hash x)\n");
  ASSERT_TRUE(version.has_value());
  EXPECT_EQ(version->number, 402);
  EXPECT_EQ(version->text, "4.2.3");
  EXPECT_EQ(BlenderVersionInLog("Blender 3.4.1\nRead blend")->number, 304);
  EXPECT_EQ(BlenderVersionInLog("Blender quit"), std::nullopt);
  EXPECT_EQ(BlenderVersionInLog(""), std::nullopt);
}

TEST(BlendConversionTest, CrashAndMissingOutput) {
  TempFolder folder;
  ImportSettings settings;
  settings.cache_folder = folder.File("cache");
  std::string blend = folder.Write("part.blend", "BLENDER-v304");
  settings.blender_executable =
      WriteFakeBlender(folder, "echo 'Segmentation fault'\nkill -SEGV $$\n");
  Diagnostics crashed;
  ImportModel(blend, &crashed, settings);
  EXPECT_TRUE(Contains(OnlyDiagnostic(crashed).message,
                       "Blender crashed converting it (signal 11): Segmentation fault"))
      << OnlyDiagnostic(crashed).message;
  settings.blender_executable = WriteFakeBlender(folder, "exit 0\n");
  Diagnostics silent;
  ImportModel(blend, &silent, settings);
  EXPECT_TRUE(Contains(OnlyDiagnostic(silent).message, "Blender exited without writing a GLB"));
}

TEST(BlendConversionTest, TimesOut) {
  TempFolder folder;
  ImportSettings settings;
  settings.cache_folder = folder.File("cache");
  settings.blender_timeout_seconds = 1;
  settings.blender_executable = WriteFakeBlender(folder, "exec sleep 30\n");
  Diagnostics diagnostics;
  ImportModel(folder.Write("part.blend", "BLENDER-v304"), &diagnostics, settings);
  EXPECT_TRUE(
      Contains(OnlyDiagnostic(diagnostics).message, "did not finish converting it within 1 s"));
}

TEST(BlendConversionTest, NoBlenderSaysHowToInstallIt) {
  TempFolder folder;
  std::string blend = folder.Write("part.blend", "BLENDER-v304");
  ImportSettings settings;
  settings.cache_folder = folder.File("cache");
  settings.blender_executable = "/nonexistent/blender";
  Diagnostics named;
  ImportModel(blend, &named, settings);
  EXPECT_EQ(
      OnlyDiagnostic(named).message,
      "cannot read " + blend +
          ": the Blender named by ImportSettings::blender_executable ('/nonexistent/blender') "
          "is not an executable file; install it (apt-get install blender python3-numpy) or "
          "set CINC_BLENDER to its path");

  // Nothing on PATH: a PATH of one empty folder, and no CINC_BLENDER.
  std::string saved_path = std::getenv("PATH") ? std::getenv("PATH") : "";
  const char* saved_blender = std::getenv("CINC_BLENDER");
  std::string saved_blender_value = saved_blender ? saved_blender : "";
  setenv("PATH", folder.path().c_str(), 1);
  unsetenv("CINC_BLENDER");
  settings.blender_executable = "";
  Diagnostics on_path;
  ImportModel(blend, &on_path, settings);
  setenv("PATH", saved_path.c_str(), 1);
  if (saved_blender) setenv("CINC_BLENDER", saved_blender_value.c_str(), 1);
  EXPECT_EQ(OnlyDiagnostic(on_path).code_name(), "E_MODEL_LOAD");
  EXPECT_EQ(OnlyDiagnostic(on_path).message,
            "cannot read " + blend +
                ": converting a .blend file needs Blender, and there is no `blender` on PATH; "
                "install it (apt-get install blender python3-numpy) or set CINC_BLENDER to its "
                "path");
}

TEST(BlendConversionTest, CacheFolderDefaults) {
  ImportSettings settings;
  settings.cache_folder = "/somewhere";
  EXPECT_EQ(ResolveCacheFolder(settings), "/somewhere");
  settings.cache_folder = "";
  std::string saved = std::getenv("XDG_CACHE_HOME") ? std::getenv("XDG_CACHE_HOME") : "";
  setenv("XDG_CACHE_HOME", "/xdg", 1);
  EXPECT_EQ(ResolveCacheFolder(settings), "/xdg/cinc");
  unsetenv("XDG_CACHE_HOME");
  if (std::getenv("HOME")) {
    EXPECT_EQ(ResolveCacheFolder(settings), std::string(std::getenv("HOME")) + "/.cache/cinc");
  }
  if (!saved.empty()) setenv("XDG_CACHE_HOME", saved.c_str(), 1);
}

TEST(BlendConversionTest, TheBuiltInScriptIsTheSourceFile) {
  std::ifstream in(CINC_IMPORTERS_SOURCE_DIR "/blender/cinc_export.py", std::ios::binary);
  std::ostringstream source;
  source << in.rdbuf();
  EXPECT_EQ(std::string(kCincExportScript), source.str());
}

ImportedModel SampleModel() {
  ImportedModel model;
  Marker hole;
  hole.name = "hole.001";
  hole.pose.position = Vec3(0.1 + 0.2, -1e-17, 2);
  hole.pose.rotation = Quat(std::sqrt(0.5), 0, std::sqrt(0.5), 0);  // yaw 90
  model.markers.push_back(hole);
  model.lods.push_back({"bracket", {"bracket_LOD0", "bracket_LOD1"}});
  return model;
}

TEST(ModelOutputTest, JsonShape) {
  EXPECT_EQ(WriteJson(ModelToJson(SampleModel())),
            R"({
  "markers": [
    {"name": "hole.001", "position": [0.3, 0, 2], "quaternion": [0, 0.707106781, 0, 0.707106781], "rotation": [0, 90, 0]}
  ],
  "lods": [
    {"name": "bracket", "levels": ["bracket_LOD0", "bracket_LOD1"]}
  ]
}
)");
  EXPECT_EQ(WriteJson(ModelToJson({})), "{\n  \"markers\": [],\n  \"lods\": []\n}\n");
}

TEST(ModelOutputTest, Text) {
  EXPECT_EQ(ModelToText(SampleModel()),
            "1 marker\n"
            "  name      position [x, y, z] m  /  rotation [pitch, yaw, roll] deg\n"
            "  hole.001  [0.3, 0, 2]  /  [0, 90, 0]\n"
            "1 LOD group\n"
            "  bracket: bracket_LOD0 bracket_LOD1\n");
  EXPECT_EQ(ModelToText({}), "0 markers\n0 LOD groups\n");
}

}  // namespace
}  // namespace cinc
