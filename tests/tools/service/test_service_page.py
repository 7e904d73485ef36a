"""The page at ``/`` of ``newsml serve``, in a real headless browser, and its ``Diff`` route.

The browser tests drive Debian's ``chromium`` through ``chromedriver`` with
selenium against the session's real service process on loopback; they skip
with the reason when either is missing.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from support.cli import ARTICLE
from support.service import Server, shared_server, start_server, stop_server

from newsml_codecs import document, newsml

NEW_UUID = "11111111-2222-3333-4444-555555555555"
B2 = (
    '<element id="b2" type="body" format="html">Non-breaking  space, – dash, "quotes" '
    "&amp; 'apostrophes' &lt;tags&gt;.</element>"
)
TEXT = ARTICLE.read_text(encoding="utf-8")


def _three_edits(text: str) -> str:
    """A tag added, the subheadline edited, paragraph b2 moved after it."""
    edited = text.replace(
        '<link rel="creator"',
        f'<link rel="subject" title="Hockey" type="x-im/topic" uuid="{NEW_UUID}"/><link rel="creator"',
    )
    edited = edited.replace("Mellanrubrik</element>", "Ny mellanrubrik</element>")
    edited = edited.replace(B2 + "\n", "")
    return edited.replace('<list id="list1"', B2 + '<list id="list1"')


# --- the route and the files, over HTTP -----------------------------------------


def test_the_page_and_its_files_are_served_from_the_package() -> None:
    """GET / and its two files: 200 with their types; they name no file from elsewhere."""
    server = shared_server()
    page = httpx.get(server.base_url + "/")
    assert (200, "text/html; charset=utf-8") == (page.status_code, page.headers["content-type"])
    assert 'src="page.js"' in page.text and 'href="page.css"' in page.text
    assert "http" not in page.text.replace("http-equiv", "")  # no CDN, no outside URL
    for name, media in (("page.js", "text/javascript"), ("page.css", "text/css")):
        reply = httpx.get(f"{server.base_url}/{name}")
        assert (200, f"{media}; charset=utf-8") == (
            reply.status_code,
            reply.headers["content-type"],
        )
        assert "http" not in reply.text


def test_diff_route_answers_json() -> None:
    """POST Diff: NewsML against a document; the three edits come back as three differences."""
    server = shared_server()
    original = document.dump(newsml.loads(TEXT))
    reply = httpx.post(
        server.url("Diff"),
        json={"a": {"document": original}, "b": {"newsml": _three_edits(TEXT)}},
    )
    assert 200 == reply.status_code, reply.text
    kinds = [(d["kind"], d["event"]) for d in reply.json()["differences"]]
    assert [
        ("tag-added", "tag/add"),
        ("block-text-changed", "block/edit"),
        ("block-moved", "block/update"),
    ] == kinds
    same = httpx.post(server.url("Diff"), json={"a": {"newsml": TEXT}, "b": {"document": original}})
    assert {"differences": []} == same.json()


@pytest.mark.parametrize(
    ("request_body", "code", "argument"),
    [
        ({"a": {"newsml": TEXT}}, "invalid_argument", "b"),
        ({"a": {"newsml": "<newsItem"}, "b": {"newsml": TEXT}}, "invalid_argument", "a"),
        ({"a": {"newsml": TEXT}, "b": {"document": {"uuid": 5}}}, "invalid_argument", "b"),
        (
            {
                "a": {"newsml": TEXT},
                "b": {"newsml": (ARTICLE.parent / "kind-list.xml").read_text()},
            },
            "invalid_argument",
            "b",
        ),
    ],
    ids=["missing-side", "malformed-xml", "bad-document", "two-kinds"],
)
def test_diff_route_refuses_bad_input_with_400(
    request_body: dict[str, Any], code: str, argument: str
) -> None:
    """A side missing or unreadable, two kinds: 400 invalid_argument naming the side, never a 500."""
    reply = httpx.post(shared_server().url("Diff"), json=request_body)
    assert (400, code, argument) == (
        reply.status_code,
        reply.json()["code"],
        reply.json()["meta"]["argument"],
    )


def test_diff_route_is_json_only() -> None:
    """Diff has no protobuf messages: a protobuf request is a bad_route (404)."""
    reply = httpx.post(
        shared_server().url("Diff"), content=b"", headers={"content-type": "application/protobuf"}
    )
    assert (404, "bad_route") == (reply.status_code, reply.json()["code"])


def test_no_page_turns_the_page_off() -> None:
    """serve --no-page: GET / is a bad_route like any unknown path; the routes still answer."""
    server = start_server("--no-page")
    try:
        reply = httpx.get(server.base_url + "/")
        assert (404, "bad_route") == (reply.status_code, reply.json()["code"])
        diffed = httpx.post(server.url("Diff"), json={"a": {"newsml": TEXT}, "b": {"newsml": TEXT}})
        assert {"differences": []} == diffed.json()
    finally:
        stop_server(server)


# --- in a real browser -----------------------------------------------------------

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A headless Chromium driven by selenium (skipped with the reason when absent)."""
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed")
    if CHROMIUM is None or CHROMEDRIVER is None:
        pytest.skip("no browser: apt-get install -y chromium chromium-driver")
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in (
        "--headless",
        "--no-sandbox",  # needed as root; the page is ours and on loopback
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        f"--user-data-dir={tmp_path_factory.mktemp('chromium')}",
    ):
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
    driver.set_page_load_timeout(60)
    try:
        yield driver
    finally:
        driver.quit()


