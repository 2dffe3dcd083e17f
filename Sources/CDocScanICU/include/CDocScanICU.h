#ifndef DOCSCAN_CDOCSCANICU_H
#define DOCSCAN_CDOCSCANICU_H
// The calls DocScanICU makes into the system ICU (libicu-dev), under names of docscan's own. This header
// includes no ICU header: Foundation on Linux bundles its own copy of ICU, whose headers define the same
// names differently (UErrorCode), so a Swift module that saw both would not build. Only CDocScanICU.c
// sees ICU; here its handles are opaque pointers, and error codes and UTF-16 units plain integers.
// ICU's C symbols also carry the version (`ubrk_open_72`) through macros Swift cannot see through,
// which names of docscan's own avoid as well.
//
// Every `status` is an ICU UErrorCode: the caller sets it to DOCSCAN_U_ZERO_ERROR; a call does nothing
// when it holds a failure already, as in ICU.

#include <stdbool.h>
#include <stdint.h>

/// An ICU `UBreakIterator`.
typedef struct docscan_break_iterator docscan_break_iterator;

/// An ICU `UTransliterator`.
typedef struct docscan_transliterator docscan_transliterator;

/// The UErrorCode values DocScanICU names; CDocScanICU.c checks at compile time that they are ICU's.
#define DOCSCAN_U_ZERO_ERROR 0
#define DOCSCAN_U_INDEX_OUTOFBOUNDS_ERROR 8
#define DOCSCAN_U_BUFFER_OVERFLOW_ERROR 15

/// ICU's `U_FAILURE`, a macro: errors are positive, warnings (negative) are no failure.
bool docscan_u_failure(int32_t status);

/// ICU's name for an error code (`U_MEMORY_ALLOCATION_ERROR`), for messages.
const char *docscan_u_error_name(int32_t status);

/// A word-break (UAX #29) iterator for `locale` ("" for the root rules), with no text yet.
docscan_break_iterator *docscan_ubrk_open_word(const char *locale, int32_t *status);

/// A copy of `iterator` that can be used on another thread; ICU documents cloning as thread safe.
docscan_break_iterator *docscan_ubrk_clone(const docscan_break_iterator *iterator, int32_t *status);

void docscan_ubrk_close(docscan_break_iterator *iterator);

/// Points `iterator` at `text`; ICU reads the buffer in place, so it must outlive the iteration.
void docscan_ubrk_set_text(docscan_break_iterator *iterator, const uint16_t *text, int32_t length, int32_t *status);

int32_t docscan_ubrk_first(docscan_break_iterator *iterator);

/// The next boundary, or `docscan_ubrk_done()` after the last.
int32_t docscan_ubrk_next(docscan_break_iterator *iterator);

/// ICU's `UBRK_DONE`.
int32_t docscan_ubrk_done(void);

/// The rule status of the segment ending at the current boundary: a value in one of the
/// `UWordBreak` ranges (UBRK_WORD_NONE, _NUMBER, _LETTER, _KANA, _IDEO, each up to its _LIMIT).
int32_t docscan_ubrk_rule_status(docscan_break_iterator *iterator);

/// What a word-break segment holds: the `UWordBreak` range its rule status falls in.
typedef enum docscan_word_kind {
    /// Spaces, punctuation, symbols (`UBRK_WORD_NONE`), and statuses of custom rules outside every range.
    DOCSCAN_WORD_NONE,
    DOCSCAN_WORD_NUMBER,
    DOCSCAN_WORD_LETTER,
    DOCSCAN_WORD_KANA,
    DOCSCAN_WORD_IDEO,
} docscan_word_kind;

/// The kind of segment a word-break rule status (`docscan_ubrk_rule_status`) stands for.
docscan_word_kind docscan_ubrk_word_kind(int32_t rule_status);

/// A transliterator by ICU id (`Traditional-Simplified`), forward direction, no custom rules.
docscan_transliterator *docscan_utrans_open(const uint16_t *id, int32_t id_length, int32_t *status);

void docscan_utrans_close(docscan_transliterator *transliterator);

/// Transliterates `text[0..<*length]` in place; `*length` becomes the result's length. When the
/// result needs more than `capacity` units ICU reports U_BUFFER_OVERFLOW_ERROR and sets `*length` to
/// the length needed.
void docscan_utrans_chars(const docscan_transliterator *transliterator, uint16_t *text, int32_t *length,
                          int32_t capacity, int32_t *status);

#endif
