"""Positions the Écarté AI tests share: seeded matches between the easy and the random players."""
from cardkit import ecarte
from cardkit.cards import parse_card, parse_cards
from cardkit.ecarte import EcarteRules, new_game
from cardkit.ecarte.ai import cards_of, mask_of

C = parse_card
SPADES, HEARTS = 0, 1


def M(text):
    return mask_of(parse_cards(text))


def values(d):
    return {str(c): v for c, v in ((cards_of(1 << i)[0], v) for i, v in d.items())}


def games(n, rules):
    """Seeded matches between mixed players, yielding (state, seat) at every decision."""
    for g in range(n):
        s = new_game(rules, seed=500 + g)
        bots = [ecarte.computer_player("random", seed=g), ecarte.computer_player("easy", seed=g)] if g % 2 else \
               [ecarte.computer_player("easy", seed=g), ecarte.computer_player("random", seed=g)]
        while not s.is_over:
            yield s
            p = s.current_player
            s.apply(bots[p].choose(s.observation(p)))


def positions(n=12):
    out = []
    for g in range(n):
        s = new_game(EcarteRules.classic() if g % 2 else None, seed=900 + g)
        bots = [ecarte.computer_player("easy", seed=g), ecarte.computer_player("random", seed=g)]
        k = 0
        while not s.is_over and k < 40:
            p = s.current_player
            if len(s.observation(p).legal_actions) > 1:
                out.append(s.observation(p))
            s.apply(bots[p].choose(s.observation(p)))
            k += 1
    return out
