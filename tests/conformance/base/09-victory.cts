# Conformance: how to win (base-game.txt §03, §05.E, §07; RULINGS.md G4, B8, B9).
# SPDX-License-Identifier: MIT
#
# Points are set up with edits, which do not end the game by themselves
# (the library checks for a win after each action and at the start of a
# turn, G4).

# --------------------------------------------- 10 points in one's own turn
game base(players=3,board=beginner,setup=beginner,chance=explicit)
chance first_player p0
set hand p0 empty
# §07: "Count 1 per colony, 2 per city, 2 per reward held and 1 per card
# Winning point. A road alone and a Knight alone are worth no points."
expect vp p0 2
place city p0 h12.se
expect vp p0 3
place road p0 h0.n-ne
set knights p0 2
expect vp p0 3
place city p0 h14.se
set knights p0 3
expect vp p0 6
place settlement p0 h0.n
place settlement p0 h2.ne
place settlement p0 h16.s
expect vp p0 9
set turn p0 main 2
# §07: "The game ends immediately during your turn if you have at least 10
# points." (RULINGS.md B9: "The win is automatic".)
set hand p0 lumber=3,brick=3,wool=1,grain=1
p0 build_road h12.se-s
p0 build_road h12.s-sw
expect winner none
p0 build_settlement h12.sw
expect vp p0 10
expect winner p0
expect phase game_over
expect current terminal
# "There is no final turn for the others and no victory sharing."
expect actions p0 count 0
expect actions p1 count 0
expect illegal p0 end_turn [game_over]
expect illegal p1 roll [game_over]

# ------------------------------ a Victory Point card bought this very turn
game base(players=3,board=beginner,setup=beginner,chance=explicit)
chance first_player p0
place city p0 h12.se
place city p0 h14.se
place settlement p0 h0.n
place settlement p0 h2.ne
place settlement p0 h16.s
place settlement p0 h18.s
give dev p0 victory_point
set turn p0 main 2
# §05.E: "Winning point: keeps this card hidden." (8 public, 9 in all.)
expect vp p0 8 public
expect vp p0 9 total
expect winner none
# "Reveal your cards of this type only when they allow you to reach the
# victory during your turn; you can reveal several of them, even bought
# this round." §05.E: "A card purchased this round waits for a later turn,
# except the revealed Victory Points to win."
set hand p0 wool=1,grain=1,ore=1
p0 buy_dev
expect winner none
chance draw_dev victory_point
expect winner p0
expect phase game_over
expect dev p0 victory_point=2
# Revealed: the winner's points count both cards (RULINGS.md B8).
expect vp p0 10 public
expect vp p0 10 total

# ---------------------------------------- 10 points on another's turn
game base(players=3,board=beginner,chance=explicit)
set turn p0 main 2
# p1: cities worth 8 and a route of 5 along the top.
place city p1 h0.nw
place city p1 h2.n
place city p1 h7.nw
place city p1 h11.se
place road p1 h0.n-nw
place road p1 h0.n-ne
place road p1 h1.n-nw
place road p1 h1.n-ne
place road p1 h2.n-nw
# p2: a route of 6 along the bottom holds Longest Road.
place road p2 h16.s-sw
place road p2 h16.se-s
place road p2 h17.s-sw
place road p2 h17.se-s
place road p2 h18.s-sw
place road p2 h18.se-s
expect longest_road p2
expect vp p1 8
# p0 cuts p2's route with a colony at h17.se; p1 is then alone at the top.
place road p0 h17.ne-se
set hand p0 lumber=1,brick=1,wool=1,grain=1
p0 build_settlement h17.se
expect road_length p2 4
expect longest_road p1
expect vp p1 10
# §07: "If you reach 10 during another's turn thanks to a reward, wait for
# your own turn" (RULINGS.md G4).
expect winner none
expect phase main
expect current p0
# "You can win from the beginning of your turn, without obligation to throw
# the dice."
p0 end_turn
expect turn 2
expect winner p1
expect phase game_over
expect dice 0

# -------------------- ... "you still have to have at least 10 at that time"
game base(players=3,board=beginner,chance=explicit)
set turn p2 main 2
# p0: a route of 6 along the top holds Longest Road.
place road p0 h0.n-nw
place road p0 h0.n-ne
place road p0 h1.n-nw
place road p0 h1.n-ne
place road p0 h2.n-nw
place road p0 h2.n-ne
# p1: cities worth 8 and a route of 5 along the bottom.
place city p1 h0.nw
place city p1 h7.nw
place city p1 h11.se
place city p1 h16.s
place road p1 h16.s-sw
place road p1 h16.se-s
place road p1 h17.s-sw
place road p1 h17.se-s
place road p1 h18.s-sw
expect longest_road p0
# p2 cuts p0's route at h0.ne: p1 takes the award and 10 points.
place road p2 h0.ne-se
set hand p2 lumber=1,brick=1,wool=1,grain=1
p2 build_settlement h0.ne
expect longest_road p1
expect vp p1 10
expect winner none
p2 end_turn
# p0 takes the award back before p1's turn comes.
p0 roll
chance dice 2
set hand p0 lumber=2,brick=2
p0 build_road h2.ne-se
expect longest_road p1                     # 5 against 5: the holder keeps it
p0 build_road h6.n-ne
expect road_length p0 6
expect longest_road p0
expect vp p1 8
p0 end_turn
expect winner none
expect current p1
expect phase roll
