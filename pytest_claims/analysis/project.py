"""The loaded project: the module index, a content digest per file, and facts loaded on first use.

Digests are taken eagerly (they key every cache and the report revision; a file whose stat data the snapshot
vouches for is not read again); facts lazily, each file at most
once per run, from the facts cache when its content was seen before. A claim walk therefore parses only the
files it reaches, and a warm run parses none. Platform-independent: `resolve.Resolver` evaluates it per target.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pytest_claims.analysis.bindtext import in_code, may_bind_in_class, may_store_attribute
from pytest_claims.analysis.extraction import extract_fresh, extract_many
from pytest_claims.analysis.index import Index, ModuleFile, build_index
from pytest_claims.analysis.ports import FactsSource, NoFacts, NoSnapshot, SnapshotSource
from pytest_claims.config import Config
from pytest_claims.files import stat_key
from pytest_claims.records import DirectiveError, FileFacts
from pytest_claims.sourcetext import mentions as may_mention
from pytest_claims.sourcetext import searchable


@dataclass(frozen=True, slots=True)
class Module:
    file: ModuleFile
    facts: FileFacts
    digest: str
    """sha256 of the file's bytes ("" for a namespace package)."""
    name: str = field(init=False)
    """The file's module name, kept here: resolution asks for it hundreds of thousands of times."""
    rel: str = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", self.file.name)
        object.__setattr__(self, "rel", self.file.rel)


def _problem(message: str) -> FileFacts:
    return FileFacts((), ((),), (), (), (), (), ((0, message),), 0)


_EMPTY = FileFacts((), ((),), (), (), (), (), (), 0)


_WORD = re.compile(rb"[^\W\d]\w*")
"""A word of source text: an identifier (ASCII or not), also inside strings and comments."""
_CAPITAL_WORD = re.compile(rb"[A-Z_]\w*")
"""A word that begins with a capital or `_`. Every whole-word occurrence of such a word is found: a match ends
where the word characters end, so none runs into the next word (a lower-case word's capitalised tail, `fooBar`'s
`Bar`, is found too: one module more to read, never one less)."""
_IDENTIFIER = re.compile(r"[^\W\d]\w*")
"""An identifier of decoded text, ASCII or not (`Modules.words_of` on a text that is not plain ASCII)."""


def text_words(data: bytes) -> frozenset[str] | None:
    """Every word a source text holds, as `Modules.holding` finds words (`Modules.words_of`); None when it cannot
    be read as Python reads it."""
    text = searchable(data)
    if text is None:
        return None
    found = {word.decode() for word in _WORD.findall(text.translate(_NOT_WORD))}
    if not text.isascii():
        found.update(_IDENTIFIER.findall(text.decode("utf-8", "replace")))
    return frozenset(found)


_NOT_WORD = bytes(c if 48 <= c <= 57 or 65 <= c <= 90 or 97 <= c <= 122 or c == 95 else 32 for c in range(256))
"""`bytes.translate` table making every byte that is no ASCII word character (a bytes pattern's `\\w`) a space."""


