"""A board's hand record as HTML: the four hands in the compass layout, with double-dummy
tricks and par below when known.

One renderer serves the results pages of the server and the static site of
``traveller export --format html``: a self-contained ``<section>`` with its own small style,
readable on a phone (the hands fit a 360 px screen, the table of tricks sits below them).
North is on top, West left, East right, South below, as printed hand records have it; the
board's number, dealer and vulnerability sit in the top-left corner; suits are symbols,
hearts and diamonds in red; a ten is "10", a void "—"; the honours are as the language names
them (Polish A K D W). The words come in English, Indonesian and Polish.
"""

from __future__ import annotations

from html import escape

from server.bridge.board import Board, Vulnerability
from server.bridge.seat import Seat
from server.formats.deals import DECLARERS, Deal

SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "NT": "NT"}
_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}

_WORDS: dict[str, tuple[str, str]] = {  # English: (Indonesian, Polish)
    "The hands": ("Kartu keempat pemain", "Rozkład kart"),
    "Board": ("Board", "Rozdanie"),
    "North": ("Utara", "Północ"),
    "East": ("Timur", "Wschód"),
    "South": ("Selatan", "Południe"),
    "West": ("Barat", "Zachód"),
    "Dealer": ("Dealer", "Rozdaje"),
    "Vulnerable": ("Rentan", "Po partii"),
    "None": ("Tidak ada", "Nikt"),
    "Both": ("Semua", "Obie"),
    "Double-dummy tricks": ("Trik double dummy", "Lewy w widne karty"),
    "Par": ("Par", "Par"),
    "NT": ("NT", "BA"),
    "Q": ("Q", "D"),
    "J": ("J", "W"),
}  # fmt: skip

STYLE = (
    ".hand{margin:1rem 0;max-width:30rem}.hand h2{font-size:1.1rem;margin:.2rem 0}"
    ".hand-grid{display:grid;grid-template-columns:1fr auto 1fr;grid-template-areas:"
    "'info n .' 'w c e' '. s .';gap:.4rem .6rem;align-items:center}"
    ".hand-info{grid-area:info;font-size:.8rem;line-height:1.3;align-self:start}"
    ".hand-seat{line-height:1.35;white-space:nowrap}"
    ".seat-N{grid-area:n}.seat-S{grid-area:s}.seat-W{grid-area:w}.seat-E{grid-area:e}"
    ".hand-name{font-size:.75rem;font-weight:700;text-transform:uppercase;color:#555}"
    ".hand-seat.vulnerable .hand-name{color:#c00}"
    ".hand-compass{grid-area:c;display:grid;grid-template-columns:repeat(3,1.2rem);"
    "grid-template-rows:repeat(3,1.2rem);border:1px solid #888;border-radius:4px;"
    "font-size:.75rem;text-align:center}.hand-compass span{line-height:1.2rem}"
    ".hand-compass .c-N{grid-area:1/2}.hand-compass .c-W{grid-area:2/1}"
    ".hand-compass .c-E{grid-area:2/3}.hand-compass .c-S{grid-area:3/2}"
    ".hand-compass .vulnerable{background:#c00;color:#fff}"
    ".hand-compass .dealer{font-weight:700;text-decoration:underline}"
    ".suit{display:inline-block;width:1.1em}.red{color:#c00}.cards{font-weight:600}"
    "table.dd{border-collapse:collapse;margin:.6rem 0 .2rem}"
    "table.dd th,table.dd td{padding:.1rem .5rem;border-bottom:1px solid #ccc;"
    "text-align:center}.hand .par{margin:.2rem 0}"
)  # fmt: skip


def words(lang: str) -> dict[str, str]:
    """The diagram's words in ``lang`` (``en``, ``id`` or ``pl``), keyed by their English."""
    index = {"id": 0, "pl": 1}.get(lang)
    return {key: key if index is None else pair[index] for key, pair in _WORDS.items()}


