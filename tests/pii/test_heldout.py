"""The held-out evaluation: its split cannot leak into the recognizers, and recall stays at its floors.

The floors are what the redactor achieves today on text it was never tuned on, not the issue's
targets (recall >= 0.98 overall, precision >= 0.95): they stop regressions, and are raised as
detection improves. No timing is asserted here (bench/pii.py measures it).
"""

from __future__ import annotations

import pytest

import pii
from pii import _places, heldout, unseen_sets, unseen_sets_ko, wordlists
from pii._geonames import KNOWN_TO_ALL, held_out_place, populations
from pii._given_names import given_names_abroad
from pii._name_cultures import marked_by_naming
from pii.corpus import CHECKSUMMED, Sample, Scores, round_trips, score
from pii.recognizers import NameRecognizer, PlaceRecognizer


def test_the_split_is_stable_and_keeps_spelling_variants_together() -> None:
    assert wordlists.split_key("Fernández") == wordlists.split_key("fernandez")
    assert wordlists.is_held_out("Min-jun") == wordlists.is_held_out("Minjun")
    assert wordlists.is_held_out("Gómez") == wordlists.is_held_out("Gomez")
    # pinned: a change of the hash would silently move entries between the two sides
    assert [wordlists.is_held_out(n) for n in ("Noah", "Emma", "Chen", "Ingrid")] == [True, False, True, False]


@pytest.mark.parametrize("file", ["first_names.txt", "surnames.txt", "family_names_east_asian.txt"])
def test_the_name_recognizer_never_loads_a_held_out_name(file: str) -> None:
    held_out = set(wordlists.part(file, "held_out"))
    mine = set(wordlists.part(file, "recognizers"))
    assert held_out and mine and not held_out & mine
    assert held_out | mine == set(wordlists.entries(file))
    recognizer = NameRecognizer(supported_language="en")
    recognizer.load()
    loaded = recognizer.first_names | recognizer.surnames | recognizer.east_asian_family_names
    assert not held_out & loaded
    # the same hash decides every list: a name held out of one list is held out of all of them
    everywhere_held_out = {n for f in ("first_names.txt", "surnames.txt") for n in wordlists.part(f, "held_out")}
    assert not everywhere_held_out & loaded


def test_the_dictionarys_given_names_are_split_as_the_lists_are() -> None:
    loaded = given_names_abroad()
    assert len(loaded) > 10_000 and not any(wordlists.is_held_out(name) for name in loaded)
    recognizer = NameRecognizer(supported_language="en")
    recognizer.load()
    assert loaded <= recognizer.first_names
    assert {"Manjit", "Owain"} <= loaded and not {"Will", "Hope", "Page"} & loaded  # not the everyday words


def test_a_vietnamese_name_marked_by_its_middle_name_needs_a_family_name_of_the_recognizers_part() -> None:
    held_out = wordlists.part("family_names_east_asian.txt", "held_out")
    assert held_out and all(marked_by_naming(f"Cust {family.upper()} THI THU HA, DOB") == [] for family in held_out)
    assert marked_by_naming("Cust NGUYEN THI THU HA, DOB") == [(5, 22)]  # control: a family of the recognizers' part


def test_the_place_recognizer_never_loads_a_held_out_place() -> None:
    recognizer = PlaceRecognizer(supported_language="en")
    recognizer.load()
    held_out = _places.gazetteer("held_out")
    assert held_out and recognizer.places and not held_out & recognizer.places
    generated = {wordlists.split_key(name) for name in _places.place_names("held_out")}
    assert generated and generated <= held_out  # the prompts' places come from the part it never loads


def test_no_country_state_or_city_of_300000_people_is_held_out() -> None:
    places = _places.gazetteer("recognizers")
    known = ["Minneapolis", "Jeddah", "Sapporo", "Auckland", "Thessaloniki", "Greece", "China", "Florida"]
    assert all(wordlists.is_held_out(name) for name in known)  # the hash alone would hold each out
    assert all(wordlists.split_key(name) in places for name in known)
    assert wordlists.split_key("Gweru") not in places and held_out_place("Gweru")  # a town of 150,000 stays held out
    generated = _places.place_names("held_out")
    assert generated and all(populations()[wordlists.split_key(name)] < KNOWN_TO_ALL for name in generated)


def test_held_out_prompts_name_only_held_out_people() -> None:
    samples = heldout.generate_held_out(200, seed=3)
    known = set(wordlists.part("first_names.txt", "recognizers")) | set(wordlists.part("surnames.txt", "recognizers"))
    people = [s.text[a:b] for s in samples for a, b, kind in s.spans if kind == "PERSON"]
    assert people and not {word for name in people for word in name.split()} & known


def test_every_hand_written_prompt_has_its_labels_located() -> None:
    samples = heldout.handwritten()
    assert len(samples) >= 30
    assert sum(len(s.spans) for s in samples) >= 80
    assert {kind for s in samples for _, _, kind in s.spans} >= {
        *CHECKSUMMED,
        "PERSON",
        "EMAIL_ADDRESS",
        "PHONE_NUMBER",
    }


def _measured(redactor: pii.Redactor, samples: list[Sample]) -> tuple[Scores, dict[str, float]]:
    """Recall and precision per type, and exact round trips, of `redactor` on `samples`."""
    # In batches: a batch's detection has one deadline (10 s), which 50 long prompts can pass on a busy machine.
    redactions = [
        r for i in range(0, len(samples), 10) for r in redactor.redact_many([s.text for s in samples[i : i + 10]])
    ]
    scores = score(samples, [[(e.start, e.end, e.type) for e in r.entities] for r in redactions])
    return scores, round_trips(samples, [pii.restore(r.text, r.vault) for r in redactions])


@pytest.fixture(scope="module")
def held_out(redactor: pii.Redactor) -> tuple[Scores, dict[str, float]]:
    return _measured(redactor, heldout.held_out_corpus(400, seed=2019))


# Measured on this corpus (400 generated + 30 hand-written prompts, seed 2019) when the floors were
# last set (issue 19: names and places on no list, found by where they stand): overall recall 0.986,
# LOCATION 0.954 (the held-out places are by construction in no list the recognizer has), PERSON 0.980,
# STREET_ADDRESS 0.985, every other type 1.0, precision 0.994. The rules were written after reading
# what this corpus's templates missed (their contexts, never their lists): `pii/data/unseen_prompts.yaml`,
# written afterwards by someone who had not read the rules, is the check on that (bench/pii.py).
# Before: overall 0.924, LOCATION 0.728, PERSON 0.883. Each floor sits just under its measurement.
# Since the twenty-ninth session no town of 300,000 people or more is held out (`pii._geonames.KNOWN_TO_ALL`): the
# corpus draws its towns from smaller ones, in which spaCy knows fewer ("Porz am Rhein", "Burton upon Trent", "Mbale"),
# and LOCATION fell from 0.950 to 0.942 on the same seed with no rule changed: the floor moved with the corpus.
RECALL_FLOORS = {
    "CREDIT_CARD": 1.0,
    "IBAN_CODE": 1.0,
    "KR_RRN": 1.0,
    "US_SSN": 1.0,
    "EMAIL_ADDRESS": 1.0,
    "PHONE_NUMBER": 1.0,
    "DATE_TIME": 1.0,
    "STREET_ADDRESS": 0.98,
    "PERSON": 0.975,
    "LOCATION": 0.93,
}


@pytest.mark.parametrize(("kind", "floor"), RECALL_FLOORS.items(), ids=list(RECALL_FLOORS))
def test_held_out_recall_stays_at_its_floor(held_out: tuple[Scores, dict[str, float]], kind: str, floor: float) -> None:
    scores, _ = held_out
    assert scores.recall[kind] >= floor, [value for missed_kind, value in scores.missed if missed_kind == kind]


