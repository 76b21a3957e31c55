"""The statement vocabulary: one table of every word the grammar knows.

Each entry maps a *kind* (the grammar's terminal name) to the surface words that produce it;
the first word is the canonical spelling. The normaliser, the "did you mean" suggestions and
the documentation (docs/statements.md) all read this one table.
"""

from __future__ import annotations

# kind -> surface words (first = canonical). Value words of SUIT/HAND/NUM are decoded by the
# normaliser (see ``token_for``).
WORDS: dict[str, tuple[str, ...]] = {
    # verbs
    "DRAW": ("draw", "drawing", "draws", "drew", "drawn", "pull", "pulling", "pulls", "pulled",
             "extract", "extracting", "clear", "clearing"),
    "CASH": ("cash", "cashing", "cashes", "cashed"),
    "ESTABLISH": ("establish", "establishing", "establishes"),
    "RUN": ("run", "running", "runs", "ride", "riding"),
    "PLAY": ("play", "playing", "plays", "played"),
    "LEAD": ("lead", "leading", "leads", "led"),
    "RUFF": ("ruff", "ruffing", "ruffs", "ruffed"),
    "CROSSRUFF": ("crossruff", "crossruffing", "crossruffs", "crossruffed"),
    "FINESSE": ("finesse", "finessing", "finesses", "finessed"),
    "TAKE": ("take", "taking", "takes", "have", "having", "make", "making", "win", "winning",
             "get", "gets", "getting", "got"),
    "CONCEDE": ("concede", "conceding", "concedes", "conceded"),
    "GIVE": ("give", "giving", "gives"),
    "LOSE": ("lose", "losing", "loses"),
    "LOSER": ("loser", "losers"),
    "DUCK": ("duck", "ducking", "ducks"),
    "UNBLOCK": ("unblock", "unblocking", "unblocks"),
    "OVERTAKE": ("overtake", "overtaking", "overtakes"),
    "CROSS": ("cross", "crossing", "enter", "entering", "reach", "reaching", "back", "return",
              "returning", "come", "comes", "coming", "over"),
    # "go"/"goes": crossing ("go to dummy") and a discard said as placement ("the club goes
    # on the ♦A")
    "GO": ("go", "goes", "went", "gone", "disappear", "disappears", "vanish", "vanishes"),
    "DISCARD": ("discard", "discarding", "discards", "discarded", "pitch", "pitching", "pitches",
                "pitched", "shed", "shedding", "sheds", "dump", "dumping", "dumps", "dumped",
                "park", "parking", "parks", "parked", "ditch", "ditching", "ditches", "ditched",
                "sluff", "sluffing", "sluffs", "sluffed", "slough", "sloughing", "sloughs",
                "sloughed", "chuck", "chucking", "chucks", "chucked"),
    "THROW": ("throw", "throwing", "throws", "threw", "thrown"),
    "SQUEEZE": ("squeeze", "squeezing", "squeezes", "squeezed"),
    "ENDPLAY": ("endplay", "endplaying", "endplays", "endplayed"),
    "CLAIM": ("claim", "claiming", "claims", "claimed"),
    # "all winners except the ace of trumps", "all but one", "the rest bar a club"
    "EXCEPT": ("except", "excepting", "but", "bar", "barring"),
    # conditionals
    "IF": ("if",),
    # "then" orders the steps; it also ends a list of cards a discard takes ("cash the ♥A
    # discarding the ♣2, then the ♦J": the jack is played, not discarded)
    "THEN": ("then",),
    "OTHERWISE": ("otherwise", "else"),
    "DROP": ("drops", "drop", "dropping", "falls", "fall", "falling"),
    "BREAK": ("break", "breaks", "breaking", "split", "splits", "behave", "behaves"),
    "SHOWSOUT": ("showsout",),
    # "if the king is onside": where the card a finesse is taken against lies
    "ONSIDE": ("onside",),
    "OFFSIDE": ("offside",),
    "HAS": ("has",),
    # "if they are 3-2": the suit of the step before ("they" said of a split or a break; elsewhere
    # "they" is the opponents, YOU: normalize._they_of_a_suit)
    "THEY": ("theysuit",),
    # "cash the ace of trumps; if both follow, the rest are mine" (vocab.PHRASES)
    "BOTHFOLLOW": ("bothfollow",),
    # "take the heart finesse twice", "repeat the finesse", "finesse again"
    "AGAIN": ("again", "twice", "repeat", "repeating", "repeated"),
    "DOUBLE": ("double",),  # "take the double finesse in clubs": the finesse twice
    "WORKS": ("works", "work", "wins", "succeeds", "succeed", "holds"),
    # "drawing trumps ending in dummy": the hand that wins the last round
    "ENDING": ("ending", "finishing", "ends", "finish", "finishes"),
    # "a ruffing finesse" (vocab.PHRASES joins the two words: "ruffing" alone is a ruff)
    "RUFFINESSE": ("ruffingfinesse",),
    # small words that matter
    "LET": ("let", "letting"),
    "IT": ("it",),
    "TO": ("to", "towards", "toward"),
    "WITH": ("with", "using"),
    "ON": ("on", "onto", "upon"),
    "OF": ("of",),
    "FROM": ("from",),
    "IN": ("in", "into"),
    "AGAINST": ("against",),
    "AT": ("at",),
    "END": ("end",),
    "OFF": ("off",),
    "DOWN": ("down",),
    "OUT": ("out",),
    "ROUND": ("round", "rounds"),
    "TOP": ("top", "master", "masters"),
    # "on the long diamonds", "on dummy's established clubs": while that suit runs
    "LONG": ("long", "established", "length"),
    # "my heart loser goes on the third club": the round of the suit it goes on
    "ORD": ("second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
            "eleventh", "twelfth"),
    "SMALL": ("small", "low", "little", "spot", "x"),
    "LAST": ("last", "final"),
    "TRICK": ("tricks", "trick"),
    "MORE": ("more", "further"),
    "REST": ("rest", "remainder", "balance"),
    "ALL": ("all", "everything"),
    "MINE": ("mine", "ours"),
    "GOOD": ("good", "high", "winners", "winner", "established", "fine", "cold", "tops"),
    "FIRST": ("first",),
    "OUTSTANDING": ("outstanding", "remaining", "missing", "opponents", "defenders", "left"),
    "MY": ("my", "our", "his", "her"),  # "his", "her": a director writing of the claimer
    "YOU": ("you", "your", "yours", "they", "them", "their", "theirs"),
    "A": ("a", "an"),
    # things
    "TRUMP": ("trumps", "trump", "trumping", "trumped"),
    "SUIT": ("spades", "hearts", "diamonds", "clubs", "spade", "heart", "diamond", "club"),
    "SUITPAIR": ("minors", "majors"),
    "RANK": ("ace", "king", "queen", "jack", "knave"),
    "HAND": ("dummy", "hand", "partner", "north", "east", "south", "west", "board", "table",
             "pard"),
    "NUM": ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
            "eleven", "twelve", "thirteen", "deuce"),
}

