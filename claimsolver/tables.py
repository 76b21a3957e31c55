"""The table schema shared by the Law layer and the claim search (constants only).

The claim search sorts every candidate play of the claiming side into one *play class*: an
objective description of the play ("leads a low card from a suit headed by a believed
winner", "discards a believed winner while holding a believed loser"). It knows nothing of
Laws. The Law layer (:mod:`claimsolver.laws.normal`) decides, for each class, whether such a
play is normal, normal-but-careless or irrational under the settings, and writes that into a
``policy`` array indexed by play class. Neither side imports the other; both import this.

Terms used below (all from the claimer's point of view, DESIGN 2.4):
* *outstanding*: held by an opponent (not yet played).
* *forgotten*: outstanding and in the claimer's forget set; *aware*: outstanding, not forgotten.
* *top card*: a claiming-side card higher than every aware outstanding card of its suit.
* *sure winner* (in the current trick): beats the card now winning the trick and no opponent
  still to play can beat it with an aware card (a shown-out opponent holds none of the suit,
  but may ruff with an aware trump). Partner's card, judged by a player void in the suit led
  (17, 34), is also not sure where an opponent still to play is void by count (no aware card
  of the suit out) and may ruff it.
"""

from __future__ import annotations

# --- normality values in the policy array -------------------------------------------------
IRRATIONAL = 0  # never chosen for the claimer
NORMAL = 1  # chosen freely
CARELESS = 2  # normal, but a careless play: counted, so the witness line prefers fewer
# CARELESS_FORCED: a careless (or SLIP) play is counted only where the player had a normal play
# that is not careless; where every option is careless (a hand holding only top cards must throw
# one) his cards force it and it counts nothing — the line's careless count counts his choices
# (DESIGN 2.8, "the fewest careless plays"; since session 37: claim_moves.price_careless, and
# tests/reference_claim.py). Its class still names it careless; the reasons blame it for a
# trick only where it was a choice among cards — not where it was his only normal play
# (ruling.forced_plays, explain.explain).
SLIP = 3  # careless (counted), and at most one such play on a line: a single lapse (DESIGN 2.6);
# after one, the line's other SLIP plays are irrational (unless nothing else is legal)
SHOWN_SLIP = 16  # the bit of the search's show-out word that records a SLIP play made on the line

