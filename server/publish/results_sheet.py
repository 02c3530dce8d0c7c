"""A competition's printed results sheet: every stage begun, then the final places.

Each stage prints its groups' standings (places, VP with the VP kept from an earlier stage, or
percentages), the Butler ranking a league keeps (D4.1, D5.2: each team's pairs by IMPs a board
against the datum; League II's also over all its groups together, with what it holds), its
knock-out matches with their carry-over, IMPs and winner (never VP),
and once the competition is over the final places with promotion and relegation. The sheet's
own words are in the paper's language; the stages' names as the regulation gives them.
"""

from __future__ import annotations

from printer.document import Document
from printer.results import plain_sheet

from ..competition.model import ButlerLine
from ..stages.view import current
from ..store import Store
from ..texts import N_, translate

BUTLER = N_("Butler ranking (D4.1, D5.2)")
BUTLER_COMBINED = N_("Butler ranking over all groups (D5.2)")
HOLDS = N_("%(groups)s of %(of)s groups, up to match %(round)s of %(rounds)s")


def competition_sheet(store: Store, now_ms: int, lang: str = "en") -> list[Document]:
    """The results sheet of a competition event as it stands."""
    view = current(store, now_ms).view
    names = {e.id: e.name for e in view.entries}
    parts: list[tuple[str, list[str]]] = []
    for stage in view.stages:
        if stage.progress is None:
            continue
        for group in stage.progress.groups:
            title = f"{stage.spec.name} {group.name}".strip()
            if group.standings:
                lines = []
                for s in group.standings:
                    score = (f"{s.percent:.2f}%" if s.percent is not None
                             else f"{s.vp:g} VP" if s.vp is not None else "")
                    kept = (" " + translate(N_("(kept %(vp)s)"), lang, vp=f"{s.carried_vp:g}")
                            if s.carried_vp else "")
                    lines.append(f"{s.shown:>2} {names.get(s.entry, s.entry)}  "
                                 f"{score}{kept}")
                parts.append((title, lines))
            if group.butler:
                parts.append((f"{title}: {translate(BUTLER, lang)}",
                              [_butler(b, names) for b in group.butler]))
        combined = stage.progress.butler_combined
        if combined is not None and combined.lines:
            holds = translate(HOLDS, lang, groups=combined.groups, of=combined.of,
                              round=combined.up_to_round, rounds=combined.rounds)
            group_of = {e: g.name for g in stage.progress.groups for e in g.entries}
            parts.append((f"{stage.spec.name}: {translate(BUTLER_COMBINED, lang)} ({holds})",
                          [_butler(b, names, group_of.get(b.entry, ""))
                           for b in combined.lines]))
        if stage.progress.matches:
            lines = []
            for m in stage.progress.matches:
                carry = (f" c/o {m.carry_over.imps:g} {m.carry_over.rule}" if m.carry_over
                         else "")
                extra = f" +{m.extra_boards}" if m.extra_boards else ""
                won = f" -> {names.get(m.winner, m.winner)}" if m.winner else ""
                lines.append(f"{m.id} {names.get(m.home, m.home)} v "
                             f"{names.get(m.away, m.away)} {m.imps[0]:g}-{m.imps[1]:g}"
                             f"{extra}{carry}{won}")
            parts.append((stage.spec.name, lines))
    if view.complete:
        parts.append((translate(N_("Final places"), lang), [
            f"{p.group + ' ' if p.group else ''}{p.shown:>2} {names.get(p.entry, p.entry)}"
            f"{' - ' + p.outcome if p.outcome else ''}" for p in view.final_places]))
    heading = translate(N_("Final places") if view.complete else N_("Standings so far"), lang)
    return [plain_sheet(view.spec.name, heading, parts)]


def _butler(b: ButlerLine, names: dict[int, str], group: str = "") -> str:
    where = f" {group}" if group else ""
    return (f"{b.place if b.place is not None else '-':>2} {names.get(b.entry, b.entry)} "
            f"{b.pair}{where}  {round(b.per_board, 2) + 0.0:+.2f} ({b.imps:g}/{b.boards})")
