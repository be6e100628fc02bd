# Conformance: installing the first colonies (base-game.txt §04).
# SPDX-License-Identifier: MIT
#
# A full snake set-up on the beginner board with three players, p1 winning
# the roll-off. Placements (hexes touched):
#   p1  h0.s  (ore 10, grain 12, brick 6)     then h17.se (grain 6, wool 11)
#   p2  h10.se (lumber 3, ore 8, wool 5)      then h2.s  (lumber 9, wool 4, brick 10)
#   p0  h12.se (lumber 8, ore 3, brick 5)     then h9.se (desert, lumber 3, grain 4)

game base(players=3,board=beginner,chance=explicit)

# RULINGS.md B3: "The starting player is the winner of a dice roll-off: a
# chance event, uniform over the players."
expect current chance
expect phase start
expect outcomes count 3
expect outcome chance first_player p0 1/3
expect outcome chance first_player p1 1/3
expect outcome chance first_player p2 1/3
chance first_player p1

# §04 step 2: "In a clockwise direction, each one lays for free 1 colony on a
# free intersection, then 1 road on a side that leaves this colony."
expect phase setup
expect turn 0
expect current p1
expect actions p1 count 54                          # every intersection is free
expect illegal p1 build_road h0.se-s [setup_order]  # the colony comes first
expect illegal p2 build_settlement h10.se [not_your_turn]
expect illegal p1 roll [wrong_phase]
p1 build_settlement h0.s
expect current p1
expect hand p1 empty                                # "for free"; the first pays nothing
expect pieces p1 settlements=4 roads=15
expect vp p1 1
# "then 1 road on a side that leaves this colony"
expect actions p1
  p1 build_road h0.se-s
  p1 build_road h0.s-sw
  p1 build_road h3.ne-se
end
expect illegal p1 build_road h4.se-s [setup_order]   # does not leave h0.s
expect illegal p1 build_settlement h10.se [setup_order]
p1 build_road h0.se-s
expect pieces p1 roads=14
expect hand p1 empty

# "In a clockwise direction": p1, p2, p0.
expect current p2
# §04 step 3: "Respect the distance now: no colony or city should be on a
# corner directly next to another, even in its own color."
expect actions p2 count 50                          # 54 minus h0.s and its 3 neighbours
expect illegal p2 build_settlement h0.se [distance_rule]
expect illegal p2 build_settlement h3.se [distance_rule]
expect illegal p2 build_settlement h0.s [occupied]
p2 build_settlement h10.se
p2 build_road h10.se-s
expect current p0
p0 build_settlement h12.se
p0 build_road h12.se-s

# §04 step 4: "Take a second tour in reverse order, so the last one poses
# his second colony and his second road immediately; the first one poses
# last."
expect current p0
expect phase setup
# "The second colony does not need to be connected to the first one."
expect legal p0 build_settlement h9.se
expect legal p0 build_settlement h16.s
# The distance rule binds one's own colonies too ("even in its own color").
expect illegal p0 build_settlement h12.s [distance_rule]
p0 build_settlement h9.se
# §04 step 5: "After its second colony, each takes a resource per productive
# field that touches it." The desert h9 gives nothing.
expect hand p0 lumber=1,grain=1
p0 build_road h9.se-s
expect current p2
p2 build_settlement h2.s
expect hand p2 lumber=1,brick=1,wool=1
p2 build_road h2.s-sw
expect current p1
p1 build_settlement h17.se
expect hand p1 grain=1,wool=1
# "Don't give anything for the first": h0.s (ore, grain, brick) paid nothing.
expect cards p1 ore=0,brick=0
p1 build_road h17.se-s
expect bank lumber=17,brick=18,wool=17,grain=17,ore=19
expect pieces p0 settlements=3 roads=13 cities=4
expect vp p0 2
expect vp p1 2
expect vp p2 2

# §04 step 5: "The player designated in stage 6 then starts the game; the
# game resumes in the clockwise direction."
expect turn 1
expect current p1
expect phase roll
expect dice 0
p1 roll
chance dice 6                 # h4 (brick 6) by h0.s, h17 (grain 6) by h17.se
expect hand p1 brick=1,wool=1,grain=2
p1 end_turn
expect turn 2
expect current p2
expect phase roll
p2 roll
chance dice 2
p2 end_turn
expect turn 3
expect current p0

# ------------------------------------------- four players, snake order
# §04 steps 2 and 4 with four players and p2 first: p2 p3 p0 p1, then
# p1 p0 p3 p2.
game base(players=4,board=beginner,chance=explicit)
chance first_player p2
expect current p2
p2 build_settlement h0.n
p2 build_road h0.n-ne
expect current p3
p3 build_settlement h2.se
p3 build_road h2.ne-se
expect current p0
p0 build_settlement h7.nw
p0 build_road h7.sw-nw
expect current p1
p1 build_settlement h11.se
p1 build_road h11.ne-se
expect current p1
expect hand p1 empty
p1 build_settlement h16.s
expect hand p1 brick=1                 # h16 hills
p1 build_road h16.se-s
expect current p0
p0 build_settlement h18.s
expect hand p0 wool=1                  # h18 pasture
p0 build_road h18.se-s
expect current p3
p3 build_settlement h9.se
p3 build_road h9.se-s
expect current p2
p2 build_settlement h4.s
p2 build_road h4.se-s
expect turn 1
expect current p2
expect phase roll

# ---------------------------------------- the fixed beginner set-up (B2)
# RULINGS.md B2: "setup=beginner uses the fixed starting pieces of FACTS.md
# §1.4 (players 0-3 in that table; a 3-player game drops player 3) and pays
# starting resources for the marked settlements."
game base(players=4,board=beginner,setup=beginner,chance=explicit)
expect piece h12.se settlement p0
expect piece h14.se settlement p0
expect piece h13.s-sw road p0
expect piece h14.ne-se road p0
expect piece h3.se settlement p1
expect piece h10.se settlement p1
expect piece h2.s settlement p2
expect piece h13.se settlement p2
expect piece h0.se settlement p3
expect piece h7.se settlement p3
expect piece h1.s-sw road p3
expect piece h8.s-sw road p3
# FACTS.md §1.4 "Starting resources".
expect hand p0 lumber=1,brick=1,ore=1
expect hand p1 lumber=1,brick=1,grain=1
expect hand p2 grain=2,ore=1
expect hand p3 lumber=2,grain=1
# B3 still decides who starts; then turn 1 begins with the roll.
expect current chance
chance first_player p3
expect turn 1
expect current p3
expect phase roll

game base(players=3,board=beginner,setup=beginner,chance=explicit)
expect piece h0.se none
expect piece h7.se none
expect piece h1.s-sw none
