# Conformance: sharing resources — domestic and maritime trade
# (base-game.txt §05.C, §05.D; RULINGS.md B4, B5, B6).
# SPDX-License-Identifier: MIT
#
# Beginner board and pieces, three players. Harbors used below:
#   3:1 at h17.se/h17.s, 3:1 at h11.ne/h11.se, 2:1 wool at h15.se/h15.s.

# ------------------------------------------------------- domestic trade
game base(players=3,board=beginner,setup=beginner,chance=explicit)
chance first_player p0
set hand p0 lumber=3,brick=1,grain=1
set hand p1 wool=2,ore=1
set hand p2 grain=1

# RULINGS.md B4: "optional development card before the roll; roll; ... then
# trade".
expect illegal p0 offer_trade give lumber=1 get wool=1 [wrong_phase]
expect illegal p0 maritime_trade give lumber=4 get ore=1 [wrong_phase]
p0 roll
chance dice 2                          # nothing stands on h1

# §05.C: "All exchanges between players must involve you during your turn:
# the others do not trade between them at that time."
expect illegal p1 offer_trade give wool=1 get lumber=1 [not_your_turn]
# "We exchange resources for different types of resources."
expect illegal p0 offer_trade give lumber=1 get lumber=1 [bad_trade]
expect illegal p0 offer_trade give lumber=1,grain=1 get grain=1 [bad_trade]
expect illegal p0 offer_trade give ore=1 get wool=1 [insufficient_resources]
# RULINGS.md B5: "is_legal and apply accept any legal offer" — also offers
# larger than move generation lists.
expect legal p0 offer_trade give lumber=2 get wool=1,ore=1

# §05.C: "I propose a wood against a clay." Everyone can refuse.
p0 offer_trade give lumber=1 get wool=1
expect phase trade_response
# RULINGS.md B5: "each other player accepts, declines or counters" (G2:
# their own actions, in any order).
expect current simultaneous
expect acting p1 p2
expect illegal p0 end_turn [not_your_turn]
expect illegal p2 accept_trade [insufficient_resources]   # p2 has no wool
expect actions p2                          # p2 holds 1 grain
  p2 decline_trade
  p2 counter_trade give grain=1 get lumber=1
  p2 counter_trade give grain=1 get brick=1
  p2 counter_trade give grain=1 get wool=1
  p2 counter_trade give grain=1 get ore=1
end
p2 decline_trade
expect current p1
p1 accept_trade
# "... then the current player confirms one partner or cancels."
expect phase trade_confirm
expect current p0
expect actions p0
  p0 confirm_trade p1
  p0 cancel_trade
end
expect illegal p0 confirm_trade p2 [no_offer]             # p2 declined
p0 confirm_trade p1
expect phase main
expect hand p0 lumber=2,brick=1,wool=1,grain=1
expect hand p1 lumber=1,wool=1,ore=1

# A counter offer, confirmed: p1 gives ore and asks for brick.
p0 offer_trade give lumber=1 get ore=1
p1 counter_trade give ore=1 get brick=1
p2 decline_trade
expect phase trade_confirm
p0 confirm_trade p1
expect hand p0 lumber=2,wool=1,grain=1,ore=1
expect hand p1 lumber=1,brick=1,wool=1

# doc/rulings.md: "counter-offers are validated at confirmation". p2 may
# counter with 1 grain for 2 ore, but p0 holds only 1 ore.
p0 offer_trade give lumber=1 get grain=1
p1 decline_trade
p2 counter_trade give grain=1 get ore=2
expect phase trade_confirm
expect actions p0
  p0 cancel_trade
end
expect illegal p0 confirm_trade p2 [insufficient_resources]
p0 cancel_trade
expect hand p2 grain=1

# "Everyone can refuse": when all refuse, nothing changes hands.
p0 offer_trade give grain=1 get brick=1
p1 decline_trade
p2 decline_trade
expect phase main
expect hand p0 lumber=2,wool=1,grain=1,ore=1
expect hand p1 lumber=1,brick=1,wool=1