def test_held_out_overall_recall_and_precision_floors(held_out: tuple[Scores, dict[str, float]]) -> None:
    scores, _ = held_out
    assert scores.overall_recall >= 0.98, scores.missed
    assert scores.precision >= 0.99, scores.false_positives


def test_every_held_out_prompt_round_trips_exactly(held_out: tuple[Scores, dict[str, float]]) -> None:
    _, exact = held_out
    assert exact and set(exact.values()) == {1.0}


# Hand-written prompts in the voice of users, by writers who had not read the recognizers. Each row: the
# file, floors just under what was measured at the end of 2026-12-03 (overall, PERSON, LOCATION,
# STREET_ADDRESS, precision), against regressions (the fifth set's LOCATION floor sits under its unchanged
# 0.870 by 0.01, as the others do). Measured ("morning": the code before that day's address,
# cue and culture-mark rules; "afternoon": with them; "evening": with the rules for words English seldom
# uses, postcode-less localities and phone numbers after a word of phoning):
# - first set (45 prompts, 171 values), written after the position rules for names and places: 0.775 in
#   the morning, 0.873 in the afternoon, 0.902 in the evening (PERSON 0.912, LOCATION 0.866), precision 0.859.
# - second set (60 prompts, 282 values): 0.747 when it came in (0.684 in the morning); then read to write
#   rules, so its 0.924 (afternoon) and 0.958 (evening) are tuned.
# - third set (50 prompts, 262 values): 0.807 when it came in (0.746 in the morning); then read to write
#   rules, so its 0.924 (afternoon) and 0.977 (evening) are tuned.
# - fourth set (50 prompts, 292 values): 0.750 in the morning, 0.833 in the afternoon, 0.863 in the evening
#   (PERSON 0.811, LOCATION 0.907, STREET_ADDRESS 0.708, precision 0.825); a printout showed a few of its
#   misses in the evening, so it is nearly, not wholly, untuned.
# - fifth set (50 prompts, 300 values), never read: 0.760 in the morning, 0.833 in the afternoon, 0.863 in
#   the evening (PERSON 0.836, LOCATION 0.870, STREET_ADDRESS 0.636, PHONE_NUMBER 0.935), precision 0.863.
#   The untuned figure of 2026-12-02; 0.880 after 2026-12-03's rules (its aggregates read once).
# - sixth set (50 prompts, 365 values): 0.903 untuned on 2026-12-03's morning, then read to write that
#   day's rules: 0.971, tuned.
# - seventh set (50 prompts, 370 values), never read: 0.813 on 2026-12-03's morning, 0.892 after that day's
#   rules (PERSON 0.893, LOCATION 0.821, STREET_ADDRESS 0.742), precision 0.812. The untuned figure now.
# - eighth set (50 prompts, 399 values): 0.905 untuned on 2026-12-03's second session, then read to write that
#   session's rules: 0.977, tuned.
# - ninth set (50 prompts, 400 values), never read: 0.868 untuned, 0.907 after the eighth and tenth sets' rules
#   (PERSON 0.881, LOCATION 0.865, STREET_ADDRESS 0.854), precision 0.870. The untuned figure now.
# - tenth set (50 prompts, 401 values): 0.825 untuned, then read: 0.925, tuned.
# After that session's rules the seventh set stands at 0.931 and the fifth at 0.900 (aggregates only).
# - eleventh set (50 prompts, 362 values): 0.898 untuned on 2026-12-03's third session, then read: 0.948 after
#   its rules and a review's mends, tuned. After them the ninth stands at 0.912 (PERSON 0.893), the fourth at 0.913.
# - twelfth set (50 prompts, 402 values): 0.836 untuned on 2026-12-03's fourth session (PERSON 0.777), then read:
#   0.915 after its rules (chat speakers, passenger lists, quoted CSV cells, JSON and log fields), tuned. After
#   them the ninth stands at 0.920 (PERSON 0.899, LOCATION 0.892).
# - thirteenth set (50 prompts, 483 values): 0.874 untuned on 2026-12-03's fifth session (PERSON 0.842), then read:
#   0.903 after its rules and a review's mends (family name first after a label or in a "name" field, role and
#   speaker in a chat line, SSH logins, handles in a person's column), tuned.
# - fourteenth set (50 prompts, 525 values), never read: 0.916 untuned, 0.918 after the fifth session's rules
#   (PERSON 0.875, LOCATION 0.861, STREET_ADDRESS 0.905), precision 0.780; 0.923 after its later rules (PERSON
#   0.885), 0.918 after a review's mends (PERSON 0.875). The untuned figure now.
# - fifteenth set (50 prompts, 357 values): 0.878 untuned, after the session's first rules too (PERSON 0.802), then
#   read: 0.899 after the later rules (surname first opening a line, "<who> name" columns, "name" fields beside
#   personal data, greetings in quotes, administrative units, Brazilian numbers), tuned.
# - sixteenth set (50 prompts, 325 values): 0.871 untuned on 2026-12-03's sixth session (PERSON 0.773, LOCATION
#   0.938, STREET_ADDRESS 0.867), precision 0.786, then read: 0.932 after its rules and a review's mends (handles, a
#   "Surname, Given" column, names in Chinese characters after a label, who reviewed), precision 0.807, tuned.
# - seventeenth set (50 prompts, 406 values), never read: 0.882 untuned (PERSON 0.900, LOCATION 0.784, STREET_ADDRESS
#   0.692, IBAN_CODE 0.857), precision 0.775; 0.884 after the sixth session's rules (PERSON 0.905). The untuned figure
#   now. After them the fourteenth stands at 0.928 (PERSON 0.896).
# - eighteenth set (50 prompts, 484 values: money, care and services, many in other languages): 0.884 untuned
#   (PERSON 0.868, LOCATION 0.735), precision 0.751, then read: 0.913 after the seventh session's rules (other
#   languages' words, s/o and d/o, Balinese names, mail headers, family names in capitals, home-city columns), tuned.
#   After them the seventeenth stands at 0.887, the fourteenth at 0.928, the ninth at 0.925.
# - nineteenth set (50 prompts, 548 values: travel, logistics, law and public life): 0.873 untuned (PERSON 0.867,
#   LOCATION 0.768, STREET_ADDRESS 0.722), precision 0.703, then read: 0.908 after the eighth session's rules and a
#   review's mends (a timed chat's handles, XML elements and other languages' columns, ticket names, names in capitals,
#   more address labels, sign-offs and titles), precision 0.722, tuned. After them the ninth stands at 0.927, the
#   fourteenth at 0.928, the seventeenth at 0.887.
# - twentieth set (50 prompts, 553 values: science, engineering, health research and the workplace, many in two
#   languages): 0.875 untuned (PERSON 0.822, LOCATION 0.843, STREET_ADDRESS 0.714), precision 0.754, then read:
#   0.943 after the ninth session's rules and a review's mends (chat exports of other apps, code reviews, SQL rows,
#   vCards, form and YAML fields, messenger accounts, names that name things), precision 0.779, tuned. After them
#   the ninth stands at 0.927, the fourteenth at 0.935, the seventeenth at 0.887 (precision 0.783).
# - twenty-first set (58 prompts, 595 values: consumer life and civic services, many in two languages): 0.840 untuned
#   (PERSON 0.795, LOCATION 0.822, STREET_ADDRESS 0.755, PHONE_NUMBER 0.865), precision 0.705, then read: 0.887 after
#   the tenth session's rules and a review's mends (nicknames in quotes, Discord, Telegram and Slack copies, a family's
#   and a wedding's form labels, a town before an Irish county), precision 0.715, tuned. After them the ninth stands
#   at 0.927, the fourteenth at 0.935, the seventeenth at 0.887, as before them.
# - twenty-second set (55 prompts, 527 values: leisure, culture, sport, hospitality and media, many in two languages):
#   0.856 untuned (PERSON 0.873, LOCATION 0.660, STREET_ADDRESS 0.720), precision 0.752, then read: 0.924 after the
#   eleventh session's rules (Catalan, Czech and Japanese addresses, a runner's "home", residence columns in more
#   languages, "Surname, Given" in YAML, a vCard's extra district, a handle's repeat masked whole, a letter's
#   dateline), precision 0.760, tuned.
# - twenty-third set (50 prompts, 488 values: housing, neighbourhoods and family administration), never read: 0.874
#   untuned on the eleventh session's first code (PERSON 0.846, LOCATION 0.872, STREET_ADDRESS 0.727), precision
#   0.721; 0.875 after its rules (STREET_ADDRESS 0.750). The untuned English figure now. After them the ninth stands
#   at 0.927, the fourteenth at 0.935, the seventeenth at 0.889.
# - the twelfth session read no set: its rules came from probes of its own (identifiers as people type them, places
#   after "through" and "and"). After them the seventeenth stands at 0.892, the twenty-third at 0.875, the ninth at
#   0.927, the fourteenth at 0.935.
# - twenty-fourth (40 prompts, 543 values: travel, migration, transport and personal money), written this thirteenth
#   session and never read: 0.882 untuned on its first code (PERSON 0.871, LOCATION 0.769, STREET_ADDRESS 0.800),
#   precision 0.705; 0.901 after its rules (PERSON 0.908: given names of many cultures, 279 -> 1329, and a listed one
#   alone mid-sentence; a family name after its initials), precision 0.708. The untuned English figure now. After
#   them the seventeenth stands at 0.894, the twenty-third at 0.883, the fourteenth at 0.940, the ninth at 0.927.
# - twenty-fifth (40 prompts, 600 values: work and community life), written the fourteenth session and never read:
#   0.957 untuned, precision 0.835.
# - twenty-sixth (40 prompts, 596 values: science, engineering, industry and the land), written this fifteenth
#   session and never read: 0.849 untuned on its first code (PERSON 0.858, LOCATION 0.688, STREET_ADDRESS 0.760),
#   precision 0.719; 0.850 after its rules (LOCATION 0.696).
# - twenty-seventh (40 prompts, 430 values: money, law and public safety), written this seventeenth session: 0.898
#   untuned on its first code (PERSON 0.879, LOCATION 0.841, STREET_ADDRESS 0.824), precision 0.648; then read: 0.940
#   after lines in capitals read twice, towns in one hyphenated word, columns named with a bracket, the parties of a
#   court's list and neighbouring parts of one value joined (PERSON 0.930, LOCATION 0.928, STREET_ADDRESS 0.853),
#   precision 0.655; 0.949 after names in capitals after a title, relatives after "with" and two reviews' mends
#   (PERSON 0.944, LOCATION 0.942), tuned. After them the ninth stands at 0.930, the twenty-third at 0.887, the
#   twenty-fifth at 0.963, the twenty-sixth at 0.861.
# - twenty-eighth (40 prompts, 472 values: what developers and operations staff paste, in its formats), written this
#   eighteenth session: 0.843 untuned on its first code (PERSON 0.818, LOCATION 0.643, STREET_ADDRESS 0.829, and
#   EMAIL_ADDRESS 0.949: addresses URL-encoded in a log), precision 0.804; then read: 0.945 after HL7 segments, LDIF
#   entries, FHIR names, URL queries, mail display names family name first, camel-case columns, psql results, dicts'
#   and dumps' fields, streets and two-word towns in capitals (PERSON 0.946, LOCATION 0.847, STREET_ADDRESS 0.927),
#   precision 0.844, tuned. After them every never-read set stands where it stood.
# - twenty-ninth (40 prompts, 627 values: text damaged on its way in: transcripts, OCR, PDFs, chats typed on phones),
#   written this nineteenth session: 0.719 untuned (PERSON 0.748, LOCATION 0.545, STREET_ADDRESS 0.324, numbers read
#   aloud missed: PHONE_NUMBER 0.831, CREDIT_CARD and UK_NHS 0.833), precision 0.761; then read: 0.761 after numbers
#   read aloud, a field's value in capitals, names kept within their field, lower-case addresses, countries and titles
#   (PERSON 0.767, LOCATION 0.554, STREET_ADDRESS 0.500, every checksummed identifier 1.0), precision 0.768, tuned.
#   After them the fourteenth stands at 0.942, the seventeenth at 0.897; the others where they stood.
# - thirtieth (40 prompts, 684 values: community, education and care), written this twentieth session: 0.880 untuned
#   (PERSON 0.864, LOCATION 0.778, STREET_ADDRESS 0.774), precision 0.761; then read: 0.928 after names a relative's
#   word points at, titles a congregation gives, given names sharing a family name, a table's cells across tabs,
#   houses' names before a British postcode, a form's town and state and two reviews' mends (PERSON 0.924, LOCATION
#   0.815, STREET_ADDRESS 0.935), precision 0.770, tuned. After them the fourteenth stands at 0.947, the twenty-third
#   at 0.895, the twenty-fifth at 0.973; the others where they stood.
# - thirty-first (40 prompts, 743 values: local press and public notices) and thirty-second (40 prompts, 795 values:
#   trades, deliveries and gig work), written this twenty-first session: 0.829 and 0.805 untuned (PERSON 0.839 and
#   0.815, LOCATION 0.738 and 0.757, STREET_ADDRESS 0.800 and 0.603), precision 0.707 and 0.733; then read: 0.883 and
#   0.840 after homes named after a person, family names in capitals before the given names, maiden names, kin lists,
#   signed letters, a deed's, a race's and a round book's tables, Eircodes, Japanese, Turkish, Swedish, Dutch,
#   Singaporean and Philippine addresses and two reviews' mends (PERSON 0.875 and 0.835, LOCATION 0.863 and 0.786,
#   STREET_ADDRESS 0.850 and 0.733), precision 0.712 and 0.730, tuned. After them the twenty-third stands at 0.897, the
#   ninth at 0.932; the others where they stood.
# - thirty-third (40 prompts, 382 values: health, care and vets; whole addresses labelled as one value, town and
#   postcode included) and thirty-fourth (40 prompts, 617 values: archives and family history), written this
#   twenty-second session: 0.885 and 0.801 untuned (PERSON 0.891 and 0.836, LOCATION 0.619 and 0.785, STREET_ADDRESS
#   0.800 and 0.781), precision 0.747 and 0.794; then read: 0.919 and 0.844 after registers' "SURNAME, Given" joined,
#   Irish counties, American directions, towns with their state's or province's code, places after their kind or
#   origin, chat speakers after a title, transcripts, Italian provinces and lower-case street types (PERSON 0.911 and
#   0.878, LOCATION 0.786 and 0.850, STREET_ADDRESS 0.857 and 0.781), precision 0.749 and 0.796, tuned.
# - thirty-fifth (40 prompts, 414 values: money, work and official letters), written after that session's first rules
#   and never read: 0.903 on the session's first code, 0.911 after its rules (PERSON 0.858, LOCATION 0.910,
#   STREET_ADDRESS 0.850), precision 0.780. After them the fourteenth stands at 0.950, the seventeenth at 0.897, the
#   twenty-fourth at 0.902; the others where they stood.
# - thirty-eighth (40 prompts, 411 values: sales, customer service, marketing and CRM), written this twenty-fourth
#   session: 0.881 untuned (PERSON 0.902, LOCATION 0.733, STREET_ADDRESS 0.811), precision 0.710; then read: 0.917
#   after a town and its region joined, places after verbs of living abroad, "my name is" abroad, greetings after a
#   chat's speaker and a desk's prefix before a speaker (PERSON 0.926, LOCATION 0.900), precision 0.724, tuned.
# - thirty-ninth (40 prompts, 529 values: field work far from offices), written beside it and never read: 0.809 on the
#   session's first code, 0.820 after its rules (PERSON 0.855, LOCATION 0.724, STREET_ADDRESS 0.393), precision 0.749.
#   After them the thirty-seventh stands at 0.880; the others where they stood.
# - fortieth (40 prompts, 434 values: software, IT and data work), written this twenty-fifth session: 0.886 untuned
#   (PERSON 0.824, LOCATION 0.909, STREET_ADDRESS 0.860), precision 0.747; then read: 0.947 after a record's fields over
#   several lines, the parties and parts of a record named in code, tables aligned by spaces, a speaker's bare initial
#   and the words of code that are no one (PERSON 0.919, LOCATION 0.970), precision 0.780, tuned. Precision is up on
#   most other sets (by up to 0.008), recall the same or up.
# - forty-first (40 prompts, 510 values: work and money at home: CVs, payroll, HR; utilities and telecom customer
#   service), written this twenty-sixth session: 0.838 untuned (PERSON 0.798, LOCATION 0.733, STREET_ADDRESS 0.810),
#   precision 0.720; then read: 0.899 after given names of many countries, other languages' names of big cities,
#   names in their own script, a payroll printout's columns, the town after an employer, numbers OCR misread and
#   Vietnamese names marked by their middle name (PERSON 0.895, LOCATION 0.802, STREET_ADDRESS 0.833), precision
#   0.732, tuned.
# - forty-second (40 prompts, 424 values: public services and civic life), written at the end of that session and never
#   read: 0.848 on the session's first code, 0.862 on its last (PERSON 0.874, LOCATION 0.643, STREET_ADDRESS 0.690),
#   precision 0.715.
# - forty-third (40 prompts, 520 values: family and community life), written this twenty-seventh session: 0.863
#   untuned (PERSON 0.832, LOCATION 0.803, STREET_ADDRESS 0.791), precision 0.729; then read: 0.896 after given names
#   opening a sentence, in brackets or paired, nicknames in brackets or quotes, towns with their provinces abroad, the
#   districts, floors and postcodes of addresses abroad, relatives in Italian, a chat's speakers in Chinese characters
#   and the places closing a list's items (PERSON 0.864, LOCATION 0.873, STREET_ADDRESS 0.860), precision 0.730, tuned.
# - forty-fourth (40 prompts, 541 values: people's own data and accounts), written during that session and never read:
#   0.902 on the session's first code, 0.908 on its last (PERSON 0.885, LOCATION 0.766, STREET_ADDRESS 0.844),
#   precision 0.756.
# - forty-fifth (40 prompts, 468 values: research and hospitality), written this twenty-ninth session: 0.910 untuned
#   (PERSON 0.917, LOCATION 0.685, STREET_ADDRESS 0.880), precision 0.718; then read: 0.951 after who takes part in a
#   study or a race, other names, where someone now lives, column names cut short with a dot, listed towns with a
#   Turkish case and work chats' users with an initial (PERSON 0.963, LOCATION 0.833), precision 0.728; 0.944 after the
#   review's mends (PERSON 0.950: "Geb." no longer a birth date's column), precision 0.725, tuned.
# - forty-sixth (40 prompts, 429 values: housing, vehicles and insurance), written during that session and never read:
#   0.935 on the session's first code, 0.939 after big cities stopped being held out, 0.937 after the review's mends
#   (PERSON 0.954, LOCATION 0.768, STREET_ADDRESS 0.907), precision 0.728.
# - forty-seventh (40 prompts, 533 values: public services and casework), written this thirty-third session: 0.908
#   untuned (PERSON 0.897, LOCATION 0.802, STREET_ADDRESS 1.000), precision 0.680; then read: 0.932 after register's
#   cells of "Family, Given", court lists, ranks, a library's patrons, children listed with their ages and a form's
#   labels in other languages (PERSON 0.935, LOCATION 0.826), precision 0.690, tuned.
# - forty-eighth (40 prompts, 474 values: transport, logistics, farming and animals), written beside it and never read:
#   0.873 on the session's first code and on its last (PERSON 0.861, LOCATION 0.776, STREET_ADDRESS 0.727), precision
#   0.648 and 0.651.
UNSEEN_FLOORS = {
    unseen_sets.UNSEEN: (0.91, 0.93, 0.86, 0.85, 0.92),
    unseen_sets.UNSEEN_SECOND: (0.96, 0.97, 0.92, 0.97, 0.86),
    unseen_sets.UNSEEN_THIRD: (0.97, 0.98, 0.91, 0.97, 0.87),
    unseen_sets.UNSEEN_FOURTH: (0.91, 0.87, 0.93, 0.83, 0.85),
    unseen_sets.UNSEEN_FIFTH: (0.89, 0.88, 0.86, 0.77, 0.87),
    unseen_sets.UNSEEN_SIXTH: (0.97, 0.96, 0.95, 1.00, 0.82),
    unseen_sets.UNSEEN_SEVENTH: (0.92, 0.93, 0.88, 0.77, 0.82),
    unseen_sets.UNSEEN_EIGHTH: (0.97, 0.97, 0.96, 0.95, 0.89),
    unseen_sets.UNSEEN_NINTH: (0.91, 0.89, 0.88, 0.85, 0.86),
    unseen_sets.UNSEEN_TENTH: (0.92, 0.87, 0.93, 0.96, 0.91),
    unseen_sets.UNSEEN_ELEVENTH: (0.94, 0.93, 0.86, 0.94, 0.85),
    unseen_sets.UNSEEN_TWELFTH: (0.91, 0.88, 0.86, 0.93, 0.76),
    unseen_sets.UNSEEN_THIRTEENTH: (0.90, 0.90, 0.77, 0.96, 0.77),
    unseen_sets.UNSEEN_FOURTEENTH: (0.92, 0.88, 0.85, 0.90, 0.77),
    unseen_sets.UNSEEN_FIFTEENTH: (0.89, 0.83, 0.89, 0.86, 0.71),
    unseen_sets.UNSEEN_SIXTEENTH: (0.92, 0.87, 0.93, 0.86, 0.80),
    unseen_sets.UNSEEN_SEVENTEENTH: (0.87, 0.89, 0.77, 0.68, 0.76),
    unseen_sets.UNSEEN_EIGHTEENTH: (0.90, 0.89, 0.78, 0.80, 0.75),
    unseen_sets.UNSEEN_NINETEENTH: (0.90, 0.91, 0.79, 0.79, 0.71),
    unseen_sets.UNSEEN_TWENTIETH: (0.93, 0.92, 0.90, 0.85, 0.77),
    unseen_sets.UNSEEN_TWENTY_FIRST: (0.88, 0.86, 0.87, 0.74, 0.70),
    unseen_sets.UNSEEN_TWENTY_SECOND: (0.91, 0.90, 0.83, 0.90, 0.74),
    unseen_sets.UNSEEN_TWENTY_THIRD: (0.86, 0.83, 0.85, 0.72, 0.70),
    unseen_sets.UNSEEN_TWENTY_FOURTH: (0.88, 0.88, 0.74, 0.77, 0.68),
    unseen_sets.UNSEEN_TWENTY_FIFTH: (0.95, 0.94, 0.91, 0.96, 0.82),
    unseen_sets.UNSEEN_TWENTY_SIXTH: (0.84, 0.85, 0.68, 0.75, 0.71),
    unseen_sets.UNSEEN_TWENTY_SEVENTH: (0.93, 0.93, 0.92, 0.84, 0.66),
    unseen_sets.UNSEEN_TWENTY_EIGHTH: (0.93, 0.93, 0.83, 0.91, 0.83),
    unseen_sets.UNSEEN_TWENTY_NINTH: (0.74, 0.75, 0.53, 0.47, 0.74),
    unseen_sets.UNSEEN_THIRTIETH: (0.91, 0.90, 0.79, 0.92, 0.75),
    unseen_sets.UNSEEN_THIRTY_FIRST: (0.87, 0.86, 0.85, 0.84, 0.70),
    unseen_sets.UNSEEN_THIRTY_SECOND: (0.83, 0.82, 0.77, 0.72, 0.72),
    unseen_sets.UNSEEN_THIRTY_THIRD: (0.91, 0.90, 0.77, 0.84, 0.73),
    unseen_sets.UNSEEN_THIRTY_FOURTH: (0.83, 0.86, 0.84, 0.77, 0.78),
    unseen_sets.UNSEEN_THIRTY_FIFTH: (0.90, 0.84, 0.90, 0.84, 0.77),
    unseen_sets.UNSEEN_THIRTY_SIXTH: (0.89, 0.91, 0.69, 0.86, 0.68),
    unseen_sets.UNSEEN_THIRTY_SEVENTH: (0.85, 0.81, 0.78, 0.85, 0.66),
    unseen_sets.UNSEEN_THIRTY_EIGHTH: (0.90, 0.91, 0.88, 0.79, 0.70),
    unseen_sets.UNSEEN_THIRTY_NINTH: (0.80, 0.83, 0.70, 0.37, 0.72),
    unseen_sets.UNSEEN_FORTIETH: (0.93, 0.89, 0.95, 0.84, 0.77),
    unseen_sets.UNSEEN_FORTY_FIRST: (0.88, 0.87, 0.78, 0.81, 0.71),
    unseen_sets.UNSEEN_FORTY_SECOND: (0.84, 0.85, 0.62, 0.67, 0.69),
    unseen_sets.UNSEEN_FORTY_THIRD: (0.88, 0.85, 0.86, 0.84, 0.71),
    unseen_sets.UNSEEN_FORTY_FOURTH: (0.89, 0.87, 0.75, 0.82, 0.74),
    unseen_sets.UNSEEN_FORTY_FIFTH: (0.93, 0.94, 0.82, 0.87, 0.72),
    unseen_sets.UNSEEN_FORTY_SIXTH: (0.93, 0.94, 0.75, 0.89, 0.71),
    unseen_sets.UNSEEN_FORTY_SEVENTH: (0.92, 0.92, 0.81, 0.99, 0.68),
    unseen_sets.UNSEEN_FORTY_EIGHTH: (0.86, 0.85, 0.76, 0.71, 0.64),
    unseen_sets.UNSEEN_FORTY_NINTH: (0.92, 0.92, 0.71, 0.92, 0.64),
    unseen_sets.UNSEEN_FIFTIETH: (0.93, 0.92, 0.86, 0.94, 0.57),
    unseen_sets.UNSEEN_FIFTY_FIRST: (0.89, 0.88, 0.80, 0.86, 0.75),
    unseen_sets.UNSEEN_FIFTY_SECOND: (0.89, 0.86, 0.78, 0.82, 0.65),
    unseen_sets.UNSEEN_FIFTY_THIRD: (0.91, 0.90, 0.77, 0.91, 0.67),
    unseen_sets.UNSEEN_FIFTY_FOURTH: (0.79, 0.70, 0.80, 0.83, 0.70),
    unseen_sets.UNSEEN_FIFTY_FIFTH: (0.83, 0.78, 0.84, 0.67, 0.70),
    unseen_sets.UNSEEN_FIFTY_SIXTH: (0.87, 0.92, 0.67, 0.72, 0.61),
    unseen_sets.UNSEEN_FIFTY_SEVENTH: (0.89, 0.88, 0.65, 0.75, 0.63),
}


