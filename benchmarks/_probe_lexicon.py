# ruff: noqa: RUF001  # the word lists are in many scripts; Cyrillic look-alike letters are the point
"""Word lists of ``benchmarks/eval_probe.py``, written from how each language writes limits and neutral asides.

Independent of citecheck: nothing here is read from the library (``citecheck.matcher._lexicon`` is
neither imported nor copied), so the probe does not share the matcher's blind spots.
"""

from __future__ import annotations


def _words(text: str) -> set[str]:
    """The whitespace-separated words of ``text``: long word lists read better as running text."""
    return set(text.split())


# The tables below keep one language per line or two, as written; the formatter would put every
# word on a line of its own.
# fmt: off

# Words whose presence in LEFT-OUT text makes a cut non-neutral (used only to keep
# "harmless" cuts conservative). Spaced languages: whole words (lower case);
# unspaced (zh, ja, th) and ko: substrings.
LIMIT = {
    "en": _words("""if unless except excepting only when whenever while but however although though not no
never none nothing nor neither cannot can't don't doesn't isn't aren't won't wasn't weren't shouldn't
mustn't may might must should shall can could would will often usually typically generally sometimes
rarely seldom some all every each most many few any whether argue argues claim claims according suggest
suggests perhaps possibly likely probably unlikely until before after provided assuming without otherwise
else even once because since so whereas yet instead rather almost nearly approximately least more less
than required optional recommended unlike except"""),
    "de": _words("""wenn falls sofern außer ausser es sei denn nur sobald solange während aber doch jedoch obwohl
allerdings nicht kein keine keinen keinem keiner keines nie niemals nichts niemand ohne weder muss müssen
musst darf dürfen soll sollen sollte sollten kann kannst können könnte könnten möglicherweise vielleicht
oft häufig meist meistens normalerweise manchmal selten alle jeder jede jedes einige manche viele wenige
ob laut angeblich bevor nachdem bis weil da sonst mehr weniger als wird werden würde würden"""),
    "fr": _words("""si s sauf seulement uniquement quand lorsque lorsqu tant pendant mais cependant toutefois
pourtant bien quoique ne n pas jamais aucun aucune rien ni non sans doit doivent devrait devez peut
peuvent pouvez pourrait souvent généralement habituellement parfois rarement tous toutes tout chaque
certains certaines plusieurs beaucoup peu selon avant après jusqu parce puisque sinon plus moins alors
va vont pourra""") | {"peut-être"},
    "pt": _words("""se exceto salvo apenas somente só quando enquanto mas porém contudo entretanto embora não
nunca jamais nenhum nenhuma nada ninguém sem nem deve devem deveria pode podem poderia precisa precisam
talvez frequentemente geralmente normalmente às as vezes raramente todos todas todo toda cada alguns
algumas muitos muitas poucos poucas segundo conforme antes depois até porque senão mais menos caso vai
vão"""),
    "ru": _words("""если когда кроме исключением только лишь пока но однако хотя а не нет ни никогда нельзя без
должен должна должно должны может могут можете можно нужно следует возможно часто обычно иногда редко
все всё всегда каждый каждая некоторые многие много мало ли согласно якобы до после потому поскольку
иначе больше меньше чем то будет будут"""),
    "zh": ["如果", "若", "假如", "要是", "除非", "除了", "只", "仅", "当", "时", "但", "不过", "然而", "却",
           "虽然", "尽管", "不", "没", "未", "非", "无", "别", "必须", "应", "可", "能", "会", "需要",
           "也许", "或许", "通常", "往往", "经常", "有时", "所有", "每", "一些", "许多", "很多", "少",
           "是否", "据", "认为", "之前", "之后", "以前", "以后", "直到", "因为", "否则", "更", "比", "则"],
    "ja": ["場合", "たら", "れば", "なら", "限り", "除", "だけ", "のみ", "しか", "とき", "時", "間", "が、",
           "けど", "けれど", "しかし", "ただし", "ない", "ません", "ず", "無", "不", "未", "非", "べき",
           "必要", "でき", "可能", "かもしれ", "おそらく", "通常", "よく", "多く", "時々", "常に", "すべて",
           "全て", "各", "一部", "かどうか", "によると", "前", "後", "まで", "ので", "から", "以外", "ても",
           "でも", "と、"],
    "ko": ["면", "경우", "제외", "만", "때", "동안", "지만", "그러나", "하지만", "않", "없", "안 ", "못",
           "아니", "해야", "야 ", "수 있", "필요", "아마", "보통", "대개", "일반적", "자주", "가끔", "항상",
           "모든", "일부", "많은", "적은", "여부", "따르면", "전에", "후에", "까지", "때문", "아니면", "도"],
    "th": ["ถ้า", "หาก", "เมื่อ", "ยกเว้น", "เท่านั้น", "แต่", "ไม่", "ห้าม", "อย่า", "มิ", "ต้อง", "ควร",
           "อาจ", "สามารถ", "ได้", "มัก", "บางครั้ง", "เสมอ", "ทุก", "บาง", "ก่อน", "หลัง", "จน", "เพราะ"],
}

UNSPACED = {"zh", "ja", "th"}

