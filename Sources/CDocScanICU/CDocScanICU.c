#include "CDocScanICU.h"

#include <unicode/ubrk.h>
#include <unicode/utrans.h>
#include <unicode/utypes.h>

_Static_assert(DOCSCAN_U_ZERO_ERROR == U_ZERO_ERROR, "ICU's U_ZERO_ERROR");
_Static_assert(DOCSCAN_U_INDEX_OUTOFBOUNDS_ERROR == U_INDEX_OUTOFBOUNDS_ERROR, "ICU's U_INDEX_OUTOFBOUNDS_ERROR");
_Static_assert(DOCSCAN_U_BUFFER_OVERFLOW_ERROR == U_BUFFER_OVERFLOW_ERROR, "ICU's U_BUFFER_OVERFLOW_ERROR");
_Static_assert(sizeof(UChar) == sizeof(uint16_t), "ICU's UChar is a UTF-16 unit");

// The opaque handles of the header are ICU's own pointers, cast.

bool docscan_u_failure(int32_t status) {
    return U_FAILURE((UErrorCode)status);
}

const char *docscan_u_error_name(int32_t status) {
    return u_errorName((UErrorCode)status);
}

docscan_break_iterator *docscan_ubrk_open_word(const char *locale, int32_t *status) {
    UErrorCode code = (UErrorCode)*status;
    UBreakIterator *iterator = ubrk_open(UBRK_WORD, locale, NULL, 0, &code);
    *status = code;
    return (docscan_break_iterator *)iterator;
}

docscan_break_iterator *docscan_ubrk_clone(const docscan_break_iterator *iterator, int32_t *status) {
    UErrorCode code = (UErrorCode)*status;
    UBreakIterator *copy = ubrk_clone((const UBreakIterator *)iterator, &code);
    *status = code;
    return (docscan_break_iterator *)copy;
}

void docscan_ubrk_close(docscan_break_iterator *iterator) {
    ubrk_close((UBreakIterator *)iterator);
}

void docscan_ubrk_set_text(docscan_break_iterator *iterator, const uint16_t *text, int32_t length, int32_t *status) {
    UErrorCode code = (UErrorCode)*status;
    ubrk_setText((UBreakIterator *)iterator, (const UChar *)text, length, &code);
    *status = code;
}

int32_t docscan_ubrk_first(docscan_break_iterator *iterator) {
    return ubrk_first((UBreakIterator *)iterator);
}

int32_t docscan_ubrk_next(docscan_break_iterator *iterator) {
    return ubrk_next((UBreakIterator *)iterator);
}

int32_t docscan_ubrk_done(void) {
    return UBRK_DONE;
}

int32_t docscan_ubrk_rule_status(docscan_break_iterator *iterator) {
    return ubrk_getRuleStatus((UBreakIterator *)iterator);
}

docscan_word_kind docscan_ubrk_word_kind(int32_t rule_status) {
    if (UBRK_WORD_LETTER <= rule_status && rule_status < UBRK_WORD_LETTER_LIMIT) return DOCSCAN_WORD_LETTER;
    if (UBRK_WORD_NUMBER <= rule_status && rule_status < UBRK_WORD_NUMBER_LIMIT) return DOCSCAN_WORD_NUMBER;
    if (UBRK_WORD_KANA <= rule_status && rule_status < UBRK_WORD_KANA_LIMIT) return DOCSCAN_WORD_KANA;
    if (UBRK_WORD_IDEO <= rule_status && rule_status < UBRK_WORD_IDEO_LIMIT) return DOCSCAN_WORD_IDEO;
    return DOCSCAN_WORD_NONE;
}

docscan_transliterator *docscan_utrans_open(const uint16_t *id, int32_t id_length, int32_t *status) {
    UErrorCode code = (UErrorCode)*status;
    UTransliterator *transliterator = utrans_openU((const UChar *)id, id_length, UTRANS_FORWARD, NULL, 0, NULL, &code);
    *status = code;
    return (docscan_transliterator *)transliterator;
}

void docscan_utrans_close(docscan_transliterator *transliterator) {
    utrans_close((UTransliterator *)transliterator);
}

void docscan_utrans_chars(const docscan_transliterator *transliterator, uint16_t *text, int32_t *length,
                          int32_t capacity, int32_t *status) {
    UErrorCode code = (UErrorCode)*status;
    int32_t limit = *length;
    utrans_transUChars((const UTransliterator *)transliterator, (UChar *)text, length, capacity, 0, &limit, &code);
    *status = code;
}