NEVER_READ = frozenset(
    {
        unseen_sets.UNSEEN_NINTH,
        unseen_sets.UNSEEN_FOURTEENTH,
        unseen_sets.UNSEEN_SEVENTEENTH,
        unseen_sets_ko.UNSEEN_KOREAN_THIRD,
        unseen_sets_ko.UNSEEN_KOREAN_SIXTH,
        unseen_sets.UNSEEN_TWENTY_THIRD,
        unseen_sets_ko.UNSEEN_KOREAN_FOURTEENTH,
        unseen_sets.UNSEEN_TWENTY_FOURTH,
        unseen_sets.UNSEEN_TWENTY_FIFTH,
        unseen_sets.UNSEEN_TWENTY_SIXTH,
        unseen_sets_ko.UNSEEN_KOREAN_SEVENTEENTH,
        unseen_sets.UNSEEN_THIRTY_FIFTH,
        unseen_sets_ko.UNSEEN_KOREAN_TWENTY_FOURTH,
        unseen_sets.UNSEEN_THIRTY_SEVENTH,
        unseen_sets_ko.UNSEEN_KOREAN_TWENTY_SIXTH,
        unseen_sets.UNSEEN_THIRTY_NINTH,
        unseen_sets_ko.UNSEEN_KOREAN_TWENTY_EIGHTH,
        unseen_sets.UNSEEN_FORTY_SECOND,
        unseen_sets_ko.UNSEEN_KOREAN_THIRTY_FIRST,
        unseen_sets.UNSEEN_FORTY_FOURTH,
        unseen_sets_ko.UNSEEN_KOREAN_THIRTY_THIRD,
        unseen_sets.UNSEEN_FORTY_SIXTH,
        unseen_sets_ko.UNSEEN_KOREAN_THIRTY_FIFTH,
        unseen_sets.UNSEEN_FORTY_EIGHTH,
        unseen_sets_ko.UNSEEN_KOREAN_THIRTY_SEVENTH,
        unseen_sets.UNSEEN_FIFTIETH,
        unseen_sets_ko.UNSEEN_KOREAN_THIRTY_NINTH,
        unseen_sets.UNSEEN_FIFTY_SECOND,
        unseen_sets_ko.UNSEEN_KOREAN_FORTY_FIRST,
        unseen_sets.UNSEEN_FIFTY_FOURTH,
        unseen_sets_ko.UNSEEN_KOREAN_FORTY_THIRD,
        unseen_sets.UNSEEN_FIFTY_SEVENTH,
        unseen_sets_ko.UNSEEN_KOREAN_FORTY_FIFTH,
    }
)
"""Sets whose values no one has read: a failing floor names its figures only, so that they stay unread."""


