"""Keeps the rules docs' traceability tables true (issue 16).

Every game's rules doc (`docs/rules/<game id>.md`) has a `## Traceability` section with one
Markdown table per rulebook: `| # | statement (our words) | find it | checked by | status |`.
This check reads the tables and, without running anything, holds them to their promise:

- every row names at least one test (`path/to/test_file.py::test_name` or
  `path/to/test_file.py::TestClass::test_name`, in backticks) or `decision N`;
- every row's status is `covered` (it names a test), `decision` (a decision and no test)
  or `untested`, as its `checked by` says, and no row is `untested` (issue 35);
- every named test file exists and defines that function (read with `ast`);
- every named decision is a numbered item `N. **…**` of the doc's decisions section;
- every `#` is unique in its doc;
- every registered game has its rules doc, and every rules doc its table.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from saqqara.core.registry import registered_games

ROOT = Path(__file__).resolve().parent.parent
RULES_DOCS = sorted(
    doc for doc in (ROOT / "docs" / "rules").glob("*.md") if doc.name != "mutation.md"
)
"""The games' rules docs: ``mutation.md`` beside them is the engines' mutation-testing report."""

TABLE_HEADER = ("#", "statement (our words)", "find it", "checked by", "status")
STATUSES = ("covered", "decision", "untested")
ROW_NUMBER = re.compile(r"[A-Z]+[0-9]+")
TEST_REFERENCE = re.compile(r"`(?P<path>[\w./-]+\.py)::(?P<name>\w+(?:::\w+)?)`")
DECISION_REFERENCE = re.compile(r"decision (?P<number>[0-9]+)")
RULEBOOK_HEADING = re.compile(r"Rulebook [0-9]{3} \(.+\)")
HEADING = re.compile(r"(?P<marks>#+) (?P<title>.*)")
DECISION_ITEM = re.compile(r"(?P<number>[0-9]+)\. \*\*")


@dataclass(frozen=True)
class NamedTest:
    """A test named in a table: its file (from the repository root) and its name."""

    path: str
    name: str


@dataclass(frozen=True)
class Row:
    """One row of a traceability table, with what its `checked by` cell names."""

    number: str
    statement: str
    find_it: str
    status: str
    tests: tuple[NamedTest, ...]
    decisions: tuple[int, ...]
    unreadable: tuple[str, ...]


def sections(text: str, level: str) -> dict[str, list[str]]:
    """The lines under each heading of `level` (`##` or `###`), keyed by the heading."""
    found: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in text.splitlines():
        heading = HEADING.match(line)
        if heading and heading["marks"] == level:
            current = found.setdefault(heading["title"].strip(), [])
        elif heading and len(heading["marks"]) < len(level):
            current = None
        elif current is not None:
            current.append(line)
    return found


def table_cells(line: str) -> list[str]:
    """The cells of one Markdown table line, stripped."""
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def read_row(cells: list[str]) -> Row:
    """A table row's cells read into a `Row`; unreadable references are kept apart."""
    number, statement, find_it, checked_by, status = cells
    tests: list[NamedTest] = []
    decisions: list[int] = []
    unreadable: list[str] = []
    for item in re.split(r"[;,]\s*", checked_by):
        if not item.strip():
            continue
        if test := TEST_REFERENCE.fullmatch(item.strip()):
            tests.append(NamedTest(test["path"], test["name"]))
        elif decision := DECISION_REFERENCE.fullmatch(item.strip()):
            decisions.append(int(decision["number"]))
        else:
            unreadable.append(item.strip())
    return Row(
        number, statement, find_it, status, tuple(tests), tuple(decisions), tuple(unreadable)
    )


def traceability_tables(text: str) -> dict[str, list[Row]]:
    """Each rulebook sub-section of `## Traceability` with the rows of its table."""
    traceability = sections(text, "##").get("Traceability", [])
    tables: dict[str, list[Row]] = {}
    for rulebook, lines in sections("\n".join(traceability), "###").items():
        table = [line for line in lines if line.strip().startswith("|")]
        if not table:
            continue
        assert tuple(table_cells(table[0])) == TABLE_HEADER, f"{rulebook}: header {table[0]}"
        rows = []
        for line in table[2:]:
            cells = table_cells(line)
            assert len(cells) == len(TABLE_HEADER), f"{rulebook}: not five cells: {line}"
            rows.append(read_row(cells))
        tables[rulebook] = rows
    return tables


def decision_numbers(text: str) -> set[int]:
    """The numbers of the items `N. **…**` in the doc's decisions section."""
    numbers: set[int] = set()
    for heading, lines in sections(text, "##").items():
        if heading.startswith("Decisions"):
            numbers |= {int(m["number"]) for line in lines if (m := DECISION_ITEM.match(line))}
    return numbers


@cache
def defined_tests(path: Path) -> frozenset[str]:
    """The test functions a file defines: `name` at module level, `Class::name` in classes."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.ClassDef):
            names |= {
                f"{node.name}::{item.name}"
                for item in node.body
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)
            }
    return frozenset(names)


def doc_rows(doc: Path) -> list[Row]:
    """Every row of every traceability table of a doc."""
    tables = traceability_tables(doc.read_text(encoding="utf-8"))
    return [row for rows in tables.values() for row in rows]


def doc_id(doc: Path) -> str:
    """A rules doc's game id, for test ids."""
    return doc.stem


