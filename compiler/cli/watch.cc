#include "compiler/cli/watch.h"

#include <poll.h>
#include <signal.h>
#include <sys/inotify.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <map>
#include <set>

namespace cinc {
namespace {

namespace fs = std::filesystem;

constexpr uint32_t kWatchedEvents = IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE |
                                    IN_DELETE | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF;

// The folder nearest to `folder` that exists: itself, or the ancestor in
// which it would be made again.
fs::path NearestExisting(fs::path folder) {
  std::error_code error;
  while (!fs::is_directory(folder, error) && folder.has_relative_path()) {
    folder = folder.parent_path();
  }
  return folder;
}

// The folders of the watched files, watched with inotify: a file replaced by
// a rename or deleted and created again is seen where a watch on the file
// itself would be lost. A folder that is deleted loses its watch (the kernel
// says so with IN_IGNORED); until it is made again its nearest existing
// ancestor is watched, and when it comes back it is watched again and the
// files in it count as changed.
class FolderWatch {
 public:
  FolderWatch() : descriptor_(inotify_init1(IN_NONBLOCK | IN_CLOEXEC)) {}
  ~FolderWatch() {
    if (descriptor_ >= 0) close(descriptor_);
  }
  FolderWatch(const FolderWatch&) = delete;
  FolderWatch& operator=(const FolderWatch&) = delete;

  int descriptor() const { return descriptor_; }

  // Watches the folders of `files` (their names are what counts), or the
  // nearest existing ancestor of a missing one; true when a folder that was
  // missing is watched now.
  bool Follow(const std::set<fs::path>& files) {
    files_ = files;
    std::set<fs::path> folders;
    for (const fs::path& file : files) folders.insert(NearestExisting(file.parent_path()));
    for (auto it = watches_.begin(); it != watches_.end();) {
      if (folders.count(it->second) == 0) {
        inotify_rm_watch(descriptor_, it->first);
        it = watches_.erase(it);
      } else {
        ++it;
      }
    }
    bool came_back = false;
    for (const fs::path& folder : folders) {
      bool watched = false;
      for (const auto& [watch, path] : watches_) watched = watched || path == folder;
      if (watched) continue;
      int watch = inotify_add_watch(descriptor_, folder.c_str(), kWatchedEvents);
      if (watch < 0) continue;  // gone again: its ancestor's events will say when it is back
      watches_[watch] = folder;
      came_back = came_back || IsFolderOfAFile(folder);
    }
    return came_back;
  }

  // Reads the pending events; true when one is about a watched file, or a
  // watched file's folder came back.
  bool DrainChanges() {
    bool changed = false;
    bool refollow = false;
    alignas(inotify_event) char buffer[16384];
    for (;;) {
      ssize_t got = read(descriptor_, buffer, sizeof buffer);
      if (got <= 0) break;
      for (ssize_t offset = 0; offset < got;) {
        const auto* event = reinterpret_cast<const inotify_event*>(buffer + offset);
        offset += static_cast<ssize_t>(sizeof(inotify_event) + event->len);
        auto folder = watches_.find(event->wd);
        if (folder == watches_.end()) continue;
        if ((event->mask & (IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF)) != 0) {
          if ((event->mask & IN_IGNORED) == 0) inotify_rm_watch(descriptor_, event->wd);
          watches_.erase(folder);  // deleted or moved away: watched again by Follow
          refollow = true;
          continue;
        }
        if (event->len == 0) continue;
        if ((event->mask & IN_ISDIR) != 0) refollow = true;  // maybe a folder coming back
        if (files_.count(folder->second / event->name) > 0) changed = true;
      }
    }
    if (refollow && Follow(files_)) changed = true;
    return changed;
  }

 private:
  bool IsFolderOfAFile(const fs::path& folder) const {
    for (const fs::path& file : files_) {
      if (file.parent_path() == folder) return true;
    }
    return false;
  }

  int descriptor_;
  std::map<int, fs::path> watches_;
  std::set<fs::path> files_;
};

fs::path Absolute(const std::string& path) {
  std::error_code error;
  fs::path absolute = fs::absolute(path, error);
  return (error ? fs::path(path) : absolute).lexically_normal();
}

// True when `file` was written at `since` or later. A file the build was the
// first to name had no watch while the build read it; this is how a save in
// that gap is seen. The slack covers the coarse clock the kernel stamps
// files with, a tick behind the one `since` was read from.
bool WrittenSince(const fs::path& file, fs::file_time_type since) {
  std::error_code error;
  fs::file_time_type written = fs::last_write_time(file, error);
  return !error && written >= since - std::chrono::milliseconds(20);
}

}  // namespace

int WatchAndRebuild(const std::string& scene,
                    const std::function<void(std::vector<std::string>* inputs)>& build_once,
                    const WatchSettings& settings, std::ostream& errors) {
  FolderWatch watch;
  if (watch.descriptor() < 0) {
    errors << "cinc: cannot watch files: " << std::strerror(errno) << "\n";
    return 3;
  }
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  sigprocmask(SIG_BLOCK, &stop_signals, nullptr);
  int stop = signalfd(-1, &stop_signals, SFD_CLOEXEC);
  if (stop < 0) {
    errors << "cinc: cannot watch for Ctrl-C: " << std::strerror(errno) << "\n";
    return 3;
  }
  std::set<fs::path> watched = {Absolute(scene)};
  for (bool first = true;; first = false) {
    if (!first) errors << "cinc: changed: building again\n" << std::flush;
    watch.Follow(watched);  // before the build reads them: a save while it runs is seen
    fs::file_time_type started = fs::file_time_type::clock::now();
    std::vector<std::string> inputs;
    build_once(&inputs);
    bool changed = false;
    for (const std::string& input : inputs) {
      if (input.empty()) continue;
      fs::path path = Absolute(input);
      if (watched.insert(path).second) changed = changed || WrittenSince(path, started);
    }
    watch.Follow(watched);
    errors << "cinc: watching " << watched.size() << (watched.size() == 1 ? " file" : " files")
           << " for changes (Ctrl-C stops)\n";
    errors.flush();
    // Waits for a change, then for debounce_ms of quiet.
    for (;;) {
      pollfd descriptors[2] = {{watch.descriptor(), POLLIN, 0}, {stop, POLLIN, 0}};
      int ready = poll(descriptors, 2, changed ? settings.debounce_ms : -1);
      if (ready < 0 && errno == EINTR) continue;
      if (ready < 0 || (descriptors[1].revents & POLLIN) != 0) {
        close(stop);
        errors << "cinc: stopped watching\n";
        return 0;
      }
      if (ready == 0) break;  // quiet after a change
      if (watch.DrainChanges()) changed = true;
    }
    // The next build's inputs replace these, but what it cannot read stays
    // watched through the previous set: a broken model is still a model.
  }
}

}  // namespace cinc
