"""One test per family of reply the extraction once kept as commands: Apple's "sent:" attributions,
Yahoo's "--- On … wrote:" glued to the text, and names signed above a phone signature."""
import pytest

from pbem.mail.command_text import command_lines
from pbem.mail.reply import extract_reply, signer_names

QUOTE = "> It is your turn.\n> place N forest\n"


@pytest.mark.parametrize(
    "attribution",
    [
        "On 11-Apr-2026, at 6:54 PM, Game Master <gm@pbem.example> sent:",
        "On Nov 21, 2026, at 10:00 AM, pbem <play@pbem.example> said:",
        "Le 21 nov. 2026 à 10:00, pbem <play@pbem.example> a envoyé :",
        "Am Samstag, 21. November 2026, 10:00:12 MEZ hat pbem <play@pbem.example> Folgendes geschrieben:",
    ],
)
def test_attributions_with_other_verbs_are_cut_even_without_a_quote(attribution):
    text = f"place 3 forest\nfeed\n\n{attribution}\nIt is your turn.\nplace N forest\n"
    assert command_lines(text) == ["place 3 forest", "feed"]


def test_everyday_sentences_with_said_or_sent_are_kept():
    text = "On turn 3 I said:\nplace 3 forest\nI sent:\nfeed\n"
    assert extract_reply(text) == text.rstrip("\n")


@pytest.mark.parametrize("typed", ["reply", "place 3 forest", "feed "])
def test_a_yahoo_attribution_glued_to_the_text_is_split_off(typed):
    text = (f"{typed}--- On Tue, 3/1/11, pbem <play@pbem.example> wrote:\n\nFrom: pbem <play@pbem.example>\n"
            "Subject: [pbem] Game #12\n\nIt is your turn.\n")
    assert extract_reply(text) == typed.rstrip()


def test_a_yahoo_attribution_on_its_own_line_is_cut():
    text = "place 2 hunt\n\n--- On Sat, 11/21/26, pbem <play@pbem.example> wrote:\n\nIt is your turn.\n"
    assert extract_reply(text) == "place 2 hunt"


@pytest.mark.parametrize(
    "signature",
    [
        "Bob\n\nSent from my iPhone",
        "Bob\nSent from my iPad",
        "Ann\nvia mobile",
        "Ann Lee / via mobile",
        "Kim from mobile",
        "Hans\n\nVon meinem iPhone gesendet",
        "Hans / unterwegs gesendet",
        "Jean\nEnvoyé de mon iPhone",
        "山田\n\niPhoneから送信",
    ],
)
def test_a_name_above_a_phone_signature_is_cut(signature):
    names = signer_names("Bob Ann Kim Hans Jean 山田 Lee", "writer@example.com")  # the writer's own names
    assert command_lines(f"place 3 forest\nfeed\n\n{signature}\n", names) == ["place 3 forest", "feed"]


@pytest.mark.parametrize(
    "signature",
    ["Robert Miller\nSent from my iPhone", "Hans Müller\nVon meinem iPhone gesendet", "山田 太郎\niPhoneから送信"],
)
def test_a_full_name_right_below_the_commands_is_cut_with_the_phone_signature(signature):
    name = signature.split("\n")[0]
    assert command_lines(f"place 3 forest\nfeed\n{signature}\n", signer_names(name, "w@example.com")) == [
        "place 3 forest", "feed"]


@pytest.mark.parametrize("command", ["Done", "Pass", "終了", "Build farm Agriculture", "Feed"])
def test_a_capitalised_command_above_a_phone_signature_is_no_name(command):
    """A phone capitalises the first letter: "Done" where a name would stand is still the writer's command."""
    names = signer_names("Bob Miller", "bob@example.com")
    assert command_lines(f"take 3\n\n{command}\n\nSent from my iPhone\n", names) == ["take 3", command]
    assert command_lines(f"take 3\n{command}\nSent from my iPhone\n", names) == ["take 3", command]


def test_a_name_is_known_by_the_address_too():
    assert signer_names("", "hans.mueller@example.de") >= {"hans", "mueller", "hans.mueller"}
    assert command_lines("feed\n\nHans\n\nVon meinem iPhone gesendet\n",
                         signer_names("", "hans.mueller@example.de")) == ["feed"]


@pytest.mark.parametrize("typed", ["place 3 forest\nfeed", "place 3 forest\n\nfeed", "Place 3 forest\nFeed"])
def test_a_command_above_a_phone_signature_is_kept(typed):
    assert command_lines(f"{typed}\nSent from my iPhone\n") == [line for line in typed.split("\n") if line]


def test_the_only_line_above_a_phone_signature_is_kept_even_if_it_looks_like_a_name():
    assert command_lines("Pass\n\nSent from my iPhone\n") == ["Pass"]


@pytest.mark.parametrize(
    "signature",
    ["Gesendet von iPhone", "Gesendet mit der GMX Mail App", "Outlook für Android herunterladen",
     "Outlook for iOS を入手", "From my iPhone"],
)
def test_more_phone_and_app_signatures_are_cut(signature):
    assert extract_reply(f"place 3 forest\n\n{signature}\n") == "place 3 forest"


def test_a_name_signed_after_a_dash_is_no_command():
    assert command_lines("place 3 forest\nfeed\n\n-Bob\n") == ["place 3 forest", "feed"]
    assert command_lines("- feed\n- place 3 forest\n") == ["- feed", "- place 3 forest"]


def test_closings_above_quoted_history_stay_the_writers_text():
    text = "feed\n\nThanks,\nBob\n\nOn Sat, 21 Nov 2026, pbem <p@pbem.example> wrote:\n> x"
    assert extract_reply(text) == "feed\n\nThanks,\nBob"
