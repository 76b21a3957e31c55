"""The director's page in a real browser: Debian's chromium, headless, driven by Selenium
through chromium-driver (``.ci/run`` installs both with apt-get). The server runs as
``claimsolver serve`` in a child process, as a director would start it.

These tests fail (never skip) when the browser is missing: the message says how to install it.
Screenshots go to a temporary folder; with ``CLAIMSOLVER_SCREENSHOTS=DIR`` they are written
to DIR (``docs/`` holds two taken this way).
"""

from __future__ import annotations

import base64
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
INSTALL = "apt-get update && apt-get install -y chromium chromium-driver"

pytestmark = pytest.mark.browser

# A 7-trick claim: South (declarer, 4♥) claims all 7; West still has the ♥3 and East the ♣K.
HANDS = {"N": "SA SK S2 DK D3 D2 CQ", "E": "SQ SJ DQ DJ DT CK CJ",
         "S": "HA HK HQ H2 DA CA C2", "W": "ST S9 S8 H3 D9 C4 C3"}
CLAIM = {"deal": "N:AK2..K32.Q QJ..QJT.KJ .AKQ2.A.A2 T98.3.9.43", "trump": "H", "declarer": "S", "leader": "S",
         "claimer": "S", "claimed": 7, "contract": "4H", "vulnerable": "None",
         "tricks_won": {"declarer": 3, "defenders": 3}}
STATEMENT = "draw trumps, then the ace of diamonds and the ace of clubs"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server():
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    proc = subprocess.Popen(
        [sys.executable, "-c", "from claimsolver.cli import main; main()", "serve", "--port", str(port),
         "--workers", "1", "--time-limit", "10"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 240  # a cold numba cache compiles the kernels first (about a minute)
    while True:
        try:
            with urllib.request.urlopen(url + "/api/health", timeout=2) as r:
                if json.load(r)["status"] == "ok":
                    break
        except OSError:
            pass
        if proc.poll() is not None or time.time() > deadline:
            proc.kill()
            pytest.fail(f"claimsolver serve did not start:\n{proc.stdout.read()}")
        time.sleep(0.3)
    yield url
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    assert os.path.exists(CHROMIUM) and os.path.exists(DRIVER), (
        f"the browser tests need Debian's chromium and chromium-driver: {INSTALL}")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for a in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
              "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
              f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}", "--window-size=1440,1300",
              "--lang=en-GB"):
        opts.add_argument(a)
    drv = webdriver.Chrome(service=Service(DRIVER), options=opts)
    drv.set_page_load_timeout(60)
    yield drv
    drv.quit()


@pytest.fixture(scope="module")
def shots(tmp_path_factory) -> Path:
    d = os.environ.get("CLAIMSOLVER_SCREENSHOTS")
    p = Path(d) if d else tmp_path_factory.mktemp("screenshots")
    p.mkdir(parents=True, exist_ok=True)
    return p


def wait(drv, cond, timeout=15, what="the page"):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(drv, timeout).until(cond, message=f"waiting for {what}")


def by_id(drv, i):
    from selenium.webdriver.common.by import By

    return drv.find_element(By.ID, i)


def select(drv, i, value):
    from selenium.webdriver.support.ui import Select

    Select(by_id(drv, i)).select_by_value(value)


def load_claim_json(drv, server: str) -> None:
    """Open the page and load CLAIM through its claim JSON tab."""
    drv.get(server + "/")
    by_id(drv, "tabbtn-json").click()
    by_id(drv, "json-text").send_keys(json.dumps(CLAIM))
    by_id(drv, "json-load").click()
    wait(drv, lambda d: by_id(d, "tricks-left").text == "7 trick(s) left", what="the position check")


def expected_ruling(claim: dict) -> dict:
    from claimsolver.claim import Claim
    from claimsolver.ruling import adjudicate

    return adjudicate(Claim.from_dict(claim)).to_json()


