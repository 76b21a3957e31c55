"""Search random small endings for positions where each normal-play rule changes the award
(and where it does not), using the reference claim search. Used to build tests/test_laws_rules.py."""
import random, sys
sys.path.insert(0, 'tests')
import reference_claim as R
from claimsolver import tables as T
from claimsolver.claim import Settings
from claimsolver.laws import normal
from claimsolver.cards import deal_name

def flipped(settings, rule):
    p = {}
    rule(settings, p)
    pol = normal.compile_policy(settings)
    for k, v in p.items():
        pol[k] = T.NORMAL if v == T.IRRATIONAL else T.IRRATIONAL
    return pol

def rand_pos(rng, n):
    deck = list(range(52)); rng.shuffle(deck)
    cards = [16 * (c // 13) + 2 + c % 13 for c in deck[:4 * n]]
    hands = [sum(1 << c for c in cards[i * n:(i + 1) * n]) for i in range(4)]
    return hands

rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
want = sys.argv[2] if len(sys.argv) > 2 else None
settings_list = [Settings(), Settings(regulation="ebu"), Settings(regulation="ebu", player_class="expert")]
found = {}
for it in range(20000):
    n = rng.choice([2, 3])
    hands = rand_pos(rng, n)
    trump = rng.choice([0, 1, 2, 3, 4])
    leader = rng.randrange(4)
    side = rng.randrange(2)
    out = hands[1 - side] | hands[3 - side]
    forget = out if rng.random() < 0.6 else (out & rng.getrandbits(64))
    shown = 0
    for s in range(4):
        for seat in range(4):
            if not hands[seat] >> (16 * s) & 0x7FFC and rng.random() < 0.3:
                shown |= 1 << (4 * seat + s)
    st = rng.choice(settings_list)
    base = R.search(hands, trump, leader, [], side, forget, shown, normal.compile_policy(st), [1,1,1,0,0,0,0,0], [])[0]
    for rule in normal.RULES:
        if want and rule.__name__ != want: continue
        v = R.search(hands, trump, leader, [], side, forget, shown, flipped(st, rule), [1,1,1,0,0,0,0,0], [])[0]
        key = (rule.__name__, v != base)
        if key not in found or n < found[key][0]:
            found[key] = (n, deal_name(hands), trump, leader, side, hex(forget), hex(shown), st.regulation, st.player_class, base, v)
for k in sorted(found):
    print(k, found[k])
