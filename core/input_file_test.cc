#include "core/input_file.h"

#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>

namespace cinc {
namespace {

class InputFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char pattern[] = "/tmp/cinc_input_XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    folder_ = pattern;
  }
  void TearDown() override { std::system(("rm -rf '" + folder_ + "'").c_str()); }

  std::string Path(const std::string& name) const { return folder_ + "/" + name; }

  std::string folder_;
};

TEST_F(InputFileTest, ReadsARegularFileWhole) {
  std::ofstream(Path("scene.yaml")) << "cinc: 1\n";
  std::string bytes = "stale";
  InputRefusal refusal = ReadInputFile(Path("scene.yaml"), InputKind::kScene, &bytes);
  EXPECT_FALSE(refusal.refused());
  EXPECT_EQ(refusal.Describe(), "");
  EXPECT_EQ(bytes, "cinc: 1\n");
}

TEST_F(InputFileTest, ReadsAPrefixOnly) {
  std::ofstream(Path("model.glb")) << "glTF and the rest";
  std::string bytes;
  EXPECT_FALSE(ReadInputPrefix(Path("model.glb"), InputKind::kModel, 4, &bytes).refused());
  EXPECT_EQ(bytes, "glTF");
  EXPECT_FALSE(ReadInputPrefix(Path("model.glb"), InputKind::kModel, 1000, &bytes).refused());
  EXPECT_EQ(bytes, "glTF and the rest");
}

TEST_F(InputFileTest, AMissingFileIsTheSystemsReason) {
  std::string bytes;
  InputRefusal refusal = ReadInputFile(Path("missing.yaml"), InputKind::kScene, &bytes);
  EXPECT_EQ(refusal.reason, InputRefusal::Reason::kMissing);
  EXPECT_EQ(refusal.Describe(), "No such file or directory");
}

TEST_F(InputFileTest, RefusesAFolder) {
  std::string bytes;
  InputRefusal refusal = ReadInputFile(folder_, InputKind::kScene, &bytes);
  EXPECT_EQ(refusal.reason, InputRefusal::Reason::kFolder);
  EXPECT_EQ(refusal.Describe(), "it is a folder, not a file");
  EXPECT_EQ(ReadInputPrefix(folder_, InputKind::kModel, 4, &bytes).Describe(),
            "it is a folder, not a file");
  EXPECT_EQ(CheckInputFile(folder_, InputKind::kModel).Describe(), "it is a folder, not a file");
}

TEST_F(InputFileTest, RefusesANamedPipeAtOnce) {
  ASSERT_EQ(mkfifo(Path("pipe").c_str(), 0600), 0);
  std::string bytes;
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(ReadInputFile(Path("pipe"), InputKind::kScene, &bytes).Describe(),
            "it is a named pipe (FIFO), not a file");
  EXPECT_EQ(ReadInputPrefix(Path("pipe"), InputKind::kModel, 4, &bytes).Describe(),
            "it is a named pipe (FIFO), not a file");
  EXPECT_EQ(CheckInputFile(Path("pipe"), InputKind::kModel).reason,
            InputRefusal::Reason::kNotAFile);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2));
}

