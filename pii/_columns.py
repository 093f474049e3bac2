"""What a table's column says it holds, by its name: the names of columns of people, places, addresses, birth dates
and contact details in English, Korean and the other languages prompts are written in, and the entity type a column's
cells hold (`column_kind`), read from its name as `column_key` writes it. Pure: no I/O.
"""

from __future__ import annotations

import re
from functools import lru_cache

PERSON_COLUMNS = frozenset(
    {"full name", "fullname", "surname", "last name", "lastname", "family name", "given", "given name", "given names"}
    | {"first name", "firstname", "forename", "forenames", "payee", "recipient", "sender", "consignee", "patient"}
    | {"passenger", "guest", "attendee", "tenant", "beneficiary", "account holder", "nickname", "applicant"}
    | {"candidate", "next of kin", "emergency contact", "witness", "pupil", "student", "employee", "donor"}
    | {"contact name", "customer name", "patient name", "client name", "employee name", "guest name", "holder name"}
    | {"passenger name", "member name", "student name", "tenant name", "recipient name", "beneficiary name"}
    | {"nick", "holder", "cardholder", "card holder", "real name", "실명", "본명"}
    | {"maiden name", "birth name", "preferred name", "preferredname", "known as"}
    | {"collector", "collected by", "interviewer", "consented by"}
    # other languages' headers: surnames and given names
    | {"apellido", "apellidos", "primer apellido", "segundo apellido", "nombres", "sobrenome", "prénom", "prenom"}
    | {"apellido paterno", "apellido materno", "apelidos", "apelido"}
    | {"nom de famille", "vorname", "nachname", "familienname", "cognome", "achternaam", "voornaam", "voornamen"}
    | {"nazwisko", "imię", "imie", "soyad\u0131", "soyadi", "soyad", "nama lengkap", "họ tên", "họ và tên", "ho ten"}
    | {"성명", "성함", "수령인", "수취인", "받는 분", "받는분", "고객명", "환자명", "보호자"}
    | {"보호자명", "신청자", "예약자"}
    | {"회원명", "학생명", "원아명", "참가자", "참석자", "입주자", "세입자", "임차인", "임대인", "지원자", "닉네임"}
    | {"세대주", "계약자", "피보험자", "작성자", "의뢰인", "내담자", "상담자", "고소인", "피고소인", "상속인"}
    # not 이용자, 후원자, 수급자, 봉사자, 신고인, 습득자 alone: a category as often ("일반", "법인", "생계급여", "본인")
    | {"민원인", "이의신청인", "진정인", "후원자명"}
    | {"한글성명", "영문성명", "여권영문명", "영문명", "한글명", "한글 이름", "영문 이름", "여권 영문명", "예금주"}
    # names a faith gives: a baptismal name, a Buddhist one, the godparents
    | {"세례명", "법명", "대부모", "대부", "대모", "baptismal name", "christian name", "confirmation name"}
    | {"godparents"}
    # who a record names: a deed's parties, a court's
    | {"grantor", "grantee", "defendant", "respondent", "claimant", "pensioner"}
    # who a library's, a council's, a tribunal's or a police log names
    | {"patron", "complainant", "appellant", "service user", "referrer", "victim", "suspect", "offender", "deceased"}
    | {"parent volunteer", "spouse"}
    | {"한글이름", "원어이름", "원어 이름", "원문 이름", "원문이름", "영문이름"}
)
"""Columns whose cells are people, whatever the other columns hold."""
MAYBE_PERSON_COLUMNS = frozenset(
    {"name", "contact", "customer", "client", "member", "staff", "driver", "owner", "person", "caller"}
    | {"volunteer", "teacher", "parent", "guardian", "child", "resident", "user", "player", "visitor", "carer"}
    | {"parent contact", "mother", "father", "godparent", "sponsor"}
    | {"이름", "고객", "회원", "담당자", "학생", "직원", "강사", "선생님", "코치"}
    | {"nombre", "nome", "nom", "naam", "nama", "name des kunden", "cliente", "kunde", "ad", "ad\u0131", "tên", "họ"}
    | {"navn", "namn", "nimi", "jméno", "meno", "név", "nume", "ime", "vardas", "vārds", "nafn"}
    # a name in Japanese letters, and the parties of an order or a loan ("receiverName", "co_maker")
    | {"romaji", "furigana", "kana", "buyer", "orderer", "receiver", "borrower", "co maker", "comaker", "cosigner"}
    | {"co signer", "debtor"}
    # who a study, a race or a conference lists: beside a birth date or a contact, a person; alone, a group or an arm
    | {"participant", "entrant", "competitor", "athlete", "runner", "swimmer", "rider", "skier", "delegate"}
    | {"registrant"}
    # a customer and a contact in the languages of the receipts and chats pasted ("Müşteri: ...", "Pelanggan: ...")
    | {"müşteri", "musteri", "pelanggan", "klant", "asiakas", "contacto", "kontakt"}
    # a form's other names: a plant's or an animal's too ("Species | Other names")
    | {"other names", "other name", "middle name", "middle names"}
)
"""Columns whose cells are people only beside a column of personal data ("name,email,phone"): alone they name
servers, settings, drugs or tests as often ("| Name | Type | Default |")."""
_PEOPLE = frozenset(
    {"learner", "player", "participant", "visitor", "carer", "mother", "father", "spouse", "doctor", "nurse"}
    | {"patient", "pupil", "tenant", "guest", "passenger", "head of household", "household head", "kin", "sibling"}
    | {"coach", "supervisor", "pet owner", "contact", "member", "staff", "volunteer", "teacher", "guardian"}
    | {"resident", "caller", "person", "orderer", "receiver", "buyer", "borrower", "debtor", "payer", "subscriber"}
)
"""Who a column "<who> name" names ("learner_name", "guardian name"; not "file name", "host name", nor what also
names things: "parent_name" and "child_name" of a category tree, "driver_name", "owner_name", "user_name")."""
PLACE_COLUMNS = frozenset(
    {"city", "town", "hometown", "home town", "suburb", "village", "province", "county", "residence", "birthplace"}
    | {"place of birth", "city of birth", "based in", "lives in", "born in", "born at", "town of birth", "birth place"}
    | {"doğum yeri", "dogum yeri", "место рождения", "miejsce urodzenia", "geboren in", "né à", "née à", "nacido en"}
    | {"거주지", "거주 지역", "거주지역", "출생지", "고향", "출신지", "현거주", "현거주지", "현 거주지", "거주"}
    | {"ciudad", "localidad", "cidade", "ville", "stadt", "wohnort", "città", "citta", "woonplaats", "miasto"}
    | {"miejscowość", "şehir", "sehir", "kota", "lugar de nacimiento", "lieu de naissance", "geburtsort"}
    | {"tempat lahir", "local de nascimento", "naturalidade", "luogo di nascita", "nơi sinh", "quê quán"}
    | {"bydliště", "bydlisko", "bopæl", "bosted", "hemort", "bostadsort", "asuinpaikka", "lakóhely", "residencia"}
    | {"residência", "residenza", "domicile", "miejsce zamieszkania"}
    | {"거주동", "거주 동", "출신도시", "출신 도시", "출생도시"}
)
"""Columns whose cells are places that locate someone (a "country" or a "state" only beside personal data:
`MAYBE_PLACE_COLUMNS`)."""
MAYBE_PLACE_COLUMNS = frozenset(
    {"location", "place", "region", "based", "origin", "지역", "출신", "district", "municipality", "parish", "home"}
    | {"state", "country"}
    | {"město", "mesto", "város", "település", "oraș", "oras", "ort", "plaats", "stad", "lieu", "luogo", "lugar"}
    | {"sted", "paikka", "miejsce"}
    | {"woreda", "kebele", "barangay", "tehsil", "taluk", "upazila", "commune", "prefecture", "neighbourhood"}
    | {"township", "postcode area", "post town", "postal town", "neighborhood", "locality"}
    # where someone now lives: a survey's answer counted as often ("Living in,Count")
    | {"now living in", "living in", "currently living in", "now based in", "currently based in", "now lives in"}
    # where a passenger list's or a census's people last lived
    | {"last residence", "place of residence", "last place of residence", "former residence", "previous residence"}
)
"""Columns whose cells are places only beside a column of personal data (alone: "eu-west-1", a file's path; a state or
a country of a product, a server or a firm)."""
ADDRESS_COLUMNS = frozenset(
    {"address", "street", "home address", "street address", "postal address", "addr", "address line 1"}
    | {"address line", "dirección", "direccion", "domicilio", "endereço", "endereco", "morada", "adresse"}
    | {"anschrift", "indirizzo", "adres", "adresa", "alamat", "adr"}
    | {"주소", "배송지", "배송 주소", "배송주소", "도로명주소", "도로명 주소", "자택 주소"}
    | {"자택주소", "집 주소", "집주소"}
)
"""Columns whose cells are street addresses."""
MAYBE_ADDRESS_COLUMNS = frozenset({"동호수", "동·호수", "동 호수"})
"""Columns whose cells are a household's building and flat in a complex, only beside a column of personal data
("동호수,수령인,연락처": "101-1203"). Not a "호수" or a "호실" alone: a room's number as often (a ward's, an
office's)."""
CONTACT_COLUMNS = frozenset(
    {"email", "e mail", "email address", "phone", "mobile", "tel", "telephone", "dob", "date of birth", "birthday"}
    | {"phone number", "mobile number", "mobile phone", "cell phone", "telephone number"}
    | {"birth", "birthdate", "birth date"}
    | {"연락처", "휴대폰", "핸드폰", "전화", "전화번호", "휴대전화", "이메일", "생년월일"}
    | {"license no", "license number", "licence no", "licence number", "passport no", "passport number", "id number"}
    | {"teléfono", "telefono", "telefone", "téléphone", "telephone", "telefon", "telefoon", "celular", "móvil"}
    | {"movil", "correo", "correo electrónico", "courriel", "handphone", "no hp", "sími", "tel nr"}
    | {"ssn", "social security number", "nhs number", "nhs no", "nino", "ni number", "national insurance number"}
)
"""Fields of someone's contact details: beside a filled one, a JSON object's or a log line's "name" is a person's."""
BIRTH_COLUMNS = frozenset(
    {"dob", "date of birth", "birthday", "birth", "birthdate", "birth date", "생년월일", "생일", "출생일"}
    | {"fecha nac", "fecha de nacimiento", "fecha nacimiento", "nacimiento", "data de nascimento", "data nasc"}
    | {"date de naissance", "geburtsdatum", "data di nascita", "geboortedatum", "data urodzenia", "doğum tarihi"}
    | {"tanggal lahir", "tgl lahir", "ngày sinh", "geb datum", "geburtstag"}
)
"""Columns whose cells are birth dates, in any of the forms a date is written ("970812", "1978-02-11", "03/05/1961")."""
PERSONAL_COLUMNS = frozenset(
    CONTACT_COLUMNS
    | BIRTH_COLUMNS
    | {"iban", "account", "account number", "nhs", "nhs number", "nhs no", "ssn", "card", "passport", "주민등록번호"}
    | {"konto", "cuenta", "conta", "conto", "compte", "rekening"}
    | {"카드번호"}
    | PERSON_COLUMNS
    | PLACE_COLUMNS
    | ADDRESS_COLUMNS
)
"""Columns of personal data: beside one, a column called "name" or "location" holds people or places."""
_LISTED = PERSONAL_COLUMNS | MAYBE_PERSON_COLUMNS | MAYBE_PLACE_COLUMNS | MAYBE_ADDRESS_COLUMNS


