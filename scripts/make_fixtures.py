#!/usr/bin/env python3
"""make_fixtures.py - render docscan's synthetic test pages.

Writes, into Fixtures/pages/ (next to this script's parent directory by default):
  <name>.png      grayscale page image
  <name>.gt.txt   ground truth: the exact text rendered, line by line (UTF-8)
  manifest.tsv    name source license lang kind variant notes

All text below is original, written for docscan (CC0). Names, addresses,
phone numbers and identifiers are fictional.

Requirements: Python 3, Pillow (pip install pillow), Debian font packages
fonts-dejavu-core and fonts-noto-cjk.

Output is deterministic: no randomness, fixed layouts, fixed fonts. Line
breaks are computed from font metrics in points (independent of DPI), so a
page rendered at two resolutions has identical ground truth.

usage: make_fixtures.py [--out DIR] [--only NAME ...]
"""
import argparse
import os
import sys

from PIL import Image, ImageDraw, ImageFont

# --------------------------------------------------------------------------
# fonts

DEJAVU = "/usr/share/fonts/truetype/dejavu/"
NOTO = "/usr/share/fonts/opentype/noto/"

# key -> (path, ttc index, Debian package)
FONTS = {
    "serif": (DEJAVU + "DejaVuSerif.ttf", 0, "fonts-dejavu-core"),
    "serif-bold": (DEJAVU + "DejaVuSerif-Bold.ttf", 0, "fonts-dejavu-core"),
    "sans": (DEJAVU + "DejaVuSans.ttf", 0, "fonts-dejavu-core"),
    "sans-bold": (DEJAVU + "DejaVuSans-Bold.ttf", 0, "fonts-dejavu-core"),
    # index 2 of the Noto CJK collections is the Simplified Chinese face
    "cjk": (NOTO + "NotoSansCJK-Regular.ttc", 2, "fonts-noto-cjk"),
    "cjk-bold": (NOTO + "NotoSansCJK-Bold.ttc", 2, "fonts-noto-cjk"),
}

_font_cache = {}


def font(key, px):
    k = (key, px)
    if k not in _font_cache:
        path, index, _pkg = FONTS[key]
        if not os.path.exists(path):
            sys.exit(f"missing font {path} (apt-get install {FONTS[key][2]})")
        _font_cache[k] = ImageFont.truetype(path, px, index=index)
    return _font_cache[k]


REF_PX = 1000  # reference size for DPI-independent measuring


def width_pt(text, key, size_pt):
    """Advance width of text in points."""
    return font(key, REF_PX).getlength(text) * size_pt / REF_PX


# --------------------------------------------------------------------------
# layout items (all dimensions in points, 1 pt = 1/72 inch)

A4 = (595.0, 842.0)
A5 = (420.0, 595.0)
MM = 72 / 25.4


class Text:
    """One or more lines (split on \\n), each its own output line."""

    def __init__(self, text, face="serif", size=11, align="left", indent=0):
        self.lines = text.split("\n")
        self.face, self.size, self.align, self.indent = face, size, align, indent


class Para:
    """A paragraph wrapped greedily to the text width.

    cjk=True breaks between any two CJK characters (never inside a run of
    Latin letters/digits, never before closing punctuation); first_indent is
    an indent of the first line in points (not part of the ground truth).
    """

    def __init__(self, text, face="serif", size=11, cjk=False, first_indent=0):
        self.text, self.face, self.size = text, face, size
        self.cjk, self.first_indent = cjk, first_indent


class Row:
    """Table row: cells = [(x_pt_from_left_margin, align, text), ...]."""

    def __init__(self, cells, face="sans", size=10.5):
        self.cells, self.face, self.size = cells, face, size


class Gap:
    def __init__(self, pt):
        self.pt = pt


class Rule:
    def __init__(self, weight=0.75, before=2, after=10):
        self.weight, self.before, self.after = weight, before, after