def _shown(file: str, values: tuple[object, ...]) -> object:
    return "(values not shown: a set never read)" if file in NEVER_READ else values


def _figures(scores: Scores) -> dict[str, float]:
    return {"overall": scores.overall_recall, "precision": scores.precision, **scores.recall}


@pytest.mark.parametrize("file", UNSEEN_FLOORS, ids=list(UNSEEN_FLOORS))
def test_prompts_written_without_reading_the_rules_stay_at_their_floor(redactor: pii.Redactor, file: str) -> None:
    scores, exact = _measured(redactor, list(heldout.handwritten(file)))
    overall, person, location, address, precision = UNSEEN_FLOORS[file]
    figures = _figures(scores)  # plain numbers: pytest's account of a failure names no value of a set never read
    missed, false = _shown(file, scores.missed), _shown(file, scores.false_positives)
    assert figures["overall"] >= overall and figures["PERSON"] >= person, (figures, missed)
    assert figures["LOCATION"] >= location and figures["STREET_ADDRESS"] >= address, (figures, missed)
    assert figures["precision"] >= precision, (figures, false)
    assert exact and set(exact.values()) == {1.0}


# Korean sets, written by someone who had read neither the Korean rules nor the other set:
# - first (30 prompts, 95 values): 0.861 after the name positions of Korean writing (0.824 before), PERSON
#   0.902, LOCATION 0.769, STREET_ADDRESS 0.25, precision 0.953; 0.926 after the third session's rules
#   (LOCATION 0.846, STREET_ADDRESS 1.0), aggregates only (see `pii.unseen_sets_ko.UNSEEN_KOREAN`).
# - second (40 prompts, 212 values): 0.780 untuned (STREET_ADDRESS 0.074), 0.859 after address rules written
#   from the standard alone, then read: 0.979 (PERSON 0.983, LOCATION 0.882), precision 0.898, tuned.
# - third (40 prompts, 237 values), never read: 0.727 on the third session's first code, 0.841 after its rules,
#   0.856 after a review's mends (PERSON 0.797, LOCATION 0.867, STREET_ADDRESS 0.885), precision 0.849. The
#   untuned Korean figure now; 0.902 after the fourth session's rules (PERSON 0.881).
# - fourth (40 prompts, 389 values): 0.560 untuned (PERSON 0.452: names written apart, foreigners' names, given
#   names that are words), then read: 0.823 (PERSON 0.803), precision 0.872; 0.789 (PERSON 0.759), precision
#   0.868, after a review's mends (a given name that is a word needs a title or a label), tuned; 0.805 after the
#   fifth session's rules.
# - fifth (40 prompts, 313 values): 0.833 untuned (PERSON 0.776, LOCATION 0.667), then read: 0.950 after the fifth
#   session's rules and a review's mends (KakaoTalk's phone export, given names called again, birth dates after
#   their label, names in brackets beside a person, towns abroad by the words around them, Korean columns), tuned.
# - sixth (40 prompts, 242 values), never read: 0.860 untuned, 0.887 after the fifth session's rules (PERSON 0.852,
#   LOCATION 0.667), precision 0.891; 0.907 after its later rules. The untuned Korean figure now; the third stands
#   at 0.917.
# - seventh (40 prompts, 256 values): 0.770 on the session's first code, 0.831 after its first rules (untuned), then
#   read: 0.892 after the later rules (work messengers' speakers, birth dates after 생년월일은 and before 생, dotted
#   dates, more words placing a person abroad, Korean JSON keys), tuned.
# - eighth (40 prompts, 300 values): 0.837 untuned on the sixth session's first code (PERSON 0.817, LOCATION 0.500,
#   STREET_ADDRESS 0.769, CREDIT_CARD 0.667), precision 0.830, then read: 0.933 after that session's rules and a
#   review's mends (transcripts' speakers, community posters, names in both scripts, towns abroad), tuned. After them
#   the unread sixth stands at 0.926 (PERSON 0.891), the seventh at 0.939 (the last rules were written from its misses).
# - ninth (40 prompts, 364 values): 0.810 untuned (PERSON 0.754, LOCATION 0.667, birth dates 0.643), precision 0.797,
#   then read: 0.907 after the seventh session's rules (a chat's handles, names with their relation in brackets,
#   more words putting a person in a town, birth dates' columns, commenters), tuned. After them the unread sixth
#   stands at 0.930, the third at 0.917.
# - tenth (40 prompts, 398 values): 0.823 untuned (PERSON 0.718, LOCATION 0.791), precision 0.797, then read: 0.907
#   after the eighth session's rules and a review's mends (a timed chat's handles, Korean columns, relations before a
#   name, a foreign name in one Hangul word beside its Latin spelling, comment handles with digits), tuned. After
#   them the unread sixth stands at 0.930, the third at 0.928.
# - eleventh (40 prompts, 448 values: work, school and daily life): 0.806 untuned (PERSON 0.750, LOCATION 0.655),
#   precision 0.783, then read: 0.884 after the ninth session's rules and a review's mends (colleagues by family
#   name and title, a chat's role tags, handles with Latin letters or digits, a town with its district, words opened
#   by a bracket), precision 0.808, tuned. After them the unread sixth stands at 0.934, the third at 0.936.
# - twelfth (44 prompts, 461 values: consumer life and public services): 0.898 untuned (PERSON 0.855, LOCATION 0.730),
#   precision 0.739, then read: 0.928 after the tenth session's rules (counsellors, planners and monks by their
#   titles, a messenger's ID after 아이디는, foreigners' names in both scripts on a roster's row), precision 0.745,
#   tuned. After them the unread sixth stands at 0.934, the third at 0.936, as before them; 0.944 after the eleventh
#   session's rules (a JSON "region" beside personal data, a family name before a boss's title).
# - thirteenth (42 prompts, 314 values: leisure, culture, sport and travel): 0.762 untuned (PERSON 0.672, LOCATION
#   0.613), precision 0.794, then read: 0.868 after the eleventh session's rules and a review's mends (a family name
#   before a coach's, a boss's or a teacher's title, a stream's saved chat, towns placed by speech without a particle,
#   rosters in both scripts, Korean columns of names), precision 0.811, tuned.
# - fourteenth (40 prompts, 270 values: housing and family administration), never read: 0.842 untuned on the eleventh
#   session's first code (PERSON 0.781, LOCATION 0.700, STREET_ADDRESS 0.875), precision 0.855; 0.846 after its rules
#   and a review's mends (PERSON 0.787). The untuned Korean figure now. After them the sixth stands at 0.934, the third
#   at 0.939.
# - the twelfth session read no set. After its rules the third stands at 0.943 (a spaced birth date), the sixth at
#   0.934 with precision 0.884 (0.894 before: account numbers after a word of account, masked by decision, labelled
#   by no set), the fourteenth at 0.846.
# - fifteenth (40 prompts, 508 values: money and travel), written this thirteenth session: 0.866 untuned on its first
#   code (PERSON 0.844, LOCATION 0.600), precision 0.810; 0.870 after its first rules, written without reading it (a
#   name spaced after a one-syllable family name, a child's name before 엄마/아빠); then read: 0.888 after towns
#   abroad in Hangul, a passport's spelling in a person's row and a review's mends (PERSON 0.873, LOCATION 0.657),
#   precision 0.813, tuned. After them and Korea's towns without their unit the unread sixth stands at 0.942
#   (precision 0.882), the third at 0.943, the fourteenth at 0.853 (LOCATION 0.700 -> 0.800).
# - seventeenth (40 prompts, 545 values: work, industry, science and public administration), written this fifteenth
#   session and never read: 0.877 untuned on its first code (PERSON 0.858, LOCATION 0.649), precision 0.796; the same
#   after its rules. The untuned Korean figure now.
# - eighteenth (40 prompts, 352 values: money, law, public safety and government), written this seventeenth session:
#   0.903 untuned on its first code (PERSON 0.835, LOCATION 0.828), precision 0.777; then read: 0.920 after columns
#   named with a bracket and Latin lines in capitals read twice (PERSON 0.869), precision 0.780; 0.935 after a
#   spreadsheet's cells read as words and lawyers' titles (PERSON 0.898), precision 0.783, tuned. After them the
#   fourteenth stands at 0.860, the seventeenth at 0.905 (LOCATION 0.649 -> 0.754).
# - nineteenth (40 prompts, 354 values: IT work and online life), written this eighteenth session: 0.920 untuned
#   (PERSON 0.879, LOCATION 0.763), precision 0.747; then read: 0.947 after an access log's signed-in user, a member's
#   login beside their contact details and neighbourhoods people say they live in (PERSON 0.927, LOCATION 0.816),
#   precision 0.752, tuned.
# - twentieth (40 prompts, 447 values: text damaged on its way in: STT, OCR, chats without spacing), written this
#   nineteenth session: 0.781 untuned (PERSON 0.749, LOCATION 0.733, PHONE_NUMBER 0.741: numbers read in Hangul
#   digits), precision 0.788, measured with the session's first mend (a repeat glued to another value had refused the
#   whole text); then read: 0.868 after Hangul digits read as numbers, chats' speakers in brackets, names again in
#   Hanja, Vietnamese names written as one word and places behind more cues (PERSON 0.833, LOCATION 0.822, every
#   identifier 1.0), precision 0.789, tuned. After them the fourteenth stands at 0.866, the others where they stood.
# - twenty-first (40 prompts, 553 values: community, education and care), written this twentieth session: 0.908
#   untuned (PERSON 0.882, LOCATION 0.865, STREET_ADDRESS 0.875, lunar birth dates 0.862), precision 0.815; then read:
#   0.973 after Buddhist and baptismal names, children named by their parents' word, names of any shape after a label,
#   before a relation in brackets or on a numbered line, Hanja before its reading, a home's building and unit, lunar
#   birthdays and places lived in with no particle (PERSON 0.965, LOCATION 0.923, STREET_ADDRESS 1.0), precision 0.822,
#   tuned. After them the fourteenth stands at 0.877, the third at 0.943; the others where they stood.
# - twenty-second (40 prompts, 609 values: local news, notices and complaints), written this twenty-first session: 0.897
#   untuned (PERSON 0.889, LOCATION 0.814, STREET_ADDRESS 0.969), precision 0.873; then read: 0.951 after transcriptions
#   before their spelling in brackets, a place's parts joined, an auction's parties, bylines, numbered neighbourhoods
#   and foreign residents' tables (PERSON 0.936, LOCATION 0.936), precision 0.878, tuned. After them the third stands
#   at 0.951, the sixth at 0.946, the fourteenth at 0.880, the seventeenth at 0.917; the others where they stood or
#   higher.
# - twenty-third (40 prompts, 271 values: second-hand trade, deliveries, housing), written this twenty-second session:
#   0.893 untuned (PERSON 0.850, STREET_ADDRESS 0.732), precision 0.794; then read: 0.923 after KakaoTalk copied on a
#   computer, a slip's sender, a complex's flats in a column and a building's name after the number (PERSON 0.875,
#   STREET_ADDRESS 0.854), precision 0.799, tuned.
# - twenty-fourth (40 prompts, 320 values: hospitals, insurance, welfare and work), written beside the thirty-fifth and
#   never read: 0.947 on the session's first code and after its rules alike (PERSON 0.930, LOCATION 0.895,
#   STREET_ADDRESS 0.889), precision 0.843. The other Korean sets where they stood.
# - twenty-seventh (40 prompts, 308 values: customer service, sales and office life), written this twenty-fourth
#   session: 0.947 untuned (PERSON 0.936, LOCATION 0.818), precision 0.825; then read: 0.967 after a form's name in
#   Latin letters, a name's other spellings in its brackets and KakaoTalk speakers before the time (PERSON 0.962,
#   LOCATION 0.864), precision 0.834, tuned.
# - twenty-eighth (40 prompts, 347 values: villages, sites, factories and migrant workers), written beside it and
#   never read: 0.873 on the session's first code and after its rules alike (PERSON 0.810, LOCATION 0.771,
#   STREET_ADDRESS 0.769), precision 0.817.
# - twenty-ninth (40 prompts, 358 values: IT, development and company systems), written this twenty-fifth session:
#   0.938 untuned (PERSON 0.895, LOCATION 0.882, STREET_ADDRESS 0.882), precision 0.745; then read: 0.983 after
#   fields named in code, YAML items, Hangul values of Latin keys and a name's Chinese spelling before its Latin one
#   (PERSON 0.965, LOCATION 1.000, STREET_ADDRESS 0.971), precision 0.758, tuned.
# - thirtieth (40 prompts, 348 values: hiring and HR, telecom and utilities customer service), written this twenty-sixth
#   session: 0.945 untuned (PERSON 0.947, LOCATION 0.850, STREET_ADDRESS 0.811), precision 0.826; then read: 0.950
#   after blocks of flats named by a brand or a phase (STREET_ADDRESS 0.865), precision 0.824, tuned.
# - thirty-first (40 prompts, 355 values: public offices, welfare and civic complaints), written at the end of that
#   session and never read: 0.936 on its first code and its last (PERSON 0.922, LOCATION 0.909, STREET_ADDRESS 0.884),
#   precision 0.899.
# - thirty-second (40 prompts, 380 values: family events, faith communities and neighbourhoods), written this
#   twenty-seventh session: 0.903 untuned (PERSON 0.900, LOCATION 0.787, STREET_ADDRESS 0.871), precision 0.839; then
#   read: 0.924 after a notice's son, daughter, groom and bride by their given names, 故 before a name and the town a
#   relative comes up from (PERSON 0.930, LOCATION 0.830), precision 0.842, tuned.
# - thirty-third (40 prompts, 378 values: accounts, personal data requests and logs), written during that session and
#   never read: 0.944 on its first code and its last (PERSON 0.887, LOCATION 0.943, STREET_ADDRESS 1.000), precision
#   0.810.
# - thirty-fourth (40 prompts, 353 values: research, academia, lodging and dining), written this twenty-ninth session:
#   0.966 untuned (PERSON 0.938, LOCATION 0.944, STREET_ADDRESS 1.000), precision 0.738; its misses printed, no rule
#   written from them.
# - thirty-fifth (40 prompts, 266 values: housing, cars and insurance), written during that session and never read:
#   0.962 on its first code and after big cities stopped being held out (PERSON 0.949, LOCATION 0.571, STREET_ADDRESS
#   0.968), precision 0.726.
# - thirty-sixth (40 prompts, 464 values: public offices, complaints, welfare and the law), written this thirty-third
#   session: 0.933 untuned (PERSON 0.888, LOCATION 0.850, STREET_ADDRESS 0.964), precision 0.856; then read: 0.953
#   after a complaints log's and a lost-property form's people, a table's month-named column, a Chinese message's
#   writer and relatives, and a name before someone's house (PERSON 0.927), precision 0.859, tuned.
# - thirty-seventh (40 prompts, 437 values: logistics, transport, farming and pets), written beside it and never read:
#   0.920 on the session's first code, 0.922 on its last (PERSON 0.871, LOCATION 0.846, STREET_ADDRESS 0.919), precision
#   0.727.
KOREAN_UNSEEN_FLOORS = {
    unseen_sets_ko.UNSEEN_KOREAN: (0.91, 0.89, 0.84, 0.95, 0.94),
    unseen_sets_ko.UNSEEN_KOREAN_SECOND: (0.97, 0.97, 0.87, 0.95, 0.88),
    unseen_sets_ko.UNSEEN_KOREAN_THIRD: (0.89, 0.87, 0.85, 0.88, 0.84),
    unseen_sets_ko.UNSEEN_KOREAN_FOURTH: (0.80, 0.77, 0.47, 0.95, 0.86),
    unseen_sets_ko.UNSEEN_KOREAN_FIFTH: (0.94, 0.91, 0.93, 0.95, 0.85),
    unseen_sets_ko.UNSEEN_KOREAN_SIXTH: (0.92, 0.88, 0.66, 0.95, 0.88),
    unseen_sets_ko.UNSEEN_KOREAN_SEVENTH: (0.93, 0.90, 0.95, 0.91, 0.82),
    unseen_sets_ko.UNSEEN_KOREAN_EIGHTH: (0.92, 0.93, 0.72, 0.76, 0.83),
    unseen_sets_ko.UNSEEN_KOREAN_NINTH: (0.90, 0.86, 0.80, 0.95, 0.80),
    unseen_sets_ko.UNSEEN_KOREAN_TENTH: (0.90, 0.85, 0.84, 0.95, 0.80),
    unseen_sets_ko.UNSEEN_KOREAN_ELEVENTH: (0.87, 0.85, 0.75, 0.95, 0.80),
    unseen_sets_ko.UNSEEN_KOREAN_TWELFTH: (0.93, 0.91, 0.79, 0.95, 0.73),
    unseen_sets_ko.UNSEEN_KOREAN_THIRTEENTH: (0.85, 0.82, 0.69, 0.95, 0.79),
    unseen_sets_ko.UNSEEN_KOREAN_FOURTEENTH: (0.83, 0.77, 0.68, 0.85, 0.83),
    unseen_sets_ko.UNSEEN_KOREAN_FIFTEENTH: (0.87, 0.86, 0.63, 0.95, 0.79),
    unseen_sets_ko.UNSEEN_KOREAN_SIXTEENTH: (0.87, 0.83, 0.77, 0.95, 0.83),
    unseen_sets_ko.UNSEEN_KOREAN_SEVENTEENTH: (0.87, 0.85, 0.64, 0.95, 0.79),
    unseen_sets_ko.UNSEEN_KOREAN_EIGHTEENTH: (0.92, 0.89, 0.82, 0.95, 0.78),
    unseen_sets_ko.UNSEEN_KOREAN_NINETEENTH: (0.93, 0.91, 0.80, 0.95, 0.74),
    unseen_sets_ko.UNSEEN_KOREAN_TWENTIETH: (0.85, 0.81, 0.80, 0.80, 0.76),
    unseen_sets_ko.UNSEEN_KOREAN_TWENTY_FIRST: (0.95, 0.94, 0.90, 0.95, 0.80),
    unseen_sets_ko.UNSEEN_KOREAN_TWENTY_SECOND: (0.94, 0.92, 0.92, 0.95, 0.86),
    unseen_sets_ko.UNSEEN_KOREAN_TWENTY_THIRD: (0.91, 0.86, 0.98, 0.84, 0.78),
    unseen_sets_ko.UNSEEN_KOREAN_TWENTY_FOURTH: (0.94, 0.92, 0.88, 0.88, 0.83),
    unseen_sets_ko.UNSEEN_KOREAN_TWENTY_FIFTH: (0.91, 0.87, 0.81, 0.95, 0.81),
    unseen_sets_ko.UNSEEN_KOREAN_TWENTY_SIXTH: (0.91, 0.86, 0.70, 0.95, 0.75),
    unseen_sets_ko.UNSEEN_KOREAN_TWENTY_SEVENTH: (0.95, 0.94, 0.84, 0.95, 0.81),
    unseen_sets_ko.UNSEEN_KOREAN_TWENTY_EIGHTH: (0.85, 0.79, 0.75, 0.74, 0.79),
    unseen_sets_ko.UNSEEN_KOREAN_TWENTY_NINTH: (0.96, 0.94, 0.95, 0.95, 0.73),
    unseen_sets_ko.UNSEEN_KOREAN_THIRTIETH: (0.93, 0.92, 0.83, 0.84, 0.80),
    unseen_sets_ko.UNSEEN_KOREAN_THIRTY_FIRST: (0.91, 0.90, 0.89, 0.86, 0.87),
    unseen_sets_ko.UNSEEN_KOREAN_THIRTY_SECOND: (0.91, 0.91, 0.81, 0.85, 0.82),
    unseen_sets_ko.UNSEEN_KOREAN_THIRTY_THIRD: (0.93, 0.87, 0.92, 0.95, 0.79),
    unseen_sets_ko.UNSEEN_KOREAN_THIRTY_FOURTH: (0.95, 0.93, 0.93, 0.95, 0.73),
    unseen_sets_ko.UNSEEN_KOREAN_THIRTY_FIFTH: (0.95, 0.94, 0.55, 0.95, 0.71),
    unseen_sets_ko.UNSEEN_KOREAN_THIRTY_SIXTH: (0.94, 0.92, 0.84, 0.95, 0.85),
    unseen_sets_ko.UNSEEN_KOREAN_THIRTY_SEVENTH: (0.91, 0.86, 0.83, 0.90, 0.72),
    unseen_sets_ko.UNSEEN_KOREAN_THIRTY_EIGHTH: (0.93, 0.91, 0.78, 0.95, 0.75),
    unseen_sets_ko.UNSEEN_KOREAN_THIRTY_NINTH: (0.92, 0.87, 0.95, 0.95, 0.78),
    unseen_sets_ko.UNSEEN_KOREAN_FORTIETH: (0.90, 0.88, 0.76, 0.95, 0.83),
    unseen_sets_ko.UNSEEN_KOREAN_FORTY_FIRST: (0.93, 0.90, 0.87, 0.89, 0.80),
    unseen_sets_ko.UNSEEN_KOREAN_FORTY_SECOND: (0.92, 0.89, 0.76, 0.95, 0.76),
    unseen_sets_ko.UNSEEN_KOREAN_FORTY_THIRD: (0.89, 0.80, 0.75, 0.88, 0.70),
    unseen_sets_ko.UNSEEN_KOREAN_FORTY_FOURTH: (0.84, 0.79, 0.73, 0.88, 0.80),
    unseen_sets_ko.UNSEEN_KOREAN_FORTY_FIFTH: (0.90, 0.88, 0.83, 0.95, 0.80),
}


