"""The Rules pages in Portuguese (Brazil) (firmware/texts.py loads this only while the page opens).

One sentence a line, each ending with the ids of the rules it states (docs/rules.md);
every language has the same lines citing the same ids (host_tests/test_rules_pages.py).
"""

PAGES = {
    "elfer": (
        "ELFER RAUS! Quem primeiro ficar sem cartas vence a rodada. (E20)",
        "Uma fileira por cor, do 11 para cima até 20 e para baixo até 1; uma fileira só abre com o seu 11. "
        "(E9, E14)",
        "Quem tem o 11 vermelho começa jogando-o. (E10)",
        "Na sua vez, jogue quantas cartas couberem; se puder jogar, você deve jogar pelo menos uma. (E15, " "E16)",
        "A carta inicial de uma fileira ainda não aberta você deve jogar antes do fim da sua vez. (E12)",
        "Se nada couber, compre uma carta. Se ela couber, você deve jogá-la; se não, sua vez acaba. (E17)",
        "Monte vazio e nada cabe: passe. (E18)",
        "Quem sair primeiro encerra a rodada; os outros somam os números das suas cartas como penalidade. "
        "(E20, E21)",
        "A partida termina quando um total chega ao limite; vence o menor total. (E22)",
        "Empate no menor total: os empatados jogam mais uma rodada, quem sair primeiro vence. (E23)",
        "Opções: passar à vontade (V1), comprar até 3 (V2), começar em 10 ou 12 (V3), cartas de pular e "
        "inverter (V6).",
    ),
    "cinquillo": (
        "CINQUILLO: baralho espanhol de 40 cartas, naipes ouros, copas, espadas, paus, cada um 1-7, valete, "
        "cavalo, rei. (C1)",
        "O 5 de ouros começa a primeira rodada. (C5)",
        "Um naipe abre com o seu 5 e cresce carta a carta para cima e para baixo. (C4, C7)",
        "Na sua vez você joga exatamente uma carta; se alguma couber, você deve jogar. (C7)",
        "Se nada couber, passe; com 2 jogadores você compra antes, enquanto houver monte. (C8)",
        "Quem sair primeiro ganha 5 pontos mais 1 por carta nas outras mãos. (C9)",
        "A partida termina no limite de pontos: vence o maior total; totais iguais empatam. (C9)",
    ),
    "bastard": (
        "CINQUILLO BASTARD: Cinquillo para 3 ou 4 jogadores, com estas mudanças. (B1)",
        "Qualquer carta mais alta de um naipe aberto pode ir em cima e qualquer mais baixa embaixo; as "
        "puladas ficam mortas (em vermelho). (B2)",
        "A rodada termina quando alguém sai ou ninguém pode jogar; vence quem tiver menos cartas. (B3)",
        "O vencedor ganha as cartas das outras mãos; vencedores empatados as dividem. (B4)",
        "A partida termina como no Cinquillo. (B5)",
    ),
}
