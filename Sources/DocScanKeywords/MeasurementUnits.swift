import DocScanCore

/// The units, currencies and Chinese measure words `MeasurementMatcher` accepts after a number, kept as
/// UTF-8 bytes and indexed by first byte so the scanner compares a handful of candidates, not all.
///
/// Units are case-sensitive. `spaced` says whether the unit may also follow a space: single letters
/// and short words that read as ordinary words (`5 in`, `5 A`, `5 am`, `5 t`, `5 s`) only count when
/// attached to the number. A compound unit (`U/L`) may follow a space whatever its first part.
enum MeasurementUnits {
    struct Unit: Sendable {
        let bytes: [UInt8]
        let spaced: Bool
        let currency: Bool
    }

    /// Candidates by first byte, longest first, so the first one that ends at a word boundary wins.
    static let byFirstByte: [[Unit]] = {
        var table = [[Unit]](repeating: [], count: 256)
        func add(_ names: String, spaced: Bool = true, currency: Bool = false) {
            for name in names.split(separator: " ") {
                let bytes = Array(name.utf8)
                table[Int(bytes[0])].append(Unit(bytes: bytes, spaced: spaced, currency: currency))
            }
        }
        // Mass, length, volume.
        add("kg mg μg ug mcg ng pg lb lbs oz g")
        add("t", spaced: false)
        add("km cm mm μm um nm ft yd m")
        add("in mi", spaced: false)
        add("L ml mL dl dL cl cL μl μL ul uL fL cc")
        add("l ha", spaced: false)
        // Time, temperature, energy, pressure.
        add("ms μs ns sec min mins h hr hrs wk wks yr yrs")
        add("s", spaced: false)
        add("°C °F ° ℃ ℉")
        add("kcal Kcal cal kJ KJ")
        add("J", spaced: false)
        add("mmHg cmH2O kPa hPa MPa Pa mbar psi atm")
        add("bar", spaced: false)
        // Electricity, frequency, data, image.
        add("mV kV V mA μA mAh Ah W kW MW kWh Wh Hz kHz MHz GHz Ω kΩ MΩ dB dBm dBA")
        add("A", spaced: false)
        add("KB kB MB GB TB PB KiB MiB GiB TiB bps kbps Mbps Gbps px dpi ppi")
        add("pt p", spaced: false)
        // Clinical and chemical.
        add("mmol μmol umol nmol pmol mol mEq mOsm IU mIU μIU uIU HPF LPF bpm rpm ppm ppb mph")
        add("U", spaced: false)
        // Counts and magnitudes.
        add("pcs pc Mio Mrd Tsd bn mln")
        // Currencies after the amount.
        add("€ $ £ ¥ ₹ ₩ ₽ ₺ ₫ ₱ ₪ 元 円 USD EUR GBP CNY RMB JPY HKD CHF CAD AUD SGD INR KRW RUB", currency: true)
        add("万元 亿元 千元 美元 欧元 英镑 日元 港元 块 角", currency: true)
        // Chinese measure words and units.
        add("千克 公斤 毫克 微克 克 斤 两 公里 千米 厘米 毫米 英寸 米 毫升 升 千卡 大卡 卡")
        add("个月 分钟 小时 秒 分 时 天 周 月 年 岁 日 号 度 倍 级 次 个 人 件 张 页 台 只 位 名 例 份 盒 片 粒 支 瓶 袋 包 条 本 套 层 室 万 亿 千")
        for index in table.indices {
            table[index].sort { $0.bytes.count > $1.bytes.count }
        }
        return table
    }()

    /// Currency signs before an amount (`$12.50`, `€3,20`); `$` may carry a country prefix (`US$`).
    static let currencySigns: [[UInt8]] = "$ € £ ¥ ₹ ₩ ₽ ₺ ₫ ₱ ₪".split(separator: " ").map { Array($0.utf8) }

    /// Currency codes before an amount and a space (`USD 12`, `EUR 3,20`).
    static let currencyCodes: Set<[UInt8]> = Set(
        "USD EUR GBP CNY RMB JPY HKD CHF CAD AUD SGD INR KRW RUB".split(separator: " ").map { Array($0.utf8) }
    )
}
