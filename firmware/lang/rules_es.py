"""The Rules pages in Spanish (firmware/texts.py loads this only while the page opens).

One sentence a line, each ending with the ids of the rules it states (docs/rules.md);
every language has the same lines citing the same ids (host_tests/test_rules_pages.py).
"""

PAGES = {
    "elfer": (
        "¡ELFER RAUS! Quien primero se queda sin cartas gana la ronda. (E20)",
        "Una fila por color, del 11 hacia arriba hasta el 20 y hacia abajo hasta el 1; una fila solo se abre "
        "con su 11. (E9, E14)",
        "Quien tiene el 11 rojo empieza colocándolo. (E10)",
        "En tu turno coloca tantas cartas que encajen como quieras; si puedes colocar, debes colocar al "
        "menos una. (E15, E16)",
        "La carta inicial de una fila sin abrir debes colocarla antes de acabar tu turno. (E12)",
        "Si nada encaja, roba una carta. Si encaja, debes colocarla; si no, tu turno termina. (E17)",
        "Mazo vacío y nada encaja: pasa. (E18)",
        "Quien sale primero acaba la ronda; los demás suman los números de sus cartas como penalización. " "(E20, E21)",
        "La partida acaba cuando un total llega al límite; gana el total más bajo. (E22)",
        "Empate en el total más bajo: los empatados juegan una ronda más y gana quien salga primero. (E23)",
        "Opciones: pasar a voluntad (V1), robar hasta 3 (V2), empezar en 10 o 12 (V3), cartas de salto y "
        "cambio de sentido (V6).",
    ),
    "cinquillo": (
        "CINQUILLO: baraja española de 40 cartas, palos oros, copas, espadas, bastos, del 1 al 7, sota, "
        "caballo, rey. (C1)",
        "El 5 de oros empieza la primera ronda. (C5)",
        "Un palo se abre con su 5 y crece carta a carta hacia arriba y hacia abajo. (C4, C7)",
        "En tu turno colocas exactamente una carta; si alguna encaja, debes colocarla. (C7)",
        "Si nada encaja, pasa; con 2 jugadores primero robas mientras quede mazo. (C8)",
        "Quien sale primero gana 5 puntos más 1 por cada carta en las otras manos. (C9)",
        "La partida acaba en el límite de puntos: gana el total más alto; si hay igualdad, es empate. (C9)",
    ),
    "bastard": (
        "CINQUILLO BASTARD: Cinquillo para 3 o 4 jugadores, con estos cambios. (B1)",
        "Cualquier carta más alta de un palo abierto puede ir encima y cualquier más baja debajo; las "
        "saltadas quedan muertas (en rojo). (B2)",
        "La ronda acaba cuando alguien sale o nadie puede colocar; gana quien tenga menos cartas. (B3)",
        "El ganador suma las cartas de las otras manos; los empatados las reparten. (B4)",
        "La partida acaba como en el Cinquillo. (B5)",
    ),
}