# Leading discourse markers: leaving them out never changes what the rest says.
DISCOURSE = {
    "en": ["For example,", "For instance,", "In practice,", "In addition,", "Additionally,", "Furthermore,",
           "Moreover,", "Also,", "Similarly,", "Likewise,", "In other words,", "Specifically,",
           "In particular,", "Finally,", "First,", "Second,", "Third,", "Next,", "Now,", "Here,", "Again,",
           "Of course,", "As a result,", "Therefore,", "Thus,", "So,", "Fortunately,", "Unfortunately,",
           "Luckily,", "Note that", "In fact,", "Indeed,", "Consequently,", "Hence,", "Accordingly,",
           "That is,", "To be clear,", "In short,", "As such,"],
    "de": ["Zum Beispiel,", "Beispielsweise", "Zum Beispiel", "In der Praxis", "Außerdem", "Darüber hinaus",
           "Zusätzlich", "Ebenso", "In ähnlicher Weise", "Mit anderen Worten,", "Daher", "Deshalb",
           "Schließlich", "Zuerst", "Glücklicherweise", "Leider", "Tatsächlich", "Somit", "Folglich",
           "Erstens", "Zweitens", "Nun", "Dabei", "Auch hier"],
    "fr": ["Par exemple,", "En pratique,", "De plus,", "En outre,", "Ainsi,", "Donc,", "Enfin,", "D'abord,",
           "Premièrement,", "Autrement dit,", "En d'autres termes,", "De même,", "Heureusement,",
           "Malheureusement,", "En effet,", "Par conséquent,", "Maintenant,", "Ensuite,", "Aussi,",
           "Dans les faits,", "Toutefois,"],  # Toutefois removed below (contrast)
    "pt": ["Por exemplo,", "Na prática,", "Além disso,", "Assim,", "Portanto,", "Finalmente,", "Primeiro,",
           "Em outras palavras,", "Da mesma forma,", "Felizmente,", "Infelizmente,", "Então,", "Agora,",
           "De fato,", "Por isso,", "Por fim,", "Também,", "Dessa forma,", "Desta forma,", "Ou seja,"],
    "ru": ["Например,", "На практике,", "Кроме того,", "Таким образом,", "Поэтому", "Наконец,", "Во-первых,",
           "Во-вторых,", "Другими словами,", "Иными словами,", "Точно так же", "Итак,", "К счастью,",
           "К сожалению,", "Теперь", "Сначала", "Затем", "Следовательно,", "Действительно,", "Фактически,",
           "В частности,", "Также"],
    "zh": ["例如，", "比如，", "举例来说，", "实际上，", "事实上，", "此外，", "另外，", "首先，", "其次，", "然后，",
           "最后，", "因此，", "所以，", "换句话说，", "同样，", "同样地，", "幸运的是，", "总之，", "那么，",
           "现在，", "于是，", "也就是说，"],
    "ja": ["例えば、", "たとえば、", "実際には、", "実際、", "さらに、", "また、", "まず、", "次に、", "最後に、",
           "したがって、", "そのため、", "つまり、", "言い換えれば、", "同様に、", "幸いにも、", "故に、",
           "それから、", "では、", "なお、", "そして、", "ですから、", "このように、", "同様の理由で、"],
    "ko": ["예를 들어,", "예를 들어", "예를 들면,", "실제로,", "또한,", "또한", "게다가,", "먼저,", "다음으로,",
           "마지막으로,", "따라서,", "따라서", "그러므로,", "즉,", "다시 말해,", "마찬가지로,", "다행히,",
           "그래서", "이제", "결과적으로,"],
    "th": ["ตัวอย่างเช่น", "นอกจากนี้", "ดังนั้น", "ในทางปฏิบัติ", "ก่อนอื่น", "สุดท้าย"],
}
DISCOURSE["fr"].remove("Toutefois,")

# Leading hedges: leaving them out drops a limit.
HEDGE = {
    "en": ["Typically,", "Usually,", "Often,", "Generally,", "In general,", "In most cases,", "Perhaps",
           "Probably", "Sometimes", "Sometimes,", "Occasionally,", "Normally,", "In many cases,", "Possibly,",
           "Generally speaking,", "Most of the time,", "In some cases,", "Frequently,"],
    "de": ["Normalerweise", "Meistens", "Vielleicht", "Möglicherweise", "Oft", "Häufig", "In der Regel",
           "Manchmal", "Gewöhnlich", "Im Allgemeinen", "Typischerweise", "Meist", "Oftmals", "In einigen Fällen"],
    "fr": ["Généralement,", "Souvent,", "Peut-être", "En général,", "Habituellement,", "Parfois,",
           "Typiquement,", "Normalement,", "Dans certains cas,", "La plupart du temps,"],
    "pt": ["Geralmente,", "Normalmente,", "Muitas vezes,", "Talvez", "Em geral,", "Às vezes,", "Às vezes",
           "As vezes", "Frequentemente,", "Tipicamente,", "Em alguns casos,"],
    "ru": ["Обычно", "Часто", "Возможно,", "Как правило,", "Иногда", "Вероятно,", "В большинстве случаев",
           "В некоторых случаях"],
    "zh": ["通常，", "一般来说，", "往往", "可能", "也许", "大多数情况下，", "有时，", "有时候，", "通常",
           "在某些情况下，"],
    "ja": ["通常、", "一般的に、", "多くの場合、", "おそらく", "たいてい", "時々", "普通、", "一般に、",
           "場合によっては、"],
    "ko": ["보통", "일반적으로", "대개", "아마", "흔히", "가끔", "대부분의 경우", "종종", "경우에 따라"],
    "th": ["โดยปกติ", "มักจะ", "อาจจะ", "ส่วนใหญ่", "บางครั้ง", "โดยทั่วไป"],
}