_HOMES = frozenset({"home"})
"""Columns of where the people of a row come from, when nothing else says the rows are people ("home" of a race's
results)."""


def beside_their_homes(keys: list[str]) -> bool:
    """Whether a column of names stands beside one of where they come from ("pos,bib,name,club,time,home"): the names
    are people's and the homes their places, as beside a column of personal data (not a "user" or a "player" column
    beside a "home" one: "| User | Home | Shell |", "| Player | Home | Away |")."""
    return "name" in keys and any(key in _HOMES for key in keys)


def someones_contact(key: str) -> bool:
    """A column of a person's contact details named with whose they are ("보호자 연락처", "guardian phone", "patient
    email"); not a desk's or a business's ("support email", "예약 전화", "대표 연락처")."""
    whose, _, what = key.rpartition(" ")
    return what in CONTACT_COLUMNS and (whose in PERSON_COLUMNS or whose in _PEOPLE)


def a_columns_name(cell: str) -> bool:
    """Whether a header's cell names a column of the lists ("Nachname", "Ort", "Tel", "주민등록번호"): no one's name
    and no place, whatever a model reads there; not a value a key and value table puts beside its label ("Müller")."""
    key = column_key(without_qualifier(cell))
    return bool(key) and (key in _LISTED or someones_contact(key) or column_kind(key, personal=True) is not None)