class Modules(Mapping[str, Module]):
    """Module name -> Module, parsing (or fetching from the cache) on first access only."""

    def __init__(self, index: Index, cache: FactsSource, snapshot: SnapshotSource | None = None) -> None:
        self._index = index
        self._cache = cache
        self._loaded: dict[str, Module] = {}
        self.digests: dict[str, str] = {}
        self.mentions: set[str] = set()
        """Modules whose text, as Python reads it, mentions `claims`: the only ones that can hold a directive under
        that name (the cheap pre-scan; `mentioning` finds the names it is re-exported under)."""
        self._pending: dict[str, bytes] = {}
        self._unreadable: dict[str, str] = {}
        self._texts: dict[str, bytes] | None = None
        self._runs: dict[str, bytes] | None = None
        self._words: dict[bytes, tuple[str, ...]] | None = None
        self._capitals: dict[bytes, tuple[str, ...]] | None = None
        self._in_classes: dict[str, set[str]] = {}
        self._class_texts: dict[str, bytes] = {}
        self._namings: dict[str, list[str]] = {}
        self._naming_words: dict[str, tuple[str, ...]] = {}
        self._renamings: dict[str, list[tuple[str, str]]] = {}
        snapshot = snapshot or NoSnapshot()
        paths = [str(file.path) for file in index.modules.values() if file.path is not None]
        unnamable = [(rel, location) for rel, location, _ in index.unnamable]
        vouched = snapshot.vouch([*paths, *(location for _, location in (*index.excluded, *unnamable))])
        for name in sorted(index.modules):
            file = index.modules[name]
            if file.path is None:
                self.digests[name] = ""
                continue
            try:
                self.digests[name], mentions, data = _digest(str(file.path), snapshot, vouched)
            except OSError as exc:
                self.digests[name] = ""
                self._unreadable[name] = f"cannot read: {exc.strerror or exc}"
                self.mentions.add(name)  # it may hold claims nobody can see: read_directives reports it
                continue
            if mentions:
                self.mentions.add(name)
                if data is not None:
                    self._pending[name] = data
        self.excluded_claims = tuple(rel for rel, _ in self._holding_directives(index.excluded, snapshot, vouched))
        """The files `exclude` left out that hold a claims directive (their claims are not checked)."""
        self.unnamable_claims = _unnamable_claims(index, self._holding_directives(unnamable, snapshot, vouched))
        """A refusal per claims directive in a file no import can name (its claims cannot be checked)."""

    def _holding_directives(
        self, files: Iterable[tuple[str, str]], snapshot: SnapshotSource, vouched: dict[str, tuple[str, bool]]
    ) -> list[tuple[str, FileFacts]]:
        """The (rel, path) files holding a directive, valid or not, with their facts: the pre-scan, then their
        facts (cached by content like any module's). An unreadable one is left out: it is no module of the
        project (excluded, or not importable), so it is not a problem."""
        holding: list[tuple[str, FileFacts]] = []
        for rel, location in files:
            try:
                digest, mentions, data = _digest(location, snapshot, vouched)
                facts = self._cache.get(digest) if mentions else None
                if mentions and facts is None:
                    facts = extract_fresh(data if data is not None else Path(location).read_bytes(), rel)
                    self._cache.put(digest, facts)
            except OSError:
                continue
            if facts is not None and facts.directives:
                holding.append((rel, facts))
        return holding

    def __getitem__(self, name: str) -> Module:
        module = self._loaded.get(name)
        if module is None:
            file = self._index.modules[name]
            facts = self._facts(name, file)  # first: a file that changed under us gets a new digest
            module = self._loaded[name] = Module(file, facts, self.digests[name])
        return module

    def preload(self, names: Iterable[str]) -> None:
        """Load many modules at once (the files holding directives): what the cache lacks is extracted in
        one batch, which `extract_many` spreads over helper processes when it is worth it."""
        batch: list[tuple[str, bytes]] = []
        for name in sorted(names):
            if name in self._loaded:
                continue
            file = self._index.modules[name]
            known = self._known(name, file)
            if isinstance(known, FileFacts):
                self._loaded[name] = Module(file, known, self.digests[name])
            else:
                batch.append((name, known))
        extracted = extract_many([(self._index.modules[name].rel, data) for name, data in batch])
        for (name, _), facts in zip(batch, extracted, strict=True):
            self._loaded[name] = Module(self._index.modules[name], self._store(name, facts), self.digests[name])

    def _facts(self, name: str, file: ModuleFile) -> FileFacts:
        known = self._known(name, file)
        if isinstance(known, FileFacts):
            return known
        return self._store(name, extract_fresh(known, file.rel))

    def _known(self, name: str, file: ModuleFile) -> FileFacts | bytes:
        """The module's facts when they need no parse (cached, unreadable, a namespace), else its bytes."""
        if name in self._unreadable:
            return _problem(self._unreadable[name])
        if file.path is None:
            return _EMPTY
        cached = self._cache.get(self.digests[name])
        if cached is not None:
            self._pending.pop(name, None)
            return cached
        data = self._pending.pop(name, None)
        if data is None:
            try:
                data = file.path.read_bytes()
            except OSError as exc:
                return _problem(f"cannot read: {exc.strerror or exc}")
            if hashlib.sha256(data).hexdigest() != self.digests[name]:
                # The file changed under us: keep the digest and the facts in agreement.
                self.digests[name] = hashlib.sha256(data).hexdigest()
        return data

    def _store(self, name: str, facts: FileFacts) -> FileFacts:
        self._cache.parsed += 1
        self._cache.put(self.digests[name], facts)
        return facts

    def mentioning(self, word: str) -> Sequence[str]:
        """Modules whose text may bind `word` in a class: every module whose classes bind it as a method, a
        class-body name or a field set on `self` is among them (`bindtext.may_bind_in_class`), so a question about
        the names the project's classes bind (method leads, protocol implementers, `__getattr__` hooks) parses
        only those. A word that is no ASCII identifier: the modules that mention it (`holding`)."""
        if not (word.isascii() and word.isidentifier()):
            return self.holding(word)
        return [name for name in self.holding(word) if self._class_may_bind(name, word)]

    def _class_may_bind(self, name: str, word: str) -> bool:
        """May the module's classes bind `word`? Exactly, from its facts, when this run has them (a whole run has
        most); else from its text (read once for the run; one that cannot be read again: yes)."""
        module = self._loaded.get(name)
        if module is not None:
            self._class_texts.pop(name, None)
            return word in self._class_names(name, module.facts)
        text = self._class_text(name)
        return text is None or may_bind_in_class(text, word.encode())

    def _class_names(self, name: str, facts: FileFacts) -> set[str]:
        """The names the module's classes bind: their methods, class-body names and fields (kept for the run)."""
        known = self._in_classes.get(name)
        if known is None:
            known = {member for cls in facts.classes for member, _ in cls.methods}
            known.update(b.name for cls in facts.classes for b in (*cls.attributes, *cls.fields))
            known.update(name for name, _ in facts.local_bound)
            self._in_classes[name] = known
        return known

    def _class_text(self, name: str) -> bytes | None:
        """The module's text as Python reads it (its bytes when they cannot be decoded), for `mentioning`: kept
        while the module is not loaded; None when it cannot be read."""
        text = self._class_texts.get(name)
        if text is None:
            data = self._pending.get(name) or self._read(name)
            if data is None:
                return None
            text = self._class_texts[name] = searchable(data) or data
        return text

    def source(self, name: str) -> bytes | None:
        """The module's bytes as its digest was taken (kept from the pre-scan, else read again), for a reading
        without its facts; None without a file, when unreadable, or when the file changed since its digest."""
        if self._index.modules[name].path is None or name in self._unreadable:
            return None
        data = self._pending.get(name)
        if data is None:
            data = self._read(name)
            if data is None or hashlib.sha256(data).hexdigest() != self.digests[name]:
                return None
        return data

    def file(self, name: str) -> ModuleFile:
        return self._index.modules[name]

    def _read(self, name: str) -> bytes | None:
        path = self._index.modules[name].path
        try:
            return path.read_bytes() if path is not None else None
        except OSError:
            return None

    def holding(self, word: str) -> Sequence[str]:
        """Modules whose source text holds `word` as a word: a class can only be subclassed, under any alias, by a
        module that names it (in its bases, or in the import that binds the alias), so the class hierarchy is
        searched there, and only those are parsed. The texts are read and indexed once per run: the words that
        begin with a capital or `_` (class names, mostly) apart, as that index is half the size and the cost."""
        if not word.isascii():  # the word patterns are ASCII on bytes: search such a name as Python reads the files
            needle = word.encode()
            return [name for name, data in self.texts().items() if needle in (searchable(data) or data)]
        capital = word[:1].isupper() or word[:1] == "_"
        index = self._capitals if capital else self._words
        if index is None:
            index = self._word_index(_CAPITAL_WORD if capital else _WORD)
            if capital:
                self._capitals = index
            else:
                self._words = index
            if self._words is not None and self._capitals is not None:
                self._runs = None  # both indexes made: nothing reads the runs again
        return index.get(word.encode(), ())

    def may_store(self, name: str, word: str) -> bool:
        """Could this module's code set `word` as an attribute of some object (`mod.word = v`, `del mod.word`,
        `setattr(mod, "word", v)`) or bind it through `global`? Text alone, a superset (`may_store_attribute`):
        True for a file it cannot read as Python would, and for a word that is not ASCII."""
        file = self._index.modules[name]
        if file.path is None or name in self._unreadable:
            return False
        data = self._pending.get(name) or self._read(name)
        text = searchable(data) if data is not None else None
        if text is None or not word.isascii():
            return True
        return may_store_attribute(text, word.encode())

    def may_bind(self, name: str, words: Collection[str]) -> bool:
        """Could this module's code bind one of `words` under another name (`vow = claims`, `from x import claims
        as vow`)? Only when a word stands where code can: False when every occurrence of every word is sure to be
        in a comment (`bindtext.in_code`). Text alone, a superset: True for a file it cannot read as Python would,
        and for a word it does not search as bytes."""
        file = self._index.modules[name]
        if file.path is None or name in self._unreadable:
            return False
        data = self._pending.get(name) or self._read(name)
        if data is None:
            return True
        text = searchable(data)
        if text is None or not all(word.isascii() for word in words):
            return True
        return any(in_code(text, word.encode()) for word in words)

    def naming(self, name: str) -> list[str]:
        """The modules whose text names a class called `name` under any name a subclass could write: its own, and
        every name some module binds it to (`from m import Base as Root`, `Root = m.Base`, a class attribute),
        found as the modules naming it are read, until no new name appears (`class Impl(Root)` names only the
        alias). A module read before one of its renames' names became a name of the class is read again for it:
        its text holds that name too (`from m import Later as Leaf`), so it is met again when that name's modules
        are. Facts and text alone, so one answer serves every target (kept for the run)."""
        known = self._namings.get(name)
        if known is not None:
            return known
        words = [name]
        found: set[str] = set()
        for word in words:  # grows while it is read
            for module_name in self.holding(word):
                found.add(module_name)
                for named, bound in self._renames(module_name):
                    if named in words and bound not in words:
                        words.append(bound)  # any binding of that name: more modules read, none missed
        known = self._namings[name] = sorted(found)
        self._naming_words[name] = tuple(words)
        return known

    def naming_words(self, name: str) -> tuple[str, ...]:
        """The names `naming(name)` searched the texts for: `name` and each name it found bound to it. A module
        whose text holds none of them is none of `naming`'s answer, so what was built on that answer stands
        until a changed module's text holds one (`words_of`)."""
        self.naming(name)
        return self._naming_words[name]

    def _renames(self, name: str) -> list[tuple[str, str]]:
        """(the name a binding takes, the name it binds) for each `from` import, alias and subscript (`Root =
        m.Base[int]`) of the module, at module level and in its classes' bodies, in order: all `naming` reads of a
        module (kept per module)."""
        facts = self[name].facts
        known = self._renamings.get(name)
        if known is None:
            known = self._renamings[name] = []
            for binding in (*facts.bindings, *(b for cls in facts.classes for b in cls.attributes)):
                if binding.kind == "from":
                    known.append((binding.member, binding.name))
                elif binding.kind == "alias" or binding.member == "[]":  # `Root = m.Base[int]` names Base too
                    known.append((binding.target.rpartition(".")[2], binding.name))
        return known

    def _word_index(self, pattern: re.Pattern[bytes]) -> dict[bytes, tuple[str, ...]]:
        """word -> the modules whose text, as Python reads it, holds it (`pattern` says which words count), found
        in each module's word runs (`_word_runs`). Tuples: the index is kept for the run, tens of thousands of
        entries, and a tuple is smaller than the list it was gathered in."""
        index: dict[bytes, list[str]] = {}
        for name, runs in self._word_runs().items():
            for found in set(pattern.findall(runs)):
                index.setdefault(found, []).append(name)
        return {word: tuple(names) for word, names in index.items()}

    def _word_runs(self) -> dict[str, bytes]:
        """module -> the distinct runs of ASCII word characters of its text, as Python reads it, one space between
        each: both patterns find the same words there as in the whole text (a match never spans two runs, and
        every run is there), in a fraction of the text. Made once per run, for both indexes; the texts are then
        dropped: the runs are all the search needs (a non-ASCII word, rarely asked for, reads them again)."""
        if self._runs is None:
            runs: dict[str, bytes] = {}
            for name, data in self.texts().items():
                text = searchable(data)  # as Python reads it: full-width `claims` is `claims`
                runs[name] = b" ".join(set((text if text is not None else data).translate(_NOT_WORD).split()))
            self._runs = runs
            self._texts = None
        return self._runs

    def mentions_word(self, name: str, word: str) -> bool:
        """Does this one module's text, as Python reads it, hold `word` as a word? (Reads only that file.)"""
        file = self._index.modules[name]
        if file.path is None or name in self._unreadable:
            return False
        try:
            data = file.path.read_bytes()
        except OSError:
            return False
        text = searchable(data)
        read = text if text is not None else data
        needle = word.encode()
        return needle in read if not word.isascii() else needle in _WORD.findall(read)

    def words_of(self, name: str) -> frozenset[str] | None:
        """Every word one module's text holds as `holding` finds words (ASCII ones in its word runs, any identifier
        of a text that is not plain ASCII), reading only that file: a superset of the words `holding` would find
        the module under. Empty for a module without a file (or gone); None when the text cannot be read as
        Python reads it (it may hold any word)."""
        file = self._index.modules.get(name)
        if file is None or file.path is None:
            return frozenset()
        data = self._read(name)
        return text_words(data) if data is not None else None

    def texts(self) -> dict[str, bytes]:
        """Every readable module's text, read on first need (for the hierarchy search) and kept for the run."""
        if self._texts is None:
            self._texts = {}
            for name in sorted(self._index.modules):
                file = self._index.modules[name]
                if file.path is None or name in self._unreadable:
                    continue
                try:
                    self._texts[name] = file.path.read_bytes()
                except OSError:
                    self._texts[name] = b""
        return self._texts

    def release(self) -> None:
        """Forget the loaded facts (a later access loads them again, from the cache or by a parse)."""
        self._loaded.clear()
        self._pending.clear()
        self._texts = self._runs = None
        self._words = self._capitals = None
        self._in_classes.clear()
        self._class_texts.clear()
        self._namings.clear()
        self._renamings.clear()

    def loaded(self) -> frozenset[str]:
        """The modules whose facts this run needed (the rest were only hashed)."""
        return frozenset(self._loaded)

    def is_loaded(self, name: str) -> bool:
        """Whether the module's facts are at hand (asking costs no parse)."""
        return name in self._loaded

    def __contains__(self, name: object) -> bool:
        return name in self._index.modules

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self._index.modules))

    def __len__(self) -> int:
        return len(self._index.modules)