# Conditions opening a sentence ("If X, Y" -> "Y").
COND_LEAD = {
    "en": ["If", "When", "Whenever", "Unless", "Once", "Provided that", "As long as", "In case", "Only if",
           "Only when", "Where", "Until", "Before", "After"],
    "de": ["Wenn", "Falls", "Sofern", "Sobald", "Solange", "Außer wenn", "Nur wenn", "Bevor", "Nachdem"],
    "fr": ["Si", "S'il", "S’il", "Quand", "Lorsque", "Lorsqu'", "Tant que", "Dès que", "Sauf si",
           "Seulement si", "Avant que", "Après que", "Une fois que"],
    "pt": ["Se", "Quando", "Caso", "Desde que", "Enquanto", "A menos que", "Somente se", "Apenas se", "Antes de",
           "Depois de"],
    "ru": ["Если", "Когда", "Пока", "Как только", "Только если", "Если только", "До того как", "После того как"],
}
# Unspaced/agglutinative: condition markers ending a condition clause, followed by a comma.
COND_MARK = {
    "zh": ("prefix", ["如果", "若", "假如", "要是", "当", "只要", "一旦", "除非", "只有"]),
    "ja": ("suffix", ["場合、", "たら、", "れば、", "なら、", "ならば、", "ときは、", "時は、", "限り、", "と、"]),
    "ko": ("suffix", ["면,", "면 ", "경우,", "경우에는", "경우에", "때는", "때,", "때 "]),
    "th": ("prefix", ["ถ้า", "หาก", "เมื่อ"]),
}

# Trailing conditions / exceptions ("Y if X" -> "Y").
COND_TRAIL = {
    "en": [" if ", " unless ", " except ", ", except ", " only if ", " only when ", " when ", " provided that ",
           " as long as ", " until ", ", unless ", " whenever ", " other than ", ", except when", " except when"],
    "de": [", wenn ", ", falls ", ", sofern ", ", außer ", ", es sei denn", ", solange ", ", sobald ", " außer ",
           ", nur wenn "],
    "fr": [" si ", " sauf ", ", sauf ", " à moins que ", " à moins qu", " seulement si ", " lorsque ", " quand ",
           " tant que ", " uniquement si "],
    "pt": [" se ", " exceto ", ", exceto ", " a menos que ", " somente se ", " apenas se ", " quando ",
           " desde que ", " caso ", " enquanto "],
    "ru": [", если ", ", кроме ", ", за исключением ", ", пока ", ", когда ", " если ", ", только если ",
           ", лишь если "],
    "zh": ["，除非", "，如果", "，只要", "，除了", "，只有", "，当"],
    "ja": [],
    "ko": [],
    "th": [" ยกเว้น", " ถ้า", " หาก", " เว้นแต่"],
}
EXCEPTION_WORDS = {"unless", "except", "außer", "es sei denn", "sauf", "à moins", "exceto", "a menos",
                   "кроме", "исключением", "除非", "除了", "ยกเว้น", "เว้นแต่", "other than"}

# Following contrasts ("Y, but Z" -> "Y").
CONTRAST = {
    "en": [", but ", "; however,", ", while ", ", whereas ", ", although ", ", though ", ", yet ", " but ",
           "; but ", ", but rather ", " although "],
    "de": [", aber ", ", doch ", ", jedoch ", ", während ", ", obwohl ", ", allerdings ", "; aber ", ", sondern "],
    "fr": [", mais ", " mais ", ", alors que ", ", bien que ", ", tandis que ", "; cependant", ", cependant",
           ", toutefois", ", pourtant "],
    "pt": [", mas ", " mas ", ", porém ", ", embora ", ", enquanto ", ", contudo", ", entretanto"],
    "ru": [", но ", ", а ", ", однако ", ", хотя ", ", зато ", ", тогда как "],
    "zh": ["，但", "，但是", "，不过", "，然而", "，可是", "，却"],
    "ja": ["ますが、", "ですが、", "たが、", "だが、", "けれども、", "けれど、", "けど、", "ものの、", "のに、",
           "ませんが、", "しかし、"],
    "ko": ["지만,", "지만 ", "으나 ", "그러나 ", "하지만 "],
    "th": [" แต่"],
}

# Trailing examples ("..., such as X and Y." -> "...").
EXAMPLES = {
    "en": [", such as ", " such as ", ", including ", ", e.g., ", ", e.g. ", ", for example, ", ", like "],
    "de": [", wie z. B. ", ", z. B. ", ", zum Beispiel ", ", etwa ", ", beispielsweise ", ", wie etwa "],
    "fr": [", comme ", ", tels que ", ", telles que ", ", par exemple ", ", notamment ", " comme "],
    "pt": [", como ", ", tais como ", ", por exemplo, ", ", incluindo ", " como "],
    "ru": [", например, ", ", такие как ", ", таких как ", ", включая ", ", в том числе "],
    "zh": ["，例如", "，比如", "，如", "，包括"],
    "ja": ["、例えば", "、たとえば"],
    "ko": [", 예를 들어", ", 예를 들면"],
    "th": [" เช่น"],
}

# Independent clause joiners (", and B").
AND_JOIN = {
    "en": ", and ", "de": ", und ", "fr": ", et ", "pt": ", e ", "ru": ", и ",
}
CLAUSE_START = {
    "en": _words("the it this that these those we they you there he she its a an each our your i"),
    "de": _words("der die das es wir sie du ihr man dies diese dieser dann er"),
    "fr": _words("le la les il elle ils elles nous vous on ce cela cette ces un une"),
    "pt": _words("o a os as ele ela eles elas nós você vocês isso isto este esta esse essa um uma"),
    "ru": _words("это он она они мы вы его её их этот эта эти тот та то"),
}