@lru_cache(maxsize=4096)  # bounded: a stream of distinct keys must not grow a process without end
def column_key(name: str) -> str:
    """A column's name as the lists hold it: lower case, no quotes, "-" and "_" as spaces ("First-Name" is "first
    name"), the names of a column of two joined by "/" ("Surname, Given" is "surname/given"); "" for a cell that
    is no column's name (a value: digits other than a line's number, punctuation)."""
    if name.strip() in _NUMBER_COLUMNS:
        return "no"  # a row's number ("| # | Họ tên | ..."): a column's name all the same
    if name.strip() in _MONEY_COLUMNS:
        return "amount"  # "| Date | Customer | Address | £ | Paid? |"
    name = _PLURAL_IN_BRACKETS.sub("s", name.strip())  # "Forename(s)" is "Forenames"
    name = _ABBREVIATED.sub("", name)  # "Tel.", "Geb.-Datum": "tel", "geb datum"
    keys = [_words_of(part) for part in re.split(r"[,/]", name.strip("\"'").rstrip("?"))]
    if all(re.fullmatch(r"[^\W\d_]+(?: [^\W\d_]+)*(?: \d)?", key) for key in keys):
        return "/".join(_NAME_IN_A_SCRIPT.sub(r"\1", key) for key in keys)
    return ""


