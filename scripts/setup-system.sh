#!/usr/bin/env bash
# Installs the system packages the test suite needs, on Debian bookworm, idempotently:
# - Mesa's lavapipe (a real Vulkan driver on the CPU) from bookworm-backports: the 22.x in bookworm lacks
#   a feature Dawn needs, 25.x from backports works. The WebGPU backend's tests run on it.
# - Debian's Jupyter packages (for /usr/bin/python3): jupyter_kernel_test, jupyter server, nbclient,
#   nbconvert, the classic notebook. The kernel's protocol and end-to-end tests drive the kernel with them;
#   the browser tests (tests/notebooks-html) open the classic notebook and nbconvert HTML in Chromium.
#   `brook lab` serves its JupyterLab page with python3-jupyter-server (tests/notebooks-html/lab-page).
# - gcc: the bench's gcc -O2 baselines (host and cpu groups), which the quick bench test runs.
# - g++: tests/codegen-host/cxx-compare.test.ts compares the host C++ subset with g++ -O2, and the
#   bench's C++ loop shapes (loops.cxx_*) run against it.
# Skips quickly when everything is already there. Needs root (CI runs as root) or sudo.
set -euo pipefail

SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi

need_pkgs=()
have() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }

mesa_ok() {
  have mesa-vulkan-drivers || return 1
  local v
  v=$(dpkg-query -W -f='${Version}' mesa-vulkan-drivers 2>/dev/null)
  # Need 23 or later (backports gives 25.x).
  [ "${v%%.*}" -ge 23 ] 2>/dev/null
}

for p in gcc g++ libc6-dev libvulkan1 python3-jupyter-kernel-test jupyter-client jupyter-server python3-jupyter-server python3-nbclient jupyter-nbconvert python3-ipykernel jupyter-notebook chromium; do
  have "$p" || need_pkgs+=("$p")
done

if mesa_ok && [ ${#need_pkgs[@]} -eq 0 ]; then
  echo "setup-system: lavapipe and Jupyter packages already installed"
  exit 0
fi

if ! grep -rqs "bookworm-backports" /etc/apt/sources.list /etc/apt/sources.list.d/; then
  echo "deb http://deb.debian.org/debian bookworm-backports main" | $SUDO tee /etc/apt/sources.list.d/bookworm-backports.list >/dev/null
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq -t bookworm-backports mesa-vulkan-drivers >/dev/null
if [ ${#need_pkgs[@]} -gt 0 ]; then
  $SUDO apt-get install -y -qq "${need_pkgs[@]}" >/dev/null
fi
echo "setup-system: installed lavapipe $(dpkg-query -W -f='${Version}' mesa-vulkan-drivers) and Jupyter packages"