def test_click_a_claim_type_a_statement_step_and_read_the_award(server, browser, shots):
    from selenium.webdriver.common.by import By

    drv = browser
    drv.get(server + "/")
    wait(drv, lambda d: "worker" in by_id(d, "health").text, what="the health line")
    # the position, by clicking the 28 cards into the four hands
    for seat, cards in HANDS.items():
        drv.find_element(By.CSS_SELECTOR, f'input[name="target"][value="{seat}"]').click()
        for c in cards.split():
            by_id(drv, "card-" + c).click()
    assert by_id(drv, "f-deal").get_attribute("value") == CLAIM["deal"]
    assert "North 7 · East 7 · South 7 · West 7" in by_id(drv, "picker-counts").text
    select(drv, "f-trump", "H")
    for f in ("declarer", "leader", "claimer"):
        select(drv, "f-" + f, "S")
    for i, v in (("f-claimed", "7"), ("f-contract", "4H"), ("f-tw-declarer", "3"), ("f-tw-defenders", "3")):
        by_id(drv, i).send_keys(v)
    wait(drv, lambda d: by_id(d, "tricks-left").text == "7 trick(s) left", what="the position check")

    # the statement: a typo is marked at the word while typing, then echoed as understood
    st = by_id(drv, "f-statement")
    st.send_keys("draw trumps and frobnicate")
    bad = wait(drv, lambda d: d.find_elements(By.ID, "statement-bad"), what="the error mark")[0]
    assert bad.text == "frobnicate"
    assert "I do not know the word 'frobnicate'" in by_id(drv, "statement-echo").text
    drv.save_screenshot(str(shots / "statement-error.png"))
    st.clear()
    st.send_keys(STATEMENT)
    wait(drv, lambda d: "Understood:" in by_id(d, "statement-echo").text and "South" in by_id(d, "statement-echo").text,
         what="the statement echo")
    echo = by_id(drv, "statement-echo").text
    assert "draw trumps" in echo and not drv.find_elements(By.ID, "statement-bad")

    # the ruling, drawn in under a second with warm kernels
    t0 = time.perf_counter()
    by_id(drv, "rule").click()
    wait(drv, lambda d: d.find_elements(By.ID, "award-tricks"), what="the award")
    elapsed = time.perf_counter() - t0
    want = expected_ruling({**CLAIM, "statement": STATEMENT})
    assert by_id(drv, "award-tricks").text == f"{want['tricks']} tricks to North-South"
    assert f"claimed 7: {'upheld' if want['upheld'] else 'not upheld'}" in by_id(drv, "award-claim").text
    assert want["result"] in by_id(drv, "award-result").text
    ms = int(by_id(drv, "status").text.split("ruled in ")[1].split(" ms")[0])
    assert ms < 1000 and elapsed < 1.5, (ms, elapsed)
    reasons = drv.find_elements(By.CSS_SELECTOR, "ul.reasons li")
    assert [r.find_element(By.CSS_SELECTOR, ".law").text for r in reasons] == [x["law"] for x in want["reasons"]]

    # step through the worst line: each trick's cards appear in the centre and leave the hands
    n = len(want["line"])
    assert by_id(drv, "step-label").text == "The claim: South to lead"
    for k, trick in enumerate(want["line"], 1):
        by_id(drv, "step-fwd").click()
        assert by_id(drv, "step-label").text.startswith(f"Trick {k} of {n}")
        centre = sorted(e.get_attribute("data-card") for e in drv.find_elements(By.CSS_SELECTOR, "#centre .pc"))
        assert centre == sorted(trick["cards"])
        leaving = sorted(e.get_attribute("data-card") for e in drv.find_elements(By.CSS_SELECTOR, ".hand .c.gone"))
        assert leaving == sorted(trick["cards"])
        if k == 4:
            time.sleep(0.5)  # the cards' animation
            drv.save_screenshot(str(shots / "ruling-step.png"))
    assert by_id(drv, "step-fwd").get_attribute("disabled")
    assert not drv.find_elements(By.CSS_SELECTOR, ".hand .c:not(.gone)")  # every card played
    by_id(drv, "step-back").click()
    assert by_id(drv, "step-label").text.startswith(f"Trick {n - 1} of {n}")
    by_id(drv, "step-first").click()
    assert by_id(drv, "step-label").text == "The claim: South to lead"
    assert len(drv.find_elements(By.CSS_SELECTOR, ".hand .c")) == 28

    # the committee report: the print stylesheet shows the ruling alone, on one A4 page
    from selenium.webdriver.common.print_page_options import PrintOptions

    a4 = PrintOptions()
    a4.page_width, a4.page_height = 21.0, 29.7
    pdf = base64.b64decode(drv.print_page(a4))
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 1
    drv.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    size = drv.get_window_size()
    try:
        assert not by_id(drv, "input").is_displayed()
        assert by_id(drv, "report-head").is_displayed() and "Committee report" in by_id(drv, "report-head").text
        drv.set_window_size(820, 1180)  # about an A4 page at 96 dpi
        time.sleep(0.3)
        drv.save_screenshot(str(shots / "report-print.png"))
    finally:
        drv.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
        drv.set_window_size(size["width"], size["height"])


def test_field_errors_shown_next_to_the_field(server, browser):
    from selenium.webdriver.common.by import By

    drv = browser
    drv.get(server + "/")
    box = lambda f: drv.find_element(By.CSS_SELECTOR, f'[data-err="{f}"]')  # noqa: E731
    by_id(drv, "tabbtn-json").click()
    for bad, errors in (
        ({**CLAIM, "claimed": 9, "contract": "4S", "aware": ["ZZ"]},
         {"claimed": "9 tricks claimed but 7 remain", "contract": "4S is not played in H (trump)",
          "aware": "'ZZ' is neither a card (e.g. SJ) nor \"trumps\""}),
        ({**CLAIM, "shown_out": {"W": "H"}}, {"shown_out": "West showed out of H but holds H3"}),
        ({**CLAIM, "trick": ["H3"]}, {"trick": None}),
    ):
        text = by_id(drv, "json-text")
        text.clear()
        text.send_keys(json.dumps(bad))
        by_id(drv, "json-load").click()
        by_id(drv, "rule").click()
        wait(drv, lambda d: "not ruled" in by_id(d, "status").text or "errors" in by_id(d, "status").text,
             what="the refusal")
        for field, message in errors.items():
            wait(drv, lambda d: box(field).text, what=f"the {field} error")
            if message is not None:
                assert box(field).text == message
        invalid = [e.get_attribute("id") for e in drv.find_elements(By.CSS_SELECTOR, ".invalid")]
        assert any(i.startswith(tuple("f-" + f for f in errors)) or i.startswith("f-so") for i in invalid), invalid
        assert not drv.find_elements(By.ID, "award-tricks")


