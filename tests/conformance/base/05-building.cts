# Conformance: building and purchasing (base-game.txt §05.D).
# SPDX-License-Identifier: MIT
#
# Beginner board and pieces, three players, p0 to move:
#   p0  settlements h12.se, h14.se; roads h13.s-sw, h14.ne-se
#   p1  settlements h3.se, h10.se;  roads h3.se-s, h10.ne-se
#   p2  settlements h2.s, h13.se;   roads h2.s-sw, h14.s-sw

game base(players=3,board=beginner,setup=beginner,chance=explicit)
chance first_player p0
set hand p0 empty
set hand p1 empty
set hand p2 empty

# RULINGS.md B4: "roll; ... then trade; then build."
set cards p0 lumber=1,brick=1
expect illegal p0 build_road h12.se-s [wrong_phase]
set turn p0 main 4

# The costs card as the game states it (§05.D table; base-game.txt: "Costs:
# road = wood + clay; colony = wood + clay + wool + wheat; city = 3 ores +
# 2 wheats; development = ore + wool + wheat.")
expect cost road lumber=1,brick=1
expect cost settlement lumber=1,brick=1,wool=1,grain=1
expect cost city grain=2,ore=3
expect cost development_card wool=1,grain=1,ore=1

# §05.D table: "Road: 1 wood + 1 clay". "The cards spent return to the bank."
expect bank lumber=18,brick=18
p0 build_road h12.se-s
expect hand p0 empty
expect bank lumber=19,brick=19
expect pieces p0 roads=12
expect piece h12.se-s road p0
expect illegal p0 build_road h12.s-sw [insufficient_resources]

# "You can build several times if you can pay"
set hand p0 lumber=6,brick=6,wool=2,grain=2

# "A road must extend your network or leave one of your buildings."
expect illegal p0 build_road h0.n-ne [not_connected]
expect legal p0 build_road h14.se-s          # leaves the settlement h14.se
expect legal p0 build_road h12.s-sw          # extends the road h12.se-s
# "One side only receives a road."
expect illegal p0 build_road h13.s-sw [occupied]    # p0's own
expect illegal p0 build_road h14.s-sw [occupied]    # p2's
# "You cannot extend a road through a colony or other city." p0's road
# reaches p2's settlement at h13.se and may not continue past it.
p0 build_road h13.se-s
expect illegal p0 build_road h13.ne-se [not_connected]

# "A new colony must touch one of your roads and respect the distance: the
# immediately adjacent corners must remain without a building."
expect illegal p0 build_settlement h9.se [not_connected]
expect illegal p0 build_settlement h12.s [distance_rule]   # next to h12.se
p0 build_road h10.s-sw
# §05.D table: "Colony: 1 wood + 1 clay + 1 wool + 1 wheat", worth 1 point.
expect vp p0 2
p0 build_settlement h9.se
expect piece h9.se settlement p0
expect hand p0 lumber=3,brick=3,wool=1,grain=1
expect pieces p0 settlements=2 roads=10
expect vp p0 3

# "A city replaces one of your settlements ... No city directly on an empty
# corner."
set cards p0 ore=3,grain=2
expect illegal p0 build_city h2.s [not_own_settlement]    # p2's
expect illegal p0 build_city h0.n [not_own_settlement]    # empty
# §05.D table: "City: 3 ores + 2 wheats"; "put the little house back in
# your reserve. It is worth 2 points in total, not 3".
p0 build_city h12.se
expect piece h12.se city p0
expect hand p0 lumber=3,brick=3,wool=1
expect pieces p0 settlements=3 cities=3
expect vp p0 4
expect illegal p0 build_city h14.se [insufficient_resources]

# "Stocks of coins are limited; no sixth colony is made."
p0 build_road h12.s-sw
p0 build_road h12.sw-nw
set cards p0 lumber=2,brick=2,wool=1,grain=1
expect legal p0 build_settlement h7.s
place settlement p0 h0.n
place settlement p0 h18.s
place settlement p0 h2.ne
expect pieces p0 settlements=0
expect illegal p0 build_settlement h7.s [no_pieces_left]
# Four cities per colour.
place city p0 h16.s
place city p0 h11.se
place city p0 h6.ne
expect pieces p0 cities=0
set cards p0 ore=3,grain=2
expect illegal p0 build_city h9.se [no_pieces_left]
# Fifteen roads per colour.
expect pieces p0 roads=8
place road p0 h0.n-ne
place road p0 h0.se-s
place road p0 h0.sw-nw
place road p0 h1.ne-se
place road p0 h2.n-ne
place road p0 h6.ne-se
place road p0 h15.se-s
place road p0 h18.s-sw
expect pieces p0 roads=0
expect illegal p0 build_road h7.s-sw [no_pieces_left]

# §05.D table: "Development: 1 ore + 1 wool + 1 wheat".
set hand p0 wool=1,grain=1,ore=1
expect bank wool=18,grain=18,ore=18
p0 buy_dev
expect hand p0 empty
expect bank wool=19,grain=19,ore=19
chance draw_dev monopoly
expect dev p0 monopoly=1,total=1