@pytest.mark.parametrize("file", KOREAN_UNSEEN_FLOORS, ids=list(KOREAN_UNSEEN_FLOORS))
def test_korean_prompts_written_without_reading_the_rules_stay_at_their_floor(
    redactor: pii.Redactor, file: str
) -> None:
    scores, exact = _measured(redactor, list(heldout.handwritten(file)))
    overall, person, location, address, precision = KOREAN_UNSEEN_FLOORS[file]
    figures = _figures(scores)  # plain numbers: pytest's account of a failure names no value of a set never read
    missed, false = _shown(file, scores.missed), _shown(file, scores.false_positives)
    assert figures["overall"] >= overall and figures["PERSON"] >= person, (figures, missed)
    assert figures["LOCATION"] >= location and figures["STREET_ADDRESS"] >= address, (figures, missed)
    assert figures["precision"] >= precision, (figures, false)
    assert exact and set(exact.values()) == {1.0}


@pytest.fixture(scope="module")
def korean(redactor: pii.Redactor) -> tuple[Scores, dict[str, float]]:
    return _measured(redactor, heldout.korean_corpus(200, seed=2019))


# Korean script (200 generated + 16 hand-written prompts, seed 2019). When the Korean analyzer came in:
# overall 0.860, PERSON 0.727. With the name positions of Korean writing (`pii._korean`, 2026-12-02):
# overall 0.963, PERSON 0.931, LOCATION 0.963, every identifier 1.0 with its particle attached, precision
# 0.995. Those rules were written while reading what the generated corpus (seed 19) missed, so this is
# not an untuned figure either. Names that are one ordinary word ("이민", "부채") still leak. Floors just
# under.
KOREAN_FLOORS = {
    "CREDIT_CARD": 1.0,
    "KR_RRN": 1.0,
    "EMAIL_ADDRESS": 1.0,
    "PHONE_NUMBER": 1.0,
    "STREET_ADDRESS": 1.0,
    "LOCATION": 0.95,
    "PERSON": 0.92,
}


@pytest.mark.parametrize(("kind", "floor"), KOREAN_FLOORS.items(), ids=list(KOREAN_FLOORS))
def test_korean_held_out_recall_stays_at_its_floor(
    korean: tuple[Scores, dict[str, float]], kind: str, floor: float
) -> None:
    scores, _ = korean
    assert scores.recall[kind] >= floor, [value for missed_kind, value in scores.missed if missed_kind == kind]


def test_korean_held_out_overall_floors_and_exact_round_trips(korean: tuple[Scores, dict[str, float]]) -> None:
    scores, exact = korean
    assert scores.overall_recall >= 0.95, scores.missed
    assert scores.precision >= 0.98, scores.false_positives
    assert exact and set(exact.values()) == {1.0}
