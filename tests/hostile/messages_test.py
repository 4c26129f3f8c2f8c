"""Hostile input, issue 41 items 4, 11, 12 and 13: text diagnostics bounded
(a source line cut to a window around the caret, at most 200 diagnostics
then one line counting the rest, a run keeping at most 10,000), control
characters shown escaped, every ease the loader accepts one the later
stages can use, and the right message for a time off the grid or zero."""
import json
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hostile

CUT = "\u2026"


def one_line_scene(size):
    """A scene of one line, `size` bytes or a little more, of unknown fields
    k0, k1, ...; returns (text without its line break, field count)."""
    parts = ["{cinc: 1"]
    length = len(parts[0])
    count = 0
    while length < size:
        part = f", k{count}: 1"
        parts.append(part)
        length += len(part)
        count += 1
    return "".join(parts) + "}", count


class MessagesTest(hostile.HostileTest):

    def check_one_line(self, size, max_bytes):
        line, count = one_line_scene(size)
        self.write("s.yaml", line + "\n")
        _, out, err = self.cinc("check", "s.yaml", expect=1)
        self.assertEqual(out, "")
        self.assertLessEqual(len(err.encode()), max_bytes)
        # The first: near the start of the line, cut after 120 columns.
        first = ("s.yaml:1:11: error: unknown field 'k0' [E_SCENE_FORMAT]\n"
                 + line[:120] + CUT + "\n" + " " * 10 + "^\n")
        self.assertTrue(err.startswith(first), err[:1000])
        # The 200th (the last shown): 60 columns each side of the caret.
        column = line.index(", k199: 1") + 3
        last = (f"s.yaml:1:{column}: error: unknown field 'k199' [E_SCENE_FORMAT]\n"
                + CUT + line[column - 61:column + 59] + CUT + "\n" + " " * 61 + "^\n")
        self.assertTrue(err.endswith(last + f"cinc: {count - 200} more diagnostics not shown\n"),
                        err[-1000:])
        self.assertEqual(err.count("\n"), 200 * 3 + 1)
        return err

    def test_64k_line_of_errors(self):
        self.check_one_line(64 << 10, 64 << 10)

    def test_256k_line_of_errors(self):
        self.check_one_line(256 << 10, 64 << 10)

    def test_4m_line_of_errors(self):
        self.check_one_line(4 << 20, 64 << 10)

    def test_4m_line_of_errors_as_json_keeps_10000(self):
        line, count = one_line_scene(4 << 20)
        self.write("s.yaml", line + "\n")
        _, _, err = self.cinc("check", "--diagnostics", "json", "s.yaml", expect=1)
        self.assertLessEqual(len(err.encode()), 2 << 20)
        entries = json.loads(err)
        self.assertEqual(len(entries), 10001)
        self.assertEqual(entries[9999]["message"], "unknown field 'k9999'")
        self.assertEqual(entries[10000], {
            "file": "", "line": 0, "column": 0, "severity": "error", "code": "E_LIMIT",
            "message": f"{count - 10000} more diagnostics ({count - 10000} errors) not kept: "
                       "a run keeps the first 10000", "path": ""})

    def test_4m_line_of_errors_as_sarif_keeps_10000(self):
        line, count = one_line_scene(4 << 20)
        self.write("s.yaml", line + "\n")
        _, _, err = self.cinc("check", "--diagnostics", "sarif", "s.yaml", expect=1)
        results = json.loads(err)["runs"][0]["results"]
        self.assertEqual(len(results), 10001)
        self.assertEqual(results[10000], {
            "ruleId": "E_LIMIT", "level": "error",
            "message": {"text": f"{count - 10000} more diagnostics ({count - 10000} errors) "
                                "not kept: a run keeps the first 10000"}})

    def test_long_key_message_loses_its_middle(self):
        self.write("s.yaml", "cinc: 1\n? " + "x" * 4_000_000 + "\n: 1\n")
        _, _, err = self.cinc("check", "s.yaml", expect=1)
        # 2048 bytes: the first 1022, "…", the last 1023.
        whole = "unknown field '" + "x" * 4_000_000 + "'"
        message = whole[:1022] + CUT + whole[-1023:]
        self.assertEqual(err, f"s.yaml:2:3: error: {message} [E_SCENE_FORMAT]\n"
                              "? " + "x" * 118 + CUT + "\n  ^\n")

    def test_terminal_escapes_are_shown_escaped(self):
        self.write("s.yaml", 'cinc: 1\n"\\e]0;pwned\\a": 1\nobjects:\n'
                             '  "a\\x9b2J": {}\n'
                             '\t"b\\u009b": {model: "\\e[2J"}\n'.replace("\t", "  "))
        _, _, err = self.cinc("check", "s.yaml", expect=1)
        self.assertEqual(err,
            "s.yaml:2:1: error: unknown field '\\x1b]0;pwned\\x07' [E_SCENE_FORMAT]\n"
            '"\\e]0;pwned\\a": 1\n'
            "^\n"
            "s.yaml:4:3: error: invalid name 'a\\u009b2J' [E_SCENE_NAME]\n"
            '  "a\\x9b2J": {}\n'
            "  ^\n"
            "s.yaml:5:3: error: invalid name 'b\\u009b' [E_SCENE_NAME]\n"
            '  "b\\u009b": {model: "\\e[2J"}\n'
            "  ^\n"
            "s.yaml:5:22: error: object 'b\\u009b' uses unknown model '\\x1b[2J' [E_MODEL_MISSING]\n"
            '  "b\\u009b": {model: "\\e[2J"}\n'
            "                     ^\n")
        for raw in ("\x1b", "\x07", "\u009b"):
            self.assertNotIn(raw, err)

    def test_escapes_in_the_source_line_keep_the_caret_aligned(self):
        # A JSON sequence may hold raw C1 characters and DEL in its strings.
        self.write("s.sequence.json",
                   '{"version": 1, "name": "x\u009b\x7f", "duration": 0, "tracks": []}\n')
        _, _, err = self.cinc("validate", "s.sequence.json", expect=1)
        line = '{"version": 1, "name": "x\\u009b\\x7f", "duration": 0, "tracks": []}\n'
        self.assertEqual(err,
            "s.sequence.json:1:16: error: name 'x\\u009b\\x7f' must match "
            "[A-Za-z0-9_.-]{1,128} [E_CINEMA_FORMAT] at /name\n" + line + " " * 15 + "^\n"
            "s.sequence.json:1:31: error: duration 0 is outside (0, 3600] seconds "
            "[E_CINEMA_DURATION] at /duration\n" + line + " " * 38 + "^\n")
        self.assertNotIn("\u009b", err)

    def test_huge_ease_y_is_a_scene_value(self):
        self.write("s.yaml", "cinc: 1\nobjects:\n  box:\n    nodes:\n"
                             "      - {id: a, duration: 1, position: [1, 0, 0], "
                             "ease: [0, 9e307, 1, -9e307]}\n")
        line = ("      - {id: a, duration: 1, position: [1, 0, 0], "
                "ease: [0, 9e307, 1, -9e307]}\n")
        expected = ("s.yaml:5:61: error: ease y1 9e307 is outside [-1000, 1000] [E_SCENE_VALUE]\n"
                    + line + " " * 60 + "^\n"
                    "s.yaml:5:71: error: ease y2 -9e307 is outside [-1000, 1000] [E_SCENE_VALUE]\n"
                    + line + " " * 70 + "^\n")
        for command in ("check", "build"):
            _, _, err = self.cinc(command, "s.yaml", expect=1)
            self.assertEqual(err, expected)

    def test_largest_ease_y_builds(self):
        self.write("s.yaml", "cinc: 1\nobjects:\n  box:\n    nodes:\n"
                             "      - {id: a, duration: 1, position: [1e6, 0, 0], "
                             "ease: [0.2, 1000, 0.7, -1000]}\n"
                             "      - {id: b, at: 0.5, duration: 1, opacity: 1, "
                             "ease: [0.9, -1000, 0.1, 1000]}\n")
        self.cinc("build", "s.yaml", "-o", "s.json", expect=0)

    def test_ninety_digits_are_off_the_grid(self):
        value = "1." + "0" * 87 + "1"
        self.write("s.yaml", "cinc: 1\nobjects:\n  box:\n    nodes:\n"
                             f"      - {{id: a, duration: {value}, opacity: 1}}\n")
        _, _, err = self.cinc("check", "s.yaml", expect=1)
        line = f"      - {{id: a, duration: {value}, opacity: 1}}"
        self.assertEqual(err, f"s.yaml:5:27: error: duration {value} is not a multiple of "
                              "0.000000001 [E_SCENE_VALUE]\n" + line[:120] + CUT + "\n"
                              + " " * 26 + "^\n")

    def test_zero_with_a_huge_exponent_is_zero(self):
        self.write("s.yaml", "cinc: 1\nobjects:\n  box:\n    nodes:\n"
                             "      - {id: a, at: 0e99999999999, duration: 1." + "0" * 80
                             + ", opacity: 1}\n")
        _, out, err = self.cinc("check", "s.yaml", expect=0)
        self.assertEqual(err, "")

    def test_huge_exponent_is_outside(self):
        self.write("s.yaml", "cinc: 1\nobjects:\n  box:\n    nodes:\n"
                             "      - {id: a, duration: 1e99, opacity: 1}\n")
        _, _, err = self.cinc("check", "s.yaml", expect=1)
        self.assertEqual(err, "s.yaml:5:27: error: duration 1e99 is outside [-1000000, 1000000] "
                              "[E_SCENE_VALUE]\n"
                              "      - {id: a, duration: 1e99, opacity: 1}\n"
                              + " " * 26 + "^\n")


if __name__ == "__main__":
    hostile.main()
