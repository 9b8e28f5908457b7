"""Every fact the rulebook states about the reconstructed board and components."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from saqqara.games.valley_of_the_kings.data import board, pharaoh_shape


def steps(a: str, b: str) -> int:
    brd = board()
    return brd.dist[brd.node(a)][brd.node(b)]


def test_fifteen_sites_small_or_large_and_areas_16_to_22() -> None:
    brd = board()
    assert [s.number for s in brd.sites] == list(range(1, 16))
    assert brd.area_numbers == tuple(range(16, 23))
    for site in brd.sites:
        assert (site.shape.levels, site.shape.stones) in ((2, 5), (3, 14))


def test_pyramid_sizes_5_14_30() -> None:
    brd = board()
    sizes = {s.shape.name: s.shape for s in brd.sites}
    assert sizes["small"].stones == 5
    assert sizes["small"].levels == 2
    assert sizes["large"].stones == 14
    assert sizes["large"].levels == 3
    assert pharaoh_shape().stones == 30 == brd.pharaoh_stones
    assert pharaoh_shape().levels == 4


def test_field_13_h_exists_and_fields_are_named_by_site_and_letter() -> None:
    brd = board()
    assert brd.node_names[brd.node("13-H")] == "13-H"
    assert brd.node_site[brd.node("13-H")] == 12


def test_one_step_from_16_to_field_15_b_and_to_area_17() -> None:
    assert steps("16", "15-B") == 1
    assert steps("16", "17") == 1


def test_one_step_from_16_to_8_c_through_coinciding_lines() -> None:
    brd = board()
    site8 = brd.sites[7]
    assert brd.area_numbers[site8.area] != 16  # site 8 lies in another area ...
    assert steps("16", "8-C") == 1  # ... yet its field C is one step from 16


def test_two_steps_from_6_c_to_area_16_or_area_20() -> None:
    assert steps("6-C", "16") == 2
    assert steps("6-C", "20") == 2


def test_steps_are_symmetric() -> None:
    brd = board()
    n = brd.num_nodes
    assert all(brd.dist[a][b] == brd.dist[b][a] for a in range(n) for b in range(n))


@pytest.mark.parametrize(("players", "sites"), [(4, 15), (3, 12), (2, 9)])
def test_suns_take_sites_out_of_play(players: int, sites: int) -> None:
    brd = board()
    in_play = brd.in_play(players)
    assert sum(in_play) == sites
    for site, used in zip(brd.sites, in_play, strict=True):
        if players == 3:
            assert used == (site.suns != 3)
        if players == 2:
            assert used == (site.suns < 2)


def test_165_stones_in_5_colours_including_those_the_rulebook_names() -> None:
    brd = board()
    assert len(brd.colours) == 5
    assert sum(c.count for c in brd.colours) == 165
    assert {"red", "grey", "black", "white"} <= {c.slug for c in brd.colours}


def test_pieces_per_player() -> None:
    brd = board()
    assert (brd.workers, brd.overseers, len(brd.bid_tiles), brd.scarabs) == (5, 2, 8, 8)


def test_bid_tiles_have_bluffs_and_the_cap_of_ten_binds() -> None:
    brd = board()
    assert brd.bid_tiles.count(0) >= 2
    assert brd.max_bid == 10
    assert max(brd.bid_tiles) <= 10
    ordered = sorted(brd.bid_tiles)
    assert ordered[-1] + ordered[-2] > 10  # the cap is a real limit


def test_score_table_order_and_striped_values() -> None:
    table = board().scores
    for size in ("small", "large"):
        row = table[size]
        assert row["single"] > row["layered"] > row["striped"] > row["mixed"] > 0
    assert table["small"]["striped"] == 2
    assert table["large"]["striped"] == 7
    for kind in ("single", "layered", "striped", "mixed"):
        assert table["large"][kind] > table["small"][kind]


def test_large_bottom_centre_is_the_hidden_stone() -> None:
    brd = board()
    large = next(s.shape for s in brd.sites if s.shape.name == "large")
    small = next(s.shape for s in brd.sites if s.shape.name == "small")
    assert large.positions[large.hidden] == (0, 1, 1)
    assert large.pos_text(large.hidden) == "1.5"
    assert small.hidden == -1


def test_the_data_files_are_read_as_utf8_whatever_the_locale() -> None:
    """The board's data files hold German words (in comments): they are read as UTF-8, so a
    process in the plain C locale, without Python's UTF-8 mode, loads the board too."""
    env = {
        **os.environ,
        "LC_ALL": "C",
        "LANG": "C",
        "PYTHONCOERCECLOCALE": "0",
        "PYTHONUTF8": "0",
        "PYTHONPATH": os.pathsep.join(sys.path),
    }
    code = (
        "import locale; from saqqara.games.valley_of_the_kings.data import board;"
        " print(locale.getpreferredencoding(False), len(board().sites))"
    )
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    encoding, sites = done.stdout.split()
    assert sites == "15"
    assert encoding.lower() not in ("utf-8", "utf8")  # the test means something
