"""The statement corpus: phrasings players use, each with the Line it must produce, grouped
by category, and phrasings that must be rejected with the message fragments they must show.

The phrasings are written for this project in the style of what claimers say at the table and
directors write in rulings (forum rulings, club director guides, the QBA notes on Laws 68-71):
short, with filler, joined by "then" and "and", with card symbols, letters and words, and with
misspellings a director typing quickly makes."""

from __future__ import annotations

from claimsolver.cards import parse_card
from claimsolver.line import (
    Asserts, Breaks, CardRef, Cash, Concede, Cross, Crossruff, Discard, DrawTrumps, Drops, Duck, Establish,
    Finesse, FinesseFails, HandRef, IfThen, Line, Outstanding, Overtake, PlayCard, Ruff, ShowsOut, Squeeze, ThrowIn,
    TrickList, Unblock,
)

S, H, D, C = 0, 1, 2, 3
DUMMY, MY, PARTNER = HandRef("dummy"), HandRef("hand"), HandRef("partner")
NORTH, EAST, SOUTH, WEST = HandRef("N"), HandRef("E"), HandRef("S"), HandRef("W")


def c(text: str, hand: HandRef | None = None) -> CardRef:
    """``c("SA")`` -> the CardRef the parser makes for a named card."""
    card = parse_card(text)
    return CardRef(card >> 4, card & 15, hand)


def r(rank: int | None = None, suit: int | None = None, hand=None, q=None, trump=False) -> CardRef:
    return CardRef(suit, rank, hand, q, trump)


def L(*steps, tricks=None, kind=None) -> Line:
    return Line(tuple(steps), tricks, kind)


def lo(suit: int) -> CardRef:
    """"the heart loser": a loser of the suit, named by its role (binding names the card)."""
    return CardRef(suit, None, None, "loser")


def small(suit: int, hand=None) -> CardRef:
    return CardRef(suit, None, hand, "small")


def top(suit: int | None) -> CardRef:
    """One of "the top N cards" of a suit (``None`` = trumps)."""
    return CardRef(suit, None, None, "top", suit is None)


NOTHING = L()
CORPUS: list[tuple[str, Line]] = []
CATEGORIES: dict[str, list[tuple[str, Line]]] = {}
_category = ["no line"]


def category(name: str) -> None:
    """The phrasings added from here on belong to category ``name``."""
    _category[0] = name


def add(line: Line, *texts: str) -> None:
    for t in texts:
        CORPUS.append((t, line))
        CATEGORIES.setdefault(_category[0], []).append((t, line))


# the categories the statement forms of issue 10 added (each must hold at least 20 phrasings)
NEW_CATEGORIES = ("discard placement", "losers by role", "counted top cards",
                  "exceptions and remainders", "joiners", "misspellings", "card notations")


category("no line")
# --- no line -------------------------------------------------------------------------------
add(NOTHING, "", "rest are mine", "all good", "they're high", "claiming", "the rest are good",
    "the rest", "claim", "all mine", "I have the rest", "the remaining tricks are mine",
    "rest are good.", "All the tricks", "They're all high", "claiming the rest", "REST ARE MINE!")
# his winners without an order, and a belief about his trumps that draws none (session 43)
add(NOTHING, "cash my winners", "cash the winners", "I'll play out my winners", "I'll cash my tricks",
    "take my winners", "all tops", "the rest are tops", "my trumps are good", "all my trumps are good",
    "the trumps are high", "cash everything", "I'm cashing everything", "play everything from the top",
    "I'll play from the top", "from the top", "top down", "all my cards are good", "my hand's good",
    "dummy's good", "I have the rest on any lie", "the rest are mine whatever happens",
    "all mine regardless of the split", "making my contract", "contract made", "just making",
    "from the top down", "cash out", "cashing out", "whatever they lead", "I'll win any return",
    "win the return and claim", "play for the drop", "I'm playing for the drop")
add(L(Cash(H)), "play for the drop in hearts")
add(L(PlayCard(r(14))), "win the ace and claim", "win with the ace")
add(L(PlayCard(c("SA"))), "win with the ace of spades", "win the ♠A")
add(L(Cross(None, c("CA"), C)), "cross to the ace of clubs", "go to the ♣A")
add(L(Ruff(H, None, 1)), "trumping a heart")

category("trick counts")
# --- trick counts --------------------------------------------------------------------------
add(L(tricks=10, kind="total"), "ten tricks", "10 tricks", "I'll make ten tricks", "taking 10 tricks")
add(L(tricks=11, kind="total"), "11", "eleven tricks", "all 11")
add(L(tricks=3, kind="remaining"), "three more tricks", "3 more tricks")
add(L(tricks=1, kind="down"), "one off", "one down", "down one", "1 off")
add(L(tricks=2, kind="down"), "two down", "two off")

category("drawing trumps")
# --- drawing trumps ------------------------------------------------------------------------
DT = L(DrawTrumps())
add(DT, "drawing trumps", "draw trumps", "pull the last trump", "trumps first",
    "after drawing the outstanding trump", "drawing the last trump first, then the rest are good",
    "pulling trumps", "I'll draw the remaining trumps", "draw their trumps", "drawing trumsp",
    "drawing trumphs", "draw the outstanding trumps and claim", "Drawing trumps, rest are high",
    "pull trumps then claim", "draw two rounds of trumps", "play trumps", "drew trumps")
add(L(DrawTrumps(DUMMY)), "draw trumps from dummy", "drawing trumps from the board")
add(L(DrawTrumps(MY)), "draw trumps from my hand", "cash my trumps", "I'm leading a trump from hand",
    "lead a trump from my hand")
add(L(DrawTrumps(DUMMY)), "lead a trump from dummy")
add(DT, "trumps and the rest are high", "trumps, the rest are good", "lead a trump", "I'll lead a trump",
    "once trumps are drawn the rest are high", "the rest are good when trumps are drawn",
    "trumps drawn, the rest are high", "with trumps drawn I have the rest")
add(L(DrawTrumps(), Ruff(C, None, 1)), "one round of trumps then ruff a club")
add(L(DrawTrumps(), tricks=10, kind="total"), "ten tricks after drawing trumps")
add(L(DrawTrumps(None, DUMMY)), "drawing trumps ending in dummy", "draw trumps, ending in dummy",
    "draw trumps and end in dummy", "draw trumps finishing in dummy", "draw trumps ending up in dummy",
    "trumps first, ending on the table")
add(L(DrawTrumps(None, MY)), "draw trumps ending in hand", "draw trumps ending in my hand")
add(L(DrawTrumps(DUMMY, MY)), "draw trumps from dummy ending in hand")
add(L(DrawTrumps(None, DUMMY), Cash(C)), "draw trumps ending in dummy and run the clubs")

category("cashing")
# --- cashing and running suits -------------------------------------------------------------
add(L(Cash(C)), "cash the clubs from the top", "cash the clubs", "cashing clubs", "run the clubs",
    "running the clubs", "play off the clubs", "cash clubs from the top", "cash the ♣",
    )