# --- play classes -------------------------------------------------------------------------
# Leads (claiming side on lead)
LEAD_TOP_OF_TOP_CARDS = 0  # the highest card of a suit in which the leading hand holds a top card
LEAD_UNDER_TOP_CARD = 1  # a lower card of a suit headed by a top card in the leading hand (AK5: the 5)
LEAD_SPOT_UNDER_TOP_UNAWARE = 2  # as 1, but the led card is a spot (below the ten), the holding has
# no solidity (no queen or higher, at most one ten or jack: 754, J6, J76; not AK5, Q6 or JT5) and a
# forgotten card of the suit is outstanding (White Book 8.70.5 case)
LEAD_NO_TOP_CARD = 3  # any card of a suit in which the leading hand holds no top card (a loser,
# or crossing to partner's top card)
LEAD_SIDE_TOP_WITH_AWARE_TRUMP = 4  # a side-suit top card while an aware trump is outstanding and
# the claiming side holds the top trump (could draw it first)
LEAD_LOSER_WHILE_RUNNING = 5  # a card that is not a top card, led by the hand that won the last trick
# with a top card of a suit it led and still holds top cards in that suit (not the trump suit
# once no trump he is aware of is out: those he may keep for ruffs; nor a side suit an opponent
# may ruff as he sees it, void in it by a show-out or his count while an aware trump is out:
# that suit is no longer solid, and turning to draw the trump is no break-off)
# Following suit
FOLLOW_LOW_UNDER_PARTNER = 6  # partner is winning with a sure winner; a card below it
FOLLOW_OVER_PARTNER = 7  # partner is winning with a sure winner; a higher card though a lower is held
FOLLOW_WIN_SURE = 8  # win with one of the lowest sure winners (no aware outstanding card between)
FOLLOW_WIN_SURE_OVER_MARKED = 9  # win with a sure winner above an aware outstanding card that a lower
# sure winner would also beat (declining a marked finesse)
FOLLOW_DUCK_HOLDING_SURE = 10  # a card that does not win though a sure winner is held (a duck; with
# partner winning with a non-sure card: letting partner's card run)
FOLLOW_INTERMEDIATE = 11  # beats the current card, not sure, while a higher card not touching it
# (an aware outstanding card between) is held: an unstated finesse
FOLLOW_OTHER = 12  # any other card of the suit (no sure winner held)
# Void in the suit led
VOID_RUFF_OPPONENT = 13  # ruff (or overruff) a trick the opponents are winning, the lowest trump that wins
VOID_RUFF_OPPONENT_HIGHER = 14  # the same with a higher trump than needed
VOID_RUFF_LOW_INTO_OVERRUFF = 15  # the lowest winning trump, when an opponent still to play may
# overruff it and a higher trump that he could not overruff was held (as the claimer sees it: the
# opponent known void in the suit led — shown out, or no aware card of it still out — and an
# aware trump above it out)
VOID_DISCARD_OPPONENT_WINNING = 16  # discard or underruff although able to ruff (or overruff) a trick
# the opponents are winning
VOID_RUFF_PARTNER = 17  # ruff partner's sure winner (sure: also of a ruff by an opponent after him
# known void in the suit led, shown out or the suit counted, as for class 15; so in 34)
VOID_DISCARD_LOSER = 18  # discard a card that is not a top card
VOID_DISCARD_TOP_KEEP_LOSER = 19  # discard a top card while holding a card that is not
VOID_DISCARD_TOP_ALL_TOP = 20  # every card held is a top card: discard the lowest of a suit
VOID_DISCARD_TOP_NOT_LOWEST = 21  # every card held is a top card: discard one that is not the lowest of its suit
VOID_OTHER = 22  # any other void play (e.g. no trick to ruff, underruff)
FOLLOW_UNDER_TOP_UNAWARE = 23  # win with a sure winner below a higher one of the same band, only
# forgotten cards between them (the claimer thinks they are equal: "from the top" says the higher)
FOLLOW_SPOT_UNDER_TOP_UNAWARE = 24  # as 23, the card a spot and the band above it without solidity
# (no queen or higher, at most one ten or jack), as 2
FOLLOW_LOW_KEEPING_BLOCKER = 25  # failing to unblock: partner is winning with a sure winner; a card
# below it that is not equivalent to b, the highest card of the suit held below partner's card,
# while keeping b would block the suit: after this trick partner still holds cards of the suit,
# all of them top cards, all below b, and more of them than the player keeps (otherwise 6;
# playing b or a card equivalent to it is 6)
VOID_DISCARD_ENTRY_LINK = 26  # discarding the last card of an entry suit: a discard (not a ruff)
# of the player's only card of its suit s, not a top card, when partner holds a top card of s
# and at least two top cards in all (the entry and what it leads to, in s or elsewhere), the
# player holds no card of any other suit in which partner holds a top card (s is his only way
# to them), and he holds another card that is not a top card, and partner's card is sure to win
# the trick or he cannot ruff it (otherwise 18: a discard that gives up a trick he could ruff is
# for his count to judge, DESIGN 2.3 Ruffing)
# The claimer's own count (DESIGN 2.4): refinements of classes above, computed only when the
# policy prices the refined class differently from the class it refines (see COUNT below).
LEAD_CONCEDE_BREAKS_COUNT = 27  # refines 3: a lead from a suit without a top card (a loser, or a
# cross) worth less in his count than another normal lead: conceding early when the opponents
# could then cash more than he can afford, or the wrong card of the suit (COUNT, *leading*)
VOID_DISCARD_BREAKS_COUNT = 28  # refines 18, 20 and 22: a discard (or an underruff) worth less in
# his count than another normal play (another discard, or a ruff) would be (COUNT, *discarding*)
FOLLOW_BREAKS_COUNT = 29  # refines 6 and 12: following suit with a card worth less in his count
# than another normal card of the suit (Kx under the opponents' ace: the king)
FOLLOW_WINNER_UNDER_PARTNER = 30  # partner is winning with a sure winner; a card below it that is not
# equivalent to the player's lowest card of the suit, when following with the lowest would not
# be failing to unblock (25): throwing a higher card (a winner, an honour) under partner's winner
FOLLOW_OVERTAKE_FOR_COUNT = 31  # refines 7: overtaking partner's winner when that is worth more in
# his count than every other normal play (the unblock, or taking the lead in the hand that has
# the winners); then following low instead is failing to unblock (25)
LEAD_TOP_BREAKS_COUNT = 32  # refines 0: cashing a top card in an order worth less in his count than
# another normal lead (stranding winners: a blockage he does not see)
FOLLOW_WIN_BREAKS_COUNT = 33  # refines 8: winning with a sure winner worth less in his count than
# another of his sure winners would be (dummy's ♣J under declarer's singleton ♣Q, which must
# overtake and strands dummy's ♣K: the blockage he does not see, as 32)
VOID_RUFF_AHEAD_OF_PARTNER = 34  # second to play, void: ruff (the lowest trump) a trick partner, fourth,
# is sure to win with a card of the suit led (as the claimer sees it); discarding instead is then a
# discard like any other (18-21, 26), not 16: his count chooses between them (DESIGN 2.3 Ruffing)
VOID_RUFF_BREAKS_COUNT = 35  # refines 34: that ruff worth less in his count than another normal play
# (discarding a loser and letting partner's card win the trick) would be (COUNT, *discarding*)
VOID_DISCARD_TOP_FOR_COUNT = 36  # refines 19: discarding a top card while holding a card that is
# not, the lowest of its suit (or equal to it, as 20), when that is worth more in his count than
# every other normal play — more tricks, or as many and the card surplus (COUNT) — (an ace he can never
# reach, kept instead of the club length that takes the last trick); the discards below it then
# fall to 28. Careless, not normal: a top card thrown is worth a committee's look (the reasons
# name it, the sensitivity table can lift it) — but where it is his only normal play it is forced
# and counts nothing (CARELESS_FORCED above). (Until session 37 it was careless so that the claim
# search's masters bound held.)
LEAD_CROSS_TO_PARTNER_TOP = 37  # the leading hand's lowest card (or one equal to it) of a suit headed
# by a top card in the hand, when partner, shorter in the suit, holds a top card of it above the
# card led: crossing to partner's top card (Q73 opposite a bare K: the 3, the short hand's honour
# first; A65 opposite a bare T: the 5; not K2 to partner's AJ5, where the short hand's king comes
# first, nor AJ5's J to partner's K2, a card that may take a later trick). Not an
# underlead: the side's top card wins the trick. The count judges it: worth less in his count
# than another normal lead, it is the underlead it then is (1, COUNT_REFINES)
LEAD_TRUMP_BREAKS_COUNT = 38  # refines 0 as 32 does, for a trump led that draws none of theirs (no
# trump he is aware of out): cashing a trump worth less in his count than another normal lead —
# his own or partner's trump (pulled by it) that his count needs to ruff, or to stop the
# opponents' suits once he concedes (not a blockage he does not see: drawing a trump that is
# out and losing the ruff stays 32)
LEAD_SIDE_TOP_FOR_COUNT = 39  # refines 4: a side-suit top card led while an aware trump is out by a
# hand holding no top trump (partner holds it), when it is worth more *tricks* in his count than
# every normal lead (one at least; else *fallback* below): drawing the trump (a trump led to
# partner's, which strands the hand's winners) would cost him a trick he counts, so he could not
# draw it first (Law 70C's "could") and cashing is his count's play
FOLLOW_DUCK_AHEAD_OF_PARTNER = 40  # second to play, holding a sure winner: a card that is not one
# (a duck, or a card that beats the lead but is not sure) while partner, fourth, holds a card of
# the suit led that is sure to win the trick and beats it: partner takes the trick whatever the
# third hand plays, so it is no finesse (Law 70E1) and no trick given up (DESIGN 2.3 Winning and
# ducking); the follow counterpart of 34 (RealBridge 2021 board 13 table 28: dummy's ♥AT2 under
# West's ♥6 lead, South's ♥KJ75 behind)
N_PLAY_CLASSES = 41