LEADING = 1.45  # line advance / font size

NO_LINE_START = set("，。、；：？！）》」』”’,.;:?!)%")


def is_cjk(ch):
    o = ord(ch)
    return (0x3000 <= o <= 0x9FFF) or (0xF900 <= o <= 0xFAFF) or (0xFF00 <= o <= 0xFFEF)


def cjk_units(text):
    """Split into breakable units: single CJK chars, runs of other chars."""
    units, buf = [], ""
    for ch in text:
        if is_cjk(ch):
            if buf:
                units.append(buf)
                buf = ""
            units.append(ch)
        else:
            buf += ch
    if buf:
        units.append(buf)
    return units


def wrap(p, width):
    if not p.cjk:
        lines, cur = [], ""
        for word in p.text.split():
            cand = word if not cur else cur + " " + word
            avail = width - (p.first_indent if not lines else 0)
            if cur and width_pt(cand, p.face, p.size) > avail:
                lines.append(cur)
                cur = word
            else:
                cur = cand
        if cur:
            lines.append(cur)
        return lines
    lines, cur = [], []
    for u in cjk_units(p.text):
        avail = width - (p.first_indent if not lines else 0)
        if cur and width_pt("".join(cur) + u, p.face, p.size) > avail:
            if u[0] in NO_LINE_START and len(cur) > 1:
                # kinsoku: carry the previous unit along to the next line
                lines.append("".join(cur[:-1]))
                cur = [cur[-1], u]
            else:
                lines.append("".join(cur))
                cur = [u]
        else:
            cur.append(u)
    if cur:
        lines.append("".join(cur))
    return lines


class Page:
    def __init__(self, name, lang, kind, notes, paper, items, dpi=200,
                 margins=(25 * MM, 20 * MM, 22 * MM), bg=255, write_dpi=True,
                 variant="orig"):
        self.name, self.lang, self.kind, self.notes = name, lang, kind, notes
        self.paper, self.items, self.dpi = paper, items, dpi
        self.margins, self.bg, self.write_dpi = margins, bg, write_dpi
        self.variant = variant

    def fonts_used(self):
        keys = set()
        for it in self.items:
            if hasattr(it, "face"):
                keys.add(it.face)
        return sorted(keys)

    def render(self):
        s = self.dpi / 72.0
        W, H = round(self.paper[0] * s), round(self.paper[1] * s)
        img = Image.new("L", (W, H), self.bg)
        d = ImageDraw.Draw(img)
        left, right, top = self.margins
        text_w = self.paper[0] - left - right
        y = top  # top of the current line box, in points
        gt = []

        def px(v):
            return round(v * s)

        def draw(x_pt, y_base_pt, txt, face, size, anchor):
            d.text((px(x_pt), px(y_base_pt)), txt, fill=0,
                   font=font(face, max(1, round(size * s))), anchor=anchor)

        def check_width(txt, face, size, x0):
            w = width_pt(txt, face, size)
            if x0 + w > left + text_w + 0.5:
                raise ValueError(f"{self.name}: line too wide: {txt!r}")

        for it in self.items:
            if isinstance(it, Gap):
                y += it.pt
                if gt and gt[-1] != "":
                    gt.append("")
                continue
            if isinstance(it, Rule):
                y += it.before
                d.rectangle([px(left), px(y), px(left + text_w),
                             px(y) + max(1, px(it.weight)) - 1], fill=0)
                y += it.after
                continue
            if isinstance(it, Para):
                lines = wrap(it, text_w)
                for i, ln in enumerate(lines):
                    x0 = left + (it.first_indent if i == 0 else 0)
                    check_width(ln, it.face, it.size, x0)
                    draw(x0, y + it.size, ln, it.face, it.size, "ls")
                    gt.append(ln)
                    y += it.size * LEADING
                continue
            if isinstance(it, Text):
                for ln in it.lines:
                    if ln:
                        if it.align == "left":
                            check_width(ln, it.face, it.size, left + it.indent)
                            draw(left + it.indent, y + it.size, ln, it.face, it.size, "ls")
                        elif it.align == "right":
                            draw(left + text_w, y + it.size, ln, it.face, it.size, "rs")
                        else:
                            draw(left + text_w / 2, y + it.size, ln, it.face, it.size, "ms")
                    gt.append(ln)
                    y += it.size * LEADING
                continue
            if isinstance(it, Row):
                parts = []
                for x, align, txt in it.cells:
                    if not txt:
                        continue
                    anchor = {"left": "ls", "right": "rs", "center": "ms"}[align]
                    draw(left + x, y + it.size, txt, it.face, it.size, anchor)
                    parts.append(txt)
                gt.append(" ".join(parts))
                y += it.size * LEADING
                continue
            raise TypeError(it)
        if y > self.paper[1] - 12 * MM:
            raise ValueError(f"{self.name}: content overflows the page ({y:.0f} pt)")
        while gt and gt[-1] == "":
            gt.pop()
        gt = [ln.rstrip() for ln in gt]
        return img, "\n".join(gt) + "\n"