add(L(DrawTrumps(), Cash(D)), "claiming: trumps first, then diamonds")
add(L(Cash(D)), "run the diamonds", "run the dimonds", "running diamonds", "cash the diamods",
    "the diamonds are running")
add(L(Cash(D, MY)), "my diamonds run")
add(L(Cash(S, None, (c("SA"), c("SK"))), Ruff(S, None, 1)), "I'll cash the spade ace and king, then ruff a spade")
add(L(Outstanding(CardRef(None, trump=True))), "there's a trump out but I have the rest")
add(L(DrawTrumps()), "win the heart return and draw trumps", "winning the club return, draw trumps")
add(L(), "dummy's clubs are good", "my spades are good")
add(L(DrawTrumps()), "I'll take the rest, drawing the last trump on the way")
add(L(Cross(DUMMY, r(None, trump=True)), Cash(S)), "play a trump to dummy and run the spades")
add(L(Cross(None, r(14, trump=True)), Cash(H)), "lead a trump to the ace and cash the hearts")
add(L(Ruff(D, MY, 1)), "ruff a diamond to get to hand")
add(L(Finesse(S)), "take the spade finesse, if it works all mine")
add(L(Finesse(H), Finesse(None, again=True)), "take the heart finesse twice", "take the heart finesse and repeat it",
    "take the heart finesse, then repeat the finesse")
add(L(Finesse(None, again=True)), "repeat the finesse")
add(L(Finesse(C, with_card=c("CQ"), run_lead=True), Finesse(None, again=True)), "run the queen of clubs, then repeat")
add(L(Finesse(None)), "finesse again")
add(L(Finesse(C, double=True)), "take the double finesse in clubs", "the club double finesse",
    "a double finesse in clubs")
add(L(Finesse(S, with_card=c("SQ"))), "finessing the queen of spades, I have the rest if it works")
add(L(Concede(None, c("DK"))), "the king of diamonds is the only loser", "the ♦K is the loser")
add(L(Cross(None, r(12), None)), "lead low towards the queen", "small to the queen")
add(L(Cross(None, c("HA"), H)), "heart to the ace", "a heart to the ace, then the rest are mine")
add(L(), "cash my winners in the right order", "no need for the finesse", "all mine without a finesse",
    "the rest in any order")
add(L(Ruff(H, None, 1)), "making the rest with a heart ruff", "the rest with a heart ruff")
add(L(Ruff(C, DUMMY, 2)), "the rest with two club ruffs in dummy")
add(L(Cash(H)), "play off the hearts", "cash the hearts", "play off hearts")
add(L(Cash(S, cards=(c("SA"), c("SK"), c("SQ")))), "cash ♠AKQ", "cash SA SK SQ",
    "cash the ace, king and queen of spades", "cash AS, KS, QS", "cash ♠A ♠K ♠Q",
    "cash ♠A, ♠K, ♠Q", "cash A♠ K♠ Q♠", "cash S-A S-K S-Q", "cash SAKQ")
add(L(Cash(S, cards=(r(None, S, q="top"),))), "cash the top spades", "cash top spades")
add(L(Cash(D, MY)), "cash my diamonds", "run my diamonds")
# a count keeps that many unnamed cards (bound to the hand's top cards)
add(L(Cash(D, MY, (r(None, D),) * 2)), "cash my two diamonds", "cash my 2 diamonds",
    "cash two diamonds from my hand", "play off my two diamonds")
add(L(Cash(C, None, (r(None, C),) * 3)), "cash three clubs", "run three clubs", "cash 3 clubs")
add(L(Cash(C, DUMMY, (r(None, C),) * 2)), "cash dummy's two clubs", "cash two clubs in dummy")
add(L(Cash(H, None, (r(None, H),))), "cash a heart", "cash one heart")
add(L(Cash(C, DUMMY)), "cash dummy's clubs", "cash the clubs in dummy", "run the clubs from dummy",
    "cash the clubs on the board")
add(L(Cash(H, MY)), "take my heart tricks")
# establishing a suit: from the top, the rounds they must win given up on the way (session 43)
add(L(Establish(C)), "establish the clubs", "set up the clubs", "I'll establish clubs", "setting up the clubs",
    "play on clubs", "I'll play on the clubs")
add(L(DrawTrumps(), Establish(C)), "draw two rounds of trumps and then play on clubs")
add(L(Establish(D, DUMMY)), "establish dummy's diamonds", "set up the diamonds in dummy")
add(L(Establish(S, MY), DrawTrumps()), "I'll set up my spades, then draw trumps")
add(L(Cash(S, cards=(c("SA"),)), Cash(H, cards=(c("HA"),))), "cash the ♠A and the ♥A")

category("ruffs")
# --- ruffs ---------------------------------------------------------------------------------
add(L(Ruff(H, DUMMY, 1)), "ruff a heart in dummy", "ruffing a heart in dummy",
    "ruff one heart in dummy", "trump a heart in dummy", "ruff a ♥ in the dummy",
    "ruff a heart on the board")
add(L(Ruff(D, None, 1)), "ruffing the last diamond", "ruff a diamond", "ruff the last diamond")
add(L(Ruff(C, None, None)), "ruff the clubs good", "ruff out the clubs", "ruff clubs")
add(L(Ruff(S, MY, 2)), "ruff two spades in hand", "ruff 2 spades in my hand")
add(L(Ruff(None, None, None)), "I'll ruff my losers", "ruff the losers")
add(L(Ruff(S, None, 1)), "ruff the spade return")
add(L(Crossruff()), "scoring my trumps separately", "score my trumps separately")
add(L(Ruff(None, DUMMY, None)), "ruff the losers in dummy", "ruff my losers on the board")
add(L(Ruff(None, DUMMY, 1)), "ruff in dummy")
# ruffing with a named trump: the ruff, then the trump it is made with (bind merges them)
add(L(Ruff(None, MY, 1), PlayCard(r(None, None, MY, "last", trump=True))),
    "ruff with my last trump", "ruffing with my last trump", "ruff in hand with my last trump")
add(L(Ruff(H, None, 1), PlayCard(c("S2"))), "ruff the heart with the ♠2", "ruff a heart with the S2",
    "trump a heart with the two of spades", "ruff a heart, then play the ♠2")
add(L(Ruff(None, DUMMY, 1), PlayCard(r(None, None, DUMMY, "small", trump=True))),
    "ruff with dummy's small trump", "ruff with dummy's low trump")
add(L(Ruff(H, DUMMY, 1), PlayCard(r(14, None, None, trump=True))),
    "ruff a heart in dummy with the ace of trumps")
add(L(Ruff(C, None, 2), PlayCard(c("SJ"))), "ruff two clubs with the ♠J")
add(L(Crossruff()), "crossruff", "cross-ruff", "cross ruff", "crossruffing", "crossruff the rest",
    "I'm crossruffing")
add(L(Crossruff((H, C))), "crossruff hearts and clubs", "crossruff in hearts and clubs",
    "the rest are mine on a crossruff in hearts and clubs")
add(L(Crossruff()), "I have the rest on a crossruff", "all mine on a cross-ruff")
add(L(Crossruff((D, C))), "crossruff the minors")