#: class refined -> the count class that refines it (a trump led with none of the opponents'
#: out refines 0 into LEAD_TRUMP_BREAKS_COUNT instead: count_refine.refine_count)
COUNT_REFINES = {
    LEAD_TOP_OF_TOP_CARDS: LEAD_TOP_BREAKS_COUNT,
    FOLLOW_WIN_SURE: FOLLOW_WIN_BREAKS_COUNT,
    FOLLOW_OVER_PARTNER: FOLLOW_OVERTAKE_FOR_COUNT,
    LEAD_NO_TOP_CARD: LEAD_CONCEDE_BREAKS_COUNT,
    VOID_DISCARD_LOSER: VOID_DISCARD_BREAKS_COUNT,
    VOID_DISCARD_TOP_ALL_TOP: VOID_DISCARD_BREAKS_COUNT,
    VOID_OTHER: VOID_DISCARD_BREAKS_COUNT,
    VOID_RUFF_AHEAD_OF_PARTNER: VOID_RUFF_BREAKS_COUNT,
    VOID_DISCARD_TOP_KEEP_LOSER: VOID_DISCARD_TOP_FOR_COUNT,
    FOLLOW_LOW_UNDER_PARTNER: FOLLOW_BREAKS_COUNT,
    FOLLOW_OTHER: FOLLOW_BREAKS_COUNT,
    FOLLOW_DUCK_AHEAD_OF_PARTNER: FOLLOW_BREAKS_COUNT,
    LEAD_CROSS_TO_PARTNER_TOP: LEAD_UNDER_TOP_CARD,
    LEAD_SIDE_TOP_WITH_AWARE_TRUMP: LEAD_SIDE_TOP_FOR_COUNT,
}

