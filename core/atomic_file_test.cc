#include "core/atomic_file.h"

#include <dirent.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <thread>
#include <vector>

namespace cinc {
namespace {

std::string ReadFile(const std::string& path) {
  std::ifstream stream(path);
  std::stringstream content;
  content << stream.rdbuf();
  return content.str();
}

int CountEntries(const std::string& folder) {
  int count = 0;
  DIR* directory = opendir(folder.c_str());
  while (dirent* entry = readdir(directory)) {
    std::string name = entry->d_name;
    if (name != "." && name != "..") ++count;
  }
  closedir(directory);
  return count;
}

class AtomicFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char pattern[] = "/tmp/cinc_atomic_XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    folder_ = pattern;
  }
  void TearDown() override {
    chmod(folder_.c_str(), 0755);
    std::system(("rm -rf '" + folder_ + "'").c_str());
  }
  std::string folder_;
};

TEST_F(AtomicFileTest, CreatesAndReplaces) {
  std::string path = folder_ + "/out.sequence.json";
  std::string error;
  ASSERT_TRUE(WriteFileAtomically(path, "first\n", &error)) << error;
  EXPECT_EQ(ReadFile(path), "first\n");
  ASSERT_TRUE(WriteFileAtomically(path, "second\n", &error)) << error;
  EXPECT_EQ(ReadFile(path), "second\n");
  EXPECT_EQ(CountEntries(folder_), 1);  // no temporary file left
}

TEST_F(AtomicFileTest, MissingFolderFailsWithAMessage) {
  std::string error;
  EXPECT_FALSE(WriteFileAtomically(folder_ + "/missing/out.json", "x", &error));
  EXPECT_NE(error.find("No such file or directory"), std::string::npos) << error;
}

TEST_F(AtomicFileTest, FailureLeavesTheOldFileUntouched) {
  std::string path = folder_ + "/out.sequence.json";
  std::string error;
  ASSERT_TRUE(WriteFileAtomically(path, "old\n", &error)) << error;
  // The target is a folder's name: the rename fails after the temporary
  // file was written, which must then be removed.
  std::string folder_target = folder_ + "/taken";
  ASSERT_EQ(mkdir(folder_target.c_str(), 0755), 0);
  ASSERT_EQ(mkdir((folder_target + "/inside").c_str(), 0755), 0);
  EXPECT_FALSE(WriteFileAtomically(folder_target, "new\n", &error));
  EXPECT_FALSE(error.empty());
  EXPECT_EQ(CountEntries(folder_), 2);  // out.sequence.json and taken, no temporary
  EXPECT_EQ(ReadFile(path), "old\n");
}

TEST_F(AtomicFileTest, AStagedFileChangesNothingUntilCommitted) {
  std::string path = folder_ + "/out.sequence.json";
  std::string error;
  ASSERT_TRUE(WriteFileAtomically(path, "old\n", &error)) << error;
  std::optional<StagedFile> staged = StagedFile::Stage(path, "new\n", &error);
  ASSERT_TRUE(staged) << error;
  EXPECT_EQ(staged->path(), path);
  EXPECT_EQ(ReadFile(path), "old\n");
  EXPECT_EQ(CountEntries(folder_), 2);  // the file and the staged bytes beside it
  StagedFile moved = std::move(*staged);
  staged.reset();  // a moved-from StagedFile removes nothing
  EXPECT_EQ(CountEntries(folder_), 2);
  ASSERT_TRUE(moved.Commit(&error)) << error;
  EXPECT_EQ(ReadFile(path), "new\n");
  EXPECT_EQ(CountEntries(folder_), 1);
  EXPECT_FALSE(moved.Commit(&error));
  EXPECT_EQ(error, "it was already written or given up");
}