# The current player may still withdraw an accepted offer.
p0 offer_trade give ore=1 get lumber=1
p1 accept_trade
p2 decline_trade
p0 cancel_trade
expect phase main
expect hand p0 lumber=2,wool=1,grain=1,ore=1
expect hand p1 lumber=1,brick=1,wool=1

# §05.D: "In the sequence of discovery held here, finish your exchanges
# before building." (RULINGS.md B4: phases=strict, the default.)
set cards p0 brick=1
p0 build_road h12.se-s
expect illegal p0 offer_trade give lumber=1 get wool=1 [trading_over]
expect illegal p0 maritime_trade give lumber=4 get ore=1 [trading_over]

# RULINGS.md B4: "phases=combined allows mixing."
game base(players=3,board=beginner,setup=beginner,chance=explicit,phases=combined)
chance first_player p0
set turn p0 main 2
set hand p0 lumber=6,brick=1
p0 build_road h12.se-s
expect legal p0 maritime_trade give lumber=4 get ore=1
expect legal p0 offer_trade give lumber=1 get wool=1

# ------------------------------------------------------- maritime trade
game base(players=3,board=beginner,setup=beginner,chance=explicit)
chance first_player p0
set turn p0 main 2
set hand p0 lumber=4,wool=3,grain=3

# §05.C: "You can also exchange with the bank: 4 identical cards for 1
# resource of your choice."
expect maritime_rate p0 lumber 4
expect legal p0 maritime_trade give lumber=4 get ore=1
expect illegal p0 maritime_trade give grain=3 get ore=1 [bad_trade_ratio]
expect illegal p0 maritime_trade give lumber=4 get ore=2 [bad_trade_ratio]
expect illegal p0 maritime_trade give wool=4 get ore=1 [insufficient_resources]
# RULINGS.md B10: "Maritime ... trades never exchange a type for the same type."
expect illegal p0 maritime_trade give lumber=4 get lumber=1 [bad_trade]
# 4 maritime trades (lumber for each other type), 12 one-for-one offers,
# end_turn.
expect actions p0 count 17

# "If you have a colony or city on a port, its rate applies: 3 identical
# cards against 1 port 3:1"
place settlement p0 h17.se
expect maritime_rate p0 grain 3
expect legal p0 maritime_trade give grain=3 get ore=1
expect legal p0 maritime_trade give lumber=3 get brick=1
# RULINGS.md B6: "4:1 always" -- the harbor adds a rate, it takes none away
expect legal p0 maritime_trade give lumber=4 get ore=1
# "2 cards of type drawn against 1 to a specialized port 2:1"
place settlement p0 h15.s
expect maritime_rate p0 wool 2
expect maritime_rate p0 grain 3
expect legal p0 maritime_trade give wool=2 get ore=1
expect illegal p0 maritime_trade give grain=2 get ore=1 [bad_trade_ratio]   # wool only
# RULINGS.md B6: "Several trades in one turn are separate actions."
p0 maritime_trade give wool=2 get ore=1
p0 maritime_trade give grain=3 get brick=1
expect hand p0 lumber=4,brick=1,wool=1,ore=1

# "Owning a road near the port is not enough."
set turn p1 main 2
set hand p1 lumber=4
place road p1 h11.ne-se
expect maritime_rate p1 lumber 4
expect illegal p1 maritime_trade give lumber=3 get ore=1 [bad_trade_ratio]
expect legal p1 maritime_trade give lumber=4 get ore=1
# "colony or city": a city on the harbor serves too.
place city p1 h11.ne
expect maritime_rate p1 lumber 3
expect legal p1 maritime_trade give lumber=3 get ore=1

# RULINGS.md B6: "The bank must hold the card asked for."
set cards p2 ore=18
expect bank ore=0
expect illegal p1 maritime_trade give lumber=3 get ore=1 [bank_empty]
p1 maritime_trade give lumber=3 get grain=1
expect hand p1 lumber=1,grain=1
