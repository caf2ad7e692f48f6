#!/usr/bin/env bash
# Build llama-cpp-python once, portable (never GGML_NATIVE: native builds die with
# SIGILL in the AMX path on these CPUs), and keep the wheel in a cache folder.
# Flags from this CPU: AVX2; AVX-512 with VNNI where it has them (avx512vnni), and BF16 too where it has
# that (avx512: an Intel Xeon with VNNI and no BF16 had been given the AVX2 build); and where it also has
# AMX, AMX too, from the sdist with one line patched: GCC 12 drops the stores that fill
# the AMX tile configuration before `_tile_loadconfig` (the SIGILL), and an empty asm
# statement that reads the configuration keeps them (../shared/MODELS.md). make setup
# then runs scripts/llama_probe.py and, if the AMX build crashes or computes nonsense, installs
# the AVX-512 one (LLAMA_FALLBACK=1). LLAMA_KIND=avx2|avx512vnni|avx512|amx forces a kind. Prints the wheel path.
# pip's own wheel cache is not used: it keys a wheel by the sdist, not by these flags.
set -euo pipefail
version="${LLAMA_CPP_VERSION:-0.3.36}"
cache="${PAPERCHAT_WHEELS:-$HOME/.cache/paperchat/wheels}"
mkdir -p "$cache"
has() { grep -qw "$1" /proc/cpuinfo; }
kind=avx2
if has avx512f && has avx512_vnni; then
  kind=avx512vnni
  if has avx512_bf16; then kind=avx512; fi
  if [ "$kind" = avx512 ] && has amx_tile && has amx_int8 && has amx_bf16; then kind=amx; fi
fi
kind="${LLAMA_KIND:-$kind}"
if [ -n "${LLAMA_FALLBACK:-}" ]; then  # the build of this kind failed scripts/llama_probe.py
  if [ "$kind" != amx ]; then echo "the $kind build of llama.cpp failed the probe and there is no safer one to fall back to" >&2; exit 1; fi
  kind=avx512
fi
flags="-DGGML_NATIVE=OFF -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON"
case "$kind" in
  avx2) ;;
  avx512vnni) flags="$flags -DGGML_AVX512=ON -DGGML_AVX512_VNNI=ON -DGGML_AVX512_BF16=OFF -DGGML_AMX_TILE=OFF -DGGML_AMX_INT8=OFF -DGGML_AMX_BF16=OFF" ;;
  avx512) flags="$flags -DGGML_AVX512=ON -DGGML_AVX512_VNNI=ON -DGGML_AVX512_BF16=ON -DGGML_AMX_TILE=OFF -DGGML_AMX_INT8=OFF -DGGML_AMX_BF16=OFF" ;;
  amx) flags="$flags -DGGML_AVX512=ON -DGGML_AVX512_VNNI=ON -DGGML_AVX512_BF16=ON -DGGML_AMX_TILE=ON -DGGML_AMX_INT8=ON -DGGML_AMX_BF16=ON" ;;
  *) echo "LLAMA_KIND must be avx2, avx512vnni, avx512 or amx, not '$kind'" >&2; exit 2 ;;
esac
dir="$cache/$kind"
mkdir -p "$dir"
# a wheel built before this script sorted them by kind is AVX2
if [ "$kind" = avx2 ] && ls "$cache"/llama_cpp_python-"$version"-*.whl >/dev/null 2>&1; then
  mv "$cache"/llama_cpp_python-"$version"-*.whl "$dir"/
fi
wheel=$(ls "$dir"/llama_cpp_python-"$version"-*.whl 2>/dev/null | head -1 || true)
if [ -z "$wheel" ]; then
  echo "building llama-cpp-python $version ($kind), about 10 minutes on 2 cores …" >&2
  source="llama-cpp-python==$version"
  if [ "$kind" = amx ]; then
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    python3 -m pip download -q --no-deps --no-binary :all: -d "$work" "llama-cpp-python==$version" >&2
    tar -xzf "$work"/llama_cpp_python-"$version".tar.gz -C "$work"
    source="$work/llama_cpp_python-$version"
    mmq="$source/vendor/llama.cpp/ggml/src/ggml-cpu/amx/mmq.cpp"
    sed -i 's|^    _tile_loadconfig(&tc);|    __asm__ __volatile__("" : : "r"(\&tc) : "memory");  // keep the stores to tc (GCC 12)\n    _tile_loadconfig(\&tc);|' "$mmq"
    grep -q '"r"(&tc) : "memory"' "$mmq" || { echo "the AMX patch no longer applies to $mmq: build with LLAMA_KIND=avx512" >&2; exit 1; }
  fi
  CMAKE_ARGS="$flags" CMAKE_BUILD_PARALLEL_LEVEL="$(nproc)" \
    python3 -m pip wheel -q --no-cache-dir --no-deps -w "$dir" "$source" >&2
  wheel=$(ls "$dir"/llama_cpp_python-"$version"-*.whl | head -1)
fi
echo "$wheel"
