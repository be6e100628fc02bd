# Conformance: a gift — cards on one side of a trade only — is written
# with "nothing" for the empty side, parses, and is refused by the rules
# (base-game.txt §05.C: "We exchange resources for different types of
# resources"; RULINGS.md B5) with its reason, not as malformed text.
# SPDX-License-Identifier: MIT

game base(players=3,board=beginner,setup=beginner,chance=explicit)
chance first_player p0
set hand p0 lumber=3,brick=1,grain=1
set hand p1 wool=2,ore=1
p0 roll
chance dice 2
expect illegal p0 offer_trade give lumber=1 get nothing [bad_trade]
expect illegal p0 offer_trade give nothing get wool=1 [bad_trade]
expect illegal p0 offer_trade give nothing get nothing [bad_trade]
expect illegal p0 maritime_trade give lumber=3 get nothing [bad_trade]
expect illegal p0 maritime_trade give nothing get ore=1 [bad_trade]
p0 offer_trade give lumber=1 get wool=1
p2 decline_trade
expect illegal p1 counter_trade give nothing get lumber=1 [bad_trade]
expect illegal p1 counter_trade give wool=1 get nothing [bad_trade]
p1 accept_trade
p0 confirm_trade p1
expect hand p0 lumber=2,brick=1,wool=1,grain=1
