#!/bin/sh
# Each manual page given: groff reads it without a warning (-ww: every kind; -z: no output), and it
# has the sections a manual page of a command has. Skipped (77) where groff is not installed.
if ! command -v groff >/dev/null 2>&1; then
    echo "groff is not installed (Debian: groff-base): skipped"
    exit 77
fi
status=0
for page in "$@"; do
    warnings=$(groff -ww -z -man -Tutf8 "$page" 2>&1)
    if [ -n "$warnings" ]; then
        printf '%s: groff warns:\n%s\n' "$page" "$warnings"
        status=1
    fi
    for section in NAME SYNOPSIS DESCRIPTION OPTIONS "EXIT STATUS" EXAMPLES FILES "SEE ALSO"; do
        if ! grep -q "^\.SH \"*$section\"*\$" "$page"; then
            echo "$page: no $section section"
            status=1
        fi
    done
done
[ $status -eq 0 ] && echo "$# manual pages: no warning, every section"
exit $status
