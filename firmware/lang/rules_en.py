"""The Rules pages in English (firmware/texts.py loads this only while the page opens).

One sentence a line, each ending with the ids of the rules it states (docs/rules.md);
every language has the same lines citing the same ids (host_tests/test_rules_pages.py).
"""

PAGES = {
    "elfer": (
        "ELFER RAUS! Be the first to get rid of all your cards. (E20)",
        "One row per color, built from 11 up to 20 and down to 1; a row opens only with its 11. (E9, E14)",
        "Whoever holds red 11 starts by placing it. (E10)",
        "On your turn place as many fitting cards as you like; if you can place, you must place at least "
        "one. (E15, E16)",
        "The start card of a row not yet opened must be placed before your turn ends. (E12)",
        "Nothing fits: draw one card. If it fits, you must place it; if not, your turn is over. (E17)",
        "Stock empty and nothing fits: pass. (E18)",
        "First out ends the round; the others score their cards' numbers as penalty. (E20, E21)",
        "The match ends when a total reaches the limit; the lowest total wins. (E22)",
        "A tie for the lowest total: the tied players play one more round, first out wins. (E23)",
        "Options: optional pass (V1), draw up to 3 (V2), start at 10 or 12 (V3), skip and reverse cards (V6).",
    ),
    "cinquillo": (
        "CINQUILLO: a Spanish deck of 40 cards, suits coins, cups, swords, clubs, each 1-7, jack, knight, "
        "king. (C1)",
        "The 5 of coins starts the first round. (C5)",
        "A suit opens with its 5 and grows one card at a time, up and down. (C4, C7)",
        "On your turn you place exactly one card; if one fits, you must. (C7)",
        "Nothing fits: pass; with 2 players you first draw while the stock lasts. (C8)",
        "First out scores 5 points plus 1 per card left in the other hands. (C9)",
        "The match ends at the points limit: the highest total wins, equal highest is a draw. (C9)",
    ),
    "bastard": (
        "CINQUILLO BASTARD: Cinquillo for 3 or 4 players, with these changes. (B1)",
        "Any higher card of an open suit may go on top, any lower one below; the cards jumped over are dead "
        "(shown red). (B2)",
        "The round ends when someone is out or nobody can place; the fewest cards wins. (B3)",
        "The winner scores the cards left in the other hands; tied winners share them. (B4)",
        "The match ends as in Cinquillo. (B5)",
    ),
}