# words dropped before parsing (after multi-word phrases are joined)
FILLER: frozenset[str] = frozenset((
    "i", "ill", "im", "ive", "id", "will", "shall", "would", "should", "can", "could", "going",
    "gonna", "and", "after", "that", "just", "the", "now", "also", "so", "simply",
    "please", "we", "us", "me", "is", "are", "be", "being", "was", "were", "am", "this", "these",
    "those", "up", "by", "next", "finally", "okay", "ok", "well", "both", "ways", "way", "for",
    "am", "do", "which", "what", "eventually", "afterwards", "afterward", "before", "here",
    "there", "right", "away", "need", "want", "try", "sure", "obviously", "clearly", "cards",
    "card", "suit", "lot", "honestly", "course", "as", "planned", "usual", "only", "followed",
    "lastly", "subsequently", "meanwhile", "thereafter", "immediately", "straight",
    "must", "may", "might", "let's", "lets", "it's", "its", "that's", "there's", "say", "guess",
    "think", "see", "look", "anyway", "hopefully", "naturally", "normally",
    "marked",  # "take the marked finesse": a finesse said is a finesse stated (Law 70E1)
    "still",  # "one trump still out"
    "once", "when",  # "once trumps are drawn, the rest are high"
))

SUIT_WORD_INDEX = {"spade": 0, "heart": 1, "diamond": 2, "club": 3}
HAND_WORD = {
    "dummy": "dummy", "board": "dummy", "table": "dummy", "hand": "hand", "partner": "partner",
    "pard": "partner", "north": "N", "east": "E", "south": "S", "west": "W",
}
RANK_WORD = {"ace": 14, "king": 13, "queen": 12, "jack": 11, "knave": 11}
NUM_WORD = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "deuce": 2,
}

