# traders-and-barbarians.txt, Catan for Two (RULINGS.md T5, G3, G5).
# The beginner board with the snake set-up; the neutral players p2 and p3
# start on h0.s (h0 h3 h4) and h14.se (h14 h15 h18).

game base(players=2,board=beginner,chance=explicit)+catan_for_two
# "For each neutral player, place 1 settlement (no road) on one of the
# intersections shown here."
expect piece h0.s settlement p2
expect piece h14.se settlement p3
expect pieces p2 roads=15 settlements=4
chance first_player p0
expect phase setup
# "Then complete setup as usual." The distance rule holds against them.
expect illegal p0 build_settlement h0.se [distance_rule]
# "For each of your settlements built on the desert, take 2 trade tokens."
p0 build_settlement h9.s
# set-up roads owe no neutral road
p0 build_road h9.se-s
expect phase setup
# "For each of your settlements built on the coast, take 1 trade token."
p1 build_settlement h0.n
p1 build_road h0.n-ne
p1 build_settlement h1.se
p1 build_road h1.se-s
p0 build_settlement h6.se
p0 build_road h6.se-s
expect phase roll
expect current p0

# "complete two full Production phases, one after the other, before
# moving on to the Action phase. ... the second Production phase dice roll
# may not be the same as the first ... re-roll until you have a different
# result."
set hand p0 empty
set hand p1 empty
p0 roll
chance dice 9
expect phase second_production
expect current chance
expect outcomes count 10
expect outcome chance dice 9 0/1
expect outcome chance dice 8 5/32
expect outcome chance dice 7 6/32
expect illegal chance dice 9 [bad_outcome]
chance dice 10
expect phase main
expect dice 10
# h6 hills 10 pays p0's h6.se settlement a brick
expect hand p0 brick=1

# "Each time you build a road, you must build 1 road for either of the two
# neutral players at no cost, following normal placement rules."
set hand p0 lumber=1,brick=1
p0 build_road h6.ne-se
expect phase neutral_build
expect illegal p0 end_turn [wrong_phase]
expect illegal p0 neutral_road h9.s-sw p2 [not_connected]
expect illegal p0 neutral_settlement h0.sw p2 [variant_rule]
p0 neutral_road h0.s-sw p2
expect piece h0.s-sw road p2
expect phase main

# "If there are no valid placements for a neutral settlement, then build a
# neutral road instead."
set hand p0 lumber=1,brick=1,wool=1,grain=1
place road p0 h2.ne-se
place road p0 h6.n-ne
p0 build_settlement h2.ne
expect phase neutral_build
expect illegal p0 neutral_settlement h0.nw p2 [variant_rule]
p0 neutral_road h0.sw-nw p2
expect phase main
p0 end_turn

# "Once during your turn, you may spend trade tokens ... before rolling
# dice": Move Robber, "Move the robber to the desert hex. Do not steal any
# cards." p1 (2 points) is behind p0 (3): 1 token.
set robber h4
p1 token_robber
expect robber h9
expect phase roll
expect illegal p1 forced_trade p0 [variant_rule]
p1 roll
chance dice 3
chance dice 11
expect phase main
p1 end_turn

# "Forced Trade: Take 2 random cards from the other player's hand; in
# exchange, give the other player 2 cards of your choice". p0 is ahead
# (3 points against 2): 2 tokens.
set hand p0 ore=2
set hand p1 grain=1
p0 forced_trade p1
expect outcomes count 1
expect outcome chance forced_trade_card grain 1/1
# "If the other player only has 1 card, take it and still give 2 cards"
chance forced_trade_card grain
expect phase forced_trade_give
expect illegal p0 forced_trade_give ore=1 [bad_argument]
p0 forced_trade_give grain=1,ore=1
expect phase roll
expect hand p0 ore=1
expect hand p1 grain=1,ore=1

game base(players=2,board=beginner,chance=explicit)+catan_for_two
chance first_player p0
set turn p0 main 5
place settlement p0 h2.s
place road p0 h2.se-s
place settlement p1 h13.se
# "It is possible for a neutral player to receive the Longest Route tile."
place road p2 h0.s-sw
place road p2 h0.sw-nw
place road p2 h0.n-nw
place road p2 h0.n-ne
expect longest_road none
set hand p0 lumber=1,brick=1
p0 build_road h2.ne-se
p0 neutral_road h0.ne-se p2
expect road_length p2 5
expect longest_road p2
expect vp p2 3
# "Once during your turn, you may discard one of your faceup Knight cards
# to take 2 trade tokens. It is possible to lose control of the Largest
# Army tile this way."
set knights p0 3
expect largest_army p0
p0 knight_for_tokens
expect knights p0 2
expect largest_army none
expect illegal p0 knight_for_tokens [variant_rule]