def test_pasted_record_gives_its_claims(server, browser):
    drv = browser
    drv.get(server + "/")
    by_id(drv, "tabbtn-record").click()
    text = (ROOT / "tests" / "data" / "vugraph" / "360-36000.lin").read_text()
    drv.execute_script("document.getElementById('record-text').value = arguments[0];", text)
    by_id(drv, "record-read").click()
    wait(drv, lambda d: len(d.find_elements("css selector", "#record-claims option")) == 5, what="the claims")
    assert by_id(drv, "f-deal").get_attribute("value") == "N:9.4.5.9 T..T74. .Q7..JT .T9.98."
    select(drv, "record-claims", "2")  # board 4 open room: 1NTX by W, W claims 7 (an over-claim)
    wait(drv, lambda d: by_id(d, "f-contract").get_attribute("value") == "1NTX", what="board 4")
    by_id(drv, "rule").click()
    wait(drv, lambda d: d.find_elements("id", "award-tricks"), what="the award")
    # (1 until session 21; his count now sets up one suit rather than two: docs/calibration.md)
    assert by_id(drv, "award-tricks").text == "2 tricks to East-West"


def test_ruling_fields_of_the_extended_model_are_drawn(server, browser, shots):
    """``forgotten``, ``laws`` and ``sensitivity`` (the ruling model's extension) are drawn as
    tables when a ruling carries them; fields the page does not know are still shown."""
    from selenium.webdriver.common.by import By

    drv = browser
    load_claim_json(drv, server)
    ruling = expected_ruling(CLAIM)
    ruling.update(
        forgotten=[{"card": "H3", "why": "an outstanding trump the claimer did not mention"}],
        laws=["70A", "70C"],
        trumps_known="with 3 trumps still out it is not at all likely he was unaware that trumps remain",
        sensitivity={"settings": [{"regulation": "acbl", "player_class": "club", "awareness": "strict", "tricks": 5},
                                  {"regulation": "ebu", "player_class": "expert", "awareness": "evidence", "tricks": 6}],
                     "lifted": [{"careless": "ruff low", "tricks": 6}]},
        committee_note="a field the page has never heard of")
    drv.execute_script("state.ruling = arguments[0]; state.ruled = arguments[1]; state.step = 0; drawRuling();",
                       ruling, CLAIM)
    tables = [by_id(drv, "sensitivity").find_element(By.CSS_SELECTOR, f'[data-key="{k}"] table') for k in ("settings", "lifted")]
    def rows(table):
        head = [th.text for th in table.find_elements(By.TAG_NAME, "th")]
        return [dict(zip(head, (td.text for td in tr.find_elements(By.TAG_NAME, "td"))))
                for tr in table.find_elements(By.CSS_SELECTOR, "tbody tr")]

    # (Selenium hands the object over with its keys sorted: compare by column name)
    assert rows(tables[0]) == [{"regulation": "acbl", "player class": "club", "awareness": "strict", "tricks": "5"},
                               {"regulation": "ebu", "player class": "expert", "awareness": "evidence", "tricks": "6"}]
    assert rows(tables[1]) == [{"careless": "ruff low", "tricks": "6"}]
    assert by_id(drv, "laws").text == "70A, 70C"
    details = by_id(drv, "details").text
    assert "an outstanding trump the claimer did not mention" in details
    assert "a field the page has never heard of" in details
    assert by_id(drv, "trumps-known").text.startswith("with 3 trumps still out")
    assert "Law 70C does not apply" in details
    drv.execute_script("document.getElementById('trumps-known').scrollIntoView()")
    drv.save_screenshot(str(shots / "trumps-known.png"))


def test_the_claimers_own_words_are_echoed_as_understood(server, browser, shots):
    """What the claimer said, typed as he said it: the echo names the trump he says is out
    (a statement about it, Law 70C1) and reads "then" as the next play."""
    drv = browser
    load_claim_json(drv, server)
    st = by_id(drv, "f-statement")
    st.clear()
    st.send_keys("there's one trump out, then the ace of diamonds and the ace of clubs")
    wait(drv, lambda d: "a trump is out (West's ♥3)" in by_id(d, "statement-echo").text, what="the statement echo")
    echo = by_id(drv, "statement-echo").text
    assert "♦A" in echo and "♣A" in echo, echo
    drv.save_screenshot(str(shots / "statement-trump-out.png"))
