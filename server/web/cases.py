"""The director console's report of the cases for the federation (K14.3): every ruling,
penalty, walk-over and adjusted score of the event from the audit log, as a page to print
(A4, from the browser) and as ``cases.csv``. Linked from the rulings pages."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, render_template

from ..context import get_store
from ..errors import ok_body
from ..publish import cases
from .forms import wants_json
from .security import director_required

bp = Blueprint("cases", __name__, url_prefix="/director")


@bp.get("/cases")
@director_required
def report() -> Any:
    store = get_store()
    found = [case.wire() for case in cases.cases(store)]
    if wants_json():
        return jsonify(ok_body(cases=[{k: case[k] for k in cases.COLUMNS} for case in found]))
    return render_template("director_cases.html", cases=found, kinds=cases.KINDS,
                           name=store.setting("name", ""))


@bp.get("/cases.csv")
@director_required
def report_csv() -> Any:
    return Response(cases.csv_text(get_store()), mimetype="text/csv",
                    headers={"Content-Disposition":
                             f'attachment; filename="{cases.FILE_NAME}"'})
