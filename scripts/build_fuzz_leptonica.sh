#!/usr/bin/env bash
# build_fuzz_leptonica.sh DIR - Debian's own Leptonica source (the version installed), compiled with
# libFuzzer's coverage and AddressSanitizer into DIR/lib/liblept.so.5 with a lept.pc beside it, so that
# `make fuzz-deep` guides the fuzzer inside Leptonica's decoders too, not only through docscan's code.
# Idempotent: a DIR that already holds the library is left as it is.
#
# Needs Debian's source index: when `apt-cache showsrc leptonlib` finds nothing, it adds a deb-src
# entry for Debian's main archive (/etc/apt/sources.list.d/docscan-src.sources) and updates apt.
set -euo pipefail
dir=$(mkdir -p "$1" && cd "$1" && pwd)
[ -s "$dir/lib/liblept.so.5" ] && exit 0
sudo=$([ "$(id -u)" = 0 ] || echo sudo)
clang="$(dirname "$(readlink -f "$(command -v swift)")")/clang"

if ! apt-cache showsrc leptonlib 2>/dev/null | grep -q '^Package: leptonlib'; then
    echo "fuzz-deep: adding Debian's source index (deb-src) to apt"
    printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: bookworm bookworm-updates\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' |
        $sudo tee /etc/apt/sources.list.d/docscan-src.sources >/dev/null
    $sudo apt-get update -qq
fi
# The decoders' headers (libleptonica-dev brings their libraries, not all of their headers).
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
    dpkg-dev libtiff-dev libgif-dev libwebp-dev libopenjp2-7-dev libjpeg-dev libpng-dev zlib1g-dev >/dev/null

version=$(dpkg-query -W -f='${source:Version}' liblept5)
mkdir -p "$dir/source" "$dir/objects" "$dir/lib/pkgconfig" "$dir/include/leptonica"
cd "$dir/source"
[ -d leptonlib-*/src ] || apt-get source -qq "leptonlib=$version" >/dev/null
src=$(echo "$dir"/source/leptonlib-*/src)
# config_auto.h from configure, which finds the decoders; the library itself is compiled here, without
# automake (Debian's patches leave its files older than their inputs).
[ -f "$src/../config_auto.h" ] || (cd "$src/.." && CC="$clang" ./configure --quiet --disable-programs >/dev/null)
# -w: the warnings are Leptonica's, not ours.
flags=(-O1 -g -w -fPIC -fsanitize=fuzzer-no-link,address -DHAVE_CONFIG_H -I"$src" -I"$src/.." $(pkg-config --cflags libopenjp2))
echo "fuzz-deep: compiling Leptonica $version with coverage ($(ls "$src"/*.c | wc -l) files)"
ls "$src"/*.c | xargs -P "$(nproc)" -I{} sh -c '"$0" "$@" -c "{}" -o "'"$dir"'/objects/$(basename "{}").o"' "$clang" "${flags[@]}"
"$clang" -shared -fsanitize=address -Wl,-soname,liblept.so.5 -o "$dir/lib/liblept.so.5" "$dir"/objects/*.o \
    -ltiff -ljpeg -lpng -lwebp -lwebpmux -lgif -lopenjp2 -lz -lm
ln -sf liblept.so.5 "$dir/lib/liblept.so"
cp "$src"/*.h "$dir/include/leptonica/"
cat > "$dir/lib/pkgconfig/lept.pc" <<PC
libdir=$dir/lib
includedir=$dir/include/leptonica

Name: leptonica
Description: Leptonica $version with libFuzzer coverage and AddressSanitizer, for make fuzz-deep
Version: ${version%%-*}
Libs: -L\${libdir} -llept
Cflags: -I\${includedir}
PC