def test_every_game_has_a_rules_doc() -> None:
    assert {doc.stem for doc in RULES_DOCS} >= set(registered_games())


@pytest.mark.parametrize("doc", RULES_DOCS, ids=doc_id)
def test_every_rules_doc_has_a_traceability_table(doc: Path) -> None:
    tables = traceability_tables(doc.read_text(encoding="utf-8"))
    assert any(tables.values()), f"{doc.name} has no '## Traceability' section with a table"


@pytest.mark.parametrize("doc", RULES_DOCS, ids=doc_id)
def test_every_table_sits_under_its_rulebook_heading(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    traceability = sections(text, "##").get("Traceability", [])
    before_first_rulebook = []
    for line in traceability:
        if line.startswith("### "):
            break
        before_first_rulebook.append(line)
    assert not any(line.strip().startswith("|") for line in before_first_rulebook), (
        f"{doc.name}: a table outside a '### Rulebook NNN (...)' sub-section"
    )
    for heading in traceability_tables(text):
        assert RULEBOOK_HEADING.fullmatch(heading), f"{doc.name}: heading '{heading}'"


@pytest.mark.parametrize("doc", RULES_DOCS, ids=doc_id)
def test_every_row_names_a_test_or_a_decision(doc: Path) -> None:
    for row in doc_rows(doc):
        assert row.tests or row.decisions, f"{doc.name} {row.number} names nothing"
        assert not row.unreadable, f"{doc.name} {row.number}: cannot read {row.unreadable}"
        assert row.statement and row.find_it, f"{doc.name} {row.number} has an empty cell"


@pytest.mark.parametrize("doc", RULES_DOCS, ids=doc_id)
def test_every_named_test_exists(doc: Path) -> None:
    for row in doc_rows(doc):
        for test in row.tests:
            path = ROOT / test.path
            assert path.is_file(), f"{doc.name} {row.number}: no file {test.path}"
            assert test.name.split("::")[-1].startswith("test"), (
                f"{doc.name} {row.number}: {test.name} is not a test"
            )
            assert test.name in defined_tests(path), (
                f"{doc.name} {row.number}: {test.path} defines no {test.name}"
            )


@pytest.mark.parametrize("doc", RULES_DOCS, ids=doc_id)
def test_every_named_decision_exists(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    numbers = decision_numbers(text)
    for row in doc_rows(doc):
        for decision in row.decisions:
            assert decision in numbers, f"{doc.name} {row.number}: no decision {decision}"


@pytest.mark.parametrize("doc", RULES_DOCS, ids=doc_id)
def test_row_numbers_are_unique_and_well_formed(doc: Path) -> None:
    numbers = [row.number for row in doc_rows(doc)]
    assert len(numbers) == len(set(numbers)), f"{doc.name}: a '#' appears twice"
    for number in numbers:
        assert ROW_NUMBER.fullmatch(number), f"{doc.name}: '#' {number} is not like A12"


SAMPLE_DOC = """\
## Decisions

1. **One.** Chosen.

## Traceability

### Rulebook 999 (Sample)

| # | statement (our words) | find it | checked by | status |
|---|---|---|---|---|
| S1 | A rule. | "words" | `tests/t.py::test_a`; decision 1 | covered |
| S2 | Another. | "more" | `tests/x.py::TestClass::test_y`, decision 7 | covered |
| S3 | Lost. | "lost" | the golden playthrough | untested |

## After
"""


def test_the_reader_finds_rows_and_references() -> None:
    rows = traceability_tables(SAMPLE_DOC)["Rulebook 999 (Sample)"]
    assert [row.number for row in rows] == ["S1", "S2", "S3"]
    assert rows[0].tests == (NamedTest("tests/t.py", "test_a"),)
    assert rows[0].decisions == (1,)
    assert rows[1].tests == (NamedTest("tests/x.py", "TestClass::test_y"),)
    assert rows[1].decisions == (7,)
    assert rows[2].tests == () and rows[2].decisions == ()
    assert rows[2].unreadable == ("the golden playthrough",)
    assert [row.status for row in rows] == ["covered", "covered", "untested"]
    assert decision_numbers(SAMPLE_DOC) == {1}


def test_the_reader_sees_which_tests_a_file_defines() -> None:
    names = defined_tests(Path(__file__))
    assert "test_the_reader_sees_which_tests_a_file_defines" in names
    assert "NamedTest::test_missing" not in names


@pytest.mark.parametrize("doc", RULES_DOCS, ids=doc_id)
def test_every_row_has_its_true_status_and_none_is_untested(doc: Path) -> None:
    for row in doc_rows(doc):
        assert row.status in STATUSES, f"{doc.name} {row.number}: status {row.status!r}"
        says = "covered" if row.tests else "decision" if row.decisions else "untested"
        assert row.status == says, f"{doc.name} {row.number} is {row.status!r}, names {says}"
        assert row.status != "untested", f"{doc.name} {row.number} is untested"