# multi-word phrases joined (or rewritten) before lookup: words -> replacement words
PHRASES: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (("cross", "ruff"), ("crossruff",)),
    (("ruffing", "finesse"), ("ruffingfinesse",)),
    (("both", "follow"), ("bothfollow",)),
    (("they", "both", "follow"), ("bothfollow",)),
    (("both", "opponents", "follow"), ("bothfollow",)),
    (("but", "i"), ("i",)),  # "there's a trump out but I have the rest"
    (("as", "long", "as"), ("if",)),  # "the rest are mine as long as trumps are 3-2"
    # "drawing the last trump on the way": drawn along the way, as said
    (("trump", "on", "the", "way"), ("trump",)),
    (("trumps", "on", "the", "way"), ("trumps",)),
    (("to", "get", "to"), ("in",)),  # "ruff a diamond to get to hand": the ruff in that hand
    # "take the spade finesse, if it works all mine": the finesse is the line
    (("if", "it", "works"), ()),
    (("if", "it", "wins"), ()),
    (("if", "that", "works"), ()),
    (("provided", "that"), ("if",)),
    (("provided",), ("if",)),
    (("providing",), ("if",)),
    # the order or a finesse said not to matter: nothing stated (Laws 70E1, 70E2 apply anyway)
    (("in", "the", "right", "order"), ()),
    (("in", "any", "order"), ()),
    (("in", "whatever", "order"), ()),
    (("no", "need", "for", "a", "finesse"), ()),
    (("no", "need", "for", "the", "finesse"), ()),
    (("no", "need", "to", "finesse"), ()),
    (("no", "finesse", "needed"), ()),
    (("without", "a", "finesse"), ()),
    (("without", "finessing"), ()),
    (("on", "side"), ("onside",)),
    (("off", "side"), ("offside",)),
    (("is", "right"), ("works",)),
    (("ending", "up"), ("ending",)),
    (("finishing", "up"), ("ending",)),
    (("cross", "ruffing"), ("crossruff",)),
    (("shows", "out"), ("showsout",)),
    (("show", "out"), ("showsout",)),
    (("showing", "out"), ("showsout",)),
    (("showed", "out"), ("showsout",)),
    (("if", "not"), ("otherwise",)),
    (("if", "that", "fails"), ("otherwise",)),
    (("if", "it", "fails"), ("otherwise",)),
    # ("doesn't" reaches the phrases as "doesn": the normaliser drops a contraction's tail)
    (("if", "it", "doesn", "work"), ("otherwise",)),
    (("if", "it", "doesn"), ("otherwise",)),
    (("if", "it", "does", "not", "work"), ("otherwise",)),
    (("if", "it", "does", "not"), ("otherwise",)),
    (("if", "it", "loses"), ("otherwise",)),
    (("if", "it", "is", "wrong"), ("otherwise",)),
    (("failing", "that"), ("otherwise",)),
    (("but", "if"), ("if",)),  # "but" is otherwise "except" ("all but one")
    (("but", "otherwise"), ("otherwise",)),
    (("but", "then"), ()),
    (("that's", "it"), ()),
    (("knock", "out"), ("concede",)),  # "knock out the ace of trumps": lose a trick to it
    (("knocking", "out"), ("concede",)),
    (("drive", "out"), ("concede",)),
    (("driving", "out"), ("concede",)),
    (("knock", "it", "out"), ()),  # "..., knock it out": the card was named before
    (("knocking", "it", "out"), ()),
    (("going", "to"), ()),
    (("want", "to"), ()),
    (("need", "to"), ()),
    (("have", "to"), ()),
    (("get", "rid", "of"), ("discard",)),
    (("getting", "rid", "of"), ("discard",)),
    (("got", "rid", "of"), ("discard",)),
    (("gets", "rid", "of"), ("discard",)),
    (("apart", "from"), ("except",)),
    (("other", "than"), ("except",)),
    (("with", "the", "exception", "of"), ("except",)),
    (("in", "the", "end"), ("at", "end")),
    (("at", "the", "very", "end"), ("at", "end")),
    (("at", "the", "death"), ("at", "end")),
    (("come", "down"), ("drops",)),
    (("comes", "down"), ("drops",)),
    (("no", "trump"), ("notrump",)),
    (("end", "play"), ("endplay",)),
    (("un", "block"), ("unblock",)),
    (("over", "take"), ("overtake",)),
    # said of a step ("the heart finesse if needed"): the step is stated; binding drops a step
    # that is no longer possible (the card dropped), so the condition needs no step of its own
    (("if", "needed"), ()),
    (("if", "necessary"), ()),
    (("if", "required"), ()),
    (("if", "need", "be"), ()),
    (("as", "needed"), ()),
    (("where", "necessary"), ()),
    (("when", "needed"), ()),
    (("when", "necessary"), ()),
    # the claim holds however the cards lie: said, it adds no step
    (("on", "any", "lie"), ()),
    (("on", "any", "distribution"), ()),
    (("on", "any", "split"), ()),
    (("on", "any", "break"), ()),
    (("whatever", "happens"), ()),
    (("whatever", "the", "split"), ()),
    (("whatever", "the", "break"), ()),
    (("regardless", "of", "the", "split"), ()),
    (("regardless", "of", "the", "break"), ()),
    (("regardless",), ()),
    (("hold", "up"), ("duck",)),
    (("holding", "up"), ("duck",)),
    (("set", "up"), ("establish",)),
    (("setting", "up"), ("establish",)),
    (("sets", "up"), ("establish",)),
    # the claim holds whatever they lead back
    (("whatever", "they", "return"), ()),
    (("whatever", "they", "lead"), ()),
    (("whatever", "is", "returned"), ()),
    (("whatever", "comes", "back"), ()),
    (("win", "any", "return"), ()),
    (("win", "the", "return"), ()),
    (("winning", "the", "return"), ()),
    (("on", "any", "return"), ()),
    (("any", "return"), ()),
    # "win the heart return": he wins what they lead back (no line)
    *((((w, "the", s, "return"), ()) for w in ("win", "winning") for s in ("spade", "heart", "diamond", "club"))),
    # "ruff the spade return": the spade they lead back
    (("spade", "return"), ("spade",)),
    (("heart", "return"), ("heart",)),
    (("diamond", "return"), ("diamond",)),
    (("club", "return"), ("club",)),
    (("with", "trumps", "drawn"), ("trumps", "drawn")),
    # "score my trumps separately": a crossruff
    (("score", "my", "trumps", "separately"), ("crossruff",)),
    (("scoring", "my", "trumps", "separately"), ("crossruff",)),
    (("score", "the", "trumps", "separately"), ("crossruff",)),
    (("scoring", "the", "trumps", "separately"), ("crossruff",)),
    (("trumps", "separately"), ("crossruff",)),
    # "making my contract", "contract made": the claim, no line
    (("making", "my", "contract"), ("claim",)),
    (("making", "the", "contract"), ("claim",)),
    (("making", "contract"), ("claim",)),
    (("contract", "made"), ("claim",)),
    (("just", "making"), ("claim",)),
)