# --------------------------------------------------------------------------
# page content (original text, written for docscan; CC0)

def en_letter_items():
    body = [
        "Thank you for your letter of 21 February asking for a copy of your "
        "dental records. We have enclosed copies of your treatment notes from "
        "2019 to 2022, together with the two X-ray reports you requested. "
        "Please keep them in a safe place, as we are only able to provide one "
        "free copy each year.",
        "We also noticed that your last routine examination was in August "
        "2022. Most adult patients should be seen every six to twelve months, "
        "so we have reserved an appointment for you on Tuesday 18 April at "
        "9:40 am with Dr Helen Marsh. If this time is not convenient, please "
        "call reception or reply by email at least two working days in advance.",
        "Finally, our records show an outstanding balance of 24.50 pounds for "
        "the hygienist visit on 12 January. You can pay by card at your next "
        "visit or by bank transfer, quoting your patient number HDP-30418.",
        "If you have any questions about your records, please do not hesitate "
        "to contact us.",
    ]
    items = [
        Text("Harbourside Dental Practice", face="sans-bold", size=16),
        Text("14 Quay Street, Bristol BS1 4DJ\n"
             "Telephone 0117 496 0321", face="sans", size=10),
        Rule(),
        Gap(6),
        Text("3 March 2023", align="right"),
        Gap(8),
        Text("Mr Daniel Okafor\n27 Elmgrove Road\nBristol BS6 6AH"),
        Gap(18),
        Text("Dear Mr Okafor,"),
        Gap(8),
        Text("Re: Your dental records and next check-up", face="serif-bold"),
        Gap(8),
    ]
    for i, p in enumerate(body):
        if i:
            items.append(Gap(8))
        items.append(Para(p))
    items += [
        Gap(14),
        Text("Yours sincerely,"),
        Gap(30),
        Text("Margaret Ellis\nPractice Manager"),
        Gap(18),
        Text("Enclosures: treatment notes (6 pages), X-ray reports (2 pages)",
             size=9.5),
    ]
    return items


