"""The bots measured: tournaments, the OpenSpiel arena, oracle and value fitting."""
