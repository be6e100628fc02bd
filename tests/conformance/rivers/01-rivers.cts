# traders-and-barbarians.txt, Rivers of Catan (RULINGS.md G5, T11, T17).
# board=beginner is the library's fixed layout (doc/variants/rivers.md):
# the three-hex river h16 (hills) - h12 (mountains) - swamp h8 and the
# four-hex river h0 (mountains) - h4 (pasture) - h5 (hills) - swamp h10;
# the 2 lies with the 12 on h3.

game base(players=3,board=beginner,chance=explicit)+rivers
# "Place the 2 river tiles as shown here."
expect site h8 river value=3
expect site h16 river value=3
expect site h10 river value=4
expect site h0 river value=4
expect site h9 none
# "Bridge sites: any location where the river crosses or meets an edge."
expect site h12.se-s bridge
expect site h16.se-s bridge
expect site h0.se-s bridge
# "Place the robber on either of the 2 swamps." (T11: the lower id)
expect robber h8
# "Bridges cost 2 brick and 1 wood"
expect cost bridge brick=2,lumber=1
# "also take the 3 bridges in your color"
expect stock bridge p0 3
# T11: every player tied at the least gold is Poor, even when all are tied.
expect holding p0 gold 0
expect counter p0 poor 1
expect vp p0 -2
expect counter game wealthiest -1
chance first_player p0

# "For each settlement you build on an intersection of a river tile, you
# receive 1 gold."
p0 build_settlement h12.se
expect holding p0 gold 1
# "The player with the most gold immediately receives the Wealthiest
# Catanian bonus VP tile. It is worth 1 VP."
expect counter game wealthiest 0
expect counter p0 poor 0
expect vp p0 2
expect vp p1 -2
# "Roads may not be built on bridge sites"
expect illegal p0 build_road h12.se-s [variant_rule]
# "For each road you build on an edge of a river tile, you receive 1 gold."
p0 build_road h13.s-sw
expect holding p0 gold 2
# a settlement and road away from the rivers earn nothing
p1 build_settlement h14.se
p1 build_road h15.s-sw
expect holding p1 gold 0
p2 build_settlement h2.n
p2 build_road h2.n-ne
expect holding p2 gold 0
p2 build_settlement h11.se
p2 build_road h11.se-s
p1 build_settlement h6.n
p1 build_road h6.n-ne
p0 build_settlement h7.n
p0 build_road h7.n-ne
expect phase roll
expect holding p0 gold 2
# "If there is a tie, the Wealthiest Catanian tile remains next to the supply."
set holding p1 gold 2
expect counter game wealthiest -1
expect counter p2 poor 1
expect vp p2 0
set holding p1 gold 0
expect counter game wealthiest 0

# "Example: Blue builds the pieces outlined in black and receives 5 gold."
# A road along a river (1), a bridge (3) and a settlement on a river
# intersection (1).
p0 roll
chance dice 4
set hand p0 brick=4,lumber=3,wool=1,grain=1
p0 build_road h16.ne-se
expect holding p0 gold 3
# "A new bridge must connect to one of your existing roads or buildings."
expect illegal p0 build_bridge h0.se-s [not_connected]
# "Bridges are placed on empty bridge sites."
expect illegal p0 build_road h16.se-s [variant_rule]
p0 build_bridge h16.se-s
expect piece h16.se-s bridge p0 1
expect stock bridge p0 2
# "You receive 3 gold each time you build a bridge."
expect holding p0 gold 6
expect hand p0 brick=1,lumber=1,wool=1,grain=1
# T17: a bridge is part of its owner's network.
p0 build_settlement h16.s
expect holding p0 gold 7
expect hand p0 empty
# "Bridges are worth 0 VP." 3 settlements, Wealthiest Catanian
expect vp p0 4
expect illegal p0 build_bridge h12.se-s [insufficient_resources]
set hand p0 brick=2,lumber=1
expect illegal p0 build_bridge h16.se-s [occupied]
expect illegal p0 build_bridge h9.s-sw [bad_location]

# "You may spend 2 gold to take 1 resource card of your choice from the
# supply up to two times during your turn."
set hand p0 empty
p0 spend_gold ore
expect holding p0 gold 5
expect hand p0 ore=1
p0 spend_gold grain
expect holding p0 gold 3
expect counter game gold_spends 2
expect illegal p0 spend_gold wool [variant_rule]
p0 end_turn
expect counter game gold_spends 0
expect illegal p1 spend_gold wool [insufficient_resources]

# "You may also trade resource cards with the supply for gold at the
# general 4:1 rate"
p1 roll
chance dice 9
set hand p1 grain=4
p1 maritime_trade give grain=4 get gold=1
expect holding p1 gold 1
expect hand p1 empty
# "Coins do not count toward your hand size"
# "The player(s) with the least gold immediately receives a Poor Catanian
# tile. It is worth -2 VP. As soon as you do not have the least gold,
# return the tile to the supply."
expect counter p1 poor 0
expect counter p2 poor 1
expect vp p2 0
expect vp p1 2
expect counter game wealthiest 0
