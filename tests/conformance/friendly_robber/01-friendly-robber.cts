# Conformance: The Friendly Robber (traders-and-barbarians.txt, Variants,
# "The Friendly Robber"; RULINGS.md G3, T1, T3).
# SPDX-License-Identifier: MIT
#
# Beginner board and pieces (FACTS.md 1.4): every player starts with two
# settlements, so with 2 points everyone is protected. With three players
# (p0-p2) only h0, h1, h7 and the desert h9 have no building; with four
# every hex but the desert has one.

game base(players=3,board=beginner,setup=beginner,chance=explicit)+friendly_robber
chance first_player p0
p0 roll
chance dice 7
expect phase robber
# "You may not move the robber to a hex with the building of a player who
# only has 2 VPs."
expect actions p0
  p0 move_robber h0
  p0 move_robber h1
  p0 move_robber h7
end
expect illegal p0 move_robber h5 [variant_rule]      # p2's h2.s
expect illegal p0 move_robber h10 [variant_rule]     # p1's h10.se
# RULINGS.md T3: "the mover included": h18 has only p0's h14.se.
expect illegal p0 move_robber h18 [variant_rule]
# The robber must still leave its hex (base-game.txt §05.B).
expect illegal p0 move_robber h9 [robber_same_hex]
p0 move_robber h7
expect robber h7
expect phase main
p0 end_turn

# A player with more than 2 points is fair game: p2's city on h2.s gives 3.
place city p2 h2.s
expect vp p2 3
# G3: hidden Victory Point cards do not count; p1 stays at 2 public points.
give dev p1 victory_point
expect vp p1 2 public
expect vp p1 3 total
p1 roll
chance dice 7
expect actions p1
  p1 move_robber h0
  p1 move_robber h1
  p1 move_robber h2
  p1 move_robber h5
  p1 move_robber h6
  p1 move_robber h9
  p1 move_robber h17
end
expect illegal p1 move_robber h10 [variant_rule]     # p1 protects itself
p1 move_robber h5
expect phase steal
expect actions p1
  p1 steal p2
end
p1 steal p2
chance steal_card grain
expect phase main

# T3: every robber move, the Knight's too.
game base(players=3,board=beginner,setup=beginner,chance=explicit)+friendly_robber
chance first_player p0
give dev p0 knight
p0 play_knight
expect phase robber
expect actions p0 count 3
expect illegal p0 move_robber h14 [variant_rule]
p0 move_robber h1
expect phase roll

# "If there is no valid hex, move the robber to the desert." T3: "or stays
# there if it is already on it".
game base(players=4,board=beginner,setup=beginner,chance=explicit)+friendly_robber
chance first_player p0
p0 roll
chance dice 7
expect actions p0
  p0 move_robber h9
end
expect illegal p0 move_robber h4 [variant_rule]
expect legal p0 move_robber h9
p0 move_robber h9
expect robber h9
expect phase main

# The robber elsewhere: it goes to the desert. Then "steal 1 random card
# from a player with an adjacent building as long as they have more than
# 2 VPs": p1 (2 points, beside the desert) keeps its cards.
game base(players=4,board=beginner,setup=beginner,chance=explicit)+friendly_robber
chance first_player p0
remove h14.se
remove h12.se
remove h10.se
remove h3.se
remove h2.s
remove h13.se
remove h0.se
remove h7.se
place settlement p0 h0.ne
place settlement p0 h2.se
place settlement p1 h3.s
place settlement p1 h4.se
place settlement p2 h10.se
place settlement p2 h12.se
place settlement p3 h14.s
set hand p1 wool=2
set robber h0
set turn p0 roll
p0 roll
chance dice 7
expect actions p0
  p0 move_robber h9
end
expect illegal p0 move_robber h0 [robber_same_hex]
p0 move_robber h9
expect phase main
expect hand p1 wool=2

# The same with p1 at 3 points beside the desert: p1 may be robbed.
game base(players=4,board=beginner,setup=beginner,chance=explicit)+friendly_robber
chance first_player p0
remove h14.se
remove h12.se
remove h10.se
remove h3.se
remove h2.s
remove h13.se
remove h0.se
remove h7.se
place settlement p0 h0.se
place settlement p0 h2.s
place settlement p2 h3.s
place settlement p2 h10.se
place settlement p3 h12.se
place settlement p3 h14.s
place settlement p1 h8.se
place city p1 h17.s
expect vp p1 3
set hand p1 ore=1
set turn p0 roll
p0 roll
chance dice 7
expect actions p0
  p0 move_robber h9
end
p0 move_robber h9
expect phase steal
expect actions p0
  p0 steal p1
end
p0 steal p1
expect outcome chance steal_card ore 1/1
chance steal_card ore
expect hand p1 empty