# --- COUNT: the claimer's count of a position (DESIGN 2.4) ------------------------------------
# The tricks the claiming side takes in the position as he believes it, cashing and
# establishing by force against best defence, with no finesse, squeeze or throw-in. Exactly:
# the sum over the four suits of the tricks the claiming side takes in that suit played on its
# own from the top. Each round the claiming hand holding the higher card of the suit plays it
# and the other claiming hand its lowest; then each opponent in turn (the claimer's LHO side
# first: seat 1 - side, then 3 - side) plays, when the claiming side's card is winning the
# round and he holds a higher card, the lowest such card, else his lowest card. The round is
# the claiming side's when its card stays highest. Rounds go on while a claiming hand holds a
# card of the suit. Only the opponents' cards he is aware of take part (forgotten cards do
# not exist for him), where they lie. Ruffs: see *Ruffs* below (the opponents' are not counted).
# The opponents' *cash*, with one of them on lead: in each suit he holds, and in each suit of
# his partner's when he can give partner the lead (*the hand on lead*'s link from their side,
# or a suit whose rounds from their top, as below, give partner a round before they lose one
# or a claiming hand could ruff it: ♣K86 opposite ♣Q9, the king, then the 8 to the queen),
# the suit played the same way from their side (their higher card led, the other opponent's
# lowest; each claiming hand in turn its lowest card above the opponents' card while theirs is
# winning, else its lowest), counting the rounds they win before the first round they lose,
# and in a side suit no more rounds than a claiming hand holding a trump has cards of it (he
# ruffs the next round). After a trick he loses (*value*, below) each suit counts the better
# of that and the suit led *through* a claiming guard: the opponent on lead leads his lowest
# card, the claiming hand after him plays low or high (whichever leaves them less), his partner
# wins with his lowest card above both and the last hand's, then the suit goes on from their
# top (♠76 opposite ♠Q109 through dummy's ♠J3: three rounds, not one). There their trumps come
# first: the rounds of trumps they win pull as many trumps (the lowest) from each claiming hand,
# and the side suits are counted with the trumps left, their way to partner's suits too (South's
# ♥K pulls West's ♥J, then South's ♠3 and ♣Q cannot be ruffed; session 34). *The opponents' long
# suit*: after a trick he loses they may instead establish one suit by force, a suit no
# claiming hand can ruff (notrump, trumps, or no claiming trump), played from their top on
# past the L rounds they lose, when L is at most their cash in the other suits (their ways
# back in): they take its W rounds won (not after a block) in place of its cash, and he keeps
# at least L + the rounds of the other suits he wins before a lost one (once in, he cashes
# those first). With North's ♥T752 and South's ♥Q6 against ♥K93, and the ♠A to come back:
# three hearts, which the cash from the top (a round lost first) did not see.
# *The trick* (leads, follows, discards): the rest of the trick is played by rules, with the
# opponents' aware cards where they lie. An opponent follows with his lowest card, except that
# while the claiming side is winning he beats its card if he can: with his lowest card that no
# claiming hand still to play in the trick can beat (none when one of them could ruff), else
# with his lowest higher card; void, while the claiming side is winning, he ruffs
# with his lowest trump that wins (in a suit contract), else discards (no card removed). The
# defenders choose which of them wins: the trick is played a second time with an opponent whose
# partner's card is winning taking it with his lowest higher card of the suit that no claiming
# hand still to play can beat, else his lowest higher card, when he has one (North's ♣K, not
# the ♣6, over South's ♣4 with dummy's ♣T87 to play), an opponent who could beat the claiming
# side's card but holds no card that the claiming hands still to play cannot beat playing his
# lowest card instead of covering (North keeps his ♣K behind dummy's ♣A: covering would make
# dummy's ♣87 winners; session 20, 000-00001 board 11),
# and second hand ducking (his lowest card; void, discarding rather than ruffing) when fourth
# hand holds a card of the suit above both the card led and third hand's (South, void in clubs,
# keeps his ♥A when North's ♣9 beats dummy's ♣7: published ruling 21); and a third time with
# second hand winning with his lowest card that third hand cannot beat and that is above fourth
# hand's lowest card (his partner follows low, so he keeps the lead: North's ♠J over West's ♠6
# with South's ♠Q10 behind, to cash his diamonds), and a fourth time with it above every card
# of fourth hand's (partner keeps his low cards of the suit); the worst value
# for the claimer counts. A
# claiming hand plays its lowest card of the suit when its side is winning and the next
# opponent cannot beat that card (or, in a second playing of the trick, its lowest card above
# partner's, taking the lead into this hand, and in a third its highest card below partner's
# when that is not its lowest, unblocking: ♠K2 under partner's ♠A, the king; the best of the
# three counts); otherwise its
# lowest card that wins and that the next
# opponent cannot beat, else its lowest card; void, in the same case, its lowest such trump,
# else a discard (no card removed). *No finesse*: "the next opponent cannot beat" it as he sees
# it: the next opponent may hold any of the opponents' cards of the suit, unless a show-out
# (either opponent's, on the line) tells where they lie (♠AQ over West's ♠K3: the ace, and the
# queen only once East has shown out). *Value* after the trick: when the claiming side won it,
# 1 + min(tricks left after it, his count with the winning hand on lead — see *the hand on
# lead*); when the opponents won it, min(count, tricks left after it - the cash of the
# opponent who won it, or what their long suit leaves him), at least 0; and when the count (after
# *the opponents' exit*) holds e rounds established by force, at most the larger of count - e
# and what he keeps less the rounds lost establishing them that the cash of the opponent on lead
# does not already take (suit by suit: lost rounds - his cash in the suit): the opponents cash
# first, and establishing then costs the lead again (West's ♦94 and dummy's ♠Q973 opposite
# ♠KJ5 after conceding a heart to North's ♥QJ87: North cashes three hearts, and of the three
# tricks left dummy's ♣A is all he keeps). Either way the tricks left count less the
# opponents' *sure trumps*: in the opponent's hand holding more of them, the trumps above every
# trump of the claiming hands — each takes a trick whatever he does (♥KQ against East's ♠A over
# ♠KQ: one trick of two, not two). Values compare as (value, count): of two plays worth
# as many tricks, the one that keeps more of his count is worth more.
# *Leading* (27, 32, 38): a lead from a suit without a top card (3) whose value is below the best
# value among the leads the policy does not make irrational falls to 27; a top card (0) so
# placed falls to 32, or to 38 when it is a trump and no trump he is aware of is out. First, a
# side-suit top card led while an aware trump is out (4), by a hand holding no top trump, worth
# more *tricks* than every normal lead becomes his count's play (39), and its value joins the
# best (RealBridge 2021 board 17 table 8: East's ♠6 to partner's ♠J to draw North's ♠9 strands
# his ♣JT7; he cashes them).
# *Winning* (33): a win with a sure winner (8) whose value is below the best value among his
# wins with a sure winner (8) falls to 33 (so one of them always stays: a sure trick he can
# win is still won).
# *Discarding* / *following* (28, 29): a discard (18, 20), another void play (22: an
# underruff) or a follow (6, 12) whose value is
# below the best value among the player's options the policy does not make irrational falls
# to 28 / 29, except that an overtake of partner's winner (7) worth more than every normal
# play becomes normal (31) and the follows below it are then failing to unblock (25), and a
# discard of a top card while a card that is not is kept (19), the lowest of its suit (as 20), worth more than every normal
# play becomes careless-but-normal (36: the ace he cannot reach, thrown to keep the length
# that wins a trick) and the discards below it fall to 28 — worth more *tricks*, or, at equal
# tricks (more of his count only), when the card is *surplus*: its side cashes as many rounds
# of its suit without it, played from the top until a round is lost (♣J under dummy's ♣K: yes;
# a sole ♣A: no, whatever length might win a later round); a ruff
# in front of partner's sure winner (34) so placed falls to 35 (discarding a loser keeps
# partner's trick and his trump).
# *The opponents' exit*: after a trick the opponents win, the one who won it leads the suit
# that puts the lead in the claiming hand whose count on lead is lowest: a suit of his puts
# it in the claiming hand whose card wins the first round — a hand whose highest card of the
# suit beats theirs while partner holds a lower card of it or none (North's ♥10 with South's
# ♥A5: either; with South's bare ♥A, only South) — (a void hand ruffs when the other
# cannot win it; when both can, the claimer chooses); his count is then the lowest of those,
# and at most the count with no hand on lead.
# *The hand on lead*: a claiming hand on lead that cannot give partner the lead (no suit in
# which partner holds a card above every aware card and above its own, no side suit partner
# can ruff) does not count partner's winners: its count is its share of the pair's count, or
# its own tricks counted alone (partner's cards still follow and stop the opponents' cash, his
# tricks take none of the room establishing needs) when that is more and, in each suit it
# establishes, the opponent who wins a lost round holds nothing else, so he must lead the
# suit back (North's ♦QT against East's bare ♦K7, South's ♠98 stranded: one diamond); or,
# when more (at most the pair's count), the count after *crossing in trumps*: its lowest trump
# led to partner's lowest trump above it and above every aware trump, the opponents following
# low, that trick won and partner then on lead, counted as above without crossing back
# (North's ♥6 to South's ♥9, no trump out: South's spades are reached though the ♥9 is below
# North's ♥10, which, above all of theirs, wins whenever it is played — a side suit's top card
# left behind is stranded, a master trump is not; RealBridge 2021 board 12 table 27, session
# 44 — until then the count had North take three tricks, and a club line led dummy's last
# trump rather than knock out the ♠A).
# *A blocked suit*: played from the top as above, the suit blocks when the next round is won by
# one claiming hand's card and the hand that won the last round has no card of the suit left
# to lead to it (AKQ opposite J1098: the jack; singleton queen opposite 1094: the ten and the
# nine). The rounds after the block count only when the hand that takes them has an entry in
# another suit (*the hand on lead*'s link, in a suit other than this one).
# *Establishing*: a round the claiming side wins after a round of the same suit was lost is
# established by force — but not in the trump suit when its lost rounds are no more than the
# opponents' sure trumps (*value*: each takes its trick whenever they like, and the tricks
# left already leave it to them; ♥987 against the ♥A: two trump tricks) — and establishing
# costs the lead: such rounds count only as far as the
# cards leave room once the price is paid. With n the cards of the longer claiming hand, t the
# rest of the count (rounds won before a lost round of their suit, ruffs), l the rounds lost
# before the last established round of each suit, and c the opponents' cash (below) in the
# suits not so established, with on lead the opponent who wins such a lost round (the larger
# cash when both do), at most max(0, n - t - l - c) established rounds count, taken off the
# ``side`` hand's first (KQJ against the ace and their three cashing clubs: none of the three).
# He need not establish every suit he could: l and c are those of the set of suits he
# establishes, and he counts the set that leaves him the most (all of them when as good; else
# the first by suit mask, clubs highest): with two cards each, ♣95 against ♣K2 and ♠Q9 against
# ♠K5, the club he establishes, not both suits at two lost rounds for two tricks.
# *Ruffs*: each claiming hand ruffs partner's losing rounds of the side suits it is void in,
# with its trumps that only ever follow under partner's in the rounds of trumps played from
# the top (a crossruff when both do): a trump that is the pair's card in a round, won or lost,
# cannot also ruff (♠76 against ♠T: one trump trick, not a round and a ruff; ♠3 opposite no
# trump against ♠J: no ruff, the ♠J overruffs; session 31, 070-07000 board 30); with no
# trump he is aware of out, the longer holding draws and the shorter ruffs with all its
# trumps (equal lengths: the hand with more ruffs).
# *Fallback*: when every legal play of a seat keeping the count is irrational by its class (a
# hand holding only trumps while partner's card wins the trick: each card ruffs partner's
# winner), any legal play is made — of those, the ones worth the most tricks in his count
# (West's ♠J8 under East's ♣7, North's ♠9 still to play: the ♠J, not the ♠8 into the overruff);
# of those, an underlead of a top card (1) is not led while the top card it is led under is
# kept: the suit is still played from the top (Law 70E2; West's ♦QT8: the ♦Q, not the ♦8).

