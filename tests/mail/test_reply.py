"""extract_reply, normalise_command_text and command_lines on the quote and signature forms of each language."""
import pytest

from pbem.mail.command_text import command_lines, normalise_command_text
from pbem.mail.reply import extract_reply

QUOTE = "> It is your turn.\n> place N forest\n"


@pytest.mark.parametrize(
    "history",
    [
        # Gmail ja, on one line and wrapped over two.
        "2026年11月21日(土) 10:00 山田 太郎 <taro@example.jp>:\n\n" + QUOTE,
        "2026年11月21日(土) 10:00 山田 太郎 <\ntaro@example.jp>:\n\n" + QUOTE,
        # Outlook ja, with full-width colons too.
        "差出人: pbem <play@pbem.example>\n送信日時: 2026年11月21日 10:00\n宛先: 山田 太郎\n件名: [pbem] #12\n\nあなたの番です。",
        "差出人：pbem <play@pbem.example>\n送信日時：2026年11月21日 10:00\n件名：[pbem] #12\n\nあなたの番です。",
        "-----Original Message-----\nFrom: pbem\nSent: Saturday\n\nIt is your turn.",
        "-----元のメッセージ-----\n差出人: pbem\n件名: [pbem] #12\n\nあなたの番です。",
        # Apple Mail ja.
        "2026/11/21 10:00、山田 太郎 <taro@example.jp>のメール:\n\n" + QUOTE,
        # Thunderbird ja.
        "On 2026/11/21 10:00, pbem wrote:\n" + QUOTE,
        # French: Gmail, Outlook, Thunderbird.
        "Le sam. 21 nov. 2026 à 10:00, Jean <j@x.fr> a écrit :\n\n" + QUOTE,
        "De : pbem <play@pbem.example>\nEnvoyé : samedi 21 novembre 2026 10:00\nÀ : Jean\nObjet : [pbem]\n\n"
        "C'est votre tour.",
        "-------- Message d'origine --------\nDe : pbem\nDate : 21/11/2026\n\nC'est votre tour.",
        # German: Gmail, Thunderbird, Outlook.
        "Am 21.11.2026 um 10:00 schrieb Hans <h@x.de>:\n\n" + QUOTE,
        "Am Sa., 21. Nov. 2026 um 10:00 Uhr schrieb pbem <play@pbem.example>:\n" + QUOTE,
        "Von: pbem <play@pbem.example>\nGesendet: Samstag, 21. November 2026 10:00\nAn: Hans\nBetreff: [pbem]\n\n"
        "Du bist dran.",
        "-----Ursprüngliche Nachricht-----\nVon: pbem\nGesendet: Samstag\n\nDu bist dran.",
        # English.
        "On Sat, Nov 21, 2026 at 10:00 AM pbem <play@pbem.example> wrote:\n\n" + QUOTE,
        "________________________________\nFrom: pbem\nSent: Saturday\nTo: Bob\nSubject: [pbem]\n\nIt is your turn.",
        "---------- Forwarded message ---------\nFrom: pbem\n\nIt is your turn.",
    ],
)
def test_quoted_history_below_the_reply_is_cut(history):
    assert extract_reply("place 3 forest\nfeed\n\n" + history) == "place 3 forest\nfeed"


@pytest.mark.parametrize(
    "signature",
    [
        "Sent from my iPhone",
        "Envoyé de mon iPhone",
        "Envoyé depuis mon mobile",
        "Von meinem iPhone gesendet",
        "Gesendet von meinem Samsung Galaxy",
        "iPhoneから送信",
        "Galaxy から送信",
        "Get Outlook for Android",
        "-- \nHans Müller\nTel. 0171 2345678",
        "--\n山田 太郎",
        "━━━━━━━━━━\n山田 太郎",
        "__________\nsig",
    ],
)
def test_signatures_are_cut(signature):
    assert extract_reply(f"place 3 forest\n\n{signature}\n") == "place 3 forest"


