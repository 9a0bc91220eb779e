"""The documentation site and the widget's front end, looked at in a real browser (headless Chromium).

Both tests are slow (``--runslow``) and need Debian's ``chromium`` and ``chromium-driver``,
selenium, and for the site a local MathJax (Debian's ``libjs-mathjax``): ``.ci/install-browser``
installs them all; without them the tests skip and say so.  Nothing is fetched from the
network: the pages are served from this checkout by a local HTTP server.

Screenshots, for a person to look at, go to ``build/screenshots/`` (ignored by git).

* The site is built with its notebooks executed (myst-nb, with the cache in
  ``docs/_build/.jupyter_cache``) into ``build/site``; on its pages every image and every
  inline SVG (boards, thermographs) must have loaded with a non-zero size, every piece of math
  must have been typeset by MathJax (no raw TeX, no MathJax error), and the browser console must
  hold no error.
* The widget in JupyterLab and in Notebook 7, with a real kernel (a local Jupyter server): it
  shows, and a move and an undo made with the mouse go to the kernel and back.
* The widget's ES module (``konane/_widget.js``) is loaded by a static page with a stand-in for
  anywidget's model (``get``/``set``/``on``/``off``/``save_changes``/``send``), filled with the
  state of a real :class:`konane.BoardWidget`.  Clicks and a drag in the page must send the
  right messages and set the right traits; the messages are handed to the Python widget and its
  new state is pushed back into the page, which must redraw (a round trip like Jupyter's).
"""

from __future__ import annotations

import functools
import http.server
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHOTS = ROOT / "build" / "screenshots"
INSTALL = "run .ci/install-browser"

pytestmark = pytest.mark.slow


def _binary(env: str, *names: str) -> str | None:
    if os.environ.get(env):
        return os.environ[env]
    for name in names:
        if shutil.which(name):
            return shutil.which(name)
    return None


@pytest.fixture(scope="module")
def browser():
    """A headless Chromium driven by selenium, console messages recorded."""
    if importlib.util.find_spec("selenium") is None:
        pytest.skip(f"selenium is not installed ({INSTALL})")
    chromium = _binary("KONANE_CHROMIUM", "chromium", "chromium-browser")
    driver_bin = _binary("KONANE_CHROMEDRIVER", "chromedriver")
    if chromium is None or driver_bin is None:
        pytest.skip(f"Debian's chromium and chromium-driver are not installed ({INSTALL})")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1280,900", "--hide-scrollbars"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=driver_bin), options=options)
    driver.set_page_load_timeout(60)
    SHOTS.mkdir(parents=True, exist_ok=True)
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def serve():
    """``serve(folder)``: the URL of a local HTTP server of that folder (stopped at the end)."""
    servers = []

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    def start(folder: Path) -> str:
        handler = functools.partial(Quiet, directory=str(folder))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}/"

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


def console_errors(driver) -> list[str]:
    return [e["message"] for e in driver.get_log("browser")
            if e["level"] == "SEVERE" and not any(i in e["message"] for i in IGNORED)]


def screenshot(driver, name: str) -> Path:
    """A screenshot of the whole page (up to 12000 pixels tall) in build/screenshots/."""
    height = driver.execute_script("return Math.min(document.documentElement.scrollHeight, 12000)")
    driver.set_window_size(1280, max(900, height))
    path = SHOTS / f"{name}.png"
    driver.save_screenshot(str(path))
    driver.set_window_size(1280, 900)
    return path


def wait_for(driver, script: str, timeout: float = 30.0):
    end = time.monotonic() + timeout
    while True:
        value = driver.execute_script(script)
        if value or time.monotonic() > end:
            return value
        time.sleep(0.2)


# ---------------------------------------------------------------- the documentation site

NEEDED = ("sphinx", "myst_nb", "numpydoc", "pydata_sphinx_theme", "ipykernel", "matplotlib")

# page -> what must be on it: at least this many pictures (images and inline SVG drawings:
# boards, thermographs, plots), and typeset math or not
PAGES = {
    "index.html": {"pictures": 0, "math": False},
    "notebook.html": {"pictures": 4, "math": True},     # the widget's static picture, values in LaTeX
    "_notebooks/01-tour.html": {"pictures": 4, "math": False},
    "_notebooks/02-ernst-1995.html": {"pictures": 4, "math": False},
    "_notebooks/06-families.html": {"pictures": 4, "math": True},      # closed forms in LaTeX
    "_notebooks/07-nimbers.html": {"pictures": 10, "math": False},
    "_notebooks/08-new-results.html": {"pictures": 4, "math": False},      # the four setups
    "analysis.html": {"pictures": 0, "math": False},
    "api/konane.values.html": {"pictures": 0, "math": False},
}

# the browser asks any site for /favicon.ico; this one has none (nor has the page asked for it)
IGNORED = ("/favicon.ico",)