TEST_F(AtomicFileTest, AStagedFileInPartsHoldsThemInOrder) {
  std::string path = folder_ + "/out.sequence.json";
  std::string error;
  const std::string head = "{\"tracks\": [";
  std::optional<StagedFile> staged = StagedFile::Stage(path, {head, "", "]}\n"}, &error);
  ASSERT_TRUE(staged) << error;
  ASSERT_TRUE(staged->Commit(&error)) << error;
  EXPECT_EQ(ReadFile(path), "{\"tracks\": []}\n");
}

// Files committed together, their folder flushed once by the caller: each is
// in place as its Commit returns, whatever the flush.
TEST_F(AtomicFileTest, FilesCommittedWithTheFolderFlushedByTheCallerAreInPlace) {
  std::string error;
  std::vector<StagedFile> staged;
  for (const char* name : {"/a.sequence.json", "/a.2.sequence.json", "/a.3.sequence.json"}) {
    std::optional<StagedFile> file = StagedFile::Stage(folder_ + name, name, &error);
    ASSERT_TRUE(file) << error;
    staged.push_back(std::move(*file));
  }
  EXPECT_EQ(CountEntries(folder_), 3);
  for (StagedFile& file : staged) {
    ASSERT_TRUE(file.Commit(&error, FolderSync::kByCaller)) << error;
    EXPECT_EQ(ReadFile(file.path()), file.path().substr(folder_.size()));
  }
  SyncFolderOf(staged.front().path());
  EXPECT_EQ(CountEntries(folder_), 3);  // the three files, no temporary one left
  SyncFolderOf(folder_ + "/no such folder/a.sequence.json");  // let be
}

// Flushed behind the caller: the same files, in place once committed; one
// given up before its flush is done leaves nothing.
TEST_F(AtomicFileTest, FilesFlushedBehindAreTheSameOnceCommitted) {
  std::string error;
  std::vector<StagedFile> staged;
  for (int number = 1; number <= 20; ++number) {
    const std::string name = "/s." + std::to_string(number) + ".sequence.json";
    std::optional<StagedFile> file =
        StagedFile::Stage(folder_ + name, {name, "\n"}, &error, StagedFile::Flush::kBehind);
    ASSERT_TRUE(file) << error;
    staged.push_back(std::move(*file));
  }
  std::optional<StagedFile> given_up =
      StagedFile::Stage(folder_ + "/gone.sequence.json", {"x"}, &error, StagedFile::Flush::kBehind);
  ASSERT_TRUE(given_up) << error;
  given_up.reset();
  EXPECT_EQ(CountEntries(folder_), 20);  // the staged files, none at its path yet
  for (StagedFile& file : staged) {
    ASSERT_TRUE(file.Commit(&error)) << error;
    EXPECT_EQ(ReadFile(file.path()), file.path().substr(folder_.size()) + "\n");
  }
  EXPECT_EQ(CountEntries(folder_), 20);
}

TEST_F(AtomicFileTest, AStagedFileNeverCommittedLeavesNothing) {
  std::string path = folder_ + "/out.sequence.json";
  std::string error;
  {
    std::optional<StagedFile> staged = StagedFile::Stage(path, "new\n", &error);
    ASSERT_TRUE(staged) << error;
    std::optional<StagedFile> other = StagedFile::Stage(path + ".2", "two\n", &error);
    ASSERT_TRUE(other) << error;
    *staged = std::move(*other);  // the first one's bytes are given up
    EXPECT_EQ(CountEntries(folder_), 1);
  }
  EXPECT_EQ(CountEntries(folder_), 0);
  EXPECT_FALSE(StagedFile::Stage(folder_ + "/missing/out.json", "x", &error));
  EXPECT_EQ(error,
            "a temporary file cannot be created beside it (No such file or directory): its folder "
            "does not exist");
}

