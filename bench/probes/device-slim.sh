#!/usr/bin/env bash
# Makes the two folders a call to the lent GPU machine carries when `.device` + `dist` no longer fit the
# 64 MB a call may take with the working tree (the tree is ~15 MB; .device ~45 MB; dist ~15 MB):
#   .devmin/   .device with node_modules' pack minus what device runs do not load (typescript,
#              @types, the label fonts but the two the profile's chart uses, the lab's collaboration libraries): ~40 MB;
#   .devdist/  dist/ without the lab page, .d.ts files, source maps and V8 code caches: ~5 MB.
# Both are git-ignored (.git/info/exclude). A call then starts with
#   source .devmin/setup.sh && rm -rf dist && ln -s .devdist dist && ...
# with carry [".devmin", ".devdist"]. Not for notebooks (figure3): they need typescript and the fonts;
# for those, `NOTEBOOKS=1 bash bench/probes/device-slim.sh` makes .devnb (the pack minus the build-only
# cmake-ts, the lab's collaboration libraries and the fonts charts do not use; typescript and @types kept) and .devdist: carry
# [".devnb", ".devdist"] and start with `source .devnb/setup.sh && rm -rf dist && ln -s .devdist dist`.
# Needs .device/ (../shared/device/pack.sh), node_modules (for `npm ls`) and a build.
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -f .device/modules.tar.xz ] || { echo "device-slim: .device/ is missing (../shared/device/pack.sh)" >&2; exit 2; }
[ -d dist/runtime ] || { echo "device-slim: dist/ is missing (npm run build)" >&2; exit 2; }
for d in .devmin .devnb .devdist; do grep -qx "/$d/" .git/info/exclude 2>/dev/null || echo "/$d/" >> .git/info/exclude; done
pack=.devmin
[ "${NOTEBOOKS:-0}" = 1 ] && pack=.devnb
rm -rf "$pack" .devdist && mkdir -p "$pack" .devdist
cp .device/*.deb .device/node.xz "$pack"/
sed "s|\.device/|$pack/|g" .device/setup.sh > "$pack"/setup.sh
tmp=$(mktemp)
xz -dc .device/modules.tar.xz > "$tmp"
# Packages only the build and the tests use (devDependencies: the lab page's JupyterLab, mermaid...; with
# them an `npm ci` tree packs to ~80 MB, past what a call may carry): every top-level package that
# `npm ls --omit=dev` does not list leaves the pack.
npm ls --omit=dev --all --parseable 2>/dev/null | sed -n "s|^$PWD/node_modules/||p" | grep -v '/node_modules/' | sort -u > "$tmp.prod"
(cd node_modules && ls -d */ @*/*/ 2>/dev/null | sed 's|/$||' | grep -v '^@[^/]*$' | sort -u) > "$tmp.all"
devonly=$(comm -23 "$tmp.all" "$tmp.prod" | sed 's|^|node_modules/|')
[ -n "$devonly" ] && tar --delete -f "$tmp" $devonly 2>/dev/null || true
rm -f "$tmp.prod" "$tmp.all"
# (Chart labels need only DejaVuSans and DejaVuSans-Bold: common/fonts.ts.)
fonts=$(tar -tf "$tmp" 'node_modules/dejavu-fonts-ttf/' 2>/dev/null | grep -v -e '/$' -e 'package.json$' -e 'ttf/DejaVuSans.ttf$' -e 'ttf/DejaVuSans-Bold.ttf$' || true)
if [ "$pack" = .devnb ]; then
  tar --delete --wildcards -f "$tmp" 'node_modules/cmake-ts' 'node_modules/lib0/*' 'node_modules/yjs/*' 'node_modules/y-protocols/*' 'node_modules/@rjsf/*' $fonts 2>/dev/null || true
else
tar --delete --wildcards -f "$tmp" 'node_modules/typescript' 'node_modules/@types/*' \
  'node_modules/lib0/*' 'node_modules/yjs/*' 'node_modules/@rjsf/*' $fonts 2>/dev/null || true
fi
xz -T0 -6 -c "$tmp" > "$pack"/modules.tar.xz
rm -f "$tmp"
(cd dist && find . -type f ! -name '*.d.ts' ! -name '*.map' ! -name '*.v8cache' ! -path './lab/*' -print0 | tar --null -cf - -T -) | tar xf - -C .devdist
du -sh "$pack" .devdist
