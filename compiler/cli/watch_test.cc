#include "compiler/cli/watch.h"

#include <gtest/gtest.h>
#include <pthread.h>
#include <signal.h>

#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>

namespace cinc {
namespace {

namespace fs = std::filesystem;

void Write(const fs::path& file, const std::string& text) {
  std::ofstream(file, std::ios::binary) << text;
}

// Sends SIGINT to the watching thread after `ms`, unless over first: a watch
// that misses a change ends instead of waiting for ever.
class StopAfter {
 public:
  explicit StopAfter(int ms) : watcher_(pthread_self()) {
    thread_ = std::thread([this, ms] {
      std::unique_lock<std::mutex> lock(mutex_);
      if (!done_.wait_for(lock, std::chrono::milliseconds(ms), [this] { return over_; })) {
        pthread_kill(watcher_, SIGINT);
      }
    });
  }
  ~StopAfter() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      over_ = true;
    }
    done_.notify_one();
    thread_.join();
    // The watch blocked SIGINT; the one it stopped on is taken, then unblocked.
    sigset_t interrupt;
    sigemptyset(&interrupt);
    sigaddset(&interrupt, SIGINT);
    timespec none{0, 0};
    while (sigtimedwait(&interrupt, nullptr, &none) == SIGINT) {
    }
    pthread_sigmask(SIG_UNBLOCK, &interrupt, nullptr);
  }

 private:
  pthread_t watcher_;
  std::mutex mutex_;
  std::condition_variable done_;
  bool over_ = false;
  std::thread thread_;
};

class WatchTest : public testing::Test {
 protected:
  void SetUp() override {
    folder_ =
        fs::temp_directory_path() / ("cinc-watch-test-" + std::to_string(getpid()) + "-" +
                                     testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(folder_);
    fs::create_directories(folder_ / "models");
    scene_ = folder_ / "scene.yaml";
    Write(scene_, "version: 1\n");
  }
  void TearDown() override { fs::remove_all(folder_); }

  // Watches with every build naming `inputs`: the first writes `saved` as it
  // runs, the second stops the watch (or the guard does, after 10 s). The
  // builds made; `errors` gets what the watch printed.
  int BuildsWhenSavedDuringTheFirst(const std::vector<fs::path>& inputs, const fs::path& saved,
                                    std::string* errors) {
    int builds = 0;
    std::ostringstream printed;
    StopAfter guard(10000);
    int status = WatchAndRebuild(
        scene_.string(),
        [&](std::vector<std::string>* named) {
          for (const fs::path& input : inputs) named->push_back(input.string());
          if (++builds == 1) Write(saved, "saved while building");
          if (builds == 2) raise(SIGINT);
        },
        WatchSettings{10}, printed);
    EXPECT_EQ(status, 0);
    *errors = printed.str();
    return builds;
  }

  fs::path folder_;
  fs::path scene_;
};

TEST_F(WatchTest, SavingTheSceneWhileItBuildsBuildsAgain) {
  std::string errors;
  EXPECT_EQ(BuildsWhenSavedDuringTheFirst({scene_}, scene_, &errors), 2);
  EXPECT_EQ(errors,
            "cinc: watching 1 file for changes (Ctrl-C stops)\n"
            "cinc: changed: building again\n"
            "cinc: watching 1 file for changes (Ctrl-C stops)\n"
            "cinc: stopped watching\n");
}

TEST_F(WatchTest, AModelWrittenWhileTheBuildThatFirstNamesItRunsBuildsAgain) {
  fs::path model = folder_ / "models" / "part.glb";
  Write(model, "old");
  std::string errors;
  // The model is read while its folder has no watch.
  EXPECT_EQ(BuildsWhenSavedDuringTheFirst({scene_, model}, model, &errors), 2);
  EXPECT_EQ(errors,
            "cinc: watching 2 files for changes (Ctrl-C stops)\n"
            "cinc: changed: building again\n"
            "cinc: watching 2 files for changes (Ctrl-C stops)\n"
            "cinc: stopped watching\n");
}

TEST_F(WatchTest, AnUnchangedModelDoesNotBuildAgain) {
  fs::path model = folder_ / "models" / "part.glb";
  Write(model, "old");
  fs::last_write_time(model, fs::file_time_type::clock::now() - std::chrono::hours(1));
  int builds = 0;
  std::ostringstream errors;
  StopAfter guard(500);  // 50 debounces: a second build would have begun
  int status = WatchAndRebuild(
      scene_.string(),
      [&](std::vector<std::string>* inputs) {
        inputs->push_back(model.string());
        ++builds;
      },
      WatchSettings{10}, errors);
  EXPECT_EQ(status, 0);
  EXPECT_EQ(builds, 1);
  EXPECT_EQ(errors.str(),
            "cinc: watching 2 files for changes (Ctrl-C stops)\n"
            "cinc: stopped watching\n");
}

}  // namespace
}  // namespace cinc
