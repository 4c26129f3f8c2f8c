#include "render/render.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "render/frame_source.h"
#include "render/temporary_folder.h"
#include "render/test_helpers.h"

namespace cinc {
namespace {

namespace fs = std::filesystem;

// Each test's temporary folders (the browser's profile, the page's folder)
// inside its own, so that what a render leaves can be seen.
class RenderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string error;
    folder_ = TemporaryFolder::Create("cinc-render-test-", &error);
    ASSERT_TRUE(folder_) << error;
    work_ = folder_->Inside("tmp");
    fs::create_directory(work_);
    for (const char* name : {"TMPDIR", "CINC_CHROMIUM", "CINC_FFMPEG"}) {
      const char* value = std::getenv(name);
      saved_.emplace_back(name, value ? std::optional<std::string>(value) : std::nullopt);
    }
    setenv("TMPDIR", work_.c_str(), 1);
    settings_.width = 64;
    settings_.height = 36;
    settings_.fps = 10;
  }
  void TearDown() override {
    for (const auto& [name, value] : saved_) {
      if (value) {
        setenv(name.c_str(), value->c_str(), 1);
      } else {
        unsetenv(name.c_str());
      }
    }
  }
  RenderOutcome Render(const std::string& output, Diagnostics* diagnostics) {
    settings_.output = output;
    return RenderPreview(testing::FakePage(1), 1, settings_, diagnostics);
  }
  // Nothing is left: no process, no temporary folder, no file in `out`'s
  // folder but those named.
  void ExpectNothingLeft(const std::vector<std::string>& kept) {
    EXPECT_EQ(testing::ProcessesWith(work_), std::vector<int>{});
    EXPECT_TRUE(fs::is_empty(work_));
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(folder_->path())) {
      std::string name = entry.path().filename().string();
      if (name != "tmp") names.push_back(name);
    }
    std::sort(names.begin(), names.end());
    EXPECT_EQ(names, kept);
  }

  std::optional<TemporaryFolder> folder_;
  std::string work_;
  std::vector<std::pair<std::string, std::optional<std::string>>> saved_;
  RenderSettings settings_;
};

TEST_F(RenderTest, FramesToAFolderWithProgress) {
  std::vector<std::pair<int64_t, int64_t>> progress;
  settings_.progress = [&progress](int64_t done, int64_t total) {
    progress.emplace_back(done, total);
  };
  settings_.slice = FrameSlice{2, 5};
  Diagnostics diagnostics;
  RenderOutcome outcome = Render(folder_->Inside("frames/"), &diagnostics);
  ASSERT_TRUE(outcome.ok) << (diagnostics.items().empty() ? "" : diagnostics.items()[0].message);
  EXPECT_EQ(outcome.frames, 3);
  EXPECT_EQ(progress, (std::vector<std::pair<int64_t, int64_t>>{{1, 3}, {2, 3}, {3, 3}}));
  for (const char* name : {"frame-000003.png", "frame-000004.png", "frame-000005.png"}) {
    std::string png = testing::ReadBytes(folder_->Inside("frames/") + name);
    EXPECT_EQ(PngSize(png), std::make_pair(64, 36)) << name;
  }
  EXPECT_EQ(std::distance(fs::directory_iterator(folder_->Inside("frames")), {}), 3);
  ExpectNothingLeft({"frames"});
}

TEST_F(RenderTest, AVideo) {
  Diagnostics diagnostics;
  RenderOutcome outcome = Render(folder_->Inside("out.mp4"), &diagnostics);
  ASSERT_TRUE(outcome.ok) << (diagnostics.items().empty() ? "" : diagnostics.items()[0].message);
  EXPECT_EQ(outcome.frames, 11);
  EXPECT_EQ(testing::ReadBytes(folder_->Inside("out.mp4")).substr(4, 4), "ftyp");
  ExpectNothingLeft({"out.mp4"});
}

TEST_F(RenderTest, SettingsItCannotUseStartNothing) {
  settings_.fps = 500;
  Diagnostics diagnostics("scene.yaml");
  EXPECT_FALSE(Render(folder_->Inside("out.mp4"), &diagnostics).ok);
  ASSERT_EQ(diagnostics.items().size(), 1u);
  EXPECT_EQ(diagnostics.items()[0].code, DiagnosticCode::kUsage);
  EXPECT_EQ(diagnostics.items()[0].message, "cannot render: --fps 500 is not between 1 and 240");
  EXPECT_EQ(diagnostics.items()[0].file, "");
  ExpectNothingLeft({});
}

TEST_F(RenderTest, AnOutputThatCannotBeWrittenIsFoundFirst) {
  Diagnostics diagnostics;
  std::string out = folder_->Inside("missing/out.mp4");
  EXPECT_FALSE(Render(out, &diagnostics).ok);
  ASSERT_EQ(diagnostics.items().size(), 1u);
  EXPECT_EQ(diagnostics.items()[0].code, DiagnosticCode::kOutput);
  EXPECT_EQ(diagnostics.items()[0].message,
            "cannot write " + out +
                ": a temporary file cannot be created beside it (No such file or directory): its "
                "folder does not exist");
  ExpectNothingLeft({});
}

TEST_F(RenderTest, NoBrowserLeavesNothing) {
  setenv("CINC_CHROMIUM", "/nonexistent/chromium", 1);
  for (std::string out : {"out.mp4", "frames/"}) {
    Diagnostics diagnostics;
    EXPECT_FALSE(Render(folder_->Inside(out), &diagnostics).ok);
    ASSERT_EQ(diagnostics.items().size(), 1u);
    EXPECT_EQ(diagnostics.items()[0].code, DiagnosticCode::kRender);
    EXPECT_EQ(diagnostics.items()[0].message,
              "cannot render " + folder_->Inside(out) +
                  ": Chromium (/nonexistent/chromium) cannot be started: No such file or "
                  "directory; install Debian's chromium or name another with CINC_CHROMIUM");
    ExpectNothingLeft({});
  }
}

TEST_F(RenderTest, NoEncoderLeavesNothing) {
  setenv("CINC_FFMPEG", "/nonexistent/ffmpeg", 1);
  Diagnostics diagnostics;
  EXPECT_FALSE(Render(folder_->Inside("out.webm"), &diagnostics).ok);
  ASSERT_EQ(diagnostics.items().size(), 1u);
  EXPECT_EQ(diagnostics.items()[0].code, DiagnosticCode::kRender);
  EXPECT_EQ(diagnostics.items()[0].message,
            "cannot render " + folder_->Inside("out.webm") +
                ": ffmpeg (/nonexistent/ffmpeg) cannot be started: No such file or directory; "
                "install Debian's ffmpeg or name another with CINC_FFMPEG");
  ExpectNothingLeft({});
}

// A page that is not the sequence's (another duration) is refused.
TEST_F(RenderTest, APageOfAnotherSequenceIsRefused) {
  settings_.output = folder_->Inside("frames/");
  Diagnostics diagnostics;
  EXPECT_FALSE(RenderPreview(testing::FakePage(1), 2, settings_, &diagnostics).ok);
  ASSERT_EQ(diagnostics.items().size(), 1u);
  EXPECT_EQ(diagnostics.items()[0].message,
            "cannot render " + settings_.output +
                ": the page lasts 1 s, not 2 s: it is not this sequence's page");
  ExpectNothingLeft({});
}

}  // namespace
}  // namespace cinc