category("finesses")
# --- finesses ------------------------------------------------------------------------------
add(L(Finesse(S)), "take the spade finesse", "taking the spade finesse", "spade finesse",
    "take the spade finese", "takeing the spade finesse", "finesse in spades",
    "taking a spade finesse")
add(L(DrawTrumps(), Finesse(None)), "draw trumps and take the marked finesse")
# the trick a losing finesse costs, said after it (session 43)
add(L(Finesse(C)), "take the club finesse; if it fails I lose one", "take the club finesse, if it loses you get one",
    "take the club finesse, if it doesn't work you get a club", "take the club finesse. If it fails, one off")
add(L(Finesse(C)), "take the club finesse", "the club finesse", "take the club finesse if needed",
    "taking the club finesse if necessary", "the club finesse if need be")
add(L(Finesse(None)), "take the finesse", "finessing")
add(L(Finesse(D, with_card=c("DQ"))), "finesse the ♦Q", "finesse the queen of diamonds",
    "finesse DQ", "finesse the diamond queen", "finnesse the ♦Q", "finesse Q♦", "finesse QD")
add(L(Finesse(None, with_card=r(12))), "finesse the queen", "finese the queen")
add(L(Finesse(H, against=c("HK"))), "finessing against the king of hearts",
    "take the finesse against the ♥K", "finesse against the heart king",
    "take the heart finesse against the king")
add(L(Finesse(S, with_card=c("SJ"), run_lead=True)), "run the ♠J", "run the jack of spades",
    "lead the ♠J and let it run", "run the knave of spades", "run SJ")
add(L(Finesse(H, with_card=c("HT"), run_lead=True)), "lead the ♥10 and let it run",
    "lead the ♥T and let it run", "lead the ten of hearts and run it", "run the ♥10", "run H10",
    "run HT", "lead the heart ten and let it ride")
add(L(Finesse(H, against=r(None, H, WEST))), "take the heart finesse against West")
add(L(Finesse(C, run_lead=True, ruffing=True)), "ruffing finesse in clubs", "take the club ruffing finesse",
    "a ruffing finesse in clubs", "club ruffing finesse", "take the ruffing-finesse in clubs")
add(L(Finesse(None, run_lead=True, ruffing=True)), "ruffing finesse", "take the ruffing finesse")
add(L(Finesse(C, against=c("CK"))), "if the ♣K is onside the rest are mine, otherwise one off",
    "if the king of clubs is offside I lose one", "if the club king is on side, all mine",
    "if the ♣K is onside I'll take the rest. Otherwise I lose a club.", "if the ♣K is onside, all mine")
add(L(Finesse(None, against=r(13))), "if the king is onside, all mine", "if the king's onside, the rest are good")
add(L(Finesse(C), tricks=10, kind="total"), "if the club finesse works I have ten tricks",
    "if the club finesse is right, ten tricks, otherwise nine")
add(L(Finesse(None)), "if the finesse works, all mine", "if the finesse is right, the rest are mine, if not I lose one")
add(L(DrawTrumps(), Finesse(H, against=c("HK"))), "draw trumps; if the heart king is onside, all mine")
add(L(Finesse(C, against=c("CK", EAST))), "if East has the ♣K, all mine", "if East holds the king of clubs, the rest are mine",
    "if East has the club king I have the rest, otherwise one off")
add(L(Finesse(None, against=r(13, None, WEST))), "if West has the king, all mine")
add(L(Finesse(C), IfThen(FinesseFails(), (Finesse(S),))), "take the club finesse; if it fails, take the spade finesse",
    "take the club finesse, if that fails I'll take the spade finesse",
    "take the club finesse; if it doesn't work, take the spade finesse",
    "take the club finesse; if it fails I'll take the spade finesse")
add(L(Finesse(C, with_card=c("CQ")), IfThen(FinesseFails(), (Cash(S),))), "finesse the ♣Q; if it loses, run the spades")
add(L(Finesse(C), IfThen(FinesseFails(), (Cash(S), Concede(H)))),
    "take the club finesse; if it fails, cash the spades and concede a heart")
add(L(Finesse(C, against=c("CK"), run_lead=True, ruffing=True)), "a ruffing finesse against the king of clubs",
    "take the ruffing finesse against the ♣K")
add(L(DrawTrumps(), Finesse(D, run_lead=True, ruffing=True)), "draw trumps, then the diamond ruffing finesse")
add(L(Finesse(S, lead_from=DUMMY)), "take the spade finesse from dummy",
    "take the spade finesse leading from dummy")
add(L(Finesse(C, with_card=c("CJ", DUMMY))), "finesse dummy's jack of clubs", "finesse dummy's ♣J")

category("concessions")
# --- concessions ---------------------------------------------------------------------------
add(L(Concede(C)), "conceding a club", "concede a club", "conceed a club", "give up a club",
    "lose a club", "conceding one club", "concede a club trick", "one club loser",
    "giving them a club")
add(L(Concede(card=c("SA"))), "giving you the ♠A", "give you the ace of spades", "concede the ♠A",
    "conceding the spade ace", "lose to the ♠A", "lose one trick to the ace of spades")
add(L(Concede(D, at_end=True)), "losing one diamond at the end", "lose a diamond at the end",
    "conceding a diamond at the end", "concede a diamond last")
add(L(Concede(card=r(14, trump=True))), "one trick to the ace of trumps",
    "conceding the ace of trumps", "give up a trick to the ace of trumps", "lose to the trump ace")
add(L(Concede()), "conceding one trick", "concede a trick", "give up one trick",
    "losing one trick", "one loser", "I have one loser")
add(L(Concede(count=2)), "conceding two tricks", "two losers")
add(L(Concede(H, count=2)), "concede two hearts", "lose two hearts", "two heart losers",
    "I have two losers in hearts")
add(L(Concede(C)), "one loser in clubs", "I have one club loser")
add(L(Concede(card=r(None, trump=True))), "concede a trump", "losing a trump trick", "one trump loser")
add(L(Concede(at_end=True)), "conceding a trick at the end", "one loser at the end",
    "you get the last trick", "the last trick is yours", "concede the last trick")
add(L(Concede()), "one trick to you")
add(L(Concede(card=r(14, trump=True))), "you get your ace of trumps")

category("crossing")
# --- crossing, unblocking, ducks -----------------------------------------------------------
add(L(Cross(None, c("HK"), H)), "play a heart to the king", "lead a heart to the king",
    "play a heart to the ♥K", "play a small heart to the king", "lead a low heart to the king of hearts")
add(L(Cross(DUMMY, c("DA"), D)), "cross to dummy with the ♦A", "crossing to dummy with the ace of diamonds",
    "cross to the board with the ♦A", "enter dummy with the DA", "get to dummy with the ♦A")