PLAY_CLASS_NAMES = (
    "lead the top of top cards", "underlead a top card", "lead a spot under a top card (suit not fully known)",
    "lead from a suit without a top card", "cash a side top card with an aware trump out",
    "break off a running suit for a loser", "follow low under partner's winner", "overtake partner's winner",
    "win with the lowest sure winner", "win high, declining a marked finesse", "duck holding a sure winner",
    "finesse (intermediate card)", "follow suit", "ruff the opponents' winner", "ruff higher than needed",
    "ruff low into an overruff", "discard or underruff instead of ruffing the opponents' winner", "ruff partner's winner",
    "discard a loser", "discard a top card keeping a loser", "discard a top card (all top cards)",
    "discard a top card not the lowest of its suit", "other void play",
    "win with a lower card than the top (suit not fully known)", "win with a lower spot (suit not fully known)",
    "follow low under partner's winner, failing to unblock", "discard the last card of an entry suit",
    "lead a card his count cannot afford", "discard a card his count needs",
    "follow with a card his count needs", "throw a high card under partner's winner",
    "overtake partner's winner for his count", "cash a top card in an order that strands winners",
    "win with a card that strands winners", "ruff in front of partner's sure winner",
    "ruff in front of partner's sure winner, which his count cannot afford",
    "discard a top card his count cannot use, keeping a card it needs",
    "cross to partner's top card",
    "cash a trump his count needs (no trump out)",
    "cash a side top card with an aware trump out (drawing it costs a trick he counts)",
    "duck in front of partner's sure winner",
)
assert len(PLAY_CLASS_NAMES) == N_PLAY_CLASSES

