"""Flask blueprints: the terminal's files, the director console (and the event's creation in it),
the results pages."""

from __future__ import annotations

from flask import Flask

from .cases import bp as cases_bp
from .competition import bp as competition_bp
from .create import bp as create_bp
from .director import bp as director_bp
from .forms import install_input_checks
from .i18n import install_i18n
from .pages import install_pages
from .players import bp as players_bp
from .results import bp as results_bp
from .rulings import bp as rulings_bp
from .security import install_csrf, install_headers
from .setup import bp as setup_bp
from .teams import bp as teams_bp
from .terminal import bp as terminal_bp


def register(app: Flask) -> None:
    install_input_checks(app)  # first: the CSRF check compares a token it has checked
    install_csrf(app)
    install_headers(app)
    install_i18n(app)
    install_pages(app)
    app.register_blueprint(create_bp)
    app.register_blueprint(terminal_bp)
    app.register_blueprint(director_bp)
    app.register_blueprint(rulings_bp)
    app.register_blueprint(cases_bp)
    app.register_blueprint(results_bp)
    app.register_blueprint(setup_bp)
    app.register_blueprint(players_bp)
    app.register_blueprint(teams_bp)
    app.register_blueprint(competition_bp)
