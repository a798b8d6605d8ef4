import CNcursesw
import Foundation

// The floor for taskboard-bench's outside timings: the least a Swift +
// Foundation + ncurses program does to put a 20-row leaderboard on a
// terminal and answer a key. taskboard's start-up and key-to-frame times are
// compared with this program's, measured the same way in the same minutes.
// It reads no files and keeps no state; it is built for the benchmark only.
//
//   taskboard-floor      draws; → and ← switch the period; q quits

let names = ["Aino", "Eero", "Helmi", "Leo", "Ella", "Onni", "Aada", "Väinö", "Sofia", "Elias",
             "Olivia", "Eino", "Lilja", "Oliver", "Isla", "Toivo", "Pihla", "Vilho", "Aurora", "Niilo"]
let periods = ["Today", "This week", "This month", "All time"]

/// Points of each child in a period: made up, different per period, highest first.
func ranking(_ period: Int) -> [(name: String, points: Int)] {
    names.enumerated()
        .map { (name: $0.element, points: ($0.offset * 37 + period * 53) % 97 + 3) }
        .sorted { $0.points > $1.points }
}

func put(_ window: UnsafeMutablePointer<WINDOW>, _ y: Int, _ x: Int, _ text: String, _ pair: Int16 = 0, bold: Bool = false) {
    let attributes = bold ? cnc_a_bold() : cnc_a_normal()
    wattr_set(window, attributes, pair, nil)
    var wide = Array(text.unicodeScalars.map { wchar_t(bitPattern: $0.value) })
    wide.append(0)
    mvwaddwstr(window, Int32(y), Int32(x), wide)
}

func draw(_ window: UnsafeMutablePointer<WINDOW>, period: Int) {
    var rows: Int32 = 0
    var columns: Int32 = 0
    cnc_getmaxyx(window, &rows, &columns)
    werase(window)
    put(window, 0, 0, String(repeating: " ", count: Int(columns)), 1)
    put(window, 0, 1, "Tasks   Leaderboard   Admin", 1, bold: true)
    put(window, 1, 1, "◂ \(periods[period]) ▸", 0, bold: true)
    let board = ranking(period)
    let best = board.first?.points ?? 1
    let barWidth = max(1, Int(columns) - 30)
    for (index, entry) in board.prefix(max(0, Int(rows) - 4)).enumerated() {
        let bar = String(repeating: "█", count: max(1, entry.points * barWidth / best))
        let line = String(format: "%2d. %-10@ %3d ", index + 1, entry.name as NSString, entry.points)
        put(window, index + 3, 1, line)
        put(window, index + 3, 1 + line.count, bar, Int16(2 + index % 6))
    }
    put(window, Int(rows) - 1, 0, "→ next period  ← previous period  q quit", 0)
    wrefresh(window)
}

_ = cnc_setlocale_from_environment()
guard let screen = cnc_newterm(), let window = cnc_stdscr() else {
    FileHandle.standardError.write(Data("taskboard-floor: cannot start the terminal\n".utf8))
    exit(1)
}
raw()
noecho()
keypad(window, true)
_ = curs_set(0)
if has_colors() && start_color() == OK {
    _ = use_default_colors()
    init_pair(1, Int16(COLOR_WHITE), Int16(COLOR_BLUE))
    for pair in 2...7 { init_pair(Int16(pair), Int16(pair - 1), -1) }
}
var period = 1
draw(window, period: period)
while true {
    let key = wgetch(window)
    if key == Int32(UInt8(ascii: "q")) || key == ERR { break }
    if key == KEY_RIGHT { period = (period + 1) % periods.count }
    if key == KEY_LEFT { period = (period + periods.count - 1) % periods.count }
    draw(window, period: period)
}
endwin()
delscreen(screen)
