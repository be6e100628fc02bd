# Conformance: the Largest Army award (base-game.txt §05.F, §05.E, §07).
# SPDX-License-Identifier: MIT
#
# Beginner board and pieces, three players (2 points each to start). The
# Knights move the robber to h1, where no one builds, so no steal follows.

game base(players=3,board=beginner,setup=beginner,chance=explicit)
chance first_player p0

# §05.F: "The first person to play 3 Knights gets it."
set knights p0 2
expect longest_road none
expect largest_army none
give dev p0 knight
p0 play_knight
p0 move_robber h1
expect knights p0 3
expect largest_army p0
# "The most powerful Army is also worth 2 points."
expect vp p0 4
p0 roll
chance dice 2
p0 end_turn

# "Another must have played strictly more Knights to take it."
set knights p1 3
expect largest_army p0
expect vp p1 2
give dev p1 knight
p1 play_knight
p1 move_robber h5
p1 steal p2
chance steal_card grain
expect knights p1 4
expect largest_army p1
expect vp p1 4
expect vp p0 2
p1 roll
chance dice 2
p1 end_turn

# "The cards still hidden do not count."
give dev p2 knight 5
expect knights p2 0
expect largest_army p1
# §05.E: "Keep the Knight played visible in front of you" — one Knight a
# turn, counted once played.
p2 play_knight
p2 move_robber h1
expect knights p2 1
expect dev p2 knight=4
expect illegal p2 play_knight [card_already_played]
expect largest_army p1
