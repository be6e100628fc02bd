# Needs the modules friendly_robber, catan_for_two and event_cards besides
# rivers (so not in rivers/, which CI runs on a library of rivers alone).
# traders-and-barbarians.txt, Rivers of Catan, "Combining with Other CATAN
# Products"; RULINGS.md T11, T17: "to the desert" is a swamp of the
# mover's choice; a board a host gives.

# A host's board: the fixed layout with a third swamp h9 (on no river)
# and the robber's home on h10.
board three-swamps-board.txt
game base(players=3,chance=explicit)+friendly_robber+rivers
expect robber h10
expect site h9 none
expect site h10 river value=4
chance first_player p0
# a swamp off the rivers earns no gold
p0 build_settlement h9.s
expect holding p0 gold 0
p0 build_road h9.s-sw
expect holding p0 gold 0
# Friendly Robber: "If there is no valid hex, move the robber to the
# desert." Every player has 2 points or fewer (all Poor at 0 gold) and
# a building on every hex: the robber goes to a swamp of p0's choice.
place settlement p0 h0.s
place settlement p0 h1.s
place settlement p1 h2.s
place settlement p1 h7.se
place settlement p1 h10.se
place settlement p2 h13.s
place settlement p2 h14.se
place settlement p2 h1.se
expect vp p0 1
expect vp p1 1
expect vp p2 1
set turn p0 roll
p0 roll
chance dice 7
expect phase robber
expect actions p0 count 3
expect legal p0 move_robber h8
expect legal p0 move_robber h9
expect legal p0 move_robber h10
expect illegal p0 move_robber h4 [variant_rule]
p0 move_robber h9
expect robber h9
expect phase main

# Catan for Two: "When you build a settlement on a swamp, you receive 2
# trade tokens in addition to the 1 gold for building on a river hex."
board standard
game base(players=2,board=beginner,chance=explicit)+catan_for_two+rivers
expect robber h8
chance first_player p0
expect counter p0 trade_tokens 5
p0 build_settlement h8.se
expect counter p0 trade_tokens 7
expect holding p0 gold 1
p0 build_road h8.se-s
expect holding p0 gold 2
p1 build_settlement h2.n
expect counter p1 trade_tokens 6
p1 build_road h2.n-ne
p1 build_settlement h11.se
p1 build_road h11.se-s
p0 build_settlement h3.sw
p0 build_road h3.s-sw
expect phase roll
# "Actions that move the robber to the desert move it to a swamp
# instead." From the swamp h8 the other swamp is the only choice.
p0 token_robber
expect robber h10
# "spend 1 trade token" (p0 is not ahead)
expect counter p0 trade_tokens 6
p0 roll
chance dice 4
chance dice 5
p0 end_turn
set robber h9
# from a land hex the mover picks either swamp
p1 token_robber
expect phase robber_swamp
expect current p1
expect actions p1 count 2
expect illegal p1 robber_swamp h9 [bad_location]
expect illegal p1 end_turn [wrong_phase]
p1 robber_swamp h8
expect robber h8
expect phase roll

# Event Cards' Robber Flees: a swamp of the turn player's choice.
game base(players=3,board=beginner,chance=explicit)+event_cards+rivers
chance first_player p0
place settlement p0 h12.se
place settlement p1 h14.se
place settlement p2 h2.n
set turn p0 roll
set robber h14
p0 roll
chance event_card 4 robber_flees
expect phase robber_swamp
expect robber h8
expect legal p0 robber_swamp h8
p0 robber_swamp h10
expect robber h10
expect phase main