// A rename would put a regular file where the device was (as root, a new
// /dev/null for the whole machine): a character device is written in place.
// The test makes its own null device (root may), so that a regression does
// not replace the machine's.
TEST_F(AtomicFileTest, ACharacterDeviceIsWrittenInPlace) {
  std::string path = folder_ + "/null";
  ASSERT_EQ(mknod(path.c_str(), S_IFCHR | 0666, makedev(1, 3)), 0) << "the tests run as root";
  std::string error;
  ASSERT_TRUE(WriteFileAtomically(path, "bytes\n", &error)) << error;
  struct stat status;
  ASSERT_EQ(stat(path.c_str(), &status), 0);
  EXPECT_TRUE(S_ISCHR(status.st_mode));
  EXPECT_EQ(CountEntries(folder_), 1);
}

TEST_F(AtomicFileTest, AFifoIsWrittenInPlaceForItsReader) {
  std::string path = folder_ + "/pipe";
  ASSERT_EQ(mkfifo(path.c_str(), 0600), 0);
  std::string error;
  EXPECT_FALSE(WriteFileAtomically(path, "x", &error));
  EXPECT_EQ(error, "it is a FIFO that nothing reads");
  std::string read;
  std::thread reader([&] { read = ReadFile(path); });
  // The reader may not have opened its end yet: try until it has.
  bool written = false;
  for (int attempt = 0; attempt < 500 && !written; ++attempt) {
    written = WriteFileAtomically(path, "through the pipe\n", &error);
    if (!written) usleep(2000);
  }
  reader.join();
  EXPECT_TRUE(written) << error;
  EXPECT_EQ(read, "through the pipe\n");
  struct stat status;
  ASSERT_EQ(stat(path.c_str(), &status), 0);
  EXPECT_TRUE(S_ISFIFO(status.st_mode));
  EXPECT_EQ(CountEntries(folder_), 1);
}

TEST_F(AtomicFileTest, AFolderIsRefused) {
  std::string error;
  EXPECT_FALSE(WriteFileAtomically(folder_, "x", &error));
  EXPECT_EQ(error, "it is a folder; name a file in it");
  EXPECT_EQ(CountEntries(folder_), 0);
}

// A reserved file is filled by someone else (here: by name, as ffmpeg would)
// and renamed over the path at Commit; given up, it leaves nothing.
TEST_F(AtomicFileTest, AReservedFileIsFilledByNameAndCommitted) {
  std::string path = folder_ + "/out.mp4";
  std::string error;
  ASSERT_TRUE(WriteFileAtomically(path, "old\n", &error)) << error;
  {
    std::optional<StagedFile> reserved = StagedFile::Reserve(path, &error);
    ASSERT_TRUE(reserved) << error;
    EXPECT_EQ(reserved->temporary_path().rfind(folder_ + "/.out.mp4.", 0), 0u);
    EXPECT_EQ(CountEntries(folder_), 2);
  }
  EXPECT_EQ(CountEntries(folder_), 1);
  std::optional<StagedFile> reserved = StagedFile::Reserve(path, &error);
  ASSERT_TRUE(reserved) << error;
  std::ofstream(reserved->temporary_path()) << "new\n";
  EXPECT_EQ(ReadFile(path), "old\n");
  ASSERT_TRUE(reserved->Commit(&error)) << error;
  EXPECT_EQ(reserved->temporary_path(), "");
  EXPECT_EQ(ReadFile(path), "new\n");
  EXPECT_EQ(CountEntries(folder_), 1);
}

TEST_F(AtomicFileTest, OnlyAFileARenameMayReplaceIsReserved) {
  std::string error;
  EXPECT_FALSE(StagedFile::Reserve(folder_, &error));
  EXPECT_EQ(error, "it is a folder; name a file in it");
  std::string fifo = folder_ + "/fifo";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0666), 0);
  EXPECT_FALSE(StagedFile::Reserve(fifo, &error));
  EXPECT_EQ(error, "it is a FIFO or a device; name a regular file");
  EXPECT_FALSE(StagedFile::Reserve(folder_ + "/missing/out.mp4", &error));
  EXPECT_NE(error.find("its folder does not exist"), std::string::npos) << error;
  EXPECT_EQ(CountEntries(folder_), 1);
}

}  // namespace
}  // namespace cinc
