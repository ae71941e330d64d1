"""Every relative link and picture in README.md and docs/*.md names a file of this repository."""

import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LINK = re.compile(r"\]\(([^)\s]+)\)")


def pages():
    docs = os.path.join(ROOT, "docs")
    return [os.path.join(ROOT, "README.md")] + sorted(
        os.path.join(docs, name) for name in os.listdir(docs) if name.endswith(".md")
    )


def test_every_relative_link_resolves_to_a_file_in_the_repository():
    bad = []
    for page in pages():
        with open(page, encoding="utf-8") as f:
            text = f.read()
        for target in LINK.findall(text):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue  # a web address, or a place on the same page
            path = os.path.normpath(os.path.join(os.path.dirname(page), target.split("#")[0]))
            inside = path == ROOT or path.startswith(ROOT + os.sep)
            if not inside or not os.path.exists(path):
                bad.append("%s: %s" % (os.path.relpath(page, ROOT), target))
    assert not bad, bad


def test_the_readme_starts_with_the_two_commands_and_stays_a_guide():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        text = f.read()
    first = text.split("```")[1]
    assert first.lstrip().startswith("make play") and "\nmake test" in first
    assert len(text.splitlines()) <= 250
    assert "/".join(("..", "shared")) not in text  # the developers' folder beside the clone: a user has none
