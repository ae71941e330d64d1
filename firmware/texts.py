"""Texts of the rules and help pages (short: they are read on a 160x128 screen)."""

RULES = {
    "elfer": (
        "ELFER RAUS! Get rid of all your cards.\n"
        "Rows: one per color, built from 11 up to 20 and down to 1. A row opens with its 11 (E9).\n"
        "The red 11 starts the round (E10). On your turn place any number of cards that fit; "
        "a start card of a closed row must be placed (E12).\n"
        "Nothing fits: draw (up to 3 with the V2 option); a drawn card that fits may be placed (E17).\n"
        "First out ends the round; the others score their cards' face values as penalty (E21). "
        "The match ends at the limit: lowest total wins (E22); a tie plays a tie-break round (E23).\n"
        "Options: optional pass (V1), draw 3 (V2), start at 10 or 12 (V3), skip/reverse cards (V6)."
    ),
    "cinquillo": (
        "CINQUILLO: the Spanish deck, 40 cards; suits coins, cups, swords, clubs; 1-7, J, N, K.\n"
        "The 5 of coins starts (C5). A suit opens with its 5 and grows one card at a time both ways.\n"
        "One card a turn (C7); if none fits you pass (C8).\n"
        "First out wins the round: 5 points plus 1 per card left in the other hands (C9). "
        "The match ends at the points limit."
    ),
    "bastard": (
        "CINQUILLO BASTARD: like Cinquillo, but a card may jump: any card of an open suit "
        "above or below the row may be placed, and the cards jumped over are dead (B2): "
        "they can never be placed. Dead cards are shown in red.\n"
        "When nobody can place, the fewest cards wins (B3/B4)."
    ),
}