add(L(Cross(None, r(13), None)), "lead towards the king", "lead up to the king")
add(L(Cross(DUMMY, r(12, hand=DUMMY), None)), "lead towards dummy's queen")
add(L(Cross(None, c("HK"), H)), "lead a heart towards the king")
add(L(Cross(DUMMY, r(None, trump=True))), "cross to dummy with a trump", "go to dummy with a small trump")
add(L(Cross(DUMMY, r(None, trump=True)), Cash(C)), "cross to dummy with a trump and cash the clubs")
add(L(Cross(DUMMY)), "cross to dummy", "cross over to dummy", "go to dummy", "enter dummy")
add(L(Cross(MY, None, C)), "come back to hand with a club", "return to hand with a club",
    "back to hand with a club", "cross to my hand with a club", "cross to hand in clubs")
add(L(Cross(DUMMY, None, S)), "play a spade to dummy", "lead a small spade to dummy")
add(L(Cross(PARTNER, c("CT", PARTNER), C)), "lead my small club to partner's ten",
    "lead a club to partner's ♣10", "play a small club to partner's ten of clubs")
add(L(Overtake()), "overtake", "overtaking")
add(L(Overtake(c("DK"))), "overtake the ♦K", "overtake with the ♦K", "overtake the ♦Q with the ♦K",
    "overtake the queen with the king of diamonds")
add(L(Unblock(c("SK"))), "unblock the ♠K", "unblocking the king of spades", "unblock SK",
    "unblock the spade king", "un-block the ♠K")
add(L(Unblock(r(None, H))), "unblock the hearts", "unblock hearts")
add(L(Duck(C)), "duck a club", "ducking a club", "duck a round of clubs", "duck one club",
    "duck clubs")
add(L(Duck(H, DUMMY)), "duck a heart in dummy")
add(L(Duck(H)), "I'll duck the first round of hearts", "duck the first heart")
add(L(Duck(C)), "hold up the club ace", "holding up the ace of clubs", "hold up a club")
add(L(Duck(None)), "duck")

category("cards")
# --- single cards and card lists -----------------------------------------------------------
add(L(PlayCard(c("SA")), PlayCard(c("SK")), PlayCard(c("HQ"))), "♠A, ♠K, then ♥Q",
    "SA SK HQ", "AS, KS then QH", "ace of spades, king of spades, then queen of hearts",
    "S-A, S-K, H-Q", "A♠ K♠ Q♥", "the ♠A, the ♠K and then the ♥Q", "spade ace, spade king, heart queen",
    "play ♠A, ♠K then ♥Q", "♠ A, ♠ K, ♥ Q")
add(L(PlayCard(c("ST"))), "♠10", "the ten of spades", "♠T", "ST", "10♠", "S10", "the spade ten",
    "play the ♠10")
add(L(PlayCard(c("CK", DUMMY))), "dummy's king of clubs", "dummy's ♣K", "play dummy's club king")
add(L(PlayCard(c("DJ"))), "the knave of diamonds", "the jack of diamonds", "♦J", "DJ", "JD")
add(L(PlayCard(r(13))), "play the king", "lead the king")
add(L(PlayCard(r(None, C, q="small"))), "lead a small club", "play a low club", "lead the small club",
    "play a little club")
add(L(PlayCard(r(None, None, MY, "last", True))), "play my last trump", "lead my last trump")
add(L(PlayCard(r(None, S, q="top"))), "play the top spade")
add(L(PlayCard(r(None, H))), "lead a heart", "play a heart")
add(L(PlayCard(c("SA", NORTH))), "North's ♠A", "play North's ace of spades")
add(L(PlayCard(r(10, None, PARTNER))), "play partner's ten")

category("discards")
# --- discards ------------------------------------------------------------------------------
add(L(Discard(suit=D, on_suit=C, hand=MY)), "discard my losing diamonds on the clubs",
    "discarding my diamonds on the clubs", "pitch my losing diamonds on the clubs",
    "throw my losing diamonds on the clubs", "dump my diamonds on the clubs",
    "discard my losing dimonds on the clubs")
add(L(Discard(cards=(r(None, H),), on_card=c("SA"))), "pitch the heart on the ♠A",
    "discard a heart on the ace of spades", "pitching a heart on the SA", "throw the heart on the ♠A")
add(L(Discard(cards=(r(None, C), r(None, C)), on_suit=H)), "discard two clubs on the hearts",
    "pitch 2 clubs on the hearts")
add(L(Discard(suit=S, on_suit=D, hand=DUMMY)), "discard dummy's spades on the diamonds",
    "discard the spades from dummy on the diamonds")
add(L(Discard(on_suit=H, hand=MY)), "discard my losers on the hearts")
add(L(Discard(cards=(c("C2"),), on_card=c("DA"))), "discard the ♣2 on the ♦A", "pitch C2 on DA")

category("what is out")
# --- what he says the opponents still hold (session 43) ----------------------------------------
TRUMP_OUT = Outstanding(r(None, trump=True))
add(L(TRUMP_OUT), "one trump out", "there's one trump out", "there is still a trump outstanding",
    "they have one trump left", "two trumps left", "the last trump is out", "a trump is out")
add(L(TRUMP_OUT, DrawTrumps()), "a trump is out, I'll draw it", "one trump left, draw it")
add(L(Outstanding(c("SJ"))), "the ♠J is out", "the jack of spades is still out", "SJ out")
add(L(Outstanding(c("SJ", WEST))), "West's ♠J is out")
add(L(Outstanding(r(None, S))), "a spade is out", "one spade out", "the top spade is out")
# how the opponents' cards lie, said as a fact (session 44): a statement about the suit when
# the cards lie so
add(L(Asserts(Breaks(None, (2, 2), trump=True))), "trumps are 2-2", "trumps 2-2", "the trumps are 2-2",
    "all mine, trumps are 2-2", "trumps are two-two")
add(L(Asserts(Breaks(S, (3, 2)))), "spades are 3-2", "spades break 3-2", "spades split 3-2, the rest are mine")
add(L(Asserts(Breaks(H))), "hearts break", "the hearts break")
# "they": the suit of the step before; with none, left open (the condition not decided)
add(L(DrawTrumps(), IfThen(Breaks(None, (4, 1), trump=True), (Concede(None, CardRef(None, trump=True)),))),
    "draw trumps, and if they are 4-1 I lose a trump")
add(L(DrawTrumps(), IfThen(Breaks(None, None, trump=True), (), (Concede(None, CardRef(None, trump=True)),))),
    "draw trumps. If they break, all mine, otherwise I lose a trump")
add(L(Cash(C), IfThen(Breaks(C, (3, 3)), ())), "cash the clubs, if they are 3-3 all mine")
add(L(DrawTrumps(), Asserts(Breaks(None, (2, 2), trump=True))), "draw trumps, they are 2-2")
add(L(IfThen(Breaks(None, None, they=True), ())), "if they break all mine")
add(L(Asserts(Breaks(None, (3, 2), they=True))), "they are 3-2")
add(L(Cash(None, None, (r(14, trump=True),)), IfThen(Breaks(None, None, trump=True, follow=True), ())),
    "cash the ace of trumps; if both follow, the rest are mine", "cash the ace of trumps, if they both follow all mine")
add(L(PlayCard(c("SA")), IfThen(Breaks(S, follow=True), (), (Concede(S),))),
    "play the ♠A, if both follow all mine, otherwise I lose a spade")