def en_invoice_items():
    # columns (pt from left margin); text width of A5 with 15 mm margins ~335 pt
    q, desc, unit, amt = 0, 30, 262, 335
    rows = [
        ("2", "Watering can, galvanised, 10 L", "14.50", "29.00"),
        ("1", "Pruning saw, folding", "18.95", "18.95"),
        ("5", "Compost, peat-free, 40 L bag", "6.20", "31.00"),
        ("3", "Seed potatoes, 2 kg net", "4.75", "14.25"),
        ("12", "Bamboo canes, 1.8 m", "0.65", "7.80"),
        ("1", "Delivery within 10 miles", "6.50", "6.50"),
    ]
    subtotal = sum(round(float(r[3]) * 100) for r in rows)
    assert all(round(float(r[2]) * 100) * int(r[0]) == round(float(r[3]) * 100)
               for r in rows)
    discount = round(subtotal * 10 / 100)
    net = subtotal - discount
    vat = round(net * 20 / 100)
    total = net + vat

    def money(c):
        return f"{c // 100}.{c % 100:02d}"

    items = [
        Text("Northfield Hardware & Garden", face="sans-bold", size=14),
        Text("88 Mill Lane, Northfield, Kenford KF3 7RP\n"
             "Telephone 0121 496 0754", face="sans", size=9),
        Rule(),
        Text("INVOICE", face="sans-bold", size=13),
        Gap(4),
        Text("Invoice number: NHG-2023-0417\n"
             "Invoice date: 12 April 2023\n"
             "Payment due: 12 May 2023", face="sans", size=10),
        Gap(8),
        Text("Bill to:\nGreenway Allotment Society\n"
             "c/o Ruth Pemberton, 5 Orchard Close\nKenford KF3 2LW",
             face="sans", size=10),
        Gap(10),
        Row([(q, "left", "Qty"), (desc, "left", "Description"),
             (unit, "right", "Unit price"), (amt, "right", "Amount")],
            face="sans-bold", size=10),
        Rule(weight=0.5, before=0, after=6),
    ]
    for r in rows:
        items.append(Row([(q, "left", r[0]), (desc, "left", r[1]),
                          (unit, "right", r[2]), (amt, "right", r[3])], size=10))
    items += [
        Rule(weight=0.5, before=0, after=6),
        Row([(desc, "left", "Subtotal"), (amt, "right", money(subtotal))], size=10),
        Row([(desc, "left", "Member discount 10%"), (amt, "right", "-" + money(discount))], size=10),
        Row([(desc, "left", "VAT 20%"), (amt, "right", money(vat))], size=10),
        Row([(desc, "left", "Total due (GBP)"), (amt, "right", money(total))],
            face="sans-bold", size=10),
        Gap(14),
        Text("Please pay by bank transfer to Northfield Hardware Ltd,\n"
             "sort code 40-12-76, account 31926819, quoting the\n"
             "invoice number. Thank you for your custom!",
             face="sans", size=9.5),
    ]
    return items


