# traders-and-barbarians.txt, Fishing on Catan with The Friendly Robber
# (RULINGS.md T3, T17): "You may not move the robber to a hex with the
# building of a player who only has 2 VPs. If there is no valid hex, move
# the robber to the desert." In Fishing "to the desert" means off the
# board (T17), where the robber starts ("Place the robber next to the game
# board"), and off the board it stands next to nobody: no steal.

game base(players=4,board=beginner,chance=explicit)+fishing+friendly_robber
chance first_player p0
set turn p0 roll
# Every player at 2 points, their settlements on every hex, the lake h9
# included (the placement rules aside: place ignores them).
place settlement p0 h9.s
place settlement p0 h2.s
place settlement p1 h3.se
place settlement p1 h10.se
place settlement p2 h12.se
place settlement p2 h14.s
place settlement p3 h0.se
place settlement p3 h3.s
expect vp p0 2
expect vp p3 2
p0 roll
chance dice 7
expect phase robber
# no hex is valid: the one move is off the board, where the robber is
expect actions p0
  p0 move_robber off
end
expect legal p0 move_robber off
expect illegal p0 move_robber h9 [variant_rule]
expect illegal p0 move_robber h18 [variant_rule]
p0 move_robber off
expect phase main
expect blocked h9 no
expect blocked h18 no

# With a valid hex the robber may not go off the board: only "to the
# desert" sends it there.
game base(players=4,board=beginner,chance=explicit)+fishing+friendly_robber
chance first_player p0
set turn p0 roll
place settlement p0 h9.s
place settlement p1 h3.se
p0 roll
chance dice 7
expect phase robber
expect illegal p0 move_robber off [variant_rule]
expect legal p0 move_robber h18
p0 move_robber h18
expect robber h18
expect blocked h18 yes

# Without Friendly Robber a 7 never takes the robber off the board.
game base(players=4,board=beginner,chance=explicit)+fishing
chance first_player p0
set turn p0 roll
p0 roll
chance dice 7
expect illegal p0 move_robber off [variant_rule]
expect actions p0 count 19