add(L(IfThen(Breaks(None, None, they=True, follow=True), ())), "if both follow, all mine")
add(L(IfThen(Breaks(None, (4, 0), trump=True), (), (DrawTrumps(),), unless=True)),
    "draw trumps, all mine unless they are 4-0", "unless they are 4-0, draw trumps")
add(L(IfThen(Breaks(None, (3, 2), trump=True), ())), "the rest are mine as long as trumps are 3-2")
add(L(IfThen(Breaks(C), ())), "provided the clubs break, the rest are good", "providing clubs break, all mine")
add(L(DrawTrumps(), Asserts(Breaks(D, (3, 3)))), "draw trumps, diamonds are 3-3")

category("squeezes")
# --- squeezes and throw-ins ----------------------------------------------------------------
add(L(Squeeze(WEST, (D, C))), "squeeze West in the minors", "squeezing West in the minors",
    "squeeze West in diamonds and clubs", "squeeze W in the minors", "sqeeze West in the minors")
add(L(Squeeze(EAST, (S, H))), "squeeze East in the majors")
add(L(Squeeze(NORTH)), "squeeze North")
add(L(Squeeze()), "squeeze", "squeezing", "the rest are mine on a squeeze")
add(L(Squeeze(WEST)), "West will be squeezed")
add(L(Squeeze(EAST, (D, C))), "East is squeezed in the minors")
add(L(ThrowIn(EAST, S)), "throw East in with a spade", "throw in East with a spade",
    "endplay East with a spade", "throw-in East with a spade", "throw East in in spades")
add(L(ThrowIn(WEST, None)), "throw West in", "endplay West")

category("conditionals")
# --- conditionals --------------------------------------------------------------------------
add(L(IfThen(Drops(c("HQ")), (), (Finesse(C),))),
    "if the ♥Q drops I have the rest, if it doesn't, the club finesse",
    "if the ♥Q drops I have the rest, otherwise I take the club finesse",
    "if the queen of hearts drops the rest are mine, otherwise take the club finesse",
    "if the ♥Q falls I have the rest, if not I take the club finesse",
    "if the HQ comes down, I have the rest; otherwise the club finesse")
add(L(IfThen(Breaks(S, (3, 3)), (), ())), "if spades break 3-3 I have the rest",
    "if spades are 3-3 the rest are good", "if the spades split 3/3, rest are mine",
    "if spades are 3.3. I have the rest.")
add(L(IfThen(Breaks(S, (3, 3)), (Cash(S),), (Finesse(H),))),
    "if spades break 3-3 I run the spades, otherwise take the heart finesse")
add(L(IfThen(Breaks(None, None, trump=True), (), (Ruff(S, None, 1),))),
    "if trumps break I have the rest, otherwise ruff a spade")
add(L(IfThen(ShowsOut(WEST, S), (Finesse(S),), ())), "if West shows out of spades, take the spade finesse")
# "unless E, S" and "S unless E": when E happens he said nothing of how he plays (session 43)
# (the same line as "if E I have the rest, otherwise S", marked to be echoed as said)
add(L(IfThen(Drops(c("HQ")), (), (Finesse(C),), unless=True)), "unless the ♥Q drops, I take the club finesse",
    "take the club finesse unless the queen of hearts falls")
add(L(IfThen(Breaks(None, (4, 0), trump=True), (), (), unless=True)), "all mine unless trumps are 4-0",
    "unless trumps break 4-0 I have the rest", "the rest are good unless trumps are 4-0.")
add(L(IfThen(Breaks(None, (4, 0), trump=True), (), (DrawTrumps(),), unless=True)),
    "draw trumps and claim, unless trumps are 4-0", "unless trumps are 4-0, I draw trumps")
add(L(IfThen(Breaks(S, (4, 1)), (), (Cash(S), Cash(H)), unless=True), Cash(C)),
    "unless spades are 4-1 I cash the spades, then the hearts. Then the clubs")
add(L(IfThen(Breaks(S, (5, 0)), (), (), unless=True), tricks=10, kind="total"), "ten tricks unless spades are 5-0")
add(L(DrawTrumps(), IfThen(Drops(c("HQ")), (), (Finesse(C),))),
    "draw trumps, then if the ♥Q drops I have the rest, otherwise the club finesse")
add(L(IfThen(Breaks(C, None), (), (IfThen(Drops(c("DK")), (), (Concede(D),)),))),
    "if clubs break the rest are mine, otherwise if the ♦K drops I have the rest, else I concede a diamond")
# a conditional runs to the end of its sentence: after a full stop, a step follows the
# whole conditional; joined by a comma or "then" it stays in the last branch
add(L(IfThen(Breaks(S), (), (Finesse(C),)), Cash(H)),
    "if spades break I have the rest, otherwise I take the club finesse. Then cash the hearts",
    "if spades break I have the rest, otherwise I take the club finesse. Then I cash the hearts.",
    "If spades break I have the rest! Otherwise the club finesse. Cash the hearts")
add(L(IfThen(Breaks(S), (), (Finesse(C), Cash(H)))),
    "if spades break I have the rest, otherwise I take the club finesse, then cash the hearts",
    "if spades break I have the rest, otherwise I take the club finesse and cash the hearts")
add(L(IfThen(Breaks(S), (), (Finesse(C),))),
    "if spades break I have the rest. Otherwise I take the club finesse.")
add(L(IfThen(Drops(c("HQ")), (), ()), Cash(C)), "if the ♥Q drops I have the rest. Then cash the clubs")
add(L(IfThen(Breaks(C, None), (), (IfThen(Drops(c("DK")), (), (Concede(D),)),)), DrawTrumps()),
    "if clubs break the rest are mine, otherwise if the ♦K drops I have the rest, else I concede "
    "a diamond. Then draw trumps")
add(L(DrawTrumps(), Cash(C)), "Draw trumps. Cash the clubs.")

category("trick lists")
# --- trick lists (not an order of play) ----------------------------------------------------
add(L(TrickList(((H, 4), (S, 3), (D, 1)))), "four hearts, three spades and a diamond",
    "4 hearts, 3 spades and 1 diamond", "four heart tricks, three spade tricks and a diamond trick")
add(L(TrickList(((S, 3),))), "three spade tricks", "3 spade tricks", "three spades")
add(L(TrickList(((C, 2), (D, 2)))), "two clubs and two diamonds", "I have two clubs and two diamonds")
add(L(TrickList(((S, 2), (D, 1), (H, 1)))), "I have two spade tricks, a diamond trick and a heart trick")

category("cases")
# --- statements of the example cases ------------------------------------------------------
add(L(Finesse(S)), "taking the spade finesse")
add(L(Cash(D, MY, (r(None, D),) * 2), Cross(PARTNER, c("CT", PARTNER), C)),
    "I'll cash my two diamonds and lead my small club to partner's ten")
add(L(Concede()), "conceding one trick")

category("sequences")
# --- sequences -----------------------------------------------------------------------------
add(L(DrawTrumps(), Cash(C)), "draw trumps and run the clubs", "drawing trumps, then cashing the clubs",
    "after drawing trumps I'll just run the clubs")
