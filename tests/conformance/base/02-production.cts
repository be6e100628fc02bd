# Conformance: launching the dice and production (base-game.txt §05.A).
# SPDX-License-Identifier: MIT
#
# Beginner board and pieces, three players, hands emptied first:
#   p0  settlements h12.se (h12 lumber 8, h13 ore 3, h16 brick 5)
#                   h14.se (h14 grain 4, h15 wool 5, h18 wool 11)
#   p1  settlements h3.se  (h3 grain 12, h4 brick 6, h8 lumber 11)
#                   h10.se (h10 lumber 3, h11 ore 8, h15 wool 5)
#   p2  settlements h2.s   (h2 lumber 9, h5 wool 4, h6 brick 10)
#                   h13.se (h13 ore 3, h14 grain 4, h17 grain 6)

game base(players=3,board=beginner,setup=beginner,chance=explicit)
chance first_player p1
set hand p0 empty
set hand p1 empty
set hand p2 empty
expect bank lumber=19,brick=19,wool=19,grain=19,ore=19

# §05.A: "In your turn, throw the two dice and add them together."
p1 roll
expect current chance
expect outcomes count 11
expect outcome chance dice 2 1/36
expect outcome chance dice 7 6/36
expect outcome chance dice 8 5/36
expect outcome chance dice 12 1/36

# "For each colony that touches a particular land, its owner receives 1 map
# of this land ... This applies to all players, even those whose turn it is
# not." A 5 makes h15 (wool) and h16 (brick) produce.
chance dice 5
expect dice 5
expect phase main
expect hand p0 brick=1,wool=1          # not p0's turn, p0 still receives
expect hand p1 wool=1
expect hand p2 empty
expect bank brick=18,wool=17

# "... a city receives 2." A city on h12.se; an 8 makes h11 (ore) and h12
# (lumber) produce.
place city p0 h12.se
expect pieces p0 cities=3 settlements=4
set turn p2 roll
p2 roll
chance dice 8
expect cards p0 lumber=2
expect cards p1 ore=1
expect hand p2 empty

# §05.B: on a 7 "There is no production."
set turn p0 roll
p0 roll
chance dice 7
expect hand p0 lumber=2,brick=1,wool=1
expect hand p1 wool=1,ore=1
expect phase robber
p0 move_robber h12          # only p0 builds at h12: no one to steal from
expect robber h12
expect phase main

# §05.A: "The land occupied by the thief produces nothing, even if its
# number goes out."
expect blocked h12 yes
expect blocked h11 no
p0 end_turn
expect current p1
p1 roll
chance dice 8
expect cards p0 lumber=2               # h12 blocked
expect cards p1 ore=2                  # h11 produces as usual

# "If only one person has to receive it, give it what is left, even if it
# does not cover everything." p0's city is owed 2 lumber; the bank holds 1.
set robber h9
set cards p2 lumber=16
expect bank lumber=1
set turn p2 roll
p2 roll
chance dice 8
expect cards p0 lumber=3
expect bank lumber=0
expect cards p1 ore=3                  # "Other types are distributed normally."

# "If the bank lacks a resource to pay for multiple players, no one receives
# this type of production." A 3: h13 owes p0's city 2 ore and p2 1 ore
# (3 in all) while the bank holds 2; h10 owes p1 1 lumber.
set hand p0 empty
set hand p1 ore=17
set hand p2 empty
expect bank lumber=19,ore=2
set turn p1 roll
p1 roll
chance dice 3
expect cards p0 ore=0
expect cards p2 ore=0
expect bank ore=2
# "Other types are distributed normally."
expect cards p1 lumber=1

# The shortage rule needs a shortage: with exactly 3 ore in the bank both
# are paid in full.
set cards p1 ore=16
expect bank ore=3
set turn p2 roll
p2 roll
chance dice 3
expect cards p0 ore=2
expect cards p2 ore=1
expect bank ore=0

# A lone recipient when the bank is empty of that type gets nothing.
set hand p0 empty
set hand p1 empty
set hand p2 empty
set cards p1 lumber=19
set turn p0 roll
p0 roll
chance dice 8                          # p0's city at h12 (lumber) alone
expect cards p0 lumber=0
expect cards p1 ore=1
