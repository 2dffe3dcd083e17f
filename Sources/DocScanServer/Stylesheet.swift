/// The one stylesheet, shipped inside the binary: the pages need nothing from the network.
enum Stylesheet {
    static let css = """
        :root { font-family: system-ui, "Noto Sans", "Noto Sans CJK SC", sans-serif; color: #1d2228; background: #f6f6f3; }
        body { margin: 0; }
        header { display: flex; gap: 1rem; align-items: center; padding: .6rem 1rem; background: #24323f; color: #fff; }
        header a { color: #fff; text-decoration: none; }
        header .home { font-weight: 700; font-size: 1.2rem; }
        header form { flex: 1; display: flex; gap: .4rem; }
        header input[type=search] { flex: 1; font-size: 1rem; padding: .35rem .5rem; border-radius: 4px; border: 0; }
        header nav a { margin-left: .8rem; }
        main { padding: 1rem; max-width: 80rem; margin: 0 auto; }
        .filters { display: flex; flex-wrap: wrap; gap: .8rem; align-items: center; font-size: .9rem; margin-bottom: .8rem; }
        .summary, .meta, .legend, .where { color: #555; font-size: .9rem; }
        .problem { background: #fde8e6; border-left: 4px solid #c0392b; padding: .6rem .8rem; }
        ol.results { list-style: none; padding: 0; }
        .hit { display: flex; gap: 1rem; padding: .8rem 0; border-bottom: 1px solid #ddd; }
        .hit .thumb img { width: 120px; border: 1px solid #ccc; background: #fff; }
        .hit .title { font-size: 1.1rem; font-weight: 600; }
        .snippet { margin: .3rem 0; }
        mark { background: #ffe066; padding: 0 .1em; }
        .keywords { color: #35556f; font-size: .9rem; }
        ul.keywords { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .3rem .8rem; }
        .count { color: #888; font-size: .8rem; }
        .paging a { margin-right: 1rem; }
        .page-view { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 1.5rem; }
        @media (max-width: 900px) { .page-view { grid-template-columns: 1fr; } }
        .image svg { width: 100%; height: auto; background: #fff; border: 1px solid #ccc; }
        rect.word { fill: none; stroke: rgba(40, 110, 200, .35); stroke-width: 1.5; vector-effect: non-scaling-stroke; }
        rect.word.hit { fill: rgba(255, 214, 0, .45); stroke: #d89b00; stroke-width: 2; }
        pre.text { white-space: pre-wrap; background: #fff; padding: .8rem; border: 1px solid #ddd; font-family: inherit; line-height: 1.45; }
        .pageno { color: #666; font-weight: 400; font-size: .9em; }
        nav.pages a { margin-right: .9rem; }
        dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .2rem .8rem; font-size: .9rem; }
        dl.facts dt { color: #555; }
        dl.facts dd { margin: 0; overflow-wrap: anywhere; }
        table { border-collapse: collapse; width: 100%; font-size: .9rem; }
        th, td { text-align: left; padding: .3rem .5rem; border-bottom: 1px solid #ddd; vertical-align: top; }
        """
}