# Negations to insert / remove, as regex replacements (pattern, replacement).
NEG_INSERT = {
    "en": [(r"\bis\b", "is not"), (r"\bare\b", "are not"), (r"\bcan\b", "cannot"), (r"\bwill\b", "will not"),
           (r"\bdoes\b", "does not"), (r"\bMUST\b(?! NOT)", "MUST NOT"), (r"\bshould\b", "should not"),
           (r"\bSHOULD\b(?! NOT)", "SHOULD NOT"), (r"\bwas\b", "was not"), (r"\bwere\b", "were not"),
           (r"\bhas been\b", "has not been"), (r"\bmay\b", "may not"), (r"\bmust\b", "must not")],
    "de": [(r"\bist\b", "ist nicht"), (r"\bsind\b", "sind nicht"), (r"\bkann\b", "kann nicht"),
           (r"\bkönnen\b", "können nicht"), (r"\bwird\b", "wird nicht"), (r"\bmuss\b", "muss nicht"),
           (r"\bwerden\b", "werden nicht"), (r"\bhat\b", "hat nicht")],
    "fr": [(r"\best\b", "n'est pas"), (r"\bpeut\b", "ne peut pas"), (r"\bsont\b", "ne sont pas"),
           (r"\bva\b", "ne va pas"), (r"\bpouvez\b", "ne pouvez pas"), (r"\bdoit\b", "ne doit pas"),
           (r"\bpeuvent\b", "ne peuvent pas")],
    "pt": [(r"\bé\b", "não é"), (r"\bpode\b", "não pode"), (r"\bpodem\b", "não podem"), (r"\bdeve\b", "não deve"),
           (r"\bvai\b", "não vai"), (r"\btem\b", "não tem"), (r"\bsão\b", "não são"), (r"\bestá\b", "não está"),
           (r"\bprecisa\b", "não precisa"), (r"\bpodemos\b", "não podemos")],
    "ru": [(r"\bявляется\b", "не является"), (r"\bможет\b", "не может"), (r"\bможете\b", "не можете"),
           (r"\bбудет\b", "не будет"), (r"\bнужно\b", "не нужно"), (r"\bдолжен\b", "не должен"),
           (r"\bследует\b", "не следует"), (r"\bпозволяет\b", "не позволяет"), (r"\bмогут\b", "не могут"),
           (r"\bимеет\b", "не имеет"), (r"\bбыло\b", "не было")],
    "zh": [(r"(?<![不可但于还就或总只要都真正也])是", "不是"), (r"(?<![不机只社])会", "不会"),
           (r"(?<![不可功只])能(?!力)", "不能"), (r"(?<![不])可以", "不可以"), (r"(?<![不])需要", "不需要")],
    "ja": [(r"できます", "できません"), (r"(?<=[きしちにびみりいえけせてねべめれげぜで])ます(?=[。、])", "ません"),
           (r"あります", "ありません"), (r"です。", "ではありません。"), (r"できる", "できない")],
    "ko": [(r"수 있습니다", "수 없습니다"), (r"수 있다", "수 없다"), (r"합니다", "하지 않습니다"),
           (r"됩니다", "되지 않습니다"), (r"있습니다", "없습니다")],
    "th": [(r"(?<!ไม่)ต้อง", "ไม่ต้อง"), (r"(?<!ไม่)สามารถ", "ไม่สามารถ"), (r"(?<!ไม่)เป็น", "ไม่เป็น"),
           (r"(?<!ไม่)ควร", "ไม่ควร"), (r"(?<![ไม่])มี", "ไม่มี"), (r"(?<!ไม่)จำเป็น", "ไม่จำเป็น")],
}
NEG_REMOVE = {
    "en": [(r"\b(MUST|SHOULD|must|should|does|do|is|are|can|will|was|were|may|has|have|did) not\b", r"\1"),
           (r"\bcannot\b", "can"), (r"\bdoesn't\b", "does"), (r"\bdon't\b", "do"), (r"\bisn't\b", "is"),
           (r"\baren't\b", "are"), (r"\bwon't\b", "will"), (r"\bcan't\b", "can"), (r"\bnot\s+", ""),
           (r"\bdidn't\b", "did"), (r"\bwasn't\b", "was")],
    "de": [(r"\s+nicht\b", ""), (r"\bkeine\b", "eine"), (r"\bkein\b", "ein"), (r"\bkeinen\b", "einen"),
           (r"\bkeinem\b", "einem"), (r"\bniemals\b", "immer")],
    "fr": [(r"\bn['’](\w+) pas\b", r"\1"), (r"\bne (\w+) pas\b", r"\1"), (r"\bn['’](\w+) jamais\b", r"\1 toujours"),
           (r"\bne (\w+) jamais\b", r"\1 toujours"), (r"\bne (\w+) plus\b", r"\1 encore")],
    "pt": [(r"\bnão\s+", ""), (r"\bnunca\b", "sempre")],
    "ru": [(r"\bне\s+", ""), (r"\bникогда\b", "всегда"), (r"\bнельзя\b", "можно")],
    "zh": [(r"不(?![过仅断管得同])", ""), (r"没有", "有")],
    "ja": [(r"できません", "できます"), (r"ありません", "あります"), (r"ません", "ます"), (r"できない", "できる"),
           (r"ではない", "である"), (r"しない", "する")],
    "ko": [(r"수 없습니다", "수 있습니다"), (r"하지 않습니다", "합니다"), (r"되지 않습니다", "됩니다"),
           (r"없습니다", "있습니다"), (r"하지 않는", "하는"), (r"없는", "있는"), (r"하지 않고", "하고")],
    "th": [(r"ไม่", "")],
}

