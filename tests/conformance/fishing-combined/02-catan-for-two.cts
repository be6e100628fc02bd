# traders-and-barbarians.txt, Fishing on Catan, "Combining with Other CATAN
# Products / Catan for Two" (RULINGS.md G3, T10, T17), and Catan for Two's
# own rules where the two meet. The beginner board: the lake is h9 (2, 3,
# 11, 12); fishing grounds h6.ne h6.se h11.ne (6), h11.se h11.s h15.se
# (8); the neutral players p2 on h0.s and p3 on h14.se.

game base(players=2,board=beginner,chance=explicit)+catan_for_two+fishing
# "During setup, each player receives 5 fish tokens: 2 tokens with one
# fish, 2 tokens with two fish, and 1 token with three fish. Shuffle the
# remaining fish tokens and place them face down next to the game board."
expect holding p0 fish_1 2
expect holding p0 fish_2 2
expect holding p0 fish_3 1
expect holding p1 fish 5
expect holding supply fish_1 7
expect holding supply fish_2 6
expect holding supply fish_3 6
# the old boot stays among the remaining tokens
expect holding supply boot 1
expect piece h0.s settlement p2
chance first_player p0

# "Players only receive fish tokens when fishing grounds or the lake
# produce during the Production phase.": no starting token for a second
# settlement on a fishing ground or by the lake.
p0 build_settlement h6.se
p0 build_road h6.se-s
p1 build_settlement h2.s
p1 build_road h2.se-s
p1 build_settlement h11.s
expect outcomes count 0
p1 build_road h11.s-sw
p0 build_settlement h9.s
expect outcomes count 0
p0 build_road h9.s-sw
expect phase roll
expect holding p0 fish 5
expect holding p1 fish 5

# "Trade tokens are not used.": no Knight for tokens, no Forced Trade, no
# Move Robber (to the desert), before the roll or after.
set knights p0 1
set hand p1 ore=2
expect illegal p0 knight_for_tokens [variant_rule]
expect illegal p0 forced_trade p1 [variant_rule]
expect illegal p0 token_robber [variant_rule]

# Catan for Two: "complete two full Production phases, one after the
# other": fish are drawn for each, the first roll's before the second.
set hand p0 empty
set hand p1 empty
p0 roll
chance dice 3
expect phase main
expect current chance
expect outcome chance fish_draw 1 7/20
expect outcome chance fish_draw boot 1/20
expect outcome chance dice 8 0/1
chance fish_draw 1
expect holding p0 fish_1 3
expect phase second_production
expect outcome chance dice 3 0/1
chance dice 8
expect outcome chance fish_draw 3 6/19
chance fish_draw 3
expect holding p1 fish_3 2
expect outcomes count 0
expect phase main
expect holding supply fish 17

# "The player who has fewer VPs needs one fewer fish for each action."
# Public points (G3); on a tie (2 and 2) nobody has fewer.
set robber h4
expect vp p0 2
expect vp p1 2
expect illegal p0 fish_robber pay=1 [bad_argument]
place city p1 h2.s
expect vp p1 3
# p0 is behind: "2 fish – Remove the robber from the board." for 1, and a
# payment from which no token could be left out (T10)
expect legal p0 fish_robber pay=1
expect illegal p0 fish_robber pay=1,1 [bad_argument]
p0 fish_robber pay=1
expect counter game fish_pile_1 1
# a hidden Victory Point card does not count: p0 stays behind
give dev p0 victory_point 1
expect vp p0 3 total
# "5 fish – Build a road at no cost.": 4; a built road, so a neutral
# road follows (T17)
expect illegal p0 fish_road h8.ne-se pay=1,1,3 [bad_argument]
p0 fish_road h8.ne-se pay=1,3
expect piece h8.ne-se road p0
expect phase neutral_build
p0 neutral_road h0.s-sw p2
expect piece h0.s-sw road p2
expect phase main
# "4 fish – Take a resource card of your choice from the supply.": 3
p0 fish_resource wool pay=1,2
expect cards p0 wool=1
p0 end_turn

# p1 is ahead: the full cost. A 7 on the first roll: resolved, then the
# second roll; a neutral settlement by the lake draws no fish.
set robber h4
place settlement p2 h9.n
expect illegal p1 fish_robber pay=1 [bad_argument]
expect legal p1 fish_robber pay=1,1
p1 roll
chance dice 7
expect phase robber
p1 move_robber h16
expect phase second_production
expect outcome chance dice 7 0/1
chance dice 12
chance fish_draw 2
expect holding p0 fish 2
expect holding p0 fish_2 2
expect outcomes count 0
expect phase main
expect holding supply fish 16

# The modules in the other order: the same game (the first production's
# fish before the second roll).
game base(players=2,board=beginner,chance=explicit)+fishing+catan_for_two
expect holding supply fish 19
chance first_player p0
set turn p0 roll
place settlement p0 h9.s
p0 roll
chance dice 11
expect phase main
expect current chance
chance fish_draw 2
expect phase second_production
chance dice 2
chance fish_draw 2
expect holding p0 fish_2 4
expect phase main