def zh_lab_report_items():
    # columns: item, value, unit, reference range / remark
    c1, c2, c3, c4 = 0, 170, 235, 310
    hdr = dict(face="cjk-bold", size=11)
    cell = dict(face="cjk", size=11)

    def row(a, b, c, e):
        return Row([(c1, "left", a), (c2, "left", b), (c3, "left", c), (c4, "left", e)], **cell)

    advice = ("本次检查结果显示，您的体脂肪略高于正常范围，蛋白质和无机盐处于正常"
              "水平，肌肉量基本达标。建议每周进行三到五次有氧运动，每次不少于三十"
              "分钟，并配合适量的力量训练，以增加躯干和下肢的肌肉。饮食方面应减少"
              "油炸食品和含糖饮料的摄入，保证优质蛋白质的供给。建议三个月后到本中心"
              "复查。")
    return [
        Text("东湖社区卫生服务中心 体检科", face="cjk", size=10.5, align="center"),
        Gap(2),
        Text("人体成分分析报告", face="cjk-bold", size=18, align="center"),
        Rule(before=4, after=10),
        Row([(0, "left", "姓名：王建国"), (160, "left", "性别：男"),
             (280, "left", "年龄：38岁")], **cell),
        Row([(0, "left", "身高：168.1cm"), (160, "left", "检查日期：2021.10.09"),
             (330, "left", "编号：TJ1009058")], **cell),
        Rule(weight=0.5, before=2, after=12),
        Text("一、人体成分", **hdr),
        Gap(2),
        Row([(c1, "left", "项目"), (c2, "left", "测量值"), (c3, "left", "单位"),
             (c4, "left", "正常范围")], **hdr),
        row("身体水分", "35.8", "kg", "35.1~42.9"),
        row("蛋白质", "10.2", "kg", "9.6~11.8"),
        row("无机盐", "3.51", "kg", "3.25~3.97"),
        row("体脂肪", "15.8", "kg", "7.8~15.6"),
        Gap(10),
        Text("二、肌肉脂肪分析", **hdr),
        Gap(2),
        Row([(c1, "left", "体重 65.3kg"), (c2, "left", "骨骼肌 30.2kg"),
             (c4, "left", "体脂肪 15.8kg")], **cell),
        Gap(10),
        Text("三、肥胖分析", **hdr),
        Gap(2),
        row("身体质量指数", "23.1", "kg/m2", "18.5~23.9"),
        row("体脂百分比", "24.2", "%", "10.0~20.0"),
        row("腰臀比", "0.89", "", "0.80~0.90"),
        Gap(10),
        Text("四、节段肌肉分析", **hdr),
        Gap(2),
        Row([(c1, "left", "部位"), (c2, "left", "肌肉量"), (c3, "left", "单位"),
             (c4, "left", "评价")], **hdr),
        row("左上肢", "2.95", "kg", "正常"),
        row("右上肢", "3.02", "kg", "正常"),
        row("躯干", "23.4", "kg", "正常"),
        row("左下肢", "8.21", "kg", "正常"),
        row("右下肢", "8.26", "kg", "正常"),
        Gap(10),
        Text("五、检查建议", **hdr),
        Gap(2),
        Para(advice, face="cjk", size=11, cjk=True, first_indent=22),
        Gap(16),
        Row([(0, "left", "检查医师：陈明"), (250, "left", "报告日期：2021.10.09")], **cell),
    ]


def zh_notice_items():
    paras = [
        "为提高网络安全性，行政部将于2024年3月15日（星期五）晚上8点至10点对办公室"
        "无线网络进行升级。届时Wi-Fi将暂时中断，请大家提前保存好正在编辑的文件。",
        "升级完成后，新的网络名称为OFFICE-5G，密码将通过Email单独发送给每位员工。"
        "如需查看设备连接情况，可在浏览器中输入192.168.1.1登录管理页面，但请勿擅自"
        "修改任何设置。",
        "如有问题，请拨打分机8021或发送邮件至it-help@example.com联系信息技术组。"
        "感谢大家的理解与配合！",
    ]
    items = [
        Text("关于办公室无线网络升级的通知", face="cjk-bold", size=15, align="center"),
        Gap(14),
        Text("各位同事：", face="cjk", size=11.5),
        Gap(2),
    ]
    for i, p in enumerate(paras):
        if i:
            items.append(Gap(4))
        items.append(Para(p, face="cjk", size=11.5, cjk=True, first_indent=23))
    items += [
        Gap(20),
        Text("行政部", face="cjk", size=11.5, align="right"),
        Text("2024年3月12日", face="cjk", size=11.5, align="right"),
    ]
    return items


def de_brief_items():
    body = [
        "seit dem 2. Mai funktioniert die Heizung in unserem Badezimmer nicht "
        "mehr. Trotz mehrerer Versuche lässt sich das Ventil nicht öffnen, und "
        "der Heizkörper bleibt kalt. Da die Nächte noch kühl sind, bitten wir "
        "Sie, möglichst bald einen Handwerker zu schicken.",
        "Wir sind werktags ab 16 Uhr zu Hause. Außerdem wäre es schön, wenn bei "
        "dieser Gelegenheit auch der tropfende Wasserhahn in der Küche "
        "überprüft würde.",
        "Für eine kurze Rückmeldung wären wir Ihnen sehr dankbar.",
    ]
    items = [
        Text("Jürgen und Anna Weiß · Lindenstraße 12 · 34567 Kleinfeld",
             face="sans", size=8.5),
        Gap(10),
        Text("Hausverwaltung Großmann & Söhne\nFrau Elke Großmann\n"
             "Bahnhofstraße 5\n34567 Kleinfeld"),
        Gap(24),
        Text("Kleinfeld, 14. Mai 2023", align="right"),
        Gap(16),
        Text("Reparatur der Heizung, Wohnung im 3. Obergeschoss", face="serif-bold"),
        Gap(16),
        Text("Sehr geehrte Frau Großmann,"),
        Gap(8),
    ]
    for i, p in enumerate(body):
        if i:
            items.append(Gap(8))
        items.append(Para(p))
    items += [
        Gap(14),
        Text("Mit freundlichen Grüßen"),
        Gap(30),
        Text("Jürgen Weiß"),
    ]
    return items