def _page(browser: Any, server: Server) -> Any:
    browser.get(server.base_url + "/")
    return browser


def _fill(browser: Any, element_id: str, text: str) -> None:
    # Typing 8 KB key by key is slow; set the value as a paste does.
    area = browser.find_element("id", element_id)
    browser.execute_script("arguments[0].value = arguments[1];", area, text)


def _wait_for_status(browser: Any, *wanted: str) -> str:
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(browser, 60).until(lambda b: b.find_element("id", "status").text in wanted)
    status: str = browser.find_element("id", "status").text
    return status


def test_browser_converts_newsml_and_shows_the_document(browser: Any) -> None:
    """NewsML pasted, Convert: the document pretty-printed, and no schema problem."""
    page = _page(browser, shared_server())
    _fill(page, "a", TEXT)
    page.find_element("id", "convert").click()
    assert "converted" == _wait_for_status(page, "converted", "failed")
    shown = json.loads(page.find_element("id", "converted").text)
    # the carrier holds the text as the page sent it: the item it loads is the text's
    assert newsml.loads(TEXT) == document.load(shown)
    assert document.dump(newsml.loads(TEXT), carriers=False) == document.dump(
        document.load(shown), carriers=False
    )
    assert '\n  "uuid": ' in page.find_element("id", "converted").text  # indented
    assert "The document is valid." == page.find_element("id", "valid").text


def test_browser_converts_a_document_and_lists_schema_problems(browser: Any) -> None:
    """A document with problems: each problem with its JSON path, and its NewsML pretty-printed."""
    page = _page(browser, shared_server())
    doc = document.dump(newsml.loads(TEXT))
    _fill(page, "a", json.dumps(doc))
    page.find_element("id", "convert").click()
    assert "converted" == _wait_for_status(page, "converted", "failed")
    xml = page.find_element("id", "converted").text
    assert xml.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<newsItem ')
    assert "\n  <itemMeta>" in xml
    assert newsml.equivalent(TEXT, xml)
    bad = dict(doc, uuid=5, links=[{"rel": 7}])
    _fill(page, "a", json.dumps(bad))
    page.find_element("id", "convert").click()
    _wait_for_status(page, "converted", "failed")
    problems = [item.text for item in page.find_elements("css selector", "#problems li")]
    assert problems, page.find_element("id", "error").text
    assert any("$.uuid" in problem for problem in problems), problems
    assert any("$.links[0]" in problem for problem in problems), problems