MODAL_SWAP = {
    "en": {"MUST": "SHOULD", "SHOULD": "MAY", "MAY": "MUST", "REQUIRED": "OPTIONAL", "OPTIONAL": "REQUIRED",
           "RECOMMENDED": "REQUIRED", "must": "may", "can": "must", "should": "must", "will": "may",
           "may": "must", "might": "will", "could": "must", "SHALL": "MAY", "shall": "may"},
    "de": {"muss": "kann", "müssen": "können", "kann": "muss", "können": "müssen", "sollte": "muss",
           "sollten": "müssen", "darf": "muss", "dürfen": "müssen", "musst": "kannst", "kannst": "musst",
           "soll": "kann"},
    "fr": {"doit": "peut", "doivent": "peuvent", "peut": "doit", "peuvent": "doivent", "devrait": "doit",
           "devez": "pouvez", "pouvez": "devez", "devons": "pouvons", "pouvons": "devons"},
    "pt": {"deve": "pode", "devem": "podem", "pode": "deve", "podem": "devem", "precisa": "pode",
           "precisamos": "podemos", "podemos": "devemos", "deveria": "poderia"},
    "ru": {"должен": "может", "должна": "может", "должны": "могут", "может": "должен", "могут": "должны",
           "можете": "должны", "нужно": "можно", "можно": "нужно", "следует": "можно", "необходимо": "можно"},
    "zh": {"必须": "可以", "可以": "必须", "应该": "可以", "能够": "必须", "需要": "可以", "应当": "可以"},
    "ja": {"ことができます": "必要があります", "必要があります": "ことができます", "すべき": "できる",
           "べきです": "てもよいです", "なければなりません": "なくてもかまいません", "ことができる": "必要がある",
           "必要がある": "ことができる"},
    "ko": {"해야 합니다": "할 수 있습니다", "할 수 있습니다": "해야 합니다", "해야 한다": "할 수 있다",
           "할 수 있다": "해야 한다", "반드시 ": ""},
    "th": {"ต้อง": "อาจ", "ควร": "อาจ", "สามารถ": "ต้อง", "อาจ": "ต้อง"},
}

QUANT_SWAP = {
    "en": {"all": "some", "All": "Some", "always": "sometimes", "every": "some", "Every": "Some",
           "most": "some", "many": "few", "none": "some", "only": "also", "Only": "Also", "never": "rarely",
           "each": "some", "any": "some", "usually": "rarely"},
    "de": {"alle": "einige", "Alle": "Einige", "immer": "manchmal", "jeder": "mancher", "jede": "manche",
           "viele": "wenige", "nur": "auch", "Nur": "Auch", "allen": "einigen", "niemals": "selten"},
    "fr": {"tous": "certains", "toutes": "certaines", "toujours": "parfois", "beaucoup": "peu",
           "seulement": "aussi", "uniquement": "aussi", "chaque": "quelque", "Tous": "Certains", "jamais": "rarement"},
    "pt": {"todos": "alguns", "todas": "algumas", "sempre": "às vezes", "muitos": "poucos", "muitas": "poucas",
           "apenas": "também", "somente": "também", "cada": "algum", "Todos": "Alguns", "nunca": "raramente"},
    "ru": {"все": "некоторые", "всегда": "иногда", "каждый": "некоторый", "много": "мало", "только": "также",
           "Все": "Некоторые", "всех": "некоторых", "никогда": "редко", "любой": "некоторый", "любая": "некоторая"},
    "zh": {"所有": "一些", "总是": "有时", "每个": "某个", "很多": "很少", "许多": "少数", "一直": "有时",
           "每一个": "某一个",
           "始终": "有时", "任何": "某些"},
    "ja": {"すべて": "一部", "全て": "一部", "常に": "時々", "いつも": "時々", "必ず": "時々", "多く": "少し",
           "どんな": "一部の", "全体": "一部"},
    "ko": {"모든": "일부", "항상": "가끔", "언제나": "가끔", "많은": "적은", "모두": "일부", "전부": "일부",
           "각": "일부"},
    "th": {"ทุก": "บาง", "เสมอ": "บางครั้ง", "ส่วนใหญ่": "ส่วนน้อย", "ทั้งหมด": "บางส่วน"},
}

