# Conformance: a 7 — discard, move the robber, steal (base-game.txt §05.B).
# SPDX-License-Identifier: MIT
#
# Beginner board and pieces, three players; p0 rolls. Around h14 stand p0
# (h14.se) and p2 (h13.se); around h16 only p0 (h12.se).

game base(players=3,board=beginner,setup=beginner,chance=explicit)
chance first_player p0
set hand p0 lumber=3,brick=2,wool=2,grain=1,ore=1     # 9 cards
set hand p1 lumber=2,brick=2,wool=1,grain=1,ore=1     # 7 cards
give dev p1 knight
set hand p2 grain=4,ore=4                             # 8 cards
p0 roll
chance dice 7

# §05.B: "Each player who has more than 7 Resource cards returns half of it
# to the bank, rounded down. With 9 cards, we return 4."
expect phase discard
expect discard p0 4
expect discard p2 4
# "At exactly 7 cards, we do not defeat anything." "Development cards do
# not count." (p1 holds 7 resource cards and a Knight.)
expect discard p1 0
# RULINGS.md B4/G2: the discards are the affected players' own actions, in
# any order.
expect current simultaneous
expect acting p0 p2
expect illegal p1 discard lumber=1 [not_your_turn]
# "returns half of it": not more than owed, and only cards held.
expect illegal p0 discard lumber=3,brick=2 [wrong_discard]
expect illegal p0 discard ore=2 [wrong_discard]
# Discards come before the robber moves.
expect illegal p0 move_robber h5 [wrong_phase]
expect actions p2
  p2 discard grain=1
  p2 discard ore=1
end
p2 discard grain=2,ore=2
expect acting p0
expect current p0
p0 discard lumber=2
expect discard p0 2
expect phase discard
p0 discard brick=1,wool=1
expect hand p0 lumber=1,brick=1,wool=1,grain=1,ore=1
expect hand p1 lumber=2,brick=2,wool=1,grain=1,ore=1
expect hand p2 grain=2,ore=2
# The discarded cards go back to the bank (19 each, minus the hands).
expect bank lumber=16,brick=16,wool=17,grain=15,ore=15

# "Then the player who launched moves the thief to another field, including
# possibly the desert."
expect phase robber
expect current p0
expect illegal p0 move_robber h9 [robber_same_hex]    # the robber stands on the desert
expect actions p0 count 18
# "Solve all this before the trade."
expect illegal p0 maritime_trade give lumber=4 get ore=1 [wrong_phase]
expect illegal p0 end_turn [wrong_phase]
p0 move_robber h14
expect robber h14

# "If there are settlements or cities around, he chooses one of their
# owners with resources and takes a Resource card at random."
# RULINGS.md B10: "The robber's mover never steals from themself."
expect phase steal
expect actions p0
  p0 steal p2
end
expect illegal p0 steal p1 [invalid_victim]          # p1 has nothing at h14
expect illegal p0 steal p0 [invalid_victim]
p0 steal p2
# "at random": one chance event over p2's 4 cards.
expect current chance
expect outcomes count 2
expect outcome chance steal_card grain 2/4
expect outcome chance steal_card ore 2/4
chance steal_card ore
# "He only steals a total card."
expect hand p0 lumber=1,brick=1,wool=1,grain=1,ore=2
expect hand p2 grain=2,ore=1
expect phase main
expect current p0
p0 end_turn

# "Without a victim with resources, he takes nothing." p1 rolls a 7; no one
# holds more than 7 cards, so the robber moves at once.
p1 roll
chance dice 7
expect phase robber
expect current p1
set hand p0 empty
expect legal p1 move_robber h9                # "including possibly the desert"
p1 move_robber h16                   # only p0 (no cards) builds around h16
expect robber h16
expect phase main
expect hand p1 lumber=2,brick=2,wool=1,grain=1,ore=1
# "he does not destroy any building"
expect piece h12.se settlement p0
