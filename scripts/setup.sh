#!/usr/bin/env bash
# Sets up this project on a fresh Debian machine with Python 3.11, in ./.venv.
#   bash scripts/setup.sh         what the app needs
#   bash scripts/setup.sh --dev   also what the tests need: pytest, Playwright, Debian's Chromium, nginx and
#                                 redis-server
# Safe to run again: it only installs what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

dev=false
[ "${1:-}" = "--dev" ] && dev=true

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

apt_install() {
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv 2>/dev/null || { apt_install python3-venv && python3 -m venv .venv; }
fi

requirements=requirements.txt
$dev && requirements=requirements-dev.txt
.venv/bin/python -m pip install --quiet --disable-pip-version-check -r "$requirements"

if $dev && [ -z "${CHROMIUM_PATH:-}" ] && ! command -v chromium >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser tests…"
  apt_install chromium fonts-dejavu-core
fi
if $dev && ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
  echo "Installing Debian's nginx-light for the failover test (replicas behind nginx)…"
  apt_install nginx-light
fi
if $dev && ! command -v redis-server >/dev/null 2>&1 && [ ! -x /usr/bin/redis-server ]; then
  echo "Installing Debian's redis-server for the tests of Ask the class across replicas…"
  apt_install redis-server
fi
if $dev; then
  # axe-core, for the accessibility audit in tests/browser/test_accessibility.py (git-ignored .cache/).
  if command -v npm >/dev/null 2>&1; then
    # Pinned, so that the audit's findings change only when this line does.
    grep -qs '"version": "4.14.1"' .cache/axe/node_modules/axe-core/package.json ||
      npm install --no-save --silent --prefix .cache/axe axe-core@4.14.1 >/dev/null
  else
    echo "npm not found: the accessibility audit will be skipped."
  fi
fi
echo "Set up: .venv ($requirements)."