PAGES = [
    Page("en_letter", "eng", "letter",
         "English business letter from a dental practice; A4 at 200 dpi",
         A4, en_letter_items(), dpi=200),
    Page("en_letter_150dpi", "eng", "letter",
         "same text and layout as en_letter, A4 rendered at 150 dpi, "
         "PNG has no DPI metadata (pHYs chunk absent)",
         A4, en_letter_items(), dpi=150, write_dpi=False),
    Page("en_invoice", "eng", "invoice",
         "English hardware-shop invoice with item rows and totals; A5 at 300 dpi; "
         "light gray paper",
         A5, en_invoice_items(), dpi=300, margins=(15 * MM, 15 * MM, 15 * MM), bg=236),
    Page("zh_lab_report", "chi_sim+eng", "lab_report",
         "Simplified Chinese body-composition report: fields, tables, advice "
         "paragraph; A4 at 200 dpi",
         A4, zh_lab_report_items(), dpi=200, margins=(22 * MM, 20 * MM, 20 * MM)),
    Page("zh_notice", "chi_sim+eng", "notice",
         "Simplified Chinese office notice with embedded English words, "
         "numbers, an IP address and an email address; A5 at 300 dpi",
         A5, zh_notice_items(), dpi=300, margins=(18 * MM, 18 * MM, 20 * MM)),
    Page("de_brief", "deu", "letter",
         "German tenant letter to a property manager (umlauts, sharp s); "
         "A4 at 200 dpi",
         A4, de_brief_items(), dpi=200),
]


def main(argv=None):
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(os.path.dirname(here), "Fixtures", "pages"))
    ap.add_argument("--only", nargs="*", help="render only these page names")
    a = ap.parse_args(argv)
    os.makedirs(a.out, exist_ok=True)
    for p in PAGES:
        if a.only and p.name not in a.only:
            continue
        img, gt = p.render()
        png = os.path.join(a.out, p.name + ".png")
        kw = {"optimize": True}
        if p.write_dpi:
            kw["dpi"] = (p.dpi, p.dpi)
        img.save(png, **kw)
        with open(os.path.join(a.out, p.name + ".gt.txt"), "w", encoding="utf-8",
                  newline="\n") as f:
            f.write(gt)
        pkgs = sorted({FONTS[k][2] for k in p.fonts_used()})
        print(f"{p.name}: {img.size[0]}x{img.size[1]} @ {p.dpi} dpi, "
              f"{os.path.getsize(png)} bytes, fonts {', '.join(p.fonts_used())} "
              f"({', '.join(pkgs)})")
    if not a.only:
        with open(os.path.join(a.out, "manifest.tsv"), "w", encoding="utf-8",
                  newline="\n") as f:
            f.write("name\tsource\tlicense\tlang\tkind\tvariant\tnotes\n")
            for p in PAGES:
                pkgs = ",".join(sorted({FONTS[k][2] for k in p.fonts_used()}))
                f.write(f"{p.name}\toriginal text written for docscan\tCC0-1.0\t"
                        f"{p.lang}\trender\t{p.variant}\t"
                        f"{p.kind}: {p.notes}; fonts from {pkgs}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