@pytest.fixture(scope="module")
def site():
    """The site built with the notebooks executed, in build/site."""
    missing = [name for name in NEEDED if importlib.util.find_spec(name) is None]
    if missing:
        pytest.skip(f"not installed: {', '.join(missing)} (pip install -e '.[docs]')")
    sys.path.insert(0, str(ROOT / "docs"))
    try:
        from conf import local_mathjax
    finally:
        sys.path.remove(str(ROOT / "docs"))
    if local_mathjax() is None:
        pytest.skip(f"no local MathJax, the site would fetch it from the network ({INSTALL})")
    out = ROOT / "build" / "site"
    env = dict(os.environ, KONANE_DOCS_EXECUTE="cache", KONANE_PROGRESS="0")
    proc = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
                           str(ROOT / "docs"), str(out)],
                          capture_output=True, text=True, timeout=3600, cwd=ROOT, env=env)
    assert proc.returncode == 0, proc.stdout[-4000:] + "\n" + proc.stderr[-8000:]
    assert (out / "_static" / "mathjax" / "MathJax.js").is_file()
    return out


PAGE_REPORT = """
const main = document.querySelector("main") || document.body;
const imgs = [...main.querySelectorAll("img")].map((i) => ({
    src: i.getAttribute("src"), ok: i.complete && i.naturalWidth > 0,
    w: i.getBoundingClientRect().width, h: i.getBoundingClientRect().height}));
const svgs = [...main.querySelectorAll("svg")].filter((s) => !s.closest(".MathJax_CHTML, mjx-container")
    && !s.closest("button, .headerlink, nav, .fa, .copybtn") && s.querySelector("rect, polyline, circle"))
    .map((s) => ({w: s.getBoundingClientRect().width, h: s.getBoundingClientRect().height}));
const math = [...main.querySelectorAll(".math")];
return {
    imgs, svgs,
    math: math.length,
    typeset: main.querySelectorAll(".MathJax_CHTML").length,
    raw: math.filter((m) => /\\\\[(\\[]/.test(m.textContent) && !m.querySelector(".MathJax_CHTML"))
             .map((m) => m.textContent.slice(0, 80)),
    errors: [...main.querySelectorAll(".MathJax_Error, merror")].map((e) => e.textContent),
    rawLatex: (() => {        // TeX left as text outside code and MathJax's own script elements
        const copy = main.cloneNode(true);
        copy.querySelectorAll("pre, code, script").forEach((e) => e.remove());
        return /\\$\\\\displaystyle|\\\\begin\\{array\\}/.test(copy.textContent);
    })(),
    mathjax: typeof window.MathJax !== "undefined",
};
"""


def test_site_renders_in_a_browser(browser, serve, site):
    base = serve(site)
    problems = []
    for page, want in PAGES.items():
        browser.get_log("browser")                          # forget earlier pages' messages
        browser.get(base + page)
        if want["math"]:
            wait_for(browser, "return window.MathJax && MathJax.Hub && MathJax.Hub.queue.pending === 0"
                              " && MathJax.Hub.queue.running === 0")
            wait_for(browser, "return document.querySelectorAll('.math').length <= "
                              "document.querySelectorAll('.MathJax_CHTML').length")
        wait_for(browser, "return [...document.images].every((i) => i.complete)")
        report = browser.execute_script(PAGE_REPORT)
        shot = screenshot(browser, page.replace("/", "_").removesuffix(".html"))
        errors = console_errors(browser)
        bad_imgs = [i for i in report["imgs"] if not (i["ok"] and i["w"] > 0 and i["h"] > 0)]
        bad_svgs = [s for s in report["svgs"] if not (s["w"] > 0 and s["h"] > 0)]
        if errors:
            problems.append(f"{page}: console errors {errors}")
        if bad_imgs:
            problems.append(f"{page}: images not loaded or of no size {bad_imgs}")
        pictures = len(report["imgs"]) + len(report["svgs"])
        if bad_svgs or pictures < want["pictures"]:
            problems.append(f"{page}: {pictures} pictures (want {want['pictures']}), SVGs of no size: {bad_svgs}")
        if report["rawLatex"]:
            problems.append(f"{page}: LaTeX shown as text")
        if want["math"] and not report["math"]:
            problems.append(f"{page}: no math on the page")
        if report["math"] and (report["typeset"] < report["math"] or report["raw"] or report["errors"]):
            problems.append(f"{page}: math not typeset: {report['typeset']} of {report['math']} typeset, "
                            f"raw TeX {report['raw'][:3]}, errors {report['errors'][:3]}")
        assert shot.stat().st_size > 10_000, f"{shot} looks empty"
    assert not problems, "\n".join(problems)


# ---------------------------------------------------------------- the widget's front end

