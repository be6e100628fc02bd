# Conformance: development cards and their timing (base-game.txt §02,
# §05.D, §05.E; RULINGS.md B4, B7, B10).
# SPDX-License-Identifier: MIT
#
# Beginner board and pieces, three players, hands emptied. p0's settlements
# h12.se and h14.se, roads h13.s-sw and h14.ne-se; p2's settlement h13.se
# touches h14. A 2 produces nothing (no one builds on h1).

game base(players=3,board=beginner,setup=beginner,chance=explicit)
chance first_player p0
set hand p0 empty
set hand p1 empty
set hand p2 empty

# §02: "25 cards Development: 14 Knights, 2 Road construction, 2 Discovery,
# 2 Monopole and 5 Victory point."
expect deck knight=14,road_building=2,year_of_plenty=2,monopoly=2,victory_point=5,total=25

# §05.E: "When you buy a card, take the top of the pile" — a chance event
# weighted by what the deck holds.
p0 roll
chance dice 2
set hand p0 wool=1,grain=1,ore=1
p0 buy_dev
expect current chance
expect outcomes count 5
expect outcome chance draw_dev knight 14/25
expect outcome chance draw_dev road_building 2/25
expect outcome chance draw_dev victory_point 5/25
chance draw_dev knight
expect dev p0 knight=1,total=1
expect deck knight=13,total=24
expect phase main
# RULINGS.md B4: "trading ends with the first build or purchase".
expect illegal p0 maritime_trade give lumber=4 get ore=1 [trading_over]
# "A card purchased this round waits for a later turn"
expect illegal p0 play_knight [card_bought_this_turn]
p0 end_turn
p1 roll
chance dice 2
p1 end_turn
p2 roll
chance dice 2
p2 end_turn

# "You can play at most one Action Development card per turn, only during
# your turn, including before launching the dice."
expect current p0
expect phase roll
give dev p0 monopoly
give dev p1 knight
expect illegal p1 play_knight [not_your_turn]
expect legal p0 play_knight
# "Knight: Moves the thief and steals a resource as above. There is no
# waste of half of the hands, because you did not throw a 7."
set hand p2 grain=5,ore=5
p0 play_knight
expect phase robber
expect discard p2 0
p0 move_robber h14
p0 steal p2
chance steal_card grain
expect hand p0 grain=1
# "Keep the Knight played visible in front of you."
expect knights p0 1
expect dev p0 knight=0,monopoly=1
# The Knight before the roll leaves the roll still to do.
expect phase roll
expect illegal p0 play_monopoly ore [card_already_played]
p0 roll
chance dice 2
expect illegal p0 play_monopoly ore [card_already_played]

# "Monopole: announces a type of resource. Everyone else gives you all their
# cards of this type. The bank does not give anything."
set turn p0 main 2
set hand p0 ore=1
set hand p1 lumber=1,ore=3
set hand p2 grain=1,ore=2
expect bank ore=13
p0 play_monopoly ore
expect hand p0 ore=6
expect hand p1 lumber=1
expect hand p2 grain=1
expect bank ore=13
# "After their use, the action cards remain off the Stock."
expect dev p0 monopoly=0
expect deck monopoly=1
# Playing a card is neither a build nor a purchase: trading goes on (B4).
expect legal p0 maritime_trade give ore=4 get lumber=1

# "Discovery: Take 2 resources available at the bank, identical or
# different."
set turn p0 main 2
set hand p0 empty
give dev p0 year_of_plenty 2
expect legal p0 play_year_of_plenty lumber=1,ore=1
expect illegal p0 play_year_of_plenty grain=3 [bad_argument]
expect illegal p0 play_year_of_plenty grain=1 [bad_argument]
p0 play_year_of_plenty grain=2
expect hand p0 grain=2
# RULINGS.md B7: "Year of Plenty ... takes two cards the bank has."
set turn p0 main 2
set hand p1 wool=19
expect illegal p0 play_year_of_plenty wool=1,grain=1 [bank_empty]
# doc/rulings.md: "Year of Plenty takes 1 card when the bank holds only 1"
# (catan_action get[]: "2, or 1 if the bank has only 1").
set hand p0 empty
set hand p1 lumber=19,brick=19,wool=19
set hand p2 grain=19,ore=18
expect illegal p0 play_year_of_plenty ore=2 [bank_empty]
expect actions p0
  p0 play_year_of_plenty ore=1
  p0 end_turn
