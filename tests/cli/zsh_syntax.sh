#!/bin/sh
# The zsh completion parses (zsh -n). Skipped (77) where zsh is not installed.
if ! command -v zsh >/dev/null 2>&1; then
    echo "zsh is not installed: skipped"
    exit 77
fi
zsh -n "$1" && echo "$1: zsh -n finds no syntax error"
