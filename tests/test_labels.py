"""Every metric has a label in words in every report language (issue 15 item 3), declared like its unit."""

import pytest
from arm_rows import CONFIGS, arm_rows

from cardodds.analysis import i18n
from cardodds.analysis.i18n import LANGUAGES
from cardodds.sim.experiment import load_arms
from cardodds.sim.registry import get_task


@pytest.mark.parametrize("config", CONFIGS, ids=[p.stem for p in CONFIGS])
def test_every_metric_of_every_arm_has_a_label_in_each_language(config):
    for exp, rows in arm_rows(config):
        for row in rows:
            for lang in LANGUAGES:
                label = exp.task.label_of(row["metric"], lang)
                assert label and "{" not in label and "<" not in label, (row["metric"], lang, label)
                with i18n.using(lang):
                    assert i18n.unit(exp.task.unit_of(row["metric"])), (row["metric"], lang)
                    assert i18n.title(exp.name, "") != "" or lang == "en", (exp.name, lang)


def test_patterns_fill_in_the_part_in_words():
    chan, tan, sam = get_task("chan.play"), get_task("tan.play"), get_task("sam.deal")
    assert tan.label_of("lose.by_trumps.3") == "loses, dealt 3 trumps"
    assert tan.label_of("lose.by_trumps.3", "vi") == "bị tấn khi được chia 3 lá chủ"
    assert chan.label_of("cuoc.tom", "vi") == "ván ù có cước Tôm"
    assert chan.label_of("cuoc.nha_lau_xe_hoi") == "win calls the cước Nhà lầu xe hơi hoa rơi cửa phật"
    assert sam.label_of("toi_trang.tu_quy_2", "vi") == "bài tới trắng tứ quý 2"
    assert sam.label_of("toi_trang.any", "vi") == "bài vừa chia là tới trắng"  # its own entry before the pattern
    assert tan.label_of("lose.strategy.basic@1,3") == "a seat playing basic@1,3 loses (strategy@seats)"


def test_a_metric_without_a_label_fails_loudly_naming_it():
    chan = get_task("chan.play")
    with pytest.raises(KeyError, match="task chan.play: no 'vi' label for metric 'points.by_strategy'"):
        chan.label_of("points.by_strategy", "vi")
    with pytest.raises(KeyError, match=r"no words for 'nosuch' in <cuoc> \(metric 'cuoc.nosuch'\)"):
        chan.label_of("cuoc.nosuch")
    with pytest.raises(KeyError, match="task chan.play: no labels in language 'fr'"):
        chan.label_of("win", "fr")


def test_the_report_says_everything_in_every_language():
    for lang in LANGUAGES:
        with i18n.using(lang):
            meta, heads = i18n.text("meta"), i18n.text("diff_head")
        with i18n.using("en"):
            assert set(meta) >= set(i18n.text("meta")) and len(heads) == len(i18n.text("diff_head")), lang
    with i18n.using("vi"):
        assert i18n.unit("per hand dealt k trumps") == "mỗi bài có k lá chủ"
        with pytest.raises(KeyError, match="no 'vi' words for the unit 'per fortnight'"):
            i18n.unit("per fortnight")
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        with i18n.using("fr"):
            pass


def test_every_translated_description_translates_the_configs_text():
    """A config whose description changed shows it in English until its translation is brought up to date here."""
    from cardodds.analysis.suite import read_suite

    suite = {config.stem for config, _ in read_suite()}
    for config in CONFIGS:
        exp = load_arms(config)[0]
        for lang in LANGUAGES[1:]:
            recorded = i18n.descriptions(lang).get(exp.name)
            assert recorded or config.stem not in suite, (config.stem, lang, "no translation of the description")
            if recorded:
                assert recorded[0] == i18n.fingerprint(exp.description), (config.stem, lang, "translation out of date")
                with i18n.using(lang):
                    assert i18n.description(exp.name, exp.description) == recorded[1]
                    assert i18n.description(exp.name, exp.description + " Changed.") == exp.description + " Changed."
