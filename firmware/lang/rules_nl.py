"""The Rules pages in Dutch (firmware/texts.py loads this only while the page opens).

One sentence a line, each ending with the ids of the rules it states (docs/rules.md);
every language has the same lines citing the same ids (host_tests/test_rules_pages.py).
"""

PAGES = {
    "elfer": (
        "ELFER RAUS! Wie als eerste al zijn kaarten kwijt is, wint de ronde. (E20)",
        "Eén rij per kleur, vanaf de 11 omhoog tot 20 en omlaag tot 1; een rij begint alleen met haar 11. " "(E9, E14)",
        "Wie rood 11 heeft, begint door die te leggen. (E10)",
        "In je beurt leg je zoveel passende kaarten als je wilt; kun je leggen, dan moet je er minstens één "
        "leggen. (E15, E16)",
        "De startkaart van een nog niet geopende rij moet je leggen voordat je beurt eindigt. (E12)",
        "Past niets: trek één kaart. Past die, dan moet je hem leggen; anders is je beurt voorbij. (E17)",
        "Stapel leeg en niets past: passen. (E18)",
        "Wie als eerste uit is, beëindigt de ronde; de anderen tellen hun kaartwaarden als strafpunten. " "(E20, E21)",
        "De partij eindigt als een totaal de limiet haalt; het laagste totaal wint. (E22)",
        "Gelijk laagste totaal: de gelijken spelen nog een ronde, wie eerst uit is, wint. (E23)",
        "Opties: vrijwillig passen (V1), tot 3 trekken (V2), start bij 10 of 12 (V3), overslaan- en "
        "keerkaarten (V6).",
    ),
    "cinquillo": (
        "CINQUILLO: Spaans spel van 40 kaarten, kleuren munten, bekers, zwaarden, stokken, elk 1-7, boer, "
        "ruiter, koning. (C1)",
        "Munten 5 begint de eerste ronde. (C5)",
        "Een kleur begint met haar 5 en groeit kaart voor kaart omhoog en omlaag. (C4, C7)",
        "In je beurt leg je precies één kaart; past er een, dan moet je. (C7)",
        "Past niets: passen; met 2 spelers trek je eerst zolang er een stapel is. (C8)",
        "Wie als eerste uit is, krijgt 5 punten plus 1 per kaart in de andere handen. (C9)",
        "De partij eindigt bij de puntenlimiet: het hoogste totaal wint, gelijk hoogste is gelijkspel. (C9)",
    ),
    "bastard": (
        "CINQUILLO BASTARD: Cinquillo voor 3 of 4 spelers, met deze wijzigingen. (B1)",
        "Elke hogere kaart van een open kleur mag erboven, elke lagere eronder; overgeslagen kaarten zijn "
        "dood (rood getoond). (B2)",
        "De ronde eindigt als iemand uit is of niemand meer kan leggen; de minste kaarten wint. (B3)",
        "De winnaar krijgt de kaarten in de andere handen als punten; gelijke winnaars delen ze. (B4)",
        "De partij eindigt zoals bij Cinquillo. (B5)",
    ),
}