TEST_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>konane widget test page</title>
<link rel="stylesheet" href="_widget.css"><link rel="icon" href="data:,"></head>
<body style="margin: 16px">
<div id="root"></div>
<script type="module">
import widget from "./_widget.js";
// A stand-in for anywidget's model: traits in a dict, change events, messages recorded.
class FakeModel {
  constructor(state) { this.state = state; this.handlers = {}; this.sent = []; this.saved = 0; }
  get(name) { return this.state[name]; }
  set(name, value) {
    this.state[name] = value;
    for (const f of this.handlers[`change:${name}`] || []) f();
  }
  on(event, f) { (this.handlers[event] ||= []).push(f); }
  off(event, f) { this.handlers[event] = (this.handlers[event] || []).filter((g) => g !== f); }
  save_changes() { this.saved += 1; }
  send(content) { this.sent.push(content); }
}
const state = await (await fetch("state.json")).json();
window.model = new FakeModel(state);
widget.render({ model: window.model, el: document.getElementById("root") });
window.ready = true;
</script></body></html>
"""


def test_widget_front_end_in_a_browser(browser, serve, tmp_path):
    konane = pytest.importorskip("konane")
    pytest.importorskip("anywidget", reason="konane.BoardWidget needs anywidget (pip install '.[notebook]')")
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    w = konane.BoardWidget(".ox./o..x/....")
    shutil.copyfile(ROOT / "konane" / "_widget.js", tmp_path / "_widget.js")
    shutil.copyfile(ROOT / "konane" / "_widget.css", tmp_path / "_widget.css")
    (tmp_path / "index.html").write_text(TEST_PAGE, "utf-8")
    state = {k: v for k, v in w.get_state().items() if not k.startswith("_")}
    (tmp_path / "state.json").write_text(json.dumps(state), "utf-8")
    browser.get_log("browser")
    browser.get(serve(tmp_path) + "index.html")
    assert wait_for(browser, "return window.ready === true"), console_errors(browser)

    def cell(square):
        return browser.find_element(By.CSS_SELECTOR, f'[data-square="{square}"]')

    def sent():
        return browser.execute_script("const s = window.model.sent; window.model.sent = []; return s;")

    def deliver(messages):
        """Hand the page's messages to the Python widget, and its new state back to the page."""
        for message in messages:
            w._handle_custom_msg(message, [])
        new = {k: v for k, v in w.get_state().items() if not k.startswith("_")}
        browser.execute_script("for (const [k, v] of Object.entries(arguments[0])) window.model.set(k, v);", new)

    def contents():
        return browser.execute_script(
            "return Object.fromEntries([...document.querySelectorAll('[data-square]')]"
            ".map((g) => [g.dataset.square, g.dataset.content]));")

    # the picture drawn from the traits: 12 cells, 4 stones, 2 regions' colours, the value
    assert len(contents()) == 12 and sorted(contents().values()).count(".") == 8
    text = browser.find_element(By.CSS_SELECTOR, ".kw-side").text
    assert "±1" in text and "the first player wins" in text and "c3-a3" in text and "b3-d3" in text
    thermo = browser.find_element(By.CSS_SELECTOR, ".kw-thermograph svg")
    assert thermo.size["width"] > 100 and thermo.size["height"] > 100
    assert len(browser.find_elements(By.CSS_SELECTOR, ".kw-win-source")) == 2   # c3 and b3 ringed
    screenshot(browser, "widget-start")

    # play mode: a stone, then its landing cell -> a move message; the winning target is green
    cell("c3").click()
    assert len(browser.find_elements(By.CSS_SELECTOR, ".kw-target.kw-win")) == 1
    screenshot(browser, "widget-selected")
    cell("a3").click()
    messages = sent()
    assert messages == [{"event": "move", "move": "c3-a3"}]
    deliver(messages)
    assert contents()["a3"] == "x" and contents()["c3"] == "." and w.value_text == "1"
    assert "1" in browser.find_element(By.CSS_SELECTOR, ".kw-value-text").text

    # an illegal move: the Python side refuses it, the page shows why
    cell("a3").click()
    cell("c3").click()
    deliver(sent())
    error = browser.find_element(By.CSS_SELECTOR, ".kw-error")
    assert error.is_displayed() and "illegal move 'a3-c3'" in error.text
    screenshot(browser, "widget-illegal")

    # a drag plays a move too
    ActionChains(browser).click_and_hold(cell("a3")).move_to_element(cell("a1")).release().perform()
    assert sent() == [{"event": "move", "move": "a3-a1"}]

    # undo: a message, the board comes back
    browser.find_element(By.CSS_SELECTOR, "button.kw-undo").click()
    messages = sent()
    assert messages == [{"event": "undo"}]
    deliver(messages)
    assert contents()["c3"] == "x" and w.board == konane.Board(".ox./o..x/....")
    assert not browser.find_element(By.CSS_SELECTOR, "button.kw-undo").is_enabled()

    # edit mode: the button sets the trait; a click on a cell asks to cycle it
    browser.find_element(By.CSS_SELECTOR, "button.kw-edit").click()
    assert browser.execute_script("return [window.model.get('mode'), window.model.saved]") == ["edit", 1]
    w.set_state({"mode": "edit"})
    cell("b1").click()
    messages = sent()
    assert messages == [{"event": "cycle", "square": "b1"}]
    deliver(messages)
    assert contents()["b1"] == "x" and w.picture == ".ox./o..x/.x.."
    browser.find_element(By.CSS_SELECTOR, "label.kw-parity input").click()
    assert browser.execute_script("return window.model.get('keep_parity')") is True
    screenshot(browser, "widget-edit")
    assert console_errors(browser) == []


