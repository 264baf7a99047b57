#!/usr/bin/env bash
# Installs Debian packages whose files are missing, as root (a fresh CI
# machine); anyone else is told what to install. Each argument is
# PACKAGE:WHAT, WHAT being a command or a path pattern:
#
#   scripts/apt-need.sh chromium:chromium 'postgresql:/usr/lib/postgresql/*/bin/initdb'
set -euo pipefail

missing=()
for arg in "$@"; do
  package=${arg%%:*}
  what=${arg#*:}
  if [[ $what == */* ]]; then
    compgen -G "$what" >/dev/null && continue
  else
    command -v "$what" >/dev/null && continue
  fi
  missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" != 0 ]; then
  echo "Please install: ${missing[*]} (apt-get install -y ${missing[*]})" >&2
  exit 1
fi
echo "Installing ${missing[*]}"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
