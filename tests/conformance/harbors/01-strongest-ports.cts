# Conformance: Harbors of CATAN (traders-and-barbarians.txt, Variants,
# "Harbors of CATAN"; RULINGS.md T1, T2).
# SPDX-License-Identifier: MIT
#
# Beginner board, three players, the beginner pieces (none on a harbor).
# Harbor intersections used: h0.n (3:1), h1.n and h1.ne (grain), h2.se
# (ore), h11.ne (3:1). The Strongest Ports tile shows in the points: the
# tile's holder has 2 more than its buildings.

game base(players=3,board=beginner,setup=beginner,chance=explicit)+harbors
chance first_player p0
set turn p0 main 2
place settlement p0 h0.n
place road p0 h0.n-ne
place road p0 h1.n-nw
set hand p0 lumber=1,brick=1,wool=1,grain=3,ore=3
# T2: "points on ports = 1 per settlement, 2 per city on a harbor
# intersection; first to 3 takes the tile". Two settlements: 2, no tile.
p0 build_settlement h1.n
expect vp p0 4
# "The first player to have 3 VPs in buildings on ports receives the
# Strongest Ports tile." "The Strongest Ports tile is worth 2 VPs."
# The city counts 2: 1 + 2 = 3.
p0 build_city h1.n
expect vp p0 7
p0 end_turn

# "If another player has more VPs in buildings on ports, they immediately
# receive this tile." T2: "another player must have strictly more".
set turn p1 main 2
place settlement p1 h2.se
place settlement p1 h11.ne
set hand p1 grain=4,ore=6
p1 build_city h2.se                  # 3 against 3: p0 keeps it
expect vp p0 7
expect vp p1 5
p1 build_city h11.ne                 # 4 against 3: p1 takes it at once
expect vp p1 8
expect vp p0 5
expect current p1                    # still p1's turn

# "If you have 11 or more VPs at any point during your turn, the game ends
# immediately and you are the winner!" p0 holds 10 points: the game goes
# on; at 11 it ends.
game base(players=3,board=beginner,setup=beginner,chance=explicit)+harbors
chance first_player p0
set turn p0 main 2
place city p0 h4.se
place city p0 h8.se
place city p0 h10.s
place city p0 h13.s
expect vp p0 10
set hand p0 lumber=8
p0 maritime_trade give lumber=4 get ore=1
expect phase main
expect winner none
give dev p0 victory_point
expect vp p0 11 total
p0 maritime_trade give lumber=4 get ore=1
expect phase game_over
expect winner p0

# The base game ends at 10 in the same position.
game base(players=3,board=beginner,setup=beginner,chance=explicit)
chance first_player p0
set turn p0 main 2
place city p0 h4.se
place city p0 h8.se
place city p0 h10.s
place city p0 h13.s
set hand p0 lumber=4
p0 maritime_trade give lumber=4 get ore=1
expect winner p0

# The tile's 2 points count toward the 11.
game base(players=3,board=beginner,setup=beginner,chance=explicit)+harbors
chance first_player p0
set turn p0 main 2
place city p0 h4.se
place city p0 h8.se
place settlement p0 h0.n
place settlement p0 h1.ne
expect vp p0 8
set hand p0 grain=2,ore=3
p0 build_city h1.ne
expect vp p0 11
expect winner p0
