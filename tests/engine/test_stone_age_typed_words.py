"""Stone Age refusals quote the player's own words (issue 28): never the words left once the parser read a place out
of the middle of the line."""
import pytest

from pbem.engine import NotACommand
from pbem.engine import stone_age as sa
from pbem.engine.stone_age.commands import as_typed


@pytest.mark.parametrize("typed,quoted", [
    ("pay wood brick", '"pay wood brick"'),     # "wood" read as the forest: the words quoted stay the player's
    ("Pay  Wood brick", '"Pay Wood brick"'),    # as typed (spacing folded)
    ("forest pay brick", '"pay brick"'),        # the words not understood, as they stand in the line
])
def test_a_refusal_quotes_the_words_as_typed(typed, quoted):
    """The design's grammar: messages quote the input. `pay wood brick` is refused with the player's words, not
    with "pay brick", which the player never wrote."""
    state = sa.setup(2, {}, 1)
    with pytest.raises(NotACommand) as caught:
        sa.parse(typed, state, 0)
    assert str(caught.value) == f'"{typed}": I do not know what {quoted} means here'
    assert f"「{quoted[1:-1]}」" in caught.value.in_locale("ja")


def test_words_not_found_in_the_line_quote_the_whole_line():
    """A word the normaliser changed beyond recognition: the whole line, as typed, is quoted."""
    assert as_typed(["pay", "brick"], "PAY  ｗood   BRICK") == "PAY ｗood BRICK"
    assert as_typed(["zz"], "pay wood") == "pay wood"