def cards_text(holding: str, w: dict[str, str]) -> str:
    """A suit's cards as a hand record prints them: ``"AQ1094"``, ``"—"`` for a void."""
    if not holding:
        return "—"
    return "".join("10" if r == "T" else w.get(r, r) for r in holding)


def _seat(deal: Deal, seat: str, board: Board, w: dict[str, str]) -> str:
    name = _NAMES[seat]
    vulnerable = board.vulnerability.is_vulnerable(Seat.parse(seat))
    lines = []
    for suit, holding in zip("SHDC", deal.hand(seat).split("."), strict=True):
        red = " red" if suit in "HD" else ""
        lines.append(f'<div class="hand-line"><span class="suit{red}">{SYMBOLS[suit]}</span>'
                     f'<span class="cards">{escape(cards_text(holding, w))}</span></div>')
    return (f'<div class="hand-seat seat-{seat}{" vulnerable" if vulnerable else ""}" '
            f'data-testid="hand-{seat}"><div class="hand-name">{escape(w[name])}</div>'
            + "".join(lines) + "</div>")  # fmt: skip


def _compass(board: Board) -> str:
    cells = []
    for seat in "NWES":
        classes = [f"c-{seat}"]
        if board.vulnerability.is_vulnerable(Seat.parse(seat)):
            classes.append("vulnerable")
        if board.dealer.value == seat:
            classes.append("dealer")
        cells.append(f'<span class="{" ".join(classes)}">{seat}</span>')
    return f'<div class="hand-compass" aria-hidden="true">{"".join(cells)}</div>'


def _vulnerability(value: Vulnerability, w: dict[str, str]) -> str:
    return {Vulnerability.NONE: w["None"], Vulnerability.BOTH: w["Both"]}.get(value, value.label)


def _analysis(deal: Deal, w: dict[str, str]) -> str:
    found = deal.analysis
    if found is None:
        return ""
    out = []
    table = found.table()
    if table:
        head = "".join(f"<th>{s}</th>" for s in DECLARERS)
        rows = []
        for strain, tricks in table:
            red = ' class="red"' if strain in ("H", "D") else ""
            label = w["NT"] if strain == "NT" else SYMBOLS[strain]
            rows.append(f'<tr data-strain="{strain}"><th{red}>{escape(label)}</th>'
                        + "".join(f"<td>{t}</td>" for t in tricks) + "</tr>")
        out.append(f'<table class="dd" data-testid="dd-tricks"><caption>'
                   f'{escape(w["Double-dummy tricks"])}</caption><thead><tr><th></th>{head}'
                   f'</tr></thead><tbody>{"".join(rows)}</tbody></table>')  # fmt: skip
    par = [text for text in (found.par_contract, found.par_text) if text]
    if par:
        out.append(f'<p class="par" data-testid="par">{escape(w["Par"])}: '
                   f'{escape(", ".join(par))}</p>')
    return "".join(out)


def diagram(deal: Deal, lang: str = "en") -> str:
    """The hand record of ``deal`` as one HTML ``<section>`` (its style included)."""
    w = words(lang)
    board = Board(deal.board)
    dealer = _NAMES[board.dealer.value]
    info = (f'<div class="hand-info">{escape(w["Board"])} {deal.board}<br>'
            f'{escape(w["Dealer"])}: {escape(w[dealer])}<br>'
            f'{escape(w["Vulnerable"])}: {escape(_vulnerability(board.vulnerability, w))}</div>')
    grid = "".join([info, _seat(deal, "N", board, w), _seat(deal, "W", board, w),
                    _compass(board), _seat(deal, "E", board, w), _seat(deal, "S", board, w)])
    return (f'<section class="hand" data-testid="hand" data-board="{deal.board}" '
            f'data-dealer="{board.dealer.value}" '
            f'data-vulnerability="{board.vulnerability.label}"><style>{STYLE}</style>'
            f'<h2>{escape(w["The hands"])}</h2><div class="hand-grid">{grid}</div>'
            f"{_analysis(deal, w)}</section>")  # fmt: skip