# --- options the search reads from the ``options`` array ------------------------------------
OPT_FORGET_TRUMP_WAKES = 0  # 1: a trick an opponent wins by ruffing makes the claimer aware of trumps
OPT_WIN_WAKES_SUIT = 1  # 1: a trick an opponent wins makes the claimer aware of the suit of the winning card
OPT_SHOWOUT_WAKES_SUIT = 2  # 1: a show-out makes the claimer aware of that suit
OPT_COUNT_SEATS = 3  # bit mask of the seats whose plays are refined by the count (COUNT_REFINES):
# the seats that keep the claimer's count
N_OPTIONS = 8
# After the N_OPTIONS flags the caller may append *excluded plays*: options[N_OPTIONS] = their
# number n, then n rows of BAN_FIELDS values: the claiming side's two hands at the play (seat
# ``side`` first; the player still holding the card), the mask of the cards already in the
# current trick, the card, and the card to play instead. Wherever the claiming side holds
# those cards and the trick is so (whatever the opponents hold: the cards he cannot see) and
# the play is a normal one there, the claim search does not make it and makes the other one a
# normal play (the ruling's own count check, DESIGN 2.4, :mod:`claimsolver.dominance`),
# unless that one is irrational by its class. (Where the play is not normal, nothing is made
# instead of it: the card instead was found better than a play the claimer would not make.) The sixth value is -1 for such a row; a row whose sixth value is a bit mask of
# cards is an *exception* to the row with the same first five values: that row does not apply
# where the opponents' hands hold exactly those cards (the ruling found, by double dummy over
# the layouts of that state, that the play instead does not do as well there:
# dominance.misapplied). A state that can still meet an excluded play is keyed in the
# transposition table with the cards of such rows marked exactly and on the last such row
# (claim_moves.excluded_reach).
BAN_FIELDS = 6
BAN_ANY_POOL = -1  # the sixth value of a row that applies whatever the opponents hold