add(L(DrawTrumps(), Ruff(H, DUMMY, 1), Concede(C, at_end=True)),
    "draw trumps, ruff a heart in dummy and concede a club at the end")
add(L(PlayCard(c("SA")), PlayCard(c("SK")), Finesse(H), tricks=10, kind="total"),
    "ten tricks: ♠AK then the heart finesse")
add(L(Cash(S, cards=(c("SA"), c("SK"))), Finesse(H), tricks=10, kind="total"),
    "ten tricks: cash ♠AK then take the heart finesse")
add(L(Cross(DUMMY, c("DA"), D), Discard(cards=(r(None, H),), on_card=c("CA"))),
    "cross to dummy with the ♦A and pitch a heart on the ♣A")


# ===========================================================================================
# Forms added for issue 10. Each category holds at least 20 phrasings.
# ===========================================================================================

category("discard placement")
# "X goes on Y": a discard of X while Y's suit runs (Y played first when it is a card)
add(L(Discard(cards=(small(C),), on_card=c("DA"))),
    "the small club goes on the ♦A", "the small club goes away on the ♦A",
    "the low club goes on the ace of diamonds", "small club goes on DA",
    "the little club goes on the diamond ace", "the small club is discarded on the ♦A",
    "the small club gets thrown on the ♦A", "the small club can go on the ♦A",
    "on the ♦A I pitch the small club", "on the ace of diamonds I'll throw the small club",
    "pitch the small club on the ♦A", "throw the small club on the ♦A",
    "discard the low club on the ♦A", "park the small club on the ♦A",
    "sluff the small club on the ♦A", "dump the small club on the A♦",
    "get rid of the small club on the ♦A", "the small club will be pitched on the ♦A",
    "ditch the small club on the ♦A", "the small club disappears on the ♦A",
    "and the small club goes away on the ace of diamonds", "the small club, that goes on the ♦A")
add(L(Discard(cards=(r(None, H),), on_suit=S)),
    "throw the heart on the spades", "throw a heart on the spades", "the heart goes on the spades",
    "a heart goes away on the spades", "the heart goes on the good spades",
    "pitch a heart on the spade winners", "on the spades I throw a heart",
    "heart goes on the long spades", "throw away the heart on the spades",
    "throw off a heart on the spades", "sluffing a heart on the spades",
    "slough a heart on the spades", "chuck a heart on the spades",
    "the heart can go away on the established spades", "discard the heart on dummy's spades",
    "the heart goes on the high spades",
    "on the spades, I'll get rid of a heart", "I'm going to throw a heart on the spades")
add(L(Discard(cards=(lo(S),), on_card=r(13, hand=DUMMY), hand=MY)),
    "park my losing spade on dummy's king", "my losing spade goes on dummy's king",
    "my spade loser goes on dummy's king", "on dummy's king I park my losing spade",
    "pitch my spade loser on dummy's king", "throw my losing spade on dummy's king",
    "my losing spade goes away on dummy's king", "get rid of my spade loser on dummy's king",
    "my spade loser is discarded on dummy's king")
add(L(Discard(cards=(lo(C),), on_card=c("DA"))),
    "the club loser goes on the ♦A", "pitch the club loser on the ♦A",
    "on the ♦A I throw the club loser", "the losing club goes away on the ace of diamonds",
    "I'll throw the club loser on the ♦A", "the club loser gets pitched on the ♦A")
add(L(Discard(suit=D, on_suit=C, hand=MY)),
    "my losing diamonds go on the clubs", "my diamond losers go on the clubs",
    "my losing diamonds go away on the long clubs", "on the clubs I pitch my losing diamonds",
    "on the clubs I'll throw my diamond losers", "my diamonds go on the clubs")
add(L(Discard(cards=(r(None, C),), on_card=c("DA")), Discard(cards=(r(None, H),), on_card=c("DK"))),
    "pitch a club on the ♦A and a heart on the ♦K", "the club goes on the ♦A, the heart on the ♦K",
    "a club goes on the ♦A and a heart goes on the ♦K",
    "throw a club on the ace of diamonds and a heart on the king of diamonds")
add(L(Discard(cards=(r(None, S),), on_card=c("HA"), hand=DUMMY)),
    "a spade from dummy goes on the ♥A", "pitch a spade from dummy on the ♥A",
    "dummy's spade goes on the ♥A", "on the ♥A I throw a spade from dummy",
    "dummy's spade goes away on the ace of hearts")
add(L(Discard(cards=(r(None, C), r(None, C)), on_suit=H)),
    "two clubs go on the hearts", "pitch two clubs on the good hearts",
    "on the hearts I throw two clubs", "2 clubs go away on the long hearts")
add(L(DrawTrumps(), Discard(cards=(lo(C),), on_card=r(14))),
    "I pull trumps, on the ace I throw the club loser, and the rest are mine",
    "draw trumps, the club loser goes on the ace")

add(L(Discard(cards=(lo(H),), on_suit=C, hand=MY)), "my heart loser goes on the third club",
    "my losing heart goes on the fourth club", "on the third club I pitch my heart loser")
add(L(DrawTrumps(), Discard(cards=(lo(H),), on_suit=C, hand=MY)),
    "pulling the last trump, my heart loser goes on the third club")
add(L(DrawTrumps(), Cash(D), Discard(cards=(r(None, S),), on_suit=D, hand=MY)),
    "draw trumps, then the diamonds, throwing my spade on the fourth diamond")

category("losers by role")
add(L(Concede(H)), "concede the heart loser", "give up the heart loser", "lose the heart loser",
    "I'll give them the heart loser", "concede my losing heart", "lose my heart loser",
    "giving you the heart loser", "concede the small heart", "give up my last heart",
    "conceding the losing heart", "lose the losing heart")
add(L(Concede(C, at_end=True)), "concede the club loser at the end",
    "lose my losing club at the end", "give up the club loser last",
    "at the end I give up the club loser", "at the end, concede my club loser",
    "conceding the club loser at the end")
add(L(Ruff(H, DUMMY, 1)), "ruff the heart loser in dummy", "ruff my losing heart in dummy",
    "ruff the small heart in dummy", "ruff the third heart in dummy",
    "trump the heart loser in dummy", "ruff my heart loser on the board",
    "ruffing the losing heart in dummy", "ruff the heart loser in the dummy")
add(L(Ruff(C, None, None)), "ruff my club losers", "ruff the losing clubs", "ruff my losing clubs")
add(L(Ruff(C, None, 2)), "ruff two club losers", "ruff my two losing clubs", "ruff the two club losers")
add(L(PlayCard(CardRef(C, None, MY, "loser"))), "lead my losing club", "play my club loser",
    "lead my club loser", "play my losing club")
add(L(PlayCard(lo(D))), "lead the diamond loser", "play the losing diamond", "lead the losing diamond")
add(L(PlayCard(small(D))), "lead the small diamond", "play the low diamond", "lead the little diamond")
add(L(Discard(cards=(lo(H),), on_suit=S)), "discard the heart loser on the spades",
    "the heart loser goes on the spades", "pitch the losing heart on the spades",
    "throw the heart loser on the good spades", "the losing heart goes away on the spades")