def _unnamable_claims(index: Index, holding: list[tuple[str, FileFacts]]) -> tuple[DirectiveError, ...]:
    """A refusal at each `# claims:` comment and each decorator that reads as `@claims` (named so, or bound from
    `claims` in the file) of the files no import can name: the plugin never imports code, but it names every
    function by the import that reaches it, and none does, so what such a file claims is told, never dropped."""
    why = {rel: reason for rel, _, reason in index.unnamable}
    refused: list[DirectiveError] = []
    for rel, facts in holding:
        renamed = {b.name for b in facts.bindings if b.kind == "from" and b.member == "claims"}
        for directive in facts.directives:
            callee = directive.callee
            if directive.form == "comment" or callee.rpartition(".")[2] == "claims" or callee.split(".")[0] in renamed:
                message = f"claims in a file no import can name ({why[rel]}): not checked; rename the file or move them"
                refused.append(DirectiveError(rel, directive.line, message))
    return tuple(refused)


def _digest(
    location: str, snapshot: SnapshotSource, vouched: dict[str, tuple[str, bool]]
) -> tuple[str, bool, bytes | None]:
    """A file's digest, whether it may mention `claims` (the pre-scan, `sourcetext.mentions`), and its bytes
    when they had to be read (not when the snapshot vouches for the file: `vouched`, from `Snapshot.vouch`).
    Raises OSError when it cannot be read."""
    known = vouched.get(location)
    if known is not None:
        return known[0], known[1], None
    key = stat_key(os.stat(location))  # before the read: a change during it shows next time
    data = Path(location).read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    mentions = may_mention(data)  # decoded and NFKC-normalised when its bytes could hide the word
    snapshot.record_file(location, key, digest, mentions)
    return digest, mentions, data


@dataclass(frozen=True)
class Project:
    root: Path
    index: Index
    modules: Modules


def load_project(
    root: Path, index: Index, cache: FactsSource | None = None, snapshot: SnapshotSource | None = None
) -> Project:
    return Project(root, index, Modules(index, cache or NoFacts(), snapshot))


def load(config: Config, cache: FactsSource | None = None, snapshot: SnapshotSource | None = None) -> Project:
    """Index, digests and the pre-scan, through the file-system snapshot given (`persist.snapshot.snapshot_for`
    the cache directory: the composition roots hand it in), which is saved for the next run.

    Here rather than in the engine so that the plugin can learn whether any file could hold a claim without
    importing the resolver and the walks (an idle plugin's whole cost, semantics §9)."""
    snapshot = snapshot or NoSnapshot()
    index = build_index(config.root, config.packages, config.exclude, config.follow, snapshot)
    project = load_project(config.root, index, cache, snapshot)
    snapshot.save()
    return project