# per kind: how an error message names it
HUMAN: dict[str, str] = {
    "IFSIDE": "'if'",
    "SUIT": "a suit (spades, hearts, diamonds, clubs)",
    "SUITPAIR": "'the minors' or 'the majors'",
    "RANK": "a rank (ace, king, queen, jack)",
    "NUM": "a number",
    "CARD": "a card (e.g. ♠A, SA, ace of spades)",
    "HAND": "a hand (dummy, hand, partner, North, East, South, West)",
    "TRUMP": "'trumps'",
    "POSS": "'s",
    "DASH": "'-' (as in 3-3)",
    "$END": "the end of the statement",
    "SHOWSOUT": "'shows out'",
}

# kinds listed first (in this order) when an error lists what was expected
HUMAN_ORDER = ("CARD", "SUIT", "TRUMP", "HAND", "RANK", "NUM")


def human(kind: str) -> str:
    if kind in HUMAN:
        return HUMAN[kind]
    words = WORDS.get(kind)
    return f"'{words[0]}'" if words else kind.lower()


def _build_lookup() -> dict[str, str]:
    table: dict[str, str] = {}
    for kind, words in WORDS.items():
        for w in words:
            table.setdefault(w, kind)
    return table


LOOKUP: dict[str, str] = _build_lookup()


def all_words() -> list[str]:
    """Every word the statement language knows (for suggestions), fillers included."""
    seen = set(LOOKUP) | set(FILLER)
    for words, _ in PHRASES:
        seen.update(words)
    return sorted(seen)


def words_of(kinds) -> list[str]:
    out: list[str] = []
    for k in kinds:
        out.extend(WORDS.get(k, ()))
    return out