# --- statement steps (rows of the ``steps`` int64 array) -----------------------------------
# A row: kind, suit, hand, card, card2, count, flag, next, alt   (-1 = not stated)
STEP_FIELDS = ("kind", "suit", "hand", "card", "card2", "count", "flag", "next", "alt")
N_STEP_FIELDS = len(STEP_FIELDS)
S_KIND, S_SUIT, S_HAND, S_CARD, S_CARD2, S_COUNT, S_FLAG, S_NEXT, S_ALT = range(N_STEP_FIELDS)

STEP_END = 0  # the end of the line: the rest is played as unstated
STEP_DRAW_TRUMPS = 1  # lead trumps (from hand, if stated) until the opponents have none; ``count`` = the
# seat to end in (-1: none): in the round that draws their last trumps the other hand leads its lowest
# trump and that seat plays its highest (its partner its lowest when it leads that round), and before it
# that seat keeps its trumps under partner's winning ones ("drawing trumps ending in dummy")
STEP_CASH = 2  # lead the suit's top cards (from hand) until none is left; while it runs, a claiming
# hand that cannot follow discards card2 if it holds it, else a card of suit ``count`` if it holds
# one (-1: no stated discard) — "discard my losing diamonds on the clubs"
STEP_FINESSE = 3  # card = the card finessed with (covered by the second hand, or -1 for a finesse repeated:
# the cheapest card that beats the trick), card2 = the card finessed against, hand = lead from,
# flag 1 = lead the finessing card itself and let it run (partner plays low; void, he discards while it
# is not covered: a ruffing finesse); flag 0 with the other hand on lead: it crosses to the leading hand
# in a suit whose top card (as he sees it) that hand holds, if it can
STEP_CONCEDE = 4  # lead a card of suit (or towards card2) that loses; count tricks; flag 1 = at the end
STEP_PLAY = 5  # play card when its holder next leads or follows suit (a trump also when ruffing; never as a
# discard); with card2 (or suit ``count``): in card's trick a claiming hand that cannot follow discards it
STEP_RUFF = 6  # lead suit from the other hand and ruff it in hand; count times; with card
# (a trump of that hand) when the claimer named the trump to ruff with, else the lowest
STEP_DUCK = 7  # next round of suit led by the claiming side: both hands play low
STEP_DISCARD = 8  # when discarding, discard card (or any card of suit)
STEP_CROSSRUFF = 9  # ruff back and forth: leads are cards the other hand can ruff
STEP_TEST_DROPS = 10  # if card is no longer outstanding go to next, else to alt
STEP_TEST_SHOWN_OUT = 11  # if seat (hand) has shown out of suit go to next, else to alt
STEP_TEST_STATIC = 12  # flag 1 -> next, 0 -> alt (an event decided from the position, e.g. a break)
STEP_LISTED = 13  # "four hearts and a diamond": ``count`` = bit mask of the suits listed (1 << suit);
# a claiming hand on lead leads a listed suit, and one that cannot follow keeps the listed suits
# (trumps apart), whenever a normal play does so (a filter on his normal plays, never a dictated
# play); and he cashes before he concedes: unless a cash outside the list (a lead of a suit the
# side holds a top card of: drawing trumps, an unlisted winner) is worth more tricks in his
# count than every listed lead, while a lead of a listed suit the side holds a top card of is
# normal by its class, the leads of listed suits it holds no top card of fall to 27/32 and the
# cashing leads are weighed by COUNT *leading* against each other only (a count refinement: only
# where the policy prices it); ``flag`` = the cards that take the listed tricks (a bitboard, 0
# for none; the side's highest cards of their suits): a hand that cannot follow throws other
# cards before these, whenever a normal play does so; done when the side holds no card of the
# suits
STEP_KIND_NAMES = (
    "end", "draw trumps", "cash", "finesse", "concede", "play", "ruff", "duck", "discard", "crossruff",
    "if drops", "if shows out", "if", "lead the suits listed",
)
