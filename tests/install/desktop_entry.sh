#!/bin/sh
# The desktop entry given passes desktop-file-validate (the Desktop Entry Specification) with no
# error, warning or hint at all. Skipped (77) where it is not installed.
if ! command -v desktop-file-validate >/dev/null 2>&1; then
    echo "desktop-file-validate is not installed (Debian: desktop-file-utils): skipped"
    exit 77
fi
report=$(desktop-file-validate "$1" 2>&1)
status=$?
if [ $status -ne 0 ] || [ -n "$report" ]; then
    printf '%s: desktop-file-validate (exit %s):\n%s\n' "$1" "$status" "$report"
    exit 1
fi
echo "$1: valid, no hint"