TEST_F(InputFileTest, RefusesADeviceAndASocket) {
  std::string bytes;
  EXPECT_EQ(ReadInputFile("/dev/null", InputKind::kScene, &bytes).Describe(),
            "it is a device, not a file");
  EXPECT_EQ(ReadInputFile("/dev/zero", InputKind::kSequence, &bytes).Describe(),
            "it is a device, not a file");
  const std::string socket_path = Path("socket");
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  ASSERT_GE(fd, 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  socket_path.copy(address.sun_path, sizeof(address.sun_path) - 1);
  ASSERT_EQ(bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
  EXPECT_EQ(ReadInputFile(socket_path, InputKind::kScene, &bytes).Describe(),
            "it is a socket, not a file");
  close(fd);
}

TEST_F(InputFileTest, RefusesALargeFileFromItsSizeBeforeReading) {
  // Sparse: 2 GB that take no disk, and that no test could hold in memory.
  const std::string path = Path("huge.glb");
  std::ofstream(path) << "glTF";
  ASSERT_EQ(truncate(path.c_str(), int64_t{2} << 30), 0);
  std::string bytes;
  InputRefusal refusal = ReadInputFile(path, InputKind::kModel, &bytes);
  EXPECT_EQ(refusal.reason, InputRefusal::Reason::kTooLarge);
  EXPECT_EQ(refusal.Describe(),
            "it is 2147483648 bytes, more than the 1 GB cinc reads of a model file");
  EXPECT_EQ(bytes.capacity() < 1024, true);
  EXPECT_EQ(CheckInputFile(path, InputKind::kModel).size, int64_t{2} << 30);
  // Its first bytes are still there to sniff; past the cap they are not.
  EXPECT_FALSE(ReadInputPrefix(path, InputKind::kModel, 4, &bytes).refused());
  EXPECT_EQ(bytes, "glTF");
  EXPECT_EQ(ReadInputPrefix(path, InputKind::kModel, size_t{3} << 30, &bytes).reason,
            InputRefusal::Reason::kTooLarge);
}

TEST_F(InputFileTest, EachKindHasItsCap) {
  const std::string path = Path("scene.yaml");
  std::ofstream(path) << "cinc: 1\n";
  ASSERT_EQ(truncate(path.c_str(), MaxInputBytes(InputKind::kScene) + 1), 0);
  std::string bytes;
  EXPECT_EQ(ReadInputFile(path, InputKind::kScene, &bytes).Describe(),
            "it is 67108865 bytes, more than the 64 MB cinc reads of a scene or included file");
  EXPECT_EQ(MaxInputBytes(InputKind::kScene), int64_t{64} << 20);
  EXPECT_EQ(MaxInputBytes(InputKind::kModel), int64_t{1} << 30);
  EXPECT_EQ(MaxInputBytes(InputKind::kSequence), int64_t{512} << 20);
  EXPECT_EQ(MaxInputBytes(InputKind::kLog), int64_t{16} << 20);
  ASSERT_EQ(truncate(path.c_str(), MaxInputBytes(InputKind::kSequence) + 1), 0);
  EXPECT_EQ(ReadInputFile(path, InputKind::kSequence, &bytes).Describe(),
            "it is 536870913 bytes, more than the 512 MB cinc reads of a sequence file");
  ASSERT_EQ(truncate(path.c_str(), MaxInputBytes(InputKind::kLog) + 1), 0);
  EXPECT_EQ(ReadInputFile(path, InputKind::kLog, &bytes).Describe(),
            "it is 16777217 bytes, more than the 16 MB cinc reads of a log");
}

TEST_F(InputFileTest, AFileAtItsCapIsRead) {
  const std::string path = Path("log.txt");
  std::ofstream(path) << "x";
  ASSERT_EQ(truncate(path.c_str(), MaxInputBytes(InputKind::kLog)), 0);
  std::string bytes;
  EXPECT_FALSE(ReadInputFile(path, InputKind::kLog, &bytes).refused());
  EXPECT_EQ(static_cast<int64_t>(bytes.size()), MaxInputBytes(InputKind::kLog));
  EXPECT_EQ(bytes[0], 'x');
}

// A link to itself cannot be opened, for root too (a refused permission,
// the usual case, cannot be made for root, who runs the tests).
TEST_F(InputFileTest, AnUnreadableFileSaysWhy) {
  ASSERT_EQ(symlink("loop.yaml", Path("loop.yaml").c_str()), 0);
  std::string bytes;
  InputRefusal refusal = ReadInputFile(Path("loop.yaml"), InputKind::kScene, &bytes);
  EXPECT_EQ(refusal.reason, InputRefusal::Reason::kUnreadable);
  EXPECT_EQ(refusal.Describe(), "Too many levels of symbolic links");
}

}  // namespace
}  // namespace cinc