_PLURAL_IN_BRACKETS = re.compile(r"\((?:s|es)\)$")
_ABBREVIATED = re.compile(r"(?<=[^\W\d_])\.(?=$|[\s-])")
"""The dot of a word cut short in a column's name ("Tel.", "Geb.", "Adr."), before its end, a space or a hyphen."""
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
"""A word's start inside a name in camel case ("MailingCity", "firstName", "nameKo")."""
_NUMBERED = re.compile(r"(?<=[^\W\d_])(\d)$")
"""A column's number written against its name ("addr2", "addressLine2", "guest2"): "addr 2", as "Guest 2" is."""


def _words_of(part: str) -> str:
    """One column's name in lower-case words: in camel case split into its words ("MailingCity" is "mailing city"),
    unless it is a column's name of the lists written whole ("DoB" is "dob", "SurName" "surname", "BirthPlace"
    "birthplace")."""
    spaced = _NUMBERED.sub(r" \1", re.sub(r"[-_]", " ", part))
    whole = " ".join(spaced.lower().split())
    if whole in _LISTED or not _CAMEL.search(spaced):
        return whole
    return " ".join(_CAMEL.sub(" ", spaced).lower().split())


_BRACKETED = re.compile(r"[(\[][^()\[\]\n]{1,20}[)\]]")
"""A qualifier in brackets inside a column's name."""