add(L(Discard(cards=(lo(C), lo(C)), on_suit=D, hand=MY)),
    "discard my two club losers on the diamonds", "my two losing clubs go on the diamonds",
    "my 2 club losers go away on the diamonds")
add(L(Discard(cards=(small(D),))), "discard the small diamond", "pitch the low diamond",
    "shed the small diamond")
add(L(Discard(cards=(small(C), small(C)), on_suit=H)), "discard two small clubs on the hearts",
    "two small clubs go on the hearts", "pitch two low clubs on the hearts")
add(L(Concede(C, count=2)), "concede two club losers", "lose my two losing clubs",
    "give up the two club losers", "two club losers")

category("counted top cards")
add(L(Cash(None, None, (top(None),) * 3)), "top three trumps", "cash the top three trumps",
    "cash three top trumps", "play the top three trumps", "the top 3 trumps",
    "take the top three trumps", "I have the top three trumps", "cash the three top trumps",
    "play off the top three trumps", "three master trumps")
add(L(Cash(S, None, (top(S),) * 2)), "the top two spades", "cash the top two spades",
    "play off the top two spades", "cash the two top spades", "top 2 spades",
    "run the top two spades", "cash the top two ♠", "two master spades", "cash top two spades",
    "take the top two spades")
add(L(Cash(C, MY, (top(C),) * 3)), "my three top clubs", "cash my three top clubs",
    "cash my top three clubs", "take my three top clubs", "cash the top three clubs from my hand",
    "cash the top three clubs in hand", "play my three top clubs")
add(L(Cash(D, DUMMY, (top(D),) * 2)), "cash dummy's top two diamonds",
    "cash the top two diamonds in dummy", "dummy's two top diamonds",
    "cash the two top diamonds from the board", "run dummy's top two diamonds")
add(L(Cash(H, None, (top(H),) * 4)), "the top four hearts", "cash the four top hearts",
    "cash the top 4 hearts")
add(L(DrawTrumps(), Cash(C, None, (top(C),) * 3)), "draw trumps, then cash the top three clubs",
    "draw trumps and take the three top clubs")
add(L(Cash(S, None, (top(S),) * 2), Ruff(S, DUMMY, 1)),
    "cash the top two spades and ruff the third spade in dummy")
add(L(Cash(None, None, (top(None),) * 2), Ruff(H, DUMMY, 1)),
    "cash the top two trumps, then ruff a heart in dummy",
    "top two trumps and ruff a heart in dummy")

category("exceptions and remainders")
ACE_OF_TRUMPS = Concede(card=r(14, trump=True))
add(L(ACE_OF_TRUMPS), "all winners except the ace of trumps", "all mine except the ace of trumps",
    "the rest are mine except the trump ace", "everything except the ace of trumps",
    "all the tricks but the ace of trumps", "all tricks bar the ace of trumps",
    "the rest are high apart from the ace of trumps", "all winners other than the ace of trumps",
    "all mine with the exception of the ace of trumps", "you get the ace of trumps, the rest are mine",
    "they get the trump ace and the rest are mine", "all good except for the ace of trumps",
    "the rest are good barring the ace of trumps", "all high except the ace of trumps",
    "you get the trump ace and that's it", "all mine bar the ace of trumps, I'll just knock it out",
    "knock out the ace of trumps and claim", "everything's good except the ace of trumps")
add(L(Concede(card=c("SA"))), "all mine except the ♠A", "the rest are high except the ace of spades",
    "everything but the ♠A", "they make the spade ace", "the rest bar the SA",
    "you get the ♠A and I have the rest", "all good but the ace of spades",
    "the rest are mine, except for the A♠")
add(L(Concede(C)), "the rest are high except a club", "all mine except one club", "all but a club",
    "all except a club trick", "the rest are good apart from a club", "you get a club",
    "they'll take a club", "everything but one club", "I have the rest but I lose a club",
    "the rest are mine but I give up a club")
add(L(Concede()), "all but one", "all but one trick", "all the tricks bar one",
    "the rest except one trick", "everything except one", "all mine but one")
add(L(Concede(count=2)), "all but two", "all but two tricks", "all bar two tricks",
    "the rest except two")
add(L(Concede(H)), "the rest are high except the heart loser", "all mine except my losing heart",
    "all winners bar the heart loser")
add(L(Concede(card=r(None, trump=True))), "all except a trump trick", "the rest bar a trump",
    "everything but a trump")
add(L(Concede(card=c("SA")), Concede(C)), "all mine except the ♠A and a club",
    "all but the ace of spades and a club")
add(L(DrawTrumps(), Concede(card=c("SA"))), "draw trumps, all mine except the ♠A",
    "drawing trumps, the rest are good except the ♠A")
add(L(Cash(S), Concede(card=c("SA"))), "I'll play spades, giving you the ♠A, and the rest is mine",
    "play spades, you get the ♠A")

category("joiners")
add(L(DrawTrumps(), Cash(C)), "draw trumps then run the clubs", "draw trumps and then cash the clubs",
    "draw trumps, after that run the clubs", "first draw trumps, then cash the clubs",
    "first I draw trumps and then I run the clubs", "draw trumps first and then run the clubs",
    "run the clubs, but first draw trumps", "trumps first, then the clubs",
    "draw trumps followed by the clubs", "drawing trumps; afterwards cashing clubs",
    "draw trumps. Then run the clubs.", "draw trumps; next the clubs",
    "draw trumps and finally run the clubs", "run the clubs at the end, first draw trumps",
    "at the end run the clubs, draw trumps first", "cash the clubs but first draw trumps",
    "draw trumps, and after that the clubs",
    "draw trumps, then, after that, cash the clubs")
add(L(DrawTrumps(), Ruff(H, DUMMY, 1), Concede(C, at_end=True)),
    "draw trumps, then ruff a heart in dummy and at the end concede a club",
    "first draw trumps, then ruff a heart in dummy, conceding a club at the end",
    "draw trumps, ruff a heart in dummy, and give up a club at the end",
    "draw trumps and ruff a heart in dummy; at the end I lose a club")
add(L(Finesse(C), Cash(D)), "take the club finesse and then run the diamonds",
    "club finesse first, then the diamonds", "run the diamonds, but first take the club finesse",
    "take the club finesse, after that run the diamonds")
add(L(DrawTrumps(), IfThen(Breaks(S), (), ())), "draw trumps but if spades break I have the rest",
    "draw trumps and then, if spades break, the rest are mine")
add(L(Cash(H), DrawTrumps()), "cash the hearts, then draw trumps", "cash the hearts and after that draw trumps",
    "cash the hearts but then draw trumps",
    "at the end draw trumps, cash the hearts")

category("misspellings")
add(L(Discard(cards=(small(C),), on_card=c("DA"))), "pich the small club on the ♦A",
    "discrad the small club on the ♦A", "the smal club goes on the ♦A")
add(L(Discard(cards=(lo(S),), on_card=r(13, hand=DUMMY), hand=MY)), "park my lossing spade on dummy's king",
    "park my loosing spade on dummy's king", "park my spade looser on dummys king")
