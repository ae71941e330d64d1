"""The Rules pages in German (firmware/texts.py loads this only while the page opens).

One sentence a line, each ending with the ids of the rules it states (docs/rules.md);
every language has the same lines citing the same ids (host_tests/test_rules_pages.py).
"""

PAGES = {
    "elfer": (
        "ELFER RAUS! Wer zuerst alle Karten abgelegt hat, gewinnt die Runde. (E20)",
        "Eine Reihe pro Farbe, von der 11 aufwärts bis 20 und abwärts bis 1; eine Reihe beginnt nur mit "
        "ihrer 11. (E9, E14)",
        "Wer die rote 11 hat, beginnt und legt sie. (E10)",
        "In deinem Zug legst du so viele passende Karten, wie du willst; kannst du legen, musst du "
        "mindestens eine legen. (E15, E16)",
        "Die Startkarte einer noch nicht begonnenen Reihe musst du legen, bevor dein Zug endet. (E12)",
        "Passt nichts: eine Karte ziehen. Passt sie, musst du sie legen; sonst ist dein Zug vorbei. (E17)",
        "Stapel leer und nichts passt: passen. (E18)",
        "Wer zuerst raus ist, beendet die Runde; die anderen zählen ihre Kartenwerte als Strafpunkte. (E20, " "E21)",
        "Die Partie endet, wenn eine Summe das Limit erreicht; die niedrigste Summe gewinnt. (E22)",
        "Gleichstand bei der niedrigsten Summe: die Gleichen spielen eine Stichrunde, wer zuerst raus ist, "
        "gewinnt. (E23)",
        "Optionen: freiwillig passen (V1), bis zu 3 ziehen (V2), Start bei 10 oder 12 (V3), Aussetzen- und "
        "Richtungswechselkarten (V6).",
    ),
    "cinquillo": (
        "CINQUILLO: spanisches Blatt mit 40 Karten, Farben Münzen, Kelche, Schwerter, Stöcke, je 1-7, Bube, "
        "Reiter, König. (C1)",
        "Die Münzen-5 beginnt die erste Runde. (C5)",
        "Eine Farbe beginnt mit ihrer 5 und wächst Karte für Karte nach oben und unten. (C4, C7)",
        "In deinem Zug legst du genau eine Karte; passt eine, musst du legen. (C7)",
        "Passt nichts: passen; zu zweit ziehst du zuerst, solange der Stapel reicht. (C8)",
        "Wer zuerst raus ist, bekommt 5 Punkte plus 1 je Karte in den anderen Händen. (C9)",
        "Die Partie endet beim Punktelimit: die höchste Summe gewinnt, gleich hohe sind unentschieden. (C9)",
    ),
    "bastard": (
        "CINQUILLO BASTARD: Cinquillo für 3 oder 4 Spieler, mit diesen Änderungen. (B1)",
        "Jede höhere Karte einer offenen Farbe darf oben, jede niedrigere unten angelegt werden; "
        "übersprungene Karten sind tot (rot gezeigt). (B2)",
        "Die Runde endet, wenn jemand raus ist oder niemand mehr legen kann; die wenigsten Karten gewinnen. " "(B3)",
        "Der Sieger bekommt die Karten in den anderen Händen als Punkte; Gleichauf-Sieger teilen sie. (B4)",
        "Die Partie endet wie bei Cinquillo. (B5)",
    ),
}
