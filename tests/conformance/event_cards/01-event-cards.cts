# Conformance: CATAN Event Cards (traders-and-barbarians.txt, Variants,
# "CATAN Event Cards"; RULINGS.md G1-G3, T4; doc/variants/event_cards.md).
# SPDX-License-Identifier: MIT
#
# Beginner board and pieces (FACTS.md 1.4). Starting hands:
#   p0 lumber=1 brick=1 ore=1   p1 lumber=1 brick=1 grain=1
#   p2 grain=2 ore=1            p3 lumber=2 grain=1

game base(players=4,board=beginner,setup=beginner,chance=explicit)+event_cards
chance first_player p0

# "Instead of rolling the red and yellow dice, flip over the top card of the
# event deck." 36 cards matching the two-dice distribution (T4).
p0 roll
expect current chance
expect outcomes count 22
expect outcome chance event_card 7 robber_attacks 6/36
expect outcome chance event_card 8 beautiful_day 4/36
expect outcome chance event_card 6 earthquake 1/36
expect outcome chance event_card 12 calm_seas 1/36
expect outcome chance dice 6 0/1
expect illegal chance dice 6 [bad_outcome]
# "Resolve any event effect shown. Then "Collect Resources" ... according
# to the number": A Beautiful Day has no effect.
chance event_card 8 beautiful_day
expect phase main
expect dice 8
expect cards p0 lumber=2          # h12 forest 8
expect cards p1 ore=1             # h11 mountains 8
p0 end_turn

# Drawn without replacement: 35 cards left above and under New Year.
p1 roll
expect outcome chance event_card 8 beautiful_day 3/35
# Plentiful Year (T4): every player takes 1 resource of choice, all at once.
chance event_card 2 plentiful_year
expect phase event_take
expect current simultaneous
expect acting p0 p1 p2 p3
expect illegal p1 end_turn [wrong_phase]
p3 take_resource brick
expect illegal p3 take_resource ore [not_your_turn]
expect cards p3 brick=0
p0 take_resource wool
p2 take_resource ore
p1 take_resource wool
expect phase main
expect dice 2
expect cards p3 brick=1,wool=1    # the take, then h1 pasture 2
expect cards p2 ore=2
p1 end_turn

# Earthquake: each player damages one own road; roads stay blocked until
# repaired (1 brick + 1 lumber).
p2 roll
chance event_card 6 earthquake
expect phase event_damage
expect actions p0
  p0 damage_road h13.s-sw
  p0 damage_road h14.ne-se
end
expect illegal p0 damage_road h2.s-sw [variant_rule]
p0 damage_road h14.ne-se
p1 damage_road h3.se-s
p2 damage_road h2.s-sw
p3 damage_road h1.s-sw
expect phase main
expect dice 6
expect road_length p0 1
p2 end_turn
p3 roll
chance event_card 5 beautiful_day
p3 end_turn
p0 roll
chance event_card 9 beautiful_day
set hand p0 lumber=2,brick=2
expect illegal p0 build_road h14.se-s [variant_rule]
expect illegal p0 play_road_building [no_card]
expect legal p0 repair_road h14.ne-se
p0 repair_road h14.ne-se
expect hand p0 lumber=1,brick=1
expect legal p0 build_road h14.se-s
p0 end_turn

# Conflict: no Largest Army, p1 alone with the most Knights may steal.
set knights p1 1
p1 roll
chance event_card 3 conflict
expect phase event_steal
expect current p1
expect legal p1 event_pass
p1 event_steal p2
expect outcome chance event_steal_card ore 2/6
chance event_steal_card ore
expect phase main
expect dice 3
