#include "render/frame_folder.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "render/temporary_folder.h"
#include "render/test_helpers.h"

namespace cinc {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> Names(const std::string& folder) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(folder)) {
    names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

class FrameFolderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string error;
    folder_ = TemporaryFolder::Create("cinc-frames-test-", &error);
    ASSERT_TRUE(folder_) << error;
  }
  std::optional<TemporaryFolder> folder_;
};

TEST_F(FrameFolderTest, NamesFramesFromOne) {
  EXPECT_EQ(FrameFileName(1), "frame-000001.png");
  EXPECT_EQ(FrameFileName(1234567), "frame-1234567.png");
}

// Stills: named by the caller, into a folder given without its "/", which
// already holds other files (left alone).
TEST_F(FrameFolderTest, NamedPicturesAppearOnlyWhenCommitted) {
  std::string out = folder_->Inside("stills");
  fs::create_directory(out);
  testing::WriteBytes(out + "/notes.txt", "mine");
  testing::WriteBytes(out + "/01-base.png", "old");
  std::string error;
  std::unique_ptr<FrameFolder> stills = FrameFolder::Open(out, &error);
  ASSERT_TRUE(stills) << error;
  ASSERT_TRUE(stills->AddNamed("01-base.png", "new", &error)) << error;
  EXPECT_EQ(testing::ReadBytes(out + "/01-base.png"), "old");
  ASSERT_TRUE(stills->Commit(&error)) << error;
  EXPECT_EQ(Names(out), (std::vector<std::string>{"01-base.png", "notes.txt"}));
  EXPECT_EQ(testing::ReadBytes(out + "/01-base.png"), "new");
}

TEST_F(FrameFolderTest, FramesAppearOnlyWhenCommitted) {
  std::string out = folder_->Inside("frames/");
  std::string error;
  std::unique_ptr<FrameFolder> frames = FrameFolder::Open(out, &error);
  ASSERT_TRUE(frames) << error;
  ASSERT_TRUE(frames->Add(3, "three", &error)) << error;
  ASSERT_TRUE(frames->Add(4, "four", &error)) << error;
  EXPECT_EQ(Names(out).size(), 2u);
  EXPECT_FALSE(fs::exists(out + "frame-000003.png"));  // staged beside it
  ASSERT_TRUE(frames->Commit(&error)) << error;
  EXPECT_EQ(Names(out), (std::vector<std::string>{"frame-000003.png", "frame-000004.png"}));
  EXPECT_EQ(testing::ReadBytes(out + "frame-000004.png"), "four");
  frames.reset();
  EXPECT_TRUE(fs::is_directory(out));
}

TEST_F(FrameFolderTest, AFolderGivenUpLeavesNothing) {
  std::string made = folder_->Inside("made/");
  std::string kept = folder_->Inside("kept/");
  fs::create_directory(kept);
  testing::WriteBytes(kept + "other.txt", "mine");
  std::string error;
  for (const std::string& out : {made, kept}) {
    std::unique_ptr<FrameFolder> frames = FrameFolder::Open(out, &error);
    ASSERT_TRUE(frames) << error;
    ASSERT_TRUE(frames->Add(1, "one", &error)) << error;
  }
  EXPECT_FALSE(fs::exists(made));  // it made it: removed
  EXPECT_EQ(Names(kept), std::vector<std::string>{"other.txt"});
}

TEST_F(FrameFolderTest, RefusesWhatIsNotAFolder) {
  std::string file = folder_->Inside("file");
  testing::WriteBytes(file, "x");
  std::string error;
  EXPECT_FALSE(FrameFolder::Open(file + "/", &error));
  EXPECT_EQ(error, "cannot write " + file + "/: it is not a folder");
  EXPECT_FALSE(FrameFolder::Open(folder_->Inside("missing/frames/"), &error));
  EXPECT_EQ(error, "cannot write " + folder_->Inside("missing/frames/") +
                       ": the folder cannot be made (No such file or directory): its parent "
                       "folder does not exist");
}

}  // namespace
}  // namespace cinc