OPPOSITES = {
    "en": [("increase", "decrease"), ("increases", "decreases"), ("increased", "decreased"), ("before", "after"),
           ("first", "last"), ("larger", "smaller"), ("more", "less"), ("higher", "lower"), ("accept", "reject"),
           ("accepted", "rejected"), ("valid", "invalid"), ("success", "failure"), ("succeeds", "fails"),
           ("enable", "disable"), ("enabled", "disabled"), ("public", "private"), ("client", "server"),
           ("true", "false"), ("minimum", "maximum"), ("inside", "outside"), ("begin", "end"),
           ("early", "late"), ("positive", "negative"), ("easier", "harder"), ("safe", "unsafe"),
           ("better", "worse"), ("above", "below"), ("add", "remove"), ("input", "output"),
           ("encrypt", "decrypt"), ("encrypted", "decrypted"), ("read", "write"), ("open", "closed"),
           ("static", "dynamic"), ("same", "different"), ("mutable", "immutable"), ("strong", "weak"),
           ("long", "short"), ("upper", "lower"), ("allowed", "forbidden"), ("allows", "forbids"),
           ("required", "forbidden"), ("shows", "refutes"), ("improves", "degrades"), ("lowest", "highest"),
           ("older", "newer"), ("signed", "unsigned"), ("absolute", "relative"), ("stack", "heap"),
           ("local", "remote"), ("explicit", "implicit"), ("higher", "lower"), ("greater", "smaller"),
           ("less", "more"), ("helpful", "harmful"), ("harmless", "harmful"), ("include", "exclude"),
           ("includes", "excludes"), ("lose", "gain"), ("upregulated", "downregulated"), ("high", "low")],
    "de": [("vor", "nach"), ("größer", "kleiner"), ("mehr", "weniger"), ("erste", "letzte"), ("ersten", "letzten"),
           ("gültig", "ungültig"), ("Anfang", "Ende"), ("früher", "später"), ("einfacher", "schwieriger"),
           ("besser", "schlechter"), ("hinzufügen", "entfernen"), ("veränderbar", "unveränderbar"),
           ("gleich", "verschieden"), ("Stapelspeicher", "Haldenspeicher"), ("Stack", "Heap"),
           ("behebbar", "nicht behebbar"), ("behebbare", "nicht behebbare"), ("sicher", "unsicher"),
           ("richtig", "falsch"), ("immer", "nie"), ("gut", "schlecht")],
    "fr": [("avant", "après"), ("plus", "moins"), ("premier", "dernier"), ("première", "dernière"),
           ("grand", "petit"), ("valide", "invalide"), ("facile", "difficile"), ("mieux", "pire"),
           ("ajouter", "supprimer"), ("mutable", "immuable"), ("début", "fin"), ("toujours", "jamais"),
           ("pile", "tas"), ("modifiable", "immuable"), ("sûr", "dangereux")],
    "pt": [("antes", "depois"), ("mais", "menos"), ("primeiro", "último"), ("maior", "menor"),
           ("válido", "inválido"), ("fácil", "difícil"), ("melhor", "pior"), ("adicionar", "remover"),
           ("mutável", "imutável"), ("início", "fim"), ("público", "privado"), ("pública", "privada"),
           ("mesmo", "diferente"), ("sempre", "nunca")],
    "ru": [("до", "после"), ("больше", "меньше"), ("первый", "последний"), ("первым", "последним"),
           ("легко", "трудно"), ("лучше", "хуже"), ("добавить", "удалить"), ("начало", "конец"),
           ("раньше", "позже"), ("успешно", "неудачно"), ("восстановимой", "невосстановимой"),
           ("восстановимые", "невосстановимые"), ("хорошо", "плохо"), ("правильно", "неправильно"),
           ("разумно", "неразумно"), ("всегда", "никогда")],
    "zh": [("之前", "之后"), ("以前", "以后"), ("大于", "小于"), ("更多", "更少"), ("第一", "最后"),
           ("开始", "结束"), ("有效", "无效"), ("简单", "复杂"), ("增加", "减少"), ("可变", "不可变"),
           ("成功", "失败"), ("栈", "堆"), ("离开", "进入"), ("拷贝", "移动"), ("深拷贝", "浅拷贝")],
    "ja": [("以前", "以後"), ("前に", "後に"), ("大きい", "小さい"), ("多い", "少ない"), ("最初", "最後"),
           ("成功", "失敗"), ("簡単", "困難"), ("追加", "削除"), ("回復可能", "回復不能"), ("増やす", "減らす"),
           ("適切", "不適切"), ("有効", "無効"), ("静的", "動的"), ("正しい", "誤った")],
    "ko": [("이전", "이후"), ("큰", "작은"), ("많은", "적은"), ("처음", "마지막"), ("첫 번째", "마지막"),
           ("추가", "제거"), ("성공", "실패"), ("증가", "감소"), ("앞", "뒤"), ("가능", "불가능"),
           ("스택", "힙"), ("유효", "무효")],
    "th": [("ก่อน", "หลัง"), ("มาก", "น้อย"), ("แรก", "สุดท้าย"), ("เพิ่ม", "ลด"), ("ใหญ่", "เล็ก"),
           ("สำเร็จ", "ล้มเหลว"), ("ถูกต้อง", "ผิด")],
}

# One-word paraphrases (unprovable: review, never missing).
SYNONYMS = {
    "en": {"important": "significant", "large": "big", "big": "large", "quickly": "rapidly", "begin": "start",
           "start": "begin", "shows": "demonstrates", "enough": "sufficient", "use": "utilize", "uses": "utilizes",
           "help": "assist", "helps": "assists", "simple": "easy", "easy": "simple", "method": "approach",
           "obtain": "get", "get": "obtain", "useful": "helpful", "example": "instance", "choose": "select",
           "similar": "comparable", "usually": "generally", "different": "distinct", "specific": "particular",
           "common": "frequent", "entire": "whole", "whole": "entire", "create": "make", "allows": "permits",
           "small": "little", "fast": "quick", "ensure": "guarantee", "identify": "recognize"},
    "de": {"wichtig": "bedeutend", "schnell": "rasch", "verwenden": "benutzen", "benutzen": "verwenden",
           "einfach": "simpel", "Beispiel": "Exempel", "deshalb": "darum", "bekommen": "erhalten",
           "zeigen": "demonstrieren", "Programm": "Programmcode", "Fehler": "Irrtum"},
    "fr": {"utiliser": "employer", "important": "essentiel", "exemple": "cas", "facilement": "aisément",
           "rapidement": "vite", "montrer": "présenter", "aussi": "également", "créer": "fabriquer"},
    "pt": {"usar": "utilizar", "utilizar": "usar", "exemplo": "caso", "rapidamente": "depressa",
           "também": "igualmente", "mostra": "exibe", "criar": "fazer", "útil": "proveitoso"},
    "ru": {"использовать": "применять", "пример": "образец", "быстро": "скоро", "также": "тоже",
           "очень": "весьма", "удобными": "полезными", "создать": "сделать", "показывает": "демонстрирует"},
    "zh": {"使用": "利用", "非常": "十分", "例子": "示例", "简单": "容易", "重要": "关键", "方法": "方式"},
    "ja": {"使用": "利用", "非常に": "とても", "簡単": "容易", "重要": "大切", "方法": "手段"},
    "ko": {"사용": "이용", "매우": "아주", "예제": "예시", "간단": "단순", "중요": "핵심", "방법": "방식"},
    "th": {"ใช้": "ใช้งาน", "ตัวอย่าง": "ตัวอย่างเช่น"},
}