add(L(ACE_OF_TRUMPS), "all winners excpet the ace of trumps", "all mine exept the ace of tumps",
    "all winers except the ace of trumps")
add(L(Cash(None, None, (top(None),) * 3)), "top three trumsp", "cash the top three trumphs")
add(L(Concede(H)), "conced the heart loser", "give up the hart loser")
add(L(Discard(cards=(r(None, H),), on_suit=S)), "throw the heart on the spdes", "sluf a heart on the spades",
    "trow a heart on the spades")
add(L(Ruff(H, DUMMY, 1)), "rufff the heart loser in dummy", "ruff the hearts loser in dumy")
add(L(Cash(D, DUMMY, (top(D),) * 2)), "cash dummy's top two dimaonds")
add(L(DrawTrumps(), Cash(C)), "drawing trumps, then runing the clubs", "draw trumps, after that run the clubbs")

category("card notations")
add(L(Discard(cards=(c("C2"),), on_card=c("DA"))), "the ♣2 goes on the ♦A", "C2 goes on DA",
    "2♣ goes on A♦", "pitch the 2C on the AD", "the two of clubs goes on the ace of diamonds",
    "the club deuce goes on the diamond ace", "♣ 2 goes on ♦ A", "on the ♦A I throw the ♣2",
    "the club two goes away on the AD", "C-2 goes on D-A")
add(L(Discard(cards=(lo(H),), on_card=c("ST", DUMMY))), "the heart loser goes on dummy's ♠10",
    "the heart loser goes on dummy's ♠T", "the heart loser goes on dummy's S10",
    "the heart loser goes on dummy's ten of spades", "the heart loser goes on dummy's 10♠")
add(L(Cash(S, None, (top(S),) * 3)), "the top three ♠", "cash the top 3 spades", "top three ♤")
add(L(Cash(S, cards=(c("SA"), c("SK"))), Discard(cards=(r(None, H),))),
    "I'll cash the AK of spades throwing a heart", "cash ♠AK, throwing a heart")
# "then" ends a discard's cards, and a rank after it is the next card (session 43)
add(L(Cash(H, cards=(c("HA"),)), Discard(cards=(c("C2"),)), PlayCard(c("DJ"))),
    "cash the ♥A discarding the ♣2, then the ♦J", "cash HA, throwing C2, then DJ")
add(L(PlayCard(c("HA")), PlayCard(c("HK")), Discard(cards=(c("S5", DUMMY),)), PlayCard(c("DJ")), Concede()),
    "I play the HA-K discarding dummy's S5, then the DJ, and you get one trick")
# a discard said as the verb goes on after "then" (session 44): the three is discarded too,
# where "cash the ♥A discarding the ♣2, then the ♦J" (a participle) plays the jack
add(L(Discard(cards=(c("C2"),)), Discard(cards=(c("C3"),))), "discard the ♣2 then the ♣3",
    "throw the ♣2 and then the ♣3", "pitch C2, then C3", "discard the two of clubs, then the three of clubs")
# a rank alone after the discard's "then" is the next card discarded (the suit found when bound)
add(L(Discard(cards=(c("C2"),)), Discard(cards=(r(3),))), "discard the ♣2 then the 3", "pitch the ♣2, then the 3")
add(L(Discard(cards=(c("C2"),)), Discard(cards=(r(11),))), "discard the ♣2 then the jack")
add(L(Discard(cards=(r(None, C),)), Discard(cards=(r(11),))), "throw a club then the jack")
add(L(Discard(cards=(r(11),))), "discard the jack", "throw the jack")
add(L(Discard(cards=(r(None, C),)), Discard(cards=(r(None, H),))), "discard a club then a heart",
    "throw a club, then a heart")
add(L(Discard(cards=(r(None, C),), hand=DUMMY), Discard(cards=(r(None, H),) * 2, hand=DUMMY)),
    "discard a club from dummy, then two hearts")
add(L(Discard(cards=(c("C2"),)), Cash(D, cards=(c("DJ"),))), "discard the ♣2, then cash the ♦J")
add(L(PlayCard(r(10)), PlayCard(r(8))), "play the 10, then the 8", "play the ten then the eight")
add(L(PlayCard(r(14)), PlayCard(r(13))), "play the ace, then the king")
add(L(PlayCard(c("HA")), PlayCard(c("HK")), PlayCard(c("HQ"))), "the AKQ of hearts", "AKQ of hearts",
    "the HA-K-Q", "♥A-K-Q")
add(L(Cash(H, cards=(c("HA"), c("HK")))), "cash ♥A-K", "cash the HA-K", "cash ♡A-K")
add(L(Concede(card=c("HK"))), "all mine except the ♥K", "all mine except HK", "all but the K♥",
    "all mine except the ♡K", "the rest except the king of hearts")

REJECTED: list[tuple[str, list[str]]] = [
    ("take the spade finest", ["finest", "column 16", "did you mean 'finesse'"]),
    ("cash the", ["stops too early", "a suit"]),
    ("cash the. Then draw trumps", ["stops too early", "'cash'", "a suit"]),
    ("draw", ["stops too early", "'trumps'"]),
    ("ruff a heart in", ["stops too early", "a hand"]),
    ("xyzzy", ["I do not know the word 'xyzzy'", "column 1"]),
    ("cash the clubs with gusto", ["gusto", "column 21"]),
    ("if spades", ["stops too early"]),
    ("cash the clbus", ["clbus", "did you mean 'clubs'"]),
    ("play the 12", ["not a rank"]),
    ("squeeze West in the", ["stops too early", "a suit"]),
    ("finesse against", ["stops too early", "a card"]),
    ("draw trumps ruff a", ["stops too early", "a suit"]),
    ("concede to", ["stops too early", "a card"]),
    ("otherwise finesse", ["'otherwise'", "column 1"]),
    ("discard on the clubs", ["'on'", "column 9"]),
    ("run the", ["stops too early"]),
    ("drw trumps", ["drw", "did you mean 'draw'"]),
    ("cash the spudz", ["spudz", "did you mean 'spade'"]),
    # two bare numbers: cards said without their suit or a verb, not two counts of tricks
    ("all my trumps are good: the 10, then the 8, then the 2",
     ["10 is read as a number of tricks beside cards said by their rank", "column 29", "a verb (play the 10)"]),
    ("ten tricks, 9", ["a second number of tricks (9) after 10", "column 13"]),
    ("all mine unless", ["stops too early after 'unless' (column 10)", "'trumps'"]),
    # "if" with a hand and a card needs "has" (a card's place) or "shows out"
    ("if East the king, all mine", ["column 13", "'shows out'"]),
    ("cash the hearts ending in dummy", ["follows no drawing of trumps", "column 17"]),
    # "twice" repeats a finesse only (it is no count of ruffs)
    ("ruff a heart twice", ["'twice'", "column 14"]),
    ("lead a club, then repeat it", ["'it'", "column 26"]),
    ("all mine unless trumps are", ["stops too early after 'trumps' (column 17)", "'break'"]),
    ("the rest unless trumps are 4-0 then cash the clubs", ["after 'unless' (column 10) only the event"]),
]