def test_a_sentence_starting_like_a_phone_signature_is_kept():
    text = "feed\n\nSent from my desk, which is much easier than from my mobile phone.\n"
    assert extract_reply(text) == text.strip()


def test_closing_words_the_writer_typed_are_kept():
    """Corpus rule (email_headers_5, embedded_ception): greetings and names are the writer's own text."""
    assert extract_reply("feed\n\nBest regards,\nBob\n\nOn Sat, 21 Nov 2026, pbem <p@pbem.example> wrote:\n> x") == (
        "feed\n\nBest regards,\nBob"
    )


def test_answers_between_quoted_lines_are_kept_with_their_quotes():
    text = "On Sat, 21 Nov 2026, pbem <p@pbem.example> wrote:\n> Where do you place?\nplace 3 forest\n> Feed?\nfeed\n"
    assert extract_reply(text) == "place 3 forest\n> Feed?\nfeed"


def test_reply_below_an_opening_attribution_is_kept():
    text = "Le 21 nov. 2026 à 10:00, pbem <p@pbem.example> a écrit :\n> C'est votre tour.\n\nplacer 3 forêt\n"
    assert extract_reply(text) == "placer 3 forêt"


def test_a_message_of_quotes_alone_is_kept():
    assert extract_reply("> place 3 forest\n") == "> place 3 forest"


def test_indentation_and_code_blocks_are_kept():
    text = "place 3 forest\n    feed\n```\n----\n> not a quote\n```\nend\n"
    assert extract_reply(text) == text.rstrip("\n")


def test_ordinary_sentences_that_look_like_headers_are_kept():
    text = "On turn 3 I want:\nplace 3 forest\nI wrote: feed\nThe 2026-11-21 game\n"
    assert extract_reply(text) == text.rstrip("\n")


def test_windows_line_endings_are_read():
    assert extract_reply("place 3 forest\r\nfeed\r\n\r\nSent from my iPhone\r\n") == "place 3 forest\nfeed"


@pytest.mark.parametrize(
    ("typed", "normalised"),
    [
        ("ｐｌａｃｅ　３　森", "place 3 森"),
        ("place\u00a03\u202fforest", "place 3 forest"),
        ("pla\u200bce 3 fo\ufeffrest\u200d", "place 3 forest"),
        ("feed   \nplace 2 hunt\t\n", "feed\nplace 2 hunt\n"),
        ("道具　①", "道具 1"),
        ("ﾂｰﾙ 2", "ツール 2"),
    ],
)
def test_command_text_is_normalised(typed, normalised):
    assert normalise_command_text(typed) == normalised


def test_command_lines_are_the_typed_lines_without_quotes_or_rules():
    text = (
        "  ｐｌａｃｅ　３　ｆｏｒｅｓｔ  \n\n> place 9 forest\n>\nfeed\n--\n"
        "On Sat, 21 Nov 2026, pbem <p@pbem.example> wrote:\n> x\n"
    )
    assert command_lines(text) == ["place 3 forest", "feed"]


def test_command_lines_keep_lines_answered_inline():
    text = "> Where?\nplace 3 forest\n> Feed?\nfeed\n:-)\n"
    assert command_lines(text) == ["place 3 forest", "feed"]


def test_command_lines_of_nothing_typed_is_empty():
    assert command_lines("\n\n> only a quote\n") == []
    assert command_lines("") == []


def test_a_typed_line_naming_an_address_is_kept_above_the_attribution():
    """It once joined up with the attribution below it and was cut with every line between."""
    text = ("new stone-age 3 players with cy@example.org dee@example.org\ntake 2\n\n"
            "On Sat, 21 Nov 2026 at 10:00, pbem <pbem@pbem.test> wrote:\n> Hello\n")
    assert extract_reply(text).splitlines() == ["new stone-age 3 players with cy@example.org dee@example.org",
                                                "take 2"]
