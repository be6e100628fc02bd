# traders-and-barbarians.txt, Fishing on Catan (RULINGS.md T6, T10, T17, G3).
# The beginner board: its desert h9 is the centre, so it becomes the lake
# (2, 3, 11, 12). Fishing grounds: h0.n h0.ne h1.n (4), h0.nw h0.sw h3.nw
# (5), h6.ne h6.se h11.ne (6), h11.se h11.s h15.se (8), h12.sw h12.s
# h16.sw (9), h16.s h16.se h17.s (10).

game base(board=beginner,chance=explicit)+fishing
# "Place a random fishing ground tile on each frame piece at the six light
# blue coastal "V" locations" (T6: numbers 4, 5, 6, 8, 9, 10)
expect site h0.n fishing_ground value=4
expect site h1.n fishing_ground value=4
expect site h3.nw fishing_ground value=5
expect site h11.ne fishing_ground value=6
expect site h15.se fishing_ground value=8
expect site h12.s fishing_ground value=9
expect site h17.s fishing_ground value=10
expect site h9 none
# "Mix the fish tokens and the old boot token together face down"
expect holding supply fish 29
expect holding supply fish_1 11
expect holding supply fish_2 10
expect holding supply fish_3 8
expect holding supply boot 1
chance first_player p0

# "If your second settlement is adjacent to a fishing ground or lake, you
# receive a random fish token in addition to your normal starting
# resources." The first settlement earns none.
p0 build_settlement h9.s
expect outcomes count 0
p0 build_road h9.s-sw
p1 build_settlement h2.s
p1 build_road h2.se-s
p2 build_settlement h13.s
p2 build_road h13.s-sw
p3 build_settlement h16.s
p3 build_road h16.s-sw
p3 build_settlement h3.sw
expect outcomes count 0
p3 build_road h3.s-sw
p2 build_settlement h11.s
expect outcome chance fish_draw 1 11/30
expect outcome chance fish_draw 2 10/30
expect outcome chance fish_draw 3 8/30
expect outcome chance fish_draw boot 1/30
chance fish_draw 3
expect holding p2 fish_3 1
expect holding p2 fish 1
p2 build_road h11.s-sw
# one token, even if the settlement touches lake and fishing ground (T10)
p1 build_settlement h0.n
chance fish_draw 1
expect holding p1 fish 1
p1 build_road h0.n-ne
p0 build_settlement h8.s
p0 build_road h8.s-sw
expect phase roll

# "Place the robber next to the game board. It will enter the game when
# you "Resolve a 7" or play a Knight card."
set hand p0 empty
set hand p1 empty
set hand p2 empty
set hand p3 empty
expect illegal p0 fish_robber pay=1,1 [insufficient_resources]
set holding p0 fish_2 1
expect illegal p0 fish_robber pay=2 [variant_rule]

# "During the Production phase, fishing grounds and the lake produce if
# their number is rolled. Settlements on a producing fishing ground or lake
# receive 1 random fish token, and cities receive 2"; "Starting with the
# active player and proceeding clockwise ..., one token at a time."
place city p2 h13.s
set turn p1 roll
p1 roll
chance dice 4
expect current chance
chance fish_draw 2
expect holding p1 fish 2
expect outcomes count 0
expect phase main
p1 end_turn
p2 roll
chance dice 3
# p0 on the lake (h9.s) draws; p2's city on h13 (mountains 3) earns no fish
chance fish_draw 1
expect holding p0 fish 2
expect holding p2 fish 1
expect outcomes count 0
expect holding supply fish 24

# "Important: You may never have more than 7 fish tokens (not including the
# old boot). Once per turn, if you have 7 fish tokens and would receive
# more, you may discard 1 fish token and replace it from the supply. Then
# stop drawing tokens."
set holding p0 fish_1 7
set holding p0 fish_2 0
set turn p3 roll
p3 roll
chance dice 2
expect phase fish_swap
expect current p0
expect illegal p3 fish_keep [not_your_turn]
expect illegal p0 fish_swap 3 [bad_argument]
p0 fish_swap 1
expect counter game fish_pile_1 1
chance fish_draw boot
# the old boot uses up the draw; it does not count toward the 7 (T10)
expect holding p0 boot 1
expect holding p0 fish 6
expect outcomes count 0
expect phase main
# "The player who has the old boot needs 1 additional VP to win."
p3 end_turn

# "The old boot: During your turn, you may give the old boot to any player
# who has the same or more VPs as you."
place city p0 h8.s
expect vp p0 3
expect vp p1 2
expect vp p2 3
expect illegal p0 give_boot p1 [variant_rule]
p0 give_boot p2
expect holding p2 boot 1
expect holding p0 boot 0

# "Spend fish tokens": "If the number of fish on the tokens you discard is
# more than the cost of the action, you lose the excess fish." A payment
# from which no token could be left out (T10).
set holding p0 fish_1 1
set holding p0 fish_3 2
set holding p0 fish_2 1
set robber h4
expect illegal p0 fish_robber pay=1,2 [bad_argument]
p0 fish_robber pay=3
expect counter game fish_pile_3 1
# "It returns when a player "Resolves a 7" or plays a Knight card."
# "3 fish – Steal a random resource card from another player." (T17: no
# robber move; a player without cards is no victim)
expect illegal p0 fish_steal p3 pay=3 [invalid_victim]
expect illegal p0 fish_steal p0 pay=3 [invalid_victim]
set hand p0 empty
set hand p1 ore=2
p0 fish_steal p1 pay=3
expect outcome chance fish_steal_card ore 1/1
chance fish_steal_card ore
expect hand p0 ore=1
expect hand p1 ore=1
# "Fish tokens are not resource cards. ... They may not be stolen by the robber."
expect holding p0 fish 2
p0 roll
chance dice 7
expect phase robber
p0 move_robber h9
expect robber h9
# "You may place the robber on the lake. It blocks production for all four
# of the numbers shown there."
expect blocked h9 yes
expect phase main
p0 end_turn
p1 roll
chance dice 12
expect outcomes count 0
expect holding p0 fish 2
# "4 fish – Take a resource card of your choice from the supply."
set turn p0 main 8
set holding p0 fish_2 2
expect illegal p0 fish_resource wool pay=1,2,2 [bad_argument]
p0 fish_resource wool pay=2,2
expect cards p0 wool=1
# "5 fish – Build a road at no cost." (a built road, T17)
set holding p0 fish_3 2
p0 fish_road h8.ne-se pay=3,3
expect piece h8.ne-se road p0
# "7 fish – Build a development card at no cost."
set holding p0 fish_1 1
set holding p0 fish_3 2
p0 fish_dev pay=1,3,3
chance draw_dev knight
expect dev p0 knight=1
expect holding p0 fish 0
# "Similarly, you may not trade fish tokens during the Action phase." (no
# trade carries them: an offer names card kinds only)
