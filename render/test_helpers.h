// Helpers for render/'s tests: small pages that play the part of a preview
// page, PNGs made without a library, and the processes a test leaves.
#ifndef CINC_RENDER_TEST_HELPERS_H_
#define CINC_RENDER_TEST_HELPERS_H_

#include <dirent.h>

#include <array>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace cinc::testing {

// A page with window.cinc as the preview has it (ready, duration, render
// from the #render fragment, seek, state): a 2D canvas filling the window,
// red in proportion to t / duration, with a white square at x = 40 t px.
// `script` runs before, `ready` is the ready promise's expression.
inline std::string FakePage(double duration, const std::string& script = "",
                            const std::string& ready = "Promise.resolve()") {
  std::ostringstream page;
  page << R"(<!doctype html><html><head><meta charset="utf-8"><style>
html, body { margin: 0; height: 100%; overflow: hidden; background: #000; }
canvas { display: block; width: 100vw; height: 100vh; }
</style></head><body><canvas id="c"></canvas><script>
)" << script
       << R"(
const duration = )"
       << duration << R"(;
const fields = new URLSearchParams(location.hash.slice(1));
const canvas = document.getElementById('c');
let time = 0;
function draw(t) {
  canvas.width = innerWidth; canvas.height = innerHeight;
  const g = canvas.getContext('2d');
  g.fillStyle = `rgb(${Math.round(255 * t / duration)}, 32, 64)`;
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = '#fff';
  g.fillRect(Math.round(40 * t), 10, 8, 8);
}
draw(0);
window.cinc = {
  ready: )"
       << ready << R"(,
  duration,
  render: fields.has('render') ? { view: fields.get('view') || 'camera' } : null,
  seek(t) { time = Math.min(Math.max(t, 0), duration); draw(time);
            return new Promise((resolve) => requestAnimationFrame(() => resolve())); },
  state() { return { time }; },
};
</script></body></html>
)";
  return page.str();
}

inline std::string ReadBytes(const std::string& path) {
  std::ifstream stream(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << stream.rdbuf();
  return bytes.str();
}

inline void WriteBytes(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

// The pids of the processes whose command line holds `text` (a profile
// folder): what a browser left behind. Zombies have no command line.
inline std::vector<int> ProcessesWith(const std::string& text) {
  std::vector<int> found;
  DIR* proc = opendir("/proc");
  while (dirent* entry = proc != nullptr ? readdir(proc) : nullptr) {
    std::string name = entry->d_name;
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::string command = ReadBytes("/proc/" + name + "/cmdline");
    if (command.find(text) != std::string::npos) found.push_back(std::stoi(name));
  }
  if (proc != nullptr) closedir(proc);
  return found;
}

inline uint32_t Crc32(const std::string& bytes) {
  uint32_t crc = 0xffffffffu;
  for (unsigned char byte : bytes) {
    crc ^= byte;
    for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

inline std::string BigEndian(uint32_t value) {
  return {static_cast<char>(value >> 24), static_cast<char>(value >> 16),
          static_cast<char>(value >> 8), static_cast<char>(value)};
}

// An RGB PNG of one colour, its pixels in stored (uncompressed) deflate
// blocks: no zlib needed.
inline std::string SolidPng(int width, int height, std::array<uint8_t, 3> rgb) {
  std::string raw;
  for (int y = 0; y < height; ++y) {
    raw += '\0';  // no filter
    for (int x = 0; x < width; ++x) raw.append(reinterpret_cast<const char*>(rgb.data()), 3);
  }
  std::string deflate = "\x78\x01";
  for (size_t at = 0; at < raw.size() || at == 0; at += 65535) {
    size_t size = std::min<size_t>(65535, raw.size() - at);
    bool last = at + size >= raw.size();
    deflate += static_cast<char>(last ? 1 : 0);
    deflate += static_cast<char>(size & 255);
    deflate += static_cast<char>(size >> 8);
    deflate += static_cast<char>(~size & 255);
    deflate += static_cast<char>((~size >> 8) & 255);
    deflate += raw.substr(at, size);
    if (last) break;
  }
  uint32_t a = 1, b = 0;
  for (unsigned char byte : raw) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  deflate += BigEndian(b << 16 | a);
  auto chunk = [](const std::string& type, const std::string& data) {
    return BigEndian(static_cast<uint32_t>(data.size())) + type + data +
           BigEndian(Crc32(type + data));
  };
  std::string header = BigEndian(width) + BigEndian(height) + std::string("\x08\x02\0\0\0", 5);
  return std::string("\x89PNG\r\n\x1a\n", 8) + chunk("IHDR", header) + chunk("IDAT", deflate) +
         chunk("IEND", "");
}

}  // namespace cinc::testing

#endif  // CINC_RENDER_TEST_HELPERS_H_
