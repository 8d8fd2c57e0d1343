#!/bin/sh
# The AppStream metainfo given passes `appstreamcli validate` with no issue at all, pedantic
# ones included. --no-net: the screenshot and homepage URLs are not fetched. Skipped (77) where
# appstreamcli is not installed.
if ! command -v appstreamcli >/dev/null 2>&1; then
    echo "appstreamcli is not installed (Debian: appstream): skipped"
    exit 77
fi
report=$(appstreamcli validate --no-net --pedantic --explain "$1" 2>&1)
status=$?
# Each issue is a line "E: ", "W: ", "I: " or "P: " (error, warning, info, pedantic).
if [ $status -ne 0 ] || printf '%s\n' "$report" | grep -q '^[EWIP]: '; then
    printf '%s: appstreamcli validate (exit %s):\n%s\n' "$1" "$status" "$report"
    exit 1
fi
echo "$1: valid, no issue"