def test_browser_diffs_two_revisions(browser: Any) -> None:
    """Two revisions, Diff: exactly the three changes, in order, with their events."""
    page = _page(browser, shared_server())
    _fill(page, "a", TEXT)
    _fill(page, "b", _three_edits(TEXT))
    page.find_element("id", "diff").click()
    assert "compared" == _wait_for_status(page, "compared", "failed")
    items = page.find_elements("css selector", "#differences li")
    assert ["tag-added", "block-text-changed", "block-moved"] == [
        item.get_attribute("data-kind") for item in items
    ]
    assert "[tag/add]" in items[0].text
    assert "Mellanrubrik" in items[1].text and "Ny mellanrubrik" in items[1].text
    assert "3 difference(s)" == page.find_element("id", "same").text


def test_browser_shows_a_twirp_error(browser: Any) -> None:
    """Malformed NewsML: the service's error (code, message, line and column) on the page."""
    page = _page(browser, shared_server())
    _fill(page, "a", "<newsItem><itemMeta></newsItem>")
    page.find_element("id", "convert").click()
    assert "failed" == _wait_for_status(page, "converted", "failed")
    error = page.find_element("id", "error").text
    assert error.startswith("invalid_argument: ") and '"line"' in error, error


def test_browser_clears_earlier_results_after_a_failed_action(browser: Any) -> None:
    """A conversion, then a failed diff: the conversion's results are gone; and the other way round."""
    page = _page(browser, shared_server())
    _fill(page, "a", TEXT)
    _fill(page, "b", "")
    page.find_element("id", "convert").click()
    assert "converted" == _wait_for_status(page, "converted", "failed")
    assert "The document is valid." == page.find_element("id", "valid").text
    page.find_element("id", "diff").click()  # item B is empty: fails
    assert "failed" == _wait_for_status(page, "compared", "failed")
    shown = [page.find_element("id", name).text for name in ("converted", "valid", "same")]
    assert ["", "", ""] == shown
    assert [] == page.find_elements("css selector", "#problems li, #differences li")
    _fill(page, "b", _three_edits(TEXT))
    page.find_element("id", "diff").click()
    assert "compared" == _wait_for_status(page, "compared", "failed")
    _fill(page, "a", "<newsItem><itemMeta></newsItem>")
    page.find_element("id", "convert").click()
    assert "failed" == _wait_for_status(page, "converted", "failed")
    assert [] == page.find_elements("css selector", "#differences li")
    assert "" == page.find_element("id", "same").text


def test_browser_takes_a_dropped_file(browser: Any) -> None:
    """A file dropped on item A replaces its text; converting it then works."""
    page = _page(browser, shared_server())
    page.execute_script(
        """
        const transfer = new DataTransfer();
        transfer.items.add(new File([arguments[0]], "article.xml", {type: "text/xml"}));
        document.getElementById("a").dispatchEvent(
            new DragEvent("drop", {dataTransfer: transfer, bubbles: true, cancelable: true}));
        """,
        TEXT,
    )
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(page, 30).until(lambda b: b.find_element("id", "a").get_property("value"))
    assert TEXT == page.find_element("id", "a").get_property("value")
    page.find_element("id", "convert").click()
    assert "converted" == _wait_for_status(page, "converted", "failed")


def test_files_paths_exist() -> None:
    """The three page files are inside the package (a wheel carries them)."""
    import newsml_tools.service

    folder = Path(newsml_tools.service.__file__).parent / "page"
    assert {"index.html", "page.js", "page.css"} <= {p.name for p in folder.iterdir()}


def test_browser_converts_an_article_to_ninjs(browser: Any) -> None:
    """NewsML pasted, A to ninjs: the article as ninjs 3.0, pretty-printed, as ninjs.dump makes it."""
    from newsml_codecs import ninjs

    page = _page(browser, shared_server())
    _fill(page, "a", TEXT)
    page.find_element("id", "ninjs").click()
    assert "converted to ninjs" == _wait_for_status(page, "converted to ninjs", "failed")
    shown = page.find_element("id", "converted").text
    assert ninjs.dump(newsml.loads(TEXT)) == json.loads(shown)
    assert "Conversion: ninjs 3.0" == page.find_element("id", "converted-title").text
