"""The AI's move in a session: what it plays, why, and what it flags.

No pygame here. One AI move plays the pending cell (or the AI's choice),
lifts a flag of the player's that stands in its way (after a warning), and
says why in the words of the step that proves it; with the AI-flags setting
on, it then flags every mine it knows.
"""

from __future__ import annotations

from dataclasses import replace

from sweeper import Decision, cell_name
from window.lesson import maker_of
from window.session import Outcome, Session
from words.model import decision_text, found_text, plural, zero_reason


def ai_move(session: Session) -> Outcome:
    """Play one AI move (the pending one after Think) and say why."""
    warning = flag_warning(session)
    if warning:
        return Outcome(warning)
    cell = session.ai.make_move()
    decision = session.ai.last_decision
    session.ledger.ai_played = True
    session.ledger.helped()
    if cell is not None:
        session.cursor = cell
        session.marks.discard(cell)
    session.changed()
    if cell is None or decision is None:
        session.autoplay = False
        return Outcome("The AI finds no cell left to play.", played=True)
    why = reason(session, decision)
    lifted = ""
    if cell in session.game.flags:
        session.toggle_flag(cell)
        lifted = " (it lifted your flag there: your flags are not its knowledge)"
    session.flag_warned = None
    told = len(session.moments)
    result = session.deal_and_reveal(cell)
    if isinstance(result, str):
        session.autoplay = False
        return Outcome(result)
    session.play(result, cell, "AI")
    outcome = session.ending.removeprefix("AI: ")
    flagged = flag_known_mines(session)
    session.ending = f"AI: {why}{lifted}. {outcome}{flagged}"
    if len(session.moments) > told:  # the move's whole words, and its flags, are that moment's
        flags = frozenset(session.game.flags)
        session.moments[-1] = replace(session.moments[-1], flags=flags, said=session.ending)
    return Outcome(session.ending, played=True)


def reason(session: Session, decision: Decision) -> str:
    """Return why the AI plays a decision's cell, with the numbers involved."""
    if decision.proof is not None:
        steps = session.ai.steps
        proof = steps[decision.proof]
        if proof.rule == "zero":
            made = maker_of(steps, decision.proof)
            why = zero_reason(proof, None if made is None else steps[made])
            return f"{decision_text(decision)}, because {why}" if why else decision_text(decision)
        if proof.rule == "enumeration":  # its count and its counter are the step box's (V's)
            return f"{decision_text(decision)}, because exact counting proves {found_text(proof)}"
    return decision_text(decision)


def flag_warning(session: Session) -> str:
    """Return a warning, the first time the AI's next cell carries the player's flag."""
    decision = session.ai.choose()  # a looking call: the AI is left as it was
    if decision is None or decision.cell not in session.game.flags:
        return ""
    if session.flag_warned == decision.cell:
        return ""  # said once already: this time the AI lifts the flag and plays
    session.flag_warned = decision.cell
    session.autoplay = False
    name = cell_name(decision.cell)
    return (
        f"The AI would play {name}, which you flagged ({reason(session, decision)}). "
        f"A again lifts your flag and plays {name}; or take the flag off yourself."
    )


def flag_known_mines(session: Session) -> str:
    """With the AI-flags setting on, flag every mine the AI knows; return what it did."""
    if not session.settings.ai_flags or session.game.is_over():
        return ""
    new = sorted(session.ai.mines - session.game.flags)
    for cell in new:
        session.toggle_flag(cell)
        session.marks.discard(cell)
    if not new:
        return ""
    names = ", ".join(cell_name(c) for c in new[:6]) + (", ..." if len(new) > 6 else "")
    return f" It flagged {plural(len(new), 'mine')} it knows: {names}."
