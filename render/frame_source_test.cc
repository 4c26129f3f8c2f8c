#include "render/frame_source.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

#include "render/render.h"
#include "render/temporary_folder.h"
#include "render/test_helpers.h"

namespace cinc {
namespace {

class FrameSourceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string error;
    folder_ = TemporaryFolder::Create("cinc-source-test-", &error);
    ASSERT_TRUE(folder_) << error;
    // The browser's own temporary folder (its profile) inside ours, so that
    // what it leaves is told apart from other tests' browsers.
    const char* old = std::getenv("TMPDIR");
    old_tmpdir_ = old != nullptr ? std::optional<std::string>(old) : std::nullopt;
    setenv("TMPDIR", folder_->path().c_str(), 1);
    settings_.chromium = ChromiumProgram();
    settings_.width = 160;
    settings_.height = 90;
  }
  void TearDown() override {
    if (old_tmpdir_) {
      setenv("TMPDIR", old_tmpdir_->c_str(), 1);
    } else {
      unsetenv("TMPDIR");
    }
  }
  std::string Page(const std::string& html) {
    std::string path = folder_->Inside("page " + std::to_string(++pages_) + ".html");
    testing::WriteBytes(path, html);
    return path;
  }
  // Opening `html` fails; the message; no browser is left.
  std::string OpenFails(const std::string& html) {
    std::string error;
    EXPECT_FALSE(FrameSource::Open(Page(html), settings_, &error));
    EXPECT_EQ(testing::ProcessesWith(folder_->path()), std::vector<int>{});
    return error;
  }

  std::optional<TemporaryFolder> folder_;
  std::optional<std::string> old_tmpdir_;
  FrameSourceSettings settings_;
  int pages_ = 0;
};

TEST_F(FrameSourceTest, CapturesTheStateAtEachTimeExactly) {
  std::string error;
  std::unique_ptr<FrameSource> source =
      FrameSource::Open(Page(testing::FakePage(2)), settings_, &error);
  ASSERT_TRUE(source) << error;
  EXPECT_EQ(source->duration(), 2);
  std::optional<std::string> start = source->Capture(0, &error);
  ASSERT_TRUE(start) << error;
  EXPECT_EQ(PngSize(*start), std::make_pair(160, 90));
  std::optional<std::string> later = source->Capture(1.5, &error);
  ASSERT_TRUE(later) << error;
  EXPECT_NE(*start, *later);
  std::optional<std::string> again = source->Capture(0, &error);
  ASSERT_TRUE(again) << error;
  EXPECT_EQ(*start, *again);  // the same time, the same bytes
  EXPECT_EQ(source->refused_requests(), std::vector<std::string>{});
  std::string profile = source->browser().profile();
  source.reset();
  EXPECT_EQ(testing::ProcessesWith(profile), std::vector<int>{});
}

// Nothing but the page's file and data: or blob: URLs is fetched; the
// refused URLs are kept, and the page still renders.
TEST_F(FrameSourceTest, RefusesTheNetwork) {
  std::string script = R"(
fetch('http://example.com/x.json').catch(() => {});
const image = new Image(); image.src = 'https://example.org/a.png';
fetch('data:text/plain,fine').then((r) => r.text()).then((t) => { window.dataText = t; });
)";
  std::string error;
  std::unique_ptr<FrameSource> source =
      FrameSource::Open(Page(testing::FakePage(1, script)), settings_, &error);
  ASSERT_TRUE(source) << error;
  ASSERT_TRUE(source->Capture(0.5, &error)) << error;
  std::vector<std::string> refused = source->refused_requests();
  std::sort(refused.begin(), refused.end());
  EXPECT_EQ(refused,
            (std::vector<std::string>{"http://example.com/x.json", "https://example.org/a.png"}));
}

TEST_F(FrameSourceTest, APageThatIsNeverReadyIsAnError) {
  settings_.ready_timeout = std::chrono::milliseconds(1500);
  std::string error =
      OpenFails(testing::FakePage(1, "console.error('no model');", "new Promise(() => {})"));
  EXPECT_EQ(error, "the page was not ready in 1.5 s; the page said: no model");
}

TEST_F(FrameSourceTest, APageThatFailsIsAnError) {
  std::string error =
      OpenFails(testing::FakePage(1, "", "Promise.reject(new Error('broken model'))"));
  EXPECT_EQ(error.rfind("the page failed: Error: broken model", 0), 0u) << error;
}

TEST_F(FrameSourceTest, APageWithoutRenderModeIsAnError) {
  std::string page = testing::FakePage(1);
  page.replace(page.find("render: fields.has"), 18, "render: false && ");
  EXPECT_EQ(OpenFails(page),
            "the page has no render mode (#render): it was made by another version of cinc");
  EXPECT_EQ(OpenFails("<!doctype html><p>not a preview</p>")
                .rfind("the page failed: Error: the page has no window.cinc", 0),
            0u);
}

TEST(FrameSourceUrlTest, FileUrlsAndPngSizes) {
  EXPECT_EQ(FileUrl("/tmp/a b/ü#?.html"), "file:///tmp/a%20b/%C3%BC%23%3F.html");
  EXPECT_EQ(PngSize("not a png"), std::nullopt);
  EXPECT_EQ(PngSize(testing::SolidPng(17, 5, {1, 2, 3})), std::make_pair(17, 5));
}

}  // namespace
}  // namespace cinc
