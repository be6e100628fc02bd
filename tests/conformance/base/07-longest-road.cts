# Conformance: the Longest Road award (base-game.txt §05.F, §07; RULINGS.md B8).
# SPDX-License-Identifier: MIT
#
# Beginner board with no starting pieces; roads are placed by edits (the
# award is recomputed after each edit) and by building. Routes used:
#   top     h0.nw - h0.n - h0.ne - h1.n - h1.ne - h2.n - h2.ne
#           roads h0.n-nw, h0.n-ne, h1.n-nw, h1.n-ne, h2.n-nw, h2.n-ne
#   ring    around h18: h18.ne-se, h18.se-s, h18.s-sw, h17.ne-se,
#           h14.se-s, h15.s-sw; tail h15.se-s
#   bottom  h16.s-sw, h16.se-s, h17.s-sw, h17.se-s, h18.s-sw
#   middle  h4.se-s, h8.ne-se, h9.s-sw, h13.ne-se, h13.se-s; then h13.s-sw

game base(players=3,board=beginner,chance=explicit)
set turn p1 main 2

# §05.F: "The first network that contains a continuous route of at least 5
# routes gets it."
place road p1 h0.n-nw
place road p1 h0.n-ne
place road p1 h1.n-nw
place road p1 h1.n-ne
expect road_length p1 4
expect longest_road none
set hand p1 lumber=1,brick=1
p1 build_road h2.n-nw
expect road_length p1 5
expect longest_road p1
# §07: "Count ... 2 per reward held"; "The longest route is worth 2 points."
expect vp p1 2

# "Counts a single route without using the same route twice: does not add
# up all branches." A branch at h0.ne leaves the count at 5.
place road p1 h0.ne-se
expect road_length p1 5

# "It is necessary to exceed the length of the holder to take the reward."
place road p2 h18.ne-se
place road p2 h18.se-s
place road p2 h18.s-sw
place road p2 h17.ne-se
place road p2 h14.se-s
expect road_length p2 5
expect longest_road p1
# "A loop can count." The sixth road closes the ring around h18.
place road p2 h15.s-sw
expect road_length p2 6
expect longest_road p2
expect vp p2 2
expect vp p1 0
place road p2 h15.se-s
expect road_length p2 7
# Only an opposing colony cuts a route; one's own does not.
place settlement p2 h18.se
expect road_length p2 7

# ------------------------------------------------------- a cut route
game base(players=3,board=beginner,chance=explicit)
set turn p0 main 2
place road p1 h0.n-nw
place road p1 h0.n-ne
place road p1 h1.n-nw
place road p1 h1.n-ne
place road p1 h2.n-nw
place road p1 h2.n-ne
place road p2 h16.s-sw
place road p2 h16.se-s
place road p2 h17.s-sw
place road p2 h17.se-s
place road p2 h18.s-sw
expect road_length p1 6
expect road_length p2 5
expect longest_road p1
# §05.F: "An opposing colony crosses the route." p0's colony at h0.n leaves
# p1 a route of 5.
place settlement p0 h0.n
expect road_length p1 5
# "In case of a cut, he keeps it if he remains tied at the top with at
# least 5 routes."
expect longest_road p1
expect vp p1 2
# "Otherwise, she goes to the player alone in mind with at least 5 routes"
# — a colony at h1.n leaves p1 routes of 2 and 3.
place settlement p0 h1.n
expect road_length p1 3
expect longest_road p2
expect vp p2 2
expect vp p1 0

# --------------------------------------- a cut with a tie among the rest
game base(players=3,board=beginner,chance=explicit)
set turn p2 main 2
place road p1 h0.n-nw
place road p1 h0.n-ne
place road p1 h1.n-nw
place road p1 h1.n-ne
place road p1 h2.n-nw
place road p1 h2.n-ne
place road p2 h16.s-sw
place road p2 h16.se-s
place road p2 h17.s-sw
place road p2 h17.se-s
place road p2 h18.s-sw
place road p0 h4.se-s
place road p0 h8.ne-se
place road p0 h9.s-sw
place road p0 h13.ne-se
place road p0 h13.se-s
expect longest_road p1
place settlement p2 h1.n
expect road_length p1 3
# "... if there are none, put it aside until a player fulfils the
# conditions alone." p0 and p2 are tied at 5.
expect road_length p0 5
expect road_length p2 5
expect longest_road none
expect vp p0 0
expect vp p2 1
# p0 alone at the top, by building.
set turn p0 main 2
set hand p0 lumber=1,brick=1
p0 build_road h13.s-sw
expect road_length p0 6
expect longest_road p0
expect vp p0 2

# -------------------------------------------- a cut below the threshold
game base(players=3,board=beginner,chance=explicit)
set turn p0 main 2
place road p1 h0.n-nw
place road p1 h0.n-ne
place road p1 h1.n-nw
place road p1 h1.n-ne
place road p1 h2.n-nw
place road p2 h16.s-sw
place road p2 h16.se-s
place road p2 h17.s-sw
place road p2 h17.se-s
expect longest_road p1
# "he keeps it if he remains tied at the top with at least 5 routes":
# 4 is not enough, and no one else has 5.
place settlement p0 h0.n
expect road_length p1 4
expect road_length p2 4
expect longest_road none