def without_qualifier(name: str) -> str:
    """A column's name without what it says in brackets ("주민(외국인)등록번호", "Tenant (type)", "DOB (dd/mm/yyyy)"): a
    name all the same, for telling a header from a row, though not the name of the column without it ("Tenant (type)"
    holds no tenants)."""
    bare = " ".join(_BRACKETED.sub(" ", name).split())
    return bare or name


_NUMBER_COLUMNS = frozenset({"#", "№", "Nº", "N°", "No."})
"""Headers of a column of row numbers, written with no letter to be a name by."""
_MONEY_COLUMNS = frozenset({"£", "$", "€", "¥", "₩", "₹", "₦", "R$", "€/h", "£/h"})
"""Headers of a column of amounts, a currency's sign alone."""


_NAME_IN_A_SCRIPT = re.compile(
    r"^((?:full |first |last |family |given )?name)"
    r" (?:en|eng|english|zh|cn|chinese|ko|kr|korean|ja|jp|japanese|kanji|hanja|local|native|latin|roman|pinyin"
    r"|romanized|romanised)$"
)
"""A name's column in one script or language ("name_en", "name_zh", "fullNameKo"): a "name" column ("full name") as
the others are."""


def column_kind(key: str, personal: bool) -> str | None:
    """The entity type a column's cells hold; a column called "name" or "location" only beside personal data; a
    column of two ("Surname, Given", "City/Town") the type both hold."""
    if "/" in key:
        kinds = {column_kind(part, personal) for part in key.split("/")}
        return kinds.pop() if len(kinds) == 1 else None
    if (base := without_number(key)) != key:
        return column_kind(base, personal)  # "addr 2", "guest 2": the second of its base's kind
    if key in PERSON_COLUMNS or (personal and key in MAYBE_PERSON_COLUMNS):
        return "PERSON"
    whose = key.removesuffix(" name") if key.endswith(" name") else None
    if whose is not None and (whose in _PEOPLE or whose in PERSON_COLUMNS):
        return "PERSON"  # "learner_name", "parent name", "owner name", "candidate_name"
    if key in PLACE_COLUMNS or (personal and key in MAYBE_PLACE_COLUMNS) or _whose_place(key):
        return "LOCATION"
    if key in BIRTH_COLUMNS:
        return "DATE_TIME"
    whose, _, what = key.partition(" ")
    mailed = whose in _MAILED and what in ADDRESS_COLUMNS  # "MailingStreet", "shipping_address"
    flat = personal and key in MAYBE_ADDRESS_COLUMNS
    return "STREET_ADDRESS" if key in ADDRESS_COLUMNS or mailed or flat else None


_PLACE_WORDS = frozenset({"city", "town", "suburb", "village", "county", "province", "district", "state", "community"})
_WHOSE_PLACE = frozenset({"home", "current", "residence", "resident", "birth", "present", "permanent", "living"})
_MAILED = frozenset({"mailing", "postal", "billing", "shipping", "delivery", "home", "residential", "permanent"})
"""What an address's column may say it is for ("MailingStreet", "billing_address", "home street"): where someone
lives or is sent things."""


def without_number(key: str) -> str:
    """A column's key without the number that counts it ("addr 2" is "addr", "phone 2" "phone")."""
    return key[:-2] if _NUMBER_AT_END.search(key) else key


_NUMBER_AT_END = re.compile(r" \d$")
"""A column's number as `column_key` writes it, after a space."""


def _whose_place(key: str) -> bool:
    """A column of the place where someone lives or was born ("home_city", "current_city", "birth_town"; not
    "office_city", "branch_state")."""
    whose, _, what = key.rpartition(" ")
    return what in _PLACE_WORDS and (whose in _WHOSE_PLACE or whose in _MAILED)
