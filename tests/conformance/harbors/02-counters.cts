# Conformance: the Strongest Ports tile's holder as a module counter
# (doc/variants/harbors.md: "strongest_ports", -1 while nobody holds it),
# read with 'expect counter' (traders-and-barbarians.txt, Harbors of CATAN;
# RULINGS.md T2).
# SPDX-License-Identifier: MIT

game base(players=3,board=beginner,setup=beginner,chance=explicit)+harbors
chance first_player p0
expect counter game strongest_ports -1
set turn p0 main 2
place settlement p0 h0.n
place road p0 h0.n-ne
place road p0 h1.n-nw
set hand p0 lumber=1,brick=1,wool=1,grain=3,ore=3
p0 build_settlement h1.n
expect counter game strongest_ports -1
# "The first player to have 3 VPs in buildings on ports receives the
# Strongest Ports tile."
p0 build_city h1.n
expect counter game strongest_ports 0
expect vp p0 7
