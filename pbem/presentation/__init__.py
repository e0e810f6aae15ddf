"""What a game looks like to one reader, for the web pages and the mails alike.

The floor between the rules and the two ways a game is told: players' names, commands as a player
reads them, prompts in words, example commands, the news since a seat last moved, the board as
text, a turn's block, deadlines in the reader's time; each game's own faces, boards and panels
(presentation/<game>/, found by slug through presentation/games.py). It reads the engine and the
models; the web, the mail, the domain verbs and the tasks build on it, never the other way.
"""
