"""Plain-text mail folded to 78 columns: at spaces, between Japanese characters (never before "。"), links whole."""
from __future__ import annotations

from pbem.engine.base import text_width
from pbem.mail.folding import fold


def test_prose_folds_at_a_sentence_end_and_list_items_hang():
    text = ("Reply to this mail with your commands above the quoted text, one per line. For example:\n"
            "- New cards in the row: Revolutionary Idea I, Rich Land I, Bread and Circuses, Drama.\n"
            "    take 1")
    assert fold(text).split("\n") == [
        "Reply to this mail with your commands above the quoted text, one per line.", "For example:",
        "- New cards in the row: Revolutionary Idea I, Rich Land I, Bread and Circuses,", "  Drama.",
        "    take 1"]


def test_japanese_folds_between_characters_and_keeps_closing_marks_and_links():
    line = "このメールに返信し、引用部分の上に 1 行に 1 つずつコマンドを書いてください。例：" * 2
    lines = fold(line).split("\n")
    assert all(text_width(x) <= 78 for x in lines) and "".join(lines).replace(" ", "") == line.replace(" ", "")
    assert not any(x.startswith(("。", "：", "、")) for x in lines)
    link = "http://pbem.test/play/" + "x" * 80
    assert fold(f"または手番フォームを開く：{link}") == f"または手番フォームを開く：\n{link}"
