// Day arithmetic for the native date parsers and writers.
//
// Foundation's calendars (Calendar's Gregorian and ISO 8601 ones, DateFormatter's ICU calendar)
// switch from the Julian to the Gregorian calendar on 1582-10-15, so a day number means the same
// date in both only from that day on. The native code handles the years 1583 to 9999 and hands
// every other date to Foundation.

/// Proleptic Gregorian day numbers, as Foundation's calendars count days after the 1582 reform.
enum GregorianDays {
  /// The years the native parsers and writers handle: after the Julian-to-Gregorian cutover
  /// (1582-10-15), and of four digits.
  static let nativeYears = 1583...9999

  /// Days from 1970-01-01 to 2001-01-01, the reference date of `Date`.
  static let referenceDay = 11_323

  /// Seconds from 1970-01-01 to 2001-01-01 (`Date.timeIntervalBetween1970AndReferenceDate`).
  static let referenceSeconds = 978_307_200

  /// Whether `year` is a leap year.
  @inline(__always)
  static func isLeap(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  /// The number of days in `month` (1…12) of `year`.
  @inline(__always)
  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Whether `year`-`month`-`day` is a date (month 1…12, day within the month).
  @inline(__always)
  static func isValid(year: Int, month: Int, day: Int) -> Bool {
    month >= 1 && month <= 12 && day >= 1 && day <= daysIn(month: month, year: year)
  }

  /// Days since 1970-01-01 of a valid date (H. Hinnant's `days_from_civil`).
  @inline(__always)
  static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The date `days` days after 1970-01-01 (H. Hinnant's `civil_from_days`).
  @inline(__always)
  static func date(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