# ---------------------------------------------------------------- the widget in Jupyter itself

NOTEBOOK = {
    "cells": [{"cell_type": "code", "execution_count": None, "id": "board", "metadata": {}, "outputs": [],
               "source": "import konane\nw = konane.BoardWidget('.ox./o..x/....')\nw"}],
    "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
    "nbformat": 4, "nbformat_minor": 5,
}


@pytest.fixture(scope="module")
def jupyter_server(tmp_path_factory):
    """A Jupyter server (JupyterLab and Notebook 7 front ends) on a free port, with a notebook that
    shows a BoardWidget; its kernels import this checkout."""
    for name in ("jupyterlab", "notebook", "anywidget", "ipykernel"):
        if importlib.util.find_spec(name) is None:
            pytest.skip(f"not installed: {name} (pip install -e '.[notebook]')")
    import socket
    import urllib.request
    folder, private = tmp_path_factory.mktemp("jupyter"), tmp_path_factory.mktemp("jupyter-config")
    (folder / "board.ipynb").write_text(json.dumps(NOTEBOOK), "utf-8")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT)] + sys.path), KONANE_PROGRESS="0",
               JUPYTER_CONFIG_DIR=str(private / "config"), JUPYTER_RUNTIME_DIR=str(private / "runtime"))
    proc = subprocess.Popen(
        [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
         "--ServerApp.token=", "--ServerApp.password=", f"--ServerApp.root_dir={folder}", "--allow-root",
         "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"],
        cwd=folder, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}/"
    end = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(base + "api", timeout=2)
            break
        except OSError:
            if time.monotonic() > end or proc.poll() is not None:
                proc.terminate()
                pytest.fail("the Jupyter server did not start")
            time.sleep(0.5)
    yield base
    proc.terminate()
    proc.wait(timeout=30)


@pytest.mark.parametrize("front_end, path", [("jupyterlab", "lab/tree/board.ipynb"),
                                              ("notebook7", "notebooks/board.ipynb")])
def test_widget_in_jupyter(browser, jupyter_server, front_end, path):
    """The widget in a real front end and kernel: it shows, and a move and an undo go to the kernel
    and back."""
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    browser.get_log("browser")
    browser.get(jupyter_server + path)
    end = time.monotonic() + 90
    while not browser.find_elements(By.CSS_SELECTOR, ".konane-widget"):      # run the cell
        assert time.monotonic() < end, f"no widget in {front_end}"
        try:
            editors = browser.find_elements(By.CSS_SELECTOR, ".jp-Cell .cm-content")
            if editors and not browser.find_elements(By.CSS_SELECTOR, ".jp-OutputArea-output"):
                editors[0].click()
                ActionChains(browser).key_down(Keys.SHIFT).send_keys(Keys.ENTER).key_up(Keys.SHIFT).perform()
        except WebDriverException:          # the notebook was being drawn again
            pass
        time.sleep(2)

    def content(square):
        return browser.find_element(By.CSS_SELECTOR, f'[data-square="{square}"]').get_attribute("data-content")

    assert "±1" in browser.find_element(By.CSS_SELECTOR, ".kw-side").text
    browser.find_element(By.CSS_SELECTOR, '[data-square="c3"]').click()
    browser.find_element(By.CSS_SELECTOR, '[data-square="a3"]').click()
    assert wait_for(browser, "return document.querySelector('[data-square=\"a3\"]').dataset.content === 'x'")
    assert content("c3") == "." and "Black wins" in browser.find_element(By.CSS_SELECTOR, ".kw-side").text
    screenshot(browser, f"jupyter-{front_end}")
    browser.find_element(By.CSS_SELECTOR, "button.kw-undo").click()
    assert wait_for(browser, "return document.querySelector('[data-square=\"c3\"]').dataset.content === 'x'")
    ours = [e for e in console_errors(browser) if "anywidget" in e or "konane" in e.lower()]
    assert ours == []
