"""Numbers people or files wrote, read safely. Kept out of the engine package's shims, which
every game loads: only reading records, rules text and card names needs it."""


def digits(text, most=9):
    """The value of `text` when it is 1..`most` ASCII digits 0-9, else -1.

    str.isdigit() also says yes to '²' and Arabic-Indic digits, which int()
    refuses or reads; and a number of thousands of digits is refused by
    CPython's int() and is a heap-filling bigint on a board. Callers that
    read numbers people or files wrote check them here before int().
    With the default 9 digits every value stays below 2**30 (a small int).
    """
    if not 0 < len(text) <= most:
        return -1
    for ch in text:
        if ch < "0" or ch > "9":
            return -1
    return int(text)