BRITISH = {"color": "colour", "behavior": "behaviour", "organize": "organise", "organized": "organised",
           "center": "centre", "analyze": "analyse", "analyzed": "analysed", "initialize": "initialise",
           "initialized": "initialised", "serialize": "serialise", "serialized": "serialised", "favor": "favour",
           "optimize": "optimise", "optimized": "optimised", "recognize": "recognise", "recognized": "recognised",
           "license": "licence", "defense": "defence", "catalog": "catalogue", "program": "programme",
           "characterize": "characterise", "characterized": "characterised", "summarize": "summarise",
           "realize": "realise", "normalize": "normalise", "normalized": "normalised", "utilize": "utilise",
           "gray": "grey", "labeled": "labelled", "modeling": "modelling", "behaviors": "behaviours",
           "canceled": "cancelled", "authorization": "authorisation", "authorize": "authorise",
           "authorized": "authorised", "standardized": "standardised", "prioritize": "prioritise",
           "specialized": "specialised", "customize": "customise", "minimize": "minimise", "maximize": "maximise"}

# Synthetic frames set around a source sentence S (the quote is S, verbatim).
#  {s} = S with its first letter lowered when that word is common; {S} = S; {s0} = S without its final stop.
#  "clean": a neutral marker (found, no flag expected); every other kind limits S (never accepted unflagged).
FRAMES = {
    "en": {"clean": ["For example, {s}", "In practice, {s}", "Note that {s}", "In addition, {s}"],
           "distancing": ["Some argue that {s}", "According to some critics, {s}", "Critics claim that {s}",
                          "One might think that {s}", "It is often said that {s}", "Reportedly, {s}"],
           "negating": ["It is not true that {s}", "It is a myth that {s}", "Nobody believes that {s}"],
           "hedge": ["Perhaps {s}", "Typically, {s}", "In rare cases, {s}", "At times, {s}", "It may be that {s}",
                     "It seems that {s}", "Occasionally, {s}"],
           "condition": ["If the configuration allows it, {s}", "Should the configuration allow it, {s}",
                         "Were the configuration to allow it, {s}", "Provided the configuration allows it, {s}",
                         "In case the configuration allows it, {s}"],
           "condition_trail": ["{s0} if the configuration allows it.", "{s0} provided the configuration allows it.",
                               "{s0} as long as the configuration allows it.",
                               "{s0} in case the configuration allows it."],
           "exception": ["{s0} unless the configuration forbids it.", "{s0}, except when the configuration forbids it.",
                         "{s0} except in legacy mode.", "{s0}, save in legacy mode."],
           "contrast": ["{s0}, but only in rare cases.", "{s0}, although this rarely happens.",
                        "{s0}, yet this is rarely the case."],
           "scope": ["In theory, {s}", "Historically, {s}", "In older versions, {s}", "Ideally, {s}", "Optionally, {s}",
                     "Hypothetically, {s}"]},
    "de": {"clean": ["Zum Beispiel: {S}", "In der Praxis gilt: {S}"],
           "distancing": ["Manche behaupten: {S}", "Laut einigen Kritikern gilt: {S}", "Angeblich gilt: {S}"],
           "negating": ["Es stimmt nicht: {S}", "Es ist nicht wahr: {S}"],
           "hedge": ["Möglicherweise gilt: {S}", "Vielleicht gilt: {S}", "In seltenen Fällen gilt: {S}",
                     "Gelegentlich gilt: {S}", "Unter Umständen gilt: {S}"],
           "condition": ["Falls die Konfiguration es erlaubt, gilt: {S}",
                         "Wenn die Konfiguration es erlaubt, gilt: {S}",
                         "Sollte die Konfiguration es erlauben, gilt: {S}", "Gegebenenfalls gilt: {S}"],
           "condition_trail": ["{s0}, falls die Konfiguration es erlaubt.", "{s0}, wenn die Konfiguration es erlaubt.",
                               "{s0}, sofern die Konfiguration es erlaubt.",
                               "{s0}, vorausgesetzt, die Konfiguration erlaubt es."],
           "exception": ["{s0}, es sei denn, die Konfiguration verbietet es.",
                         "{s0}, außer die Konfiguration verbietet es."],
           "contrast": ["{s0}, aber nur in seltenen Fällen.", "{s0}, allerdings nur selten.",
                        "{s0}, obwohl das selten vorkommt."],
           "scope": ["Theoretisch gilt: {S}", "Früher galt: {S}", "In älteren Versionen gilt: {S}",
                     "Idealerweise gilt: {S}", "{s0}, zumindest theoretisch."]},
    "fr": {"clean": ["Par exemple, {s}", "En pratique, {s}"],
           "distancing": ["Certains affirment que {s}", "Selon certains critiques, {s}", "Prétendument, {s}",
                          "On dit que {s}"],
           "negating": ["Il n'est pas vrai que {s}", "Il est faux de dire que {s}", "C'est un mythe que {s}"],
           "hedge": ["Peut-être que {s}", "Généralement, {s}", "Il semble que {s}", "Apparemment, {s}",
                     "Rarement, {s}"],
           "condition": ["Si la configuration le permet, {s}", "Au cas où la configuration le permettrait, {s}",
                         "Pourvu que la configuration le permette, {s}"],
           "condition_trail": ["{s0} si la configuration le permet.", "{s0} au cas où la configuration le permettrait.",
                               "{s0} pour peu que la configuration le permette."],
           "exception": ["{s0}, sauf si la configuration l'interdit.",
                         "{s0}, à moins que la configuration l'interdise.",
                         "{s0}, hormis en mode hérité."],
           "contrast": ["{s0}, mais seulement dans de rares cas.", "{s0}, bien que cela soit rare."],
           "scope": ["En théorie, {s}", "Autrefois, {s}", "Idéalement, {s}", "{s0}, du moins en théorie."]},
    "pt": {"clean": ["Por exemplo, {s}", "Na prática, {s}"],
           "distancing": ["Alguns afirmam que {s}", "Segundo alguns críticos, {s}", "Supostamente, {s}",
                          "Dizem que {s}"],
           "negating": ["Não é verdade que {s}", "É um mito que {s}"],
           "hedge": ["Talvez {s}", "Geralmente, {s}", "Parece que {s}", "Aparentemente, {s}", "Raramente, {s}"],
           "condition": ["Se a configuração permitir, {s}", "Em caso de configuração adequada, {s}",
                         "Caso a configuração permita, {s}"],
           "condition_trail": ["{s0} se a configuração permitir.", "{s0} caso a configuração permita.",
                               "{s0}, contanto que a configuração permita."],
           "exception": ["{s0}, exceto quando a configuração o proíbe.", "{s0}, a não ser que a configuração o proíba.",
                         "{s0}, salvo em modo legado."],
           "contrast": ["{s0}, mas apenas em casos raros.", "{s0}, embora isso seja raro."],
           "scope": ["Em teoria, {s}", "Antigamente, {s}", "Idealmente, {s}"]},
    "ru": {"clean": ["Например, {s}", "На практике {s}"],
           "distancing": ["Некоторые утверждают, что {s}", "По мнению некоторых критиков, {s}",
                          "Согласно некоторым источникам, {s}", "Говорят, что {s}"],
           "negating": ["Неверно, что {s}", "Неправда, что {s}", "Это миф, что {s}"],
           "hedge": ["Возможно, {s}", "Обычно {s}", "Может быть, {s}", "Кажется, {s}", "Видимо, {s}", "Изредка {s}",
                     "В некоторых случаях {s}"],
           "condition": ["Если конфигурация это позволяет, {s}", "При подходящей конфигурации {s}",
                         "В случае если конфигурация это позволяет, {s}"],
           "condition_trail": ["{s0}, если конфигурация это позволяет.", "{s0} при подходящей конфигурации.",
                               "{s0}, при условии что конфигурация это позволяет."],
           "exception": ["{s0}, кроме случаев, когда конфигурация это запрещает.",
                         "{s0}, за исключением устаревшего режима."],
           "contrast": ["{s0}, но только в редких случаях.", "{s0}, хотя это бывает редко."],
           "scope": ["Теоретически {s}", "Раньше {s}", "В идеале {s}"]},
    "zh": {"clean": ["例如，{S}", "实际上，{S}"],
           "distancing": ["有人认为，{S}", "据一些批评者说，{S}", "据报道，{S}", "有人说{S}"],
           "negating": ["并不是说{S}", "说{s0}是不对的。"],
           "hedge": ["也许{S}", "通常，{S}", "似乎{S}", "偶尔，{S}", "看起来，{S}"],
           "condition": ["如果配置允许，{S}", "在配置允许的情况下，{S}", "假如配置允许，{S}"],
           "condition_trail": ["{s0}，前提是配置允许。", "{s0}，如果配置允许的话。", "{s0}，只要配置允许。"],
           "exception": ["{s0}，除非配置禁止。"],
           "contrast": ["{s0}，但只在少数情况下。", "{s0}，不过这种情况很少。"],
           "scope": ["理论上，{S}", "以前，{S}", "理想情况下，{S}"]},
    "ja": {"clean": ["例えば、{S}", "実際には、{S}"],
           "distancing": ["{s0}と主張する人もいます。", "一部の批評家によると、{S}", "{s0}と考えられています。",
                          "{s0}と言われています。"],
           "negating": ["{s0}というのは正しくありません。", "{s0}というのは誤解です。"],
           "hedge": ["おそらく、{S}", "通常、{S}", "まれに、{S}", "たまに、{S}"],
           "condition": ["設定で許可されている場合、{S}", "設定で許可されると、{S}", "設定で許可されていれば、{S}"],
           "condition_trail": [],
           "exception": ["設定で禁止されている場合を除き、{S}"],
           "contrast": ["{s0}が、それはまれな場合だけです。"],
           "scope": ["理論上は、{S}", "以前は、{S}", "理想的には、{S}"]},
    "ko": {"clean": ["예를 들어, {S}", "실제로, {S}"],
           "distancing": ["{s0}고 주장하는 사람도 있습니다.", "일부 비평가에 따르면, {S}", "보도에 따르면 {S}"],
           "negating": ["{s0}는 것은 사실이 아닙니다."],
           "hedge": ["아마 {S}", "보통 {S}", "가끔 {S}", "드물게 {S}", "어쩌면 {S}", "일반적으로 {S}"],
           "condition": ["설정에서 허용하는 경우, {S}", "설정에서 허용하면 {S}", "설정에서 허용할 때만 {S}"],
           "condition_trail": [],
           "exception": ["설정에서 금지하는 경우를 제외하고 {S}"],
           "contrast": ["{s0}만, 드문 경우에만 그렇습니다."],
           "scope": ["이론적으로 {S}", "이전에는 {S}"]},
    "th": {"clean": ["ตัวอย่างเช่น {S}"],
           "distancing": ["บางคนอ้างว่า{S}", "มีรายงานว่า{S}"],
           "negating": ["ไม่จริงที่ว่า{S}"],
           "hedge": ["อาจจะ{S}", "บางที{S}"],
           "condition": ["ถ้าการตั้งค่าอนุญาต {S}", "ในกรณีที่การตั้งค่าอนุญาต {S}"],
           "condition_trail": ["{s0} ถ้าการตั้งค่าอนุญาต"],
           "exception": ["{s0} ยกเว้นเมื่อการตั้งค่าห้าม"],
           "contrast": ["{s0} แต่เฉพาะในบางกรณีเท่านั้น"],
           "scope": ["ตามทฤษฎีแล้ว {S}"]},
}

LOOKALIKE_LAT2CYR = {"e": "е", "o": "о", "a": "а", "p": "р", "c": "с", "x": "х", "y": "у"}
LOOKALIKE_CYR2LAT = {v: k for k, v in LOOKALIKE_LAT2CYR.items()}
# fmt: on
