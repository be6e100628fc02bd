# Conformance: an island the host lays (base-game.txt §04 "Building a
# variable island"; board=given in doc/variants/base.md).
# SPDX-License-Identifier: MIT
#
# The tiles, h0..h18:
#   h0 G6   h1 O5   h2 W11
#   h3 W9   h4 O10  h5 G5   h6 G3
#   h7 L8   h8 B11  h9 L2   h10 W4  h11 B6
#   h12 G9  h13 O10 h14 D   h15 L3
#   h16 L4  h17 W12 h18 B8
# and the beginner pieces, three players:
#   p0  settlements h12.se (h12, h13, h16), h14.se (h14, h15, h18)
#   p1  settlements h3.se (h3, h4, h8), h10.se (h10, h11, h15)
#   p2  settlements h2.s (h2, h5, h6), h13.se (h13, h14, h17)

game base(players=3,board=given,tiles=G6.O5.W11.W9.O10.G5.G3.L8.B11.L2.W4.B6.G9.O10.D.L3.L4.W12.B8,harbors=W.3.G.L.O.B.3.3.3,setup=beginner,chance=explicit)

# §04.3: "Place the thief in the desert." The desert is h14 here.
expect robber h14
chance first_player p1
set hand p0 empty
set hand p1 empty
set hand p2 empty

# §05.A: the hexes the tiles name produce. A 6: h0 (grain) and h11 (brick).
p1 roll
chance dice 6
expect hand p0 empty
expect hand p1 brick=1
expect hand p2 empty

# A 10: h4 and h13 (both ore).
p1 end_turn
p2 roll
chance dice 10
expect hand p0 ore=1
expect hand p1 brick=1,ore=1
expect hand p2 ore=1

# The desert produces nothing on any number; a 3 pays h6 (grain) and h15
# (lumber) only.
p2 end_turn
p0 roll
chance dice 3
expect hand p0 lumber=1,ore=1
expect hand p1 brick=1,ore=1,lumber=1
expect hand p2 ore=1,grain=1

# The harbors are where harbors= puts them: slot 0 (the north-west side of
# h0) is a 2:1 wool harbor here, where the beginner board has a 3:1.
place settlement p0 h0.n
set cards p0 wool=2,grain=3
expect legal p0 maritime_trade give wool=2 get ore=1
expect illegal p0 maritime_trade give grain=3 get ore=1 [bad_trade_ratio]
p0 maritime_trade give wool=2 get ore=1
expect cards p0 wool=0,ore=2
