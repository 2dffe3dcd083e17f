#ifndef DOCSCAN_CICU_SHIM_H
#define DOCSCAN_CICU_SHIM_H
// The system ICU (libicu-dev). Its C symbols carry the version (`ubrk_open_72`) through macros in
// urename.h, which Swift cannot see through, so every call goes through a `static inline` wrapper
// here with a stable name.
#include <unicode/ubrk.h>
#include <unicode/utrans.h>
#include <unicode/utypes.h>

/// A word-break (UAX #29) iterator for `locale` ("" for the root rules), with no text yet.
static inline UBreakIterator *docscan_ubrk_open_word(const char *locale, UErrorCode *status) {
    return ubrk_open(UBRK_WORD, locale, NULL, 0, status);
}

/// A copy of `iterator` that can be used on another thread; ICU documents cloning as thread safe.
static inline UBreakIterator *docscan_ubrk_clone(const UBreakIterator *iterator, UErrorCode *status) {
    return ubrk_clone(iterator, status);
}

static inline void docscan_ubrk_close(UBreakIterator *iterator) {
    ubrk_close(iterator);
}

/// Points `iterator` at `text`; ICU reads the buffer in place, so it must outlive the iteration.
static inline void docscan_ubrk_set_text(UBreakIterator *iterator, const UChar *text, int32_t length, UErrorCode *status) {
    ubrk_setText(iterator, text, length, status);
}

static inline int32_t docscan_ubrk_first(UBreakIterator *iterator) {
    return ubrk_first(iterator);
}

/// The next boundary, or `docscan_ubrk_done()` after the last.
static inline int32_t docscan_ubrk_next(UBreakIterator *iterator) {
    return ubrk_next(iterator);
}

/// `UBRK_DONE` is a cast macro, which Swift does not import.
static inline int32_t docscan_ubrk_done(void) {
    return UBRK_DONE;
}

/// The rule status of the segment ending at the current boundary: a value in one of the
/// `UWordBreak` ranges (UBRK_WORD_NONE, _NUMBER, _LETTER, _KANA, _IDEO, each up to its _LIMIT).
static inline int32_t docscan_ubrk_rule_status(UBreakIterator *iterator) {
    return ubrk_getRuleStatus(iterator);
}

/// A transliterator by ICU id (`Traditional-Simplified`), forward direction, no custom rules.
static inline UTransliterator *docscan_utrans_open(const UChar *id, int32_t idLength, UErrorCode *status) {
    return utrans_openU(id, idLength, UTRANS_FORWARD, NULL, 0, NULL, status);
}

static inline void docscan_utrans_close(UTransliterator *transliterator) {
    utrans_close(transliterator);
}

/// Transliterates `text[0..<*length]` in place; `*length` becomes the result's length. When the
/// result needs more than `capacity` units ICU reports U_BUFFER_OVERFLOW_ERROR and sets `*length` to
/// the length needed.
static inline void docscan_utrans_chars(const UTransliterator *transliterator, UChar *text, int32_t *length,
                                        int32_t capacity, UErrorCode *status) {
    int32_t limit = *length;
    utrans_transUChars(transliterator, text, length, capacity, 0, &limit, status);
}

/// ICU's name for an error code (`U_MEMORY_ALLOCATION_ERROR`), for messages.
static inline const char *docscan_u_error_name(UErrorCode code) {
    return u_errorName(code);
}
#endif