end
p0 play_year_of_plenty ore=1
expect hand p0 ore=1

# "Road construction: places up to 2 roads free of charge, within the
# limits of your stock and authorized placements. The second can extend the
# first one." RULINGS.md B7: "it may be played before the roll."
set hand p0 empty
set hand p1 empty
set hand p2 empty
set turn p0 roll
give dev p0 road_building
p0 play_road_building
expect phase road_building
expect illegal p0 build_road h0.n-ne [not_connected]
p0 build_road h12.se-s
expect phase road_building
p0 build_road h12.s-sw                     # extends the first
expect phase roll
expect hand p0 empty
expect pieces p0 roads=11
expect piece h12.s-sw road p0

# doc/rulings.md: "Road Building roads do not end trading under
# phases=strict" (RULINGS.md B4: trading ends with the first build or
# purchase).
p0 roll
chance dice 2
set turn p0 main 2
give dev p0 road_building
set hand p0 lumber=4
p0 play_road_building
p0 build_road h12.sw-nw
p0 build_road h7.se-s
expect phase main
expect legal p0 maritime_trade give lumber=4 get ore=1

# "within the limits of your stock": with one road left, one road.
game base(players=3,board=beginner,setup=beginner,chance=explicit)
chance first_player p0
set turn p0 main 2
place road p0 h0.n-ne
place road p0 h0.se-s
place road p0 h0.sw-nw
place road p0 h1.ne-se
place road p0 h2.n-ne
place road p0 h6.ne-se
place road p0 h15.se-s
place road p0 h18.s-sw
place road p0 h11.se-s
place road p0 h7.sw-nw
place road p0 h16.s-sw
place road p0 h3.n-nw
expect pieces p0 roads=1
give dev p0 road_building
p0 play_road_building
p0 build_road h12.se-s
expect phase main
expect pieces p0 roads=0
# RULINGS.md B10: "Road Building can be played only if at least one road
# can be placed."
set turn p0 main 2
give dev p0 road_building
expect illegal p0 play_road_building [no_road_possible]

# RULINGS.md B7: "one if only one can be placed". On an empty board p0's
# colony at h0.n has one free side; its far end is p1's colony, which a
# road may not pass.
game base(players=3,board=beginner,chance=explicit)
set turn p0 main 2
place settlement p0 h0.n
place road p1 h0.n-nw
place settlement p1 h0.ne
give dev p0 road_building 2
p0 play_road_building
expect actions p0
  p0 build_road h0.n-ne
end
p0 build_road h0.n-ne
expect phase main
expect pieces p0 roads=14
# B10 again, with roads in stock but no place for one.
set turn p0 main 2
expect illegal p0 play_road_building [no_road_possible]

# "Winning point: keeps this card hidden. It is worth 1 point."
game base(players=3,board=beginner,setup=beginner,chance=explicit)
chance first_player p0
set turn p1 main 2
expect vp p1 2
give dev p1 victory_point
give dev p1 knight
expect vp p1 2 public
expect vp p1 3 total
# RULINGS.md B4: "one per turn (Victory Point cards excepted)" — a Victory
# Point card is never played, so it does not use up the turn's card.
expect legal p1 play_knight

# "A card purchased this round waits for a later turn": an older card of the
# same kind stays playable after buying another.
set turn p1 main 2
set hand p1 wool=1,grain=1,ore=1
p1 buy_dev
chance draw_dev knight
expect dev p1 knight=2
expect legal p1 play_knight
p1 play_knight
expect dev p1 knight=1

# §05.D: a purchase needs a card in the pile.
set turn p2 main 2
give dev p2 knight 12
give dev p2 victory_point 4
give dev p2 year_of_plenty 2
give dev p2 monopoly 2
give dev p2 road_building 2
expect deck total=0
set hand p2 wool=1,grain=1,ore=1
expect illegal p2 buy_dev [deck_empty]
