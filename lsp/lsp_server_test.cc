#include "lsp/lsp_server.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace cinc {
namespace {

std::string SchemaText() {
  std::ifstream in(std::string(CINC_SOURCE_DIR) + "/schemas/scene.schema.json");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

class LspServerTest : public testing::Test {
 protected:
  void SetUp() override {
    folder_ =
        std::filesystem::temp_directory_path() / ("lsp_server_test_" + std::to_string(getpid()));
    std::filesystem::create_directories(folder_);
    path_ = (folder_ / "s.yaml").string();
    std::ofstream(path_) << "cinc: 1\n";  // on disk: not what the editor holds
    uri_ = "file://" + path_;
  }
  void TearDown() override { std::filesystem::remove_all(folder_); }

  Json Request(int id, const std::string& method, Json params) {
    std::vector<Json> out = server_.Handle(WriteCompactJson(
        Json{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", params}}));
    for (const Json& message : out) {
      if (message.contains("id") && message["id"] == id) return message;
    }
    return Json();
  }
  void Notify(const std::string& method, Json params) {
    server_.Handle(
        WriteCompactJson(Json{{"jsonrpc", "2.0"}, {"method", method}, {"params", params}}));
  }
  Json At(int line, int character) {
    return Json{{"textDocument", Json{{"uri", uri_}}},
                {"position", Json{{"line", line}, {"character", character}}}};
  }

  LanguageServer server_{LspServerOptions{SchemaText()}};
  std::filesystem::path folder_;
  std::string path_;
  std::string uri_;
};

constexpr const char* kScene =
    "cinc: 1\n"
    "objects:\n"
    "  body:\n"
    "    nodes:\n"
    "      - {id: in, duration: 0.5, opacity: 1}\n"
    "  lid:\n"
    "    nodes:\n"
    "      - {id: show, after: body.inn, duration: 1, opacity: 1}\n";

TEST_F(LspServerTest, LifecycleAndErrors) {
  EXPECT_EQ(Request(1, "textDocument/hover", At(0, 0))["error"]["code"], -32002);
  EXPECT_TRUE(Request(2, "initialize", Json::object())["result"]["capabilities"]["hoverProvider"]);
  EXPECT_EQ(Request(3, "cinc/unknown", Json::object())["error"]["code"], -32601);
  EXPECT_EQ(server_.Handle("{not json")[0]["error"]["code"], -32700);
  EXPECT_EQ(server_.Handle("[1, 2]")[0]["error"]["code"], -32600);
  EXPECT_EQ(Request(4, "textDocument/hover", Json{{"textDocument", 5}})["error"]["code"], -32602);
  EXPECT_TRUE(Request(5, "shutdown", nullptr)["result"].is_null());
  Notify("exit", nullptr);
  EXPECT_EQ(server_.exit_status(), 0);
}

TEST_F(LspServerTest, DiagnosticsOfTheUnsavedTextAndAQuickFix) {
  Request(1, "initialize", Json::object());
  Notify("textDocument/didOpen",
         Json{{"textDocument",
               Json{{"uri", uri_}, {"languageId", "yaml"}, {"version", 1}, {"text", kScene}}}});
  ASSERT_TRUE(server_.NeedsAnalysis());
  const std::vector<Json> published = server_.Analyze();
  ASSERT_EQ(published.size(), 1u);
  EXPECT_EQ(published[0]["method"], "textDocument/publishDiagnostics");
  const Json& diagnostics = published[0]["params"]["diagnostics"];
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_EQ(diagnostics[0]["code"], "E_TIMING_MISSING");
  EXPECT_EQ(diagnostics[0]["message"],
            "node 'lid.show' references unknown node 'body.inn' (did you mean 'body.in'?)");
  EXPECT_EQ(diagnostics[0]["range"]["start"], (Json{{"line", 7}, {"character", 26}}));
  EXPECT_EQ(diagnostics[0]["range"]["end"], (Json{{"line", 7}, {"character", 34}}));
  const Json actions = Request(2, "textDocument/codeAction",
                               Json{{"textDocument", Json{{"uri", uri_}}},
                                    {"range", diagnostics[0]["range"]},
                                    {"context", Json{{"diagnostics", diagnostics}}}})["result"];
  ASSERT_EQ(actions.size(), 1u);
  EXPECT_EQ(actions[0]["edit"]["changes"][uri_][0]["newText"], "body.in");
}

TEST_F(LspServerTest, CompletionHoverDefinitionSymbolsRename) {
  Request(1, "initialize", Json::object());
  std::string scene = kScene;
  scene.replace(scene.find("body.inn"), 8, "body.in");
  Notify("textDocument/didOpen",
         Json{{"textDocument",
               Json{{"uri", uri_}, {"languageId", "yaml"}, {"version", 1}, {"text", scene}}}});
  // Completion after "body." (line 7, after "after: body.").
  Json items = Request(2, "textDocument/completion", At(7, 31))["result"];
  ASSERT_EQ(items.size(), 1u);
  EXPECT_EQ(items[0]["label"], "in");
  // Hover on lid.show: starts when body.in ends (0.5), lasts 1.
  Json hover = Request(3, "textDocument/hover", At(7, 14))["result"];
  EXPECT_EQ(hover["contents"]["value"],
            "**lid.show**\n\nstart 0.5 s, end 1.5 s, duration 1 s\n\nstart fixed by: body.in → "
            "lid.show\n\nslack: 0 s (on the critical path)");
  hover = Request(4, "textDocument/hover", At(4, 14))["result"];
  EXPECT_NE(hover["contents"]["value"].get<std::string>().find("slack: 0 s"), std::string::npos);
  // Definition of body.in: the node's mapping on line 4.
  Json definition = Request(5, "textDocument/definition", At(7, 31))["result"];
  EXPECT_EQ(definition["range"]["start"], (Json{{"line", 4}, {"character", 8}}));
  Json symbols = Request(6, "textDocument/documentSymbol", At(0, 0))["result"];
  ASSERT_EQ(symbols.size(), 2u);
  EXPECT_EQ(symbols[0]["name"], "body");
  EXPECT_EQ(symbols[1]["children"][0]["name"], "show");
  // Rename body.in to enter: its id and the reference.
  Json params = At(4, 14);
  params["newName"] = "enter";
  Json edit = Request(7, "textDocument/rename", params)["result"];
  ASSERT_EQ(edit["changes"][uri_].size(), 2u);
  params["newName"] = "9bad";
  EXPECT_EQ(Request(8, "textDocument/rename", params)["error"]["code"], -32803);
  // Out-of-range positions are clamped.
  EXPECT_TRUE(Request(9, "textDocument/hover", At(1000, 1000))["result"].is_null());
  EXPECT_TRUE(Request(10, "textDocument/hover", At(-5, -5)).contains("result"));
}

}  // namespace
}  // namespace cinc
